"""The error that means "the request is wrong", as opposed to "the program is wrong".

Validation raises :class:`InputError` with a message that says what was asked, why it
cannot be done and what would work. The command line prints it as one line and exits
with status 2; any other exception reaching the command line is a bug, reported as an
internal error. ``InputError`` is a ``ValueError``, so callers that catch ``ValueError``
keep working.

>>> try:
...     raise InputError("heap sizes must not be negative: (-1,)")
... except ValueError as error:
...     print(error)
heap sizes must not be negative: (-1,)
"""

from __future__ import annotations

__all__ = ["InputError"]


class InputError(ValueError):
    """A request that cannot be done as asked; the message says why and what would work."""

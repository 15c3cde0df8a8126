"""The error that means "the request is wrong", as opposed to "the program is wrong".

Validation raises :class:`InputError` with a message that says what was asked, why it
cannot be done and what would work. The command line prints it as one line and exits
with status 2; any other exception reaching the command line is a bug, reported as an
internal error. ``InputError`` is a ``ValueError``, so callers that catch ``ValueError``
keep working. A message quotes what was asked through :func:`echo`, so that a value of
thousands of characters, or one with a newline, still makes one short line.

>>> try:
...     raise InputError(f"heap sizes must not be negative: {echo((-1,))}")
... except ValueError as error:
...     print(error)
heap sizes must not be negative: (-1,)
"""

from __future__ import annotations

import re

__all__ = ["ECHO_LIMIT", "InputError", "cut", "cut_quotations", "echo"]

#: The most characters of a value that a message repeats.
ECHO_LIMIT = 80


class InputError(ValueError):
    """A request that cannot be done as asked; the message says why and what would work."""


def cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text``, or its first ``limit`` characters and an ellipsis with the length.

    >>> cut("x" * 5000, 8)
    'xxxxxxxx… (5,000 characters)'
    """
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` for a message: on one line (newlines escaped) and at most about
    ``limit`` characters.

    >>> echo("a\\nb"), echo("y" * 100, 8), echo(10**5000)
    ("'a\\\\nb'", "'yyyyy…' (100 characters)", 'a whole number of 5,001 digits')
    """
    if isinstance(value, str):
        return _shortened(repr(value), len(value), limit)
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        # repr would refuse past 4,300 digits: count them by powers of ten.
        digits = int(value.bit_length() * 0.30102999566398120) + 1
        digits -= 10 ** (digits - 1) > abs(value)
        return f"a whole number of {digits:,} digits"
    return cut(repr(value), limit)


#: A quotation in a message, as ``repr`` writes a string: ``'…'`` or ``"…"``.
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")


def cut_quotations(message: str, limit: int = ECHO_LIMIT) -> str:
    """``message`` with each quotation longer than ``limit`` cut as :func:`echo` cuts one:
    for messages whose values someone else quoted (a parser's ``invalid choice: '…'``).

    >>> cut_quotations("invalid choice: '" + "a " * 50 + "' (choose from 'x', 'y')", 12)
    "invalid choice: 'a a a a a…' (100 characters) (choose from 'x', 'y')"
    """
    return _QUOTED.sub(lambda found: _shortened(found[0], len(found[0]) - 2, limit), message)


def _shortened(quoted: str, length: int, limit: int) -> str:
    """A quotation of ``length`` characters, cut to ``limit``; the quote that opened it
    closes it, so the cut stays a quotation."""
    if len(quoted) <= limit:
        return quoted
    return f"{quoted[: limit - 2]}…{quoted[0]} ({length:,} characters)"

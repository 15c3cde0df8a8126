"""Converters of single command-line values, and :class:`Option`, one argument declared
as a value, for the commands that are not capabilities of :mod:`strategy.risk` (games,
graphs, the server); a capability's options come from its request
(:mod:`strategy.cli.declared`). Each converter raises :class:`argparse.ArgumentTypeError`
with the library's one line (:mod:`strategy.engine.fields`).

>>> positive_int("12"), yes_no("no")
(12, False)
>>> nonnegative_int("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: '-1' must not be negative
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any

from strategy.engine import fields as declared
from strategy.engine.errors import InputError


def _typed(read: Callable[[str], Any], text: str) -> Any:
    try:
        return read(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def whole_number(text: str) -> int:
    """Whole numbers of any sign.

    >>> whole_number("-3")
    -3
    """
    return int(_typed(declared.whole, text))


def positive_int(text: str) -> int:
    """Whole numbers >= 1.

    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' must be at least 1
    """
    return int(_typed(lambda t: declared.whole(t, 1), text))


def nonnegative_int(text: str) -> int:
    """Whole numbers >= 0.

    >>> nonnegative_int("0")
    0
    """
    return int(_typed(lambda t: declared.whole(t, 0), text))


def yes_no(text: str) -> bool:
    """Yes or no.

    >>> yes_no("yes"), yes_no("0")
    (True, False)
    """
    return bool(_typed(declared.yes_no, text))


@dataclass(frozen=True)
class Option:
    """One argument of a parser: its ``name`` (``--flag``, or a positional's name) and the
    keywords of :meth:`argparse.ArgumentParser.add_argument` it gives; those left ``None``
    keep argparse's own (a flag's default stays ``False``).

    >>> parser = argparse.ArgumentParser()
    >>> add_options(parser, [Option("--rolls", type=positive_int, default=3, help="rolls")])
    >>> parser.parse_args(["--rolls", "2"]).rolls, parser.parse_args([]).rolls
    (2, 3)
    """

    name: str
    type: Callable[[str], Any] | None = None
    action: str | None = None
    dest: str | None = None
    nargs: str | None = None
    const: Any = None
    default: Any = None
    choices: tuple[str, ...] | None = None
    required: bool | None = None
    metavar: str | None = None
    help: str | None = None

    def add(self, parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
        """Add this argument to ``parser`` (or to one of its groups)."""
        keywords = {f.name: getattr(self, f.name) for f in fields(self)[1:]}
        given = {key: value for key, value in keywords.items() if value is not None}
        parser.add_argument(self.name, **given)


def add_options(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup, options: Iterable[Option]
) -> None:
    """Add each of ``options`` to ``parser``, in order."""
    for option in options:
        option.add(parser)

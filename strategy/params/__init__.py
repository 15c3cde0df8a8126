"""The parameters the command line and the web API share, declared once.

Each capability of :mod:`strategy.risk` (``odds``, ``table``, ``chain``, ...) declares its
parameters here (:mod:`strategy.params.commands`), with their converters, defaults, choices
and help; the CLI's commands and the server's endpoints both build their parsers from these
declarations, so they accept the same input and refuse the rest in the same words. The
declarations are argparse arguments: argparse already gives types, choices, defaults, help
and one-line errors, and one declaration per parameter is the point (a second, non-argparse
table beside the CLI's would be the drift this package exists to avoid).

This module holds the converters of single values, each raising
:class:`argparse.ArgumentTypeError` with one line naming what is wrong, and :class:`Option`,
one argument declared as a value, so that an option two commands take is declared once.

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

from strategy.engine.errors import echo

#: The most characters a number argument may have: no number we take needs more.
MAX_INTEGER_TEXT = 100
#: Whole numbers stay below this: no count, size or seed any command can use comes near it,
#: and one rule for every whole number is easier to know than one per option.
WHOLE_LIMIT = 10**18


def _integer(text: str) -> int:
    """``text`` as a whole number, written with the digits 0-9, below ``WHOLE_LIMIT``.

    >>> _integer("\u0663\u0664")  # Arabic-Indic 34: Python's int() would take it
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '٣٤' is not a whole number (digits 0-9)
    >>> _integer(str(10**30))
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1000000000000000000000000000000' is too large: whole numbers \
here stay below 10^18
    """
    if len(text) > MAX_INTEGER_TEXT:
        raise argparse.ArgumentTypeError(
            f"{echo(text, 20)} is too large: at most {MAX_INTEGER_TEXT} digits"
        )
    try:
        value = int(text) if text.isascii() else None
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(f"{echo(text)} is not a whole number (digits 0-9)")
    if abs(value) >= WHOLE_LIMIT:
        raise argparse.ArgumentTypeError(
            f"{echo(text)} is too large: whole numbers here stay below 10^18"
        )
    return value


def whole_number(text: str) -> int:
    """Whole numbers of any sign (of at most ``MAX_INTEGER_TEXT`` characters).

    >>> whole_number("-3")
    -3
    """
    return _integer(text)


def positive_int(text: str) -> int:
    """Whole numbers >= 1.

    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' must be at least 1
    """
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{echo(text)} must be at least 1")
    return value


def nonnegative_int(text: str) -> int:
    """Whole numbers >= 0.

    >>> nonnegative_int("0")
    0
    """
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{echo(text)} must not be negative")
    return value


def yes_no(text: str) -> bool:
    """Yes or no.

    >>> yes_no("yes"), yes_no("0")
    (True, False)
    """
    value = text.strip().lower()
    if value in ("yes", "y", "true", "1"):
        return True
    if value in ("no", "n", "false", "0"):
        return False
    raise argparse.ArgumentTypeError(f"{echo(text)} is not yes or no")


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

"""Pieces every command shares: the parser, argument types, output writing, the budget.

>>> one_line("no\\nsuch")
'no\\\\nsuch'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

from strategy.engine.errors import InputError
from strategy.engine.numbers import decimal_text
from strategy.params import MAX_INTEGER_TEXT


class CliError(InputError):
    """A user error: printed as one line, exit status 2."""


def one_line(text: str) -> str:
    """``text`` with newlines and other control characters escaped as ``repr`` escapes
    them, so that a message quoting what the user typed stays on one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, one_line(f"{self.prog}: error: {message} (see --help)") + "\n")


def add_commands(
    parser: argparse.ArgumentParser, dest: str, metavar: str = "COMMAND"
) -> argparse._SubParsersAction[Any]:
    """The subcommands of ``parser``; given none, the command prints its help (status 0).

    >>> parser = Parser(prog="demo")
    >>> commands = add_commands(parser, "command")
    >>> parser.parse_args([]).handler.__name__
    'show_help'
    """

    def show_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(handler=show_help)
    return parser.add_subparsers(dest=dest, metavar=metavar)


def output_file(text: str) -> Path:
    """An argparse type for a file to write: not empty, not a folder, in a folder that
    exists, so that a bad name fails before any work.

    >>> output_file("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: an empty name is not a file name
    """
    if not text:
        raise argparse.ArgumentTypeError("an empty name is not a file name")
    path = Path(text)
    if text.endswith(("/", "\\")) or path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file name")
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r}: there is no folder {str(folder)!r}")
    return path


def decimal(value: Fraction | float, digits: int = 6) -> str:
    """``value`` with ``digits`` decimals: rounded exactly from a fraction (every digit shown
    is the true one), as usual from a float.

    >>> decimal(Fraction(5, 12)), decimal(0.5, 2)
    ('0.416667', '0.50')
    """
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return decimal_text(value, digits)


def add_output_options(
    parser: argparse.ArgumentParser, formats: tuple[str, ...] = ("text", "json")
) -> None:
    """``--format``, its ``--json`` shorthand, and ``--out FILE``."""
    parser.add_argument(
        "--format", choices=formats, default="text", help="output format (default: text)"
    )
    parser.add_argument(
        "--json", dest="format", action="store_const", const="json", help="same as --format json"
    )
    parser.add_argument("--out", metavar="FILE", type=output_file, help="write to FILE, not stdout")


def add_colour_option(parser: argparse.ArgumentParser) -> None:
    """``--color auto|always|never``: whether text output is coloured like seed 000's table."""
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour probabilities (auto: only on a terminal without NO_COLOR)",
    )


def colour_wanted(args: argparse.Namespace) -> bool:
    """Whether to colour this command's text output: never in a file given by ``--out``."""
    from strategy.present.render import use_colour

    return args.out is None and use_colour(sys.stdout, args.color)


def cannot_write(path: Path, error: OSError) -> CliError:
    """The one-line error for a file that could not be written."""
    return CliError(f"cannot write {str(path)!r}: {error.strerror or error}")


def write_text(args: argparse.Namespace, text: str) -> None:
    """Write a command's text output to ``--out`` (whole or not at all) or stdout, ending
    in one newline."""
    from strategy.engine.atomic import write_text_atomic

    text = text if text.endswith("\n") else text + "\n"
    out: Path | None = getattr(args, "out", None)
    if out is None:
        sys.stdout.write(text)
        return
    try:
        write_text_atomic(out, text)
    except OSError as error:
        raise cannot_write(out, error) from None


def write_npy(path: Path, array: Any) -> None:
    """Write a numpy array to exactly ``path`` (numpy would add ``.npy`` to a name without
    it), whole or not at all."""
    import numpy as np

    from strategy.engine.atomic import atomic_open

    try:
        with atomic_open(path, "wb") as out:
            np.save(out, array)
    except OSError as error:
        raise cannot_write(path, error) from None


def write_json(args: argparse.Namespace, obj: Any, *, indent: int | None = 2) -> None:
    """Write ``obj`` as JSON to ``--out`` or stdout (``indent=None`` for big tables)."""
    write_text(args, json.dumps(obj, indent=indent))


def memory_size(text: str) -> int:
    """An argparse type for ``--max-memory``: ``8G``, ``512M`` or a number of bytes."""
    from strategy.engine.resources import parse_size

    try:
        return parse_size(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def seconds(text: str) -> float:
    """An argparse type for ``--max-seconds``: a number of seconds >= 0 (0: no limit)."""
    try:
        value = float(text) if len(text) <= MAX_INTEGER_TEXT else float("nan")
    except ValueError:
        value = float("nan")
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds >= 0")
    return value


def add_budget_options(parser: argparse.ArgumentParser) -> None:
    """``--max-memory`` and ``--max-seconds``: the resource budget of one command."""
    from strategy.engine.resources import DEFAULT_SECONDS, MEMORY_SHARE

    group = parser.add_argument_group("resources")
    group.add_argument(
        "--max-memory",
        type=memory_size,
        metavar="SIZE",
        help=f"refuse work estimated to need more memory than SIZE, as in 8G (default: "
        f"{MEMORY_SHARE * 100:.0f}%% of the memory available)",
    )
    group.add_argument(
        "--max-seconds",
        type=seconds,
        metavar="S",
        help=f"refuse work estimated to take longer than S seconds, and stop work still "
        f"running after S seconds, as in --max-seconds 3600 (default {DEFAULT_SECONDS:g}; "
        "0: no limit)",
    )


def leaf_parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """Every parser under ``parser`` that runs a command (has no subcommands)."""
    groups = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not groups:
        yield parser
    for group in groups:
        seen: set[int] = set()
        for child in group.choices.values():
            if id(child) not in seen:  # an alias maps a second name to the same parser
                seen.add(id(child))
                yield from leaf_parsers(child)

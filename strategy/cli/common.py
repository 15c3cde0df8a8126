"""Pieces every command shares: the parser, argument types, output writing.

>>> positive_int("12")
12
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


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


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    """An argparse type for whole numbers >= 1."""
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def nonnegative_int(text: str) -> int:
    """An argparse type for whole numbers >= 0."""
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


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
    parser.add_argument("--out", metavar="FILE", type=Path, help="write to FILE, not stdout")


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


def write_text(args: argparse.Namespace, text: str) -> None:
    """Write a command's text output to ``--out`` or stdout, ending in one newline."""
    text = text if text.endswith("\n") else text + "\n"
    out: Path | None = getattr(args, "out", None)
    if out is None:
        sys.stdout.write(text)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot write {out}: {error.strerror}") from None


def write_json(args: argparse.Namespace, obj: Any, *, indent: int | None = 2) -> None:
    """Write ``obj`` as JSON to ``--out`` or stdout (``indent=None`` for big tables)."""
    write_text(args, json.dumps(obj, indent=indent))

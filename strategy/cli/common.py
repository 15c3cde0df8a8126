"""Pieces every command shares: the parser, argument types, output writing, the budget.

>>> one_line("no\\nsuch")
'no\\\\nsuch'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from strategy.cli.options import Option, add_options
from strategy.engine.errors import InputError, cut, cut_quotations, echo
from strategy.engine.fields import MAX_INTEGER_TEXT

# A command printing to the terminal needs neither paths nor JSON: they load when asked.
if TYPE_CHECKING:
    from pathlib import Path


class CliError(InputError):
    """A user error: printed as one line, exit status 2."""


def one_line(text: str) -> str:
    """``text`` with newlines and other control characters escaped as ``repr`` escapes
    them, so that a message quoting what the user typed stays on one line; a word longer
    than :data:`~strategy.engine.errors.ECHO_LIMIT` (a value argparse repeats whole) is cut.

    >>> one_line("unrecognized arguments: " + "x" * 100)[-30:]
    'xxxxxxxxxxxx… (100 characters)'
    """
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return " ".join(cut(word) for word in escaped.split(" "))


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, not a usage block, whose text
    options refuse an empty value (``--region ''`` names nothing; it is no "none"), and whose
    ``later`` steps (a list of registered games, say) run when it is first used: building the
    whole command line then imports none of what they need.

    >>> parser = Parser(prog="demo")
    >>> parser.later.append(lambda p: p.add_argument("--late", default=1))
    >>> parser.parse_args([]).late
    1
    >>> parser.parse_args(["--late", " "])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.later: list[Callable[[Parser], None]] = []

    def ready(self) -> Parser:
        """This parser with its ``later`` steps done."""
        while self.later:
            self.later.pop(0)(self)
        return self

    def commands(self) -> dict[str, Parser]:
        """This parser's subcommands by name (none when it has none), its ``later`` steps
        done: ``build_parser().commands()["export"].commands()`` are the games exported."""
        self.ready()
        found = self._subparsers._group_actions[0].choices if self._subparsers else {}
        return dict(found)  # type: ignore[arg-type]

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        return super(Parser, self.ready()).parse_known_args(args, namespace)

    def format_usage(self) -> str:
        return super(Parser, self.ready()).format_usage()

    def format_help(self) -> str:
        return super(Parser, self.ready()).format_help()

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        if action.option_strings and action.type is None and not arg_string.strip():
            raise argparse.ArgumentError(action, "an empty value names nothing: leave it out")
        return super()._get_value(action, arg_string)

    def error(self, message: str) -> NoReturn:
        message = cut_quotations(message)  # argparse quotes the value it refuses whole
        self.exit(2, one_line(f"{self.prog}: error: {message} (see --help)") + "\n")


def add_commands(
    parser: argparse.ArgumentParser, dest: str, metavar: str = "COMMAND", *, required: bool = True
) -> argparse._SubParsersAction[Any]:
    """The subcommands of ``parser``. Given none, a group's command line is unfinished: one
    line naming its commands, status 2, as for any missing argument; with
    ``required=False`` (``strategy`` alone: what can it do?) the help, status 0.

    >>> parser = Parser(prog="demo")
    >>> commands = add_commands(parser, "command")
    >>> _ = commands.add_parser("one"), commands.add_parser("two")
    >>> parser.parse_args([]).handler(None)
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    commands = parser.add_subparsers(dest=dest, metavar=metavar)

    def show_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    def name_one(args: argparse.Namespace) -> int:
        parser.error(f"name a {metavar.lower()}: {', '.join(commands.choices)}")

    parser.set_defaults(handler=name_one if required else show_help)
    return commands


def add_parser(
    commands: argparse._SubParsersAction[Any], name: str, summary: str, about: str, epilog: str
) -> argparse.ArgumentParser:
    """A command's parser: ``summary`` in its group's list, ``about`` atop its help and the
    examples in ``epilog`` below it, each keeping its own line breaks.

    >>> commands = Parser(prog="demo").add_subparsers()
    >>> add_parser(commands, "one", "the first", "The first.", "examples:\\n  demo one").epilog
    'examples:\\n  demo one'
    """
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=summary,
        description=about,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def output_file(text: str) -> Path:
    """An argparse type for a file to write: not empty, not a folder, in a folder that
    exists, so that a bad name fails before any work.

    >>> output_file("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: an empty name is not a file name
    """
    from pathlib import Path

    from strategy.engine.atomic import write_target

    if not text:
        raise argparse.ArgumentTypeError("an empty name is not a file name")
    path = Path(text)
    if text.endswith(("/", "\\")):
        raise argparse.ArgumentTypeError(f"{echo(text)} is a folder, not a file name")
    try:
        write_target(path)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    except OSError as error:  # a name too long, a folder that cannot be read
        raise argparse.ArgumentTypeError(str(cannot_write(path, error))) from None
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{echo(text)}: there is no folder {echo(str(folder))}")
    return path


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
    return CliError(f"cannot write {echo(str(path))}: {error.strerror or error}")


def write_text(args: argparse.Namespace, text: str) -> None:
    """Write a command's text output to ``--out`` (whole or not at all) or stdout, ending
    in one newline."""
    text = text if text.endswith("\n") else text + "\n"
    out: Path | None = getattr(args, "out", None)
    if out is None:
        sys.stdout.write(text)
        return
    from strategy.engine.atomic import write_text_atomic

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
    import json

    write_text(args, json.dumps(obj, indent=indent))


def number(text: str, refusal: str) -> float:
    """``text`` as a float, for an argparse type: ``refusal`` is its error if it is none.

    >>> number("2.5", "no")
    2.5
    >>> number("x", "'x' is not a number")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'x' is not a number
    """
    try:
        if text.isascii():  # Python's float() would also read other scripts' digits
            return float(text)
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(refusal)


def memory_size(text: str) -> int:
    """An argparse type for ``--max-memory``: ``8G``, ``512M`` or a number of bytes."""
    from strategy.engine.resources import parse_size

    try:
        return parse_size(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


#: The longest time limit taken, about 31 years: beyond it the clocks' arithmetic overflows,
#: and 0 already says "no limit".
MAX_SECONDS = 1e9


def seconds(text: str) -> float:
    """An argparse type for ``--max-seconds``: a number of seconds >= 0 (0: no limit).

    >>> seconds("1e30")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1e30' is more than 1e+09 seconds (0: no limit)
    """
    refusal = f"{echo(text)} is not a number of seconds >= 0"
    value = number(text, refusal) if len(text) <= MAX_INTEGER_TEXT else float("nan")
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(refusal)
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{echo(text)} is more than {MAX_SECONDS:g} seconds (0: no limit)"
        )
    return value


def add_budget_options(parser: argparse.ArgumentParser) -> None:
    """``--max-memory`` and ``--max-seconds``: the resource budget of one command."""
    from strategy.engine.resources import DEFAULT_SECONDS, MEMORY_SHARE

    add_options(
        parser.add_argument_group("resources"),
        (
            Option(
                "--max-memory",
                type=memory_size,
                metavar="SIZE",
                help=f"refuse work estimated to need more memory than SIZE, as in 8G (default: "
                f"{MEMORY_SHARE * 100:.0f}%% of the memory available)",
            ),
            Option(
                "--max-seconds",
                type=seconds,
                metavar="S",
                help=f"refuse work estimated to take longer than S seconds, and stop work still "
                f"running after S seconds, as in --max-seconds 3600 (default {DEFAULT_SECONDS:g}; "
                "0: no limit)",
            ),
        ),
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

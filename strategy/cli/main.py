"""Entry point of the ``strategy`` command.

Each command group lives in its own module with a ``register(subparsers)``
function; group modules import heavy libraries only inside their handlers so
that ``strategy --help`` and float tables start fast. The console script enters through
:mod:`strategy.cli.start`, which catches stop requests before this module is imported.

>>> build_parser().prog
'strategy'
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from strategy.cli.common import Parser

GROUPS = (
    "strategy.cli.risk",
    "strategy.cli.games",
    "strategy.cli.search_games",
    "strategy.cli.paper",
    "strategy.cli.graph",
    "strategy.cli.export",
    "strategy.cli.serve",
)


def build_parser(argv: Sequence[str] | None = None) -> Parser:
    """The argument parser, with every command group registered; given the command line
    ``argv`` of a ``strategy risk`` command, only that command is built (the group's other
    commands are names alone), so that a command imports what its answer needs.

    >>> sorted(build_parser(["risk", "odds", "3", "2"]).commands())
    ['risk']
    """
    import importlib

    from strategy import __version__
    from strategy.cli.common import Parser, add_commands
    from strategy.cli.guard import add_budgets

    parser = Parser(
        prog="strategy",
        description="Optimal strategies, exactly: Risk dice battles and classic games.",
        epilog="Examples: strategy risk odds 10 6; strategy risk table; strategy --version",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = add_commands(parser, "command", required=False)
    words = [word for word in argv or () if not word.startswith("-")]
    if words[:1] == ["risk"] and argv is not None and argv[0] == "risk":
        from strategy.cli import risk

        risk.register(commands, only=words[1] if len(words) > 1 else None)
    else:
        for name in GROUPS:
            importlib.import_module(name).register(commands)
    add_budgets(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status instead of raising (argparse's own
    exits for ``--help`` and usage errors excepted)."""
    from strategy.engine import stops

    try:
        from strategy.cli import guard

        with stops.catching():
            try:
                status = guard.run(build_parser(sys.argv[1:] if argv is None else argv), argv)
                stops.check()  # a stop whose raise was lost still ends the command as a stop
                return status
            except BrokenPipeError:
                guard.silence_stdout()
                return 0
            except (SystemExit, GeneratorExit):
                raise
            except BaseException as error:
                return guard.report(stops.requested() or error)
    except (KeyboardInterrupt, stops.Terminated) as stop:  # before the handlers were in place
        print(stops.said(stop), file=sys.stderr)
        return stops.status_of(stop) or 130


if __name__ == "__main__":
    sys.exit(main())

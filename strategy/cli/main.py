"""Entry point of the ``strategy`` command.

Each command group lives in its own module with a ``register(subparsers)``
function; group modules import heavy libraries only inside their handlers so
that ``strategy --help`` and float tables start fast.

>>> build_parser().prog
'strategy'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from strategy import __version__
from strategy.cli.common import CliError, Parser, add_commands

GROUPS = (
    "strategy.cli.risk",
    "strategy.cli.games",
    "strategy.cli.search_games",
    "strategy.cli.paper",
    "strategy.cli.graph",
    "strategy.cli.serve",
)


def build_parser() -> Parser:
    """The full argument parser, with every command group registered."""
    parser = Parser(
        prog="strategy",
        description="Optimal strategies, exactly: Risk dice battles and classic games.",
        epilog="Examples: strategy risk odds 10 6; strategy risk table; strategy --version",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = add_commands(parser, "command")
    for name in GROUPS:
        importlib.import_module(name).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status instead of raising."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int | None = args.handler(args)
    except (CliError, ValueError, OverflowError) as error:
        print(f"strategy: error: {error}", file=sys.stderr)
        return 2
    except MemoryError:
        print("strategy: error: out of memory; ask for a smaller table", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("strategy: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return status or 0


if __name__ == "__main__":
    sys.exit(main())

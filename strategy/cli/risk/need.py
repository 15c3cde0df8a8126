"""``strategy risk need D … --target P``: the fewest attacking armies that reach a target."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import colour_wanted
from strategy.cli.risk import text_command
from strategy.cli.risk.terms import play_asked

if TYPE_CHECKING:
    from strategy.risk.capabilities import Needed

ABOUT = (
    "The fewest armies in the attacking territory (see --count) that capture "
    "the territory, or conquer a whole path of territories as 'chain' does, with "
    "probability at least --target. The comparison with the target is exact."
)
EPILOG = """examples:
  strategy risk need 10 --target 0.8
  strategy risk need 3 2 1 --target 95% --defender-sides 6,8,6
  strategy risk need 50 --target 0.8 --float --json
  strategy risk need 10 --target 0.8 --choice sees-roll
  strategy risk need 5 --target 0.5 --objective keep:4
  strategy risk need 50 --target 0.8 --dice balanced-blitz --count attacking
  strategy risk need 50 --target 80% --edition rgd --capital --json
  strategy risk need 10 --target 0.5 --stop-until 4"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``need`` to the ``risk`` group."""
    text_command(commands, "need", ABOUT, EPILOG, "need", text)


def text(args: argparse.Namespace, found: Needed) -> str:
    """The fewest armies as the command prints them: against the target as written, in
    colour where ``--color`` allows, naming the optimal play ``--choice``, ``--objective``
    or ``--no-stop`` asked for."""
    return found.text(target=args.target, colour=colour_wanted(args), play=play_asked(args))

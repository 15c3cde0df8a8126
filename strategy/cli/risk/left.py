"""``strategy risk left A D``: capture with at least K armies left, or wear the defender down."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import colour_wanted
from strategy.cli.risk import text_command

if TYPE_CHECKING:
    from strategy.risk.capabilities import Left

ABOUT = (
    "Cumulative odds of one battle in which both sides always roll the most "
    "dice: for each K, the probability of capturing with at least K armies left in the "
    "attacking territory (see --count), and of leaving the defender at most K armies."
)
EPILOG = """examples:
  strategy risk left 10 6
  strategy risk left 10 6 --at-least 4
  strategy risk left 20 15 --at-most 3 --json
  strategy risk left 31 15 --capital --dice balanced-blitz
  strategy risk left 21 10 --stop-until 5 --at-least 10"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``left`` to the ``risk`` group."""
    text_command(commands, "left", ABOUT, EPILOG, "odds", text)


def text(args: argparse.Namespace, found: Left) -> str:
    """The tails as the command prints them, in colour where ``--color`` allows."""
    return found.text(colour=colour_wanted(args))

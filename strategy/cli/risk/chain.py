"""``strategy risk chain A D1 D2 …``: attack a path of territories, one after another."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import colour_wanted
from strategy.cli.risk import text_command

if TYPE_CHECKING:
    from strategy.risk.paths import ChainOdds

ABOUT = (
    "Attack territories holding D1, D2, … defenders one after another, "
    "moving all armies but --leave into each territory taken (the 'blitz' plan). "
    "Both sides always roll the most dice they may."
)
EPILOG = """examples:
  strategy risk chain 10 5 3 2
  strategy risk chain 30 5 3 2 --leave 2 --json
  strategy risk chain 5 3 2 1 --defender-sides 6,8,6
  strategy risk chain 20 5 3 8 --capital no,no,yes --dice balanced-blitz"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``chain`` to the ``risk`` group."""
    text_command(commands, "chain", ABOUT, EPILOG, None, text)


def text(args: argparse.Namespace, odds: ChainOdds) -> str:
    """The chain as the command prints it, in colour where ``--color`` allows."""
    return odds.text(colour=colour_wanted(args))

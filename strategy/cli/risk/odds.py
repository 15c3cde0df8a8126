"""``strategy risk odds A D``: one battle's odds, computed exactly and printed as decimals;
``--exact`` prints the fractions beside them (JSON always carries them).

Given ``--choice``, ``--objective`` or ``--no-stop`` it reports the battle under optimal
play instead: its value and both sides' first choices.

The text is the result's own (:meth:`~strategy.risk.results.BattleOdds.text`): a long
battle has many final states, 34,028 at 100,000 v 100,000 (floats), and text lists at most
:data:`~strategy.risk.texts.TEXT_STATES` of them, JSON at most
:data:`~strategy.risk.leaves.JSON_STATES`, the most likely first.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.risk import text_command
from strategy.cli.risk.terms import play_asked

if TYPE_CHECKING:
    from strategy.risk.results import BattleOdds

ABOUT = "Odds of one battle in which both sides always roll the most dice they may."
EPILOG = """examples:
  strategy risk odds 10 6
  strategy risk odds 10 10 --count attacking --json
  strategy risk odds 10 6 --at-least 4 --at-most 2
  strategy risk odds 100000 100000 --float
  strategy risk odds 5 3 --defender-dice 3 --defender-sides 8
  strategy risk odds 10 10 --choice sees-roll --exact
  strategy risk odds 12 7 --objective balance:2 --json
  strategy risk odds 31 15 --capital --dice balanced-blitz
  strategy risk odds 10000 10000 --edition rgd --float
  strategy risk odds 21 10 --stop-until 5
  strategy risk odds 12 5 --retreat-at 8"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``odds`` to the ``risk`` group."""
    text_command(commands, "odds", ABOUT, EPILOG, "odds", text, colour=False)


def text(args: argparse.Namespace, odds: BattleOdds) -> str:
    """The odds as the command prints them: the fractions with ``--exact``, the tails asked
    for, optimal play when ``--choice``, ``--objective`` or ``--no-stop`` was given."""
    return odds.text(
        exact=bool(args.exact), at_least=args.at_least, at_most=args.at_most, play=play_asked(args)
    )

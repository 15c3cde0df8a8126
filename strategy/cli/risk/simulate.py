"""``strategy risk simulate A D``: Monte Carlo estimates beside the exact values."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.risk import text_command
from strategy.cli.risk.terms import play_asked

if TYPE_CHECKING:
    from strategy.risk.montecarlo import SimulationCheck

ABOUT = (
    "Simulate battles, both sides rolling the most dice they may or, with "
    "--choice, --objective or --no-stop, playing as the optimal-play table says, and "
    "print each estimate with its confidence interval beside the exact value; a FLAG "
    "line marks any exact value outside its interval."
)
EPILOG = """examples:
  strategy risk simulate 10 10 --trials 1000000 --seed 1
  strategy risk simulate 5 3 --defender-dice 3 --seed 7 --json
  strategy risk simulate 10 10 --count attacking --confidence 0.99
  strategy risk simulate 8 6 --choice sees-roll --objective balance:2
  strategy risk simulate 31 15 --capital --dice balanced-blitz --seed 4
  strategy risk simulate 21 10 --stop-until 5 --seed 1

Each interval holds the true value with the chosen confidence, so a correct exact engine
still misses a 95% interval about once in 20: a FLAG is a reason to rerun with another
seed or more trials, and a FLAG that stays is a bug."""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``simulate`` to the ``risk`` group."""
    text_command(commands, "simulate", ABOUT, EPILOG, "simulate", text, colour=False)


def text(args: argparse.Namespace, checked: SimulationCheck) -> str:
    """The estimates beside the exact values, the battles said to be played optimally when
    ``--choice``, ``--objective`` or ``--no-stop`` was given."""
    return checked.text(play=play_asked(args))

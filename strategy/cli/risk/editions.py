"""How the Risk commands fight a blitz (its options are declared in
:mod:`strategy.risk.requests.terms`).

>>> import argparse
>>> from strategy.cli.risk.terms import add_blitz_options, add_rule_options
>>> parser = argparse.ArgumentParser()
>>> add_rule_options(parser)
>>> add_blitz_options(parser)
>>> blitz_from_args(parser.parse_args(["--edition", "rgd", "--capital"])).dice
'balanced-blitz'
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from strategy.cli.common import CliError

if TYPE_CHECKING:
    from strategy.risk.battle import Battle
    from strategy.risk.resolution import Resolution
    from strategy.risk.results import BattleOdds


def blitz_from_args(args: argparse.Namespace) -> Resolution:
    """The resolution the options describe (the plain battle's for commands without them)."""
    from strategy.cli.risk.terms import blitz_battle
    from strategy.risk.battle import Battle

    return blitz_battle(args, Battle()).resolution


def fight(args: argparse.Namespace, battle: Battle, exact: bool | None) -> BattleOdds:
    """One battle as the battle's blitz fights it, with a progress bar on a terminal."""
    from strategy.engine.progress import ProgressBar
    from strategy.engine.resources import TooLarge
    from strategy.risk.variants.blitz import fight_odds

    try:
        with ProgressBar("odds") as progress:
            return fight_odds(
                args.attackers, args.defenders, battle, exact=exact, progress=progress
            )
    except TooLarge as error:
        raise CliError(f"{error}; use --float") from None

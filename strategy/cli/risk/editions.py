"""Options of editions and blitzes: ``--edition``, RGD's modifiers, ``--dice``,
``--balance``, ``--stop-until`` and ``--retreat-at``, and how commands show them.

>>> from strategy.cli.common import Parser
>>> from strategy.cli.risk.options import add_rule_options, rules_from_args
>>> parser = Parser()
>>> add_rule_options(parser)
>>> add_blitz_options(parser)
>>> args = parser.parse_args(["--edition", "rgd", "--capital"])
>>> rules = rules_from_args(args)
>>> rules.count, rules.defender_dice, blitz_from_args(args).dice
('attacking', 3, 'balanced-blitz')
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Any

from strategy.cli.common import CliError, nonnegative_int
from strategy.risk.rules import EDITION_FIELDS

if TYPE_CHECKING:
    from strategy.risk.battle import Battle
    from strategy.risk.results import BattleOdds
    from strategy.risk.rules import Rules
    from strategy.risk.variants.blitz import Blitz, BlitzOdds, BlitzTable

MODIFIER_HELP = {
    "capital": "the defender is on a capital: one defender die more (RGD)",
    "wall": "the attack crosses a wall: one defender die more; with --capital 4 dice, "
    "the top 3 compared (RGD)",
    "zombie_defender": "the defender is a zombie: ties go to the attacker (RGD)",
    "zombie_attacker": "the attacker is a zombie: one attacker die fewer, at least 1 (RGD)",
}
STOP_HELP = (
    "SMG's blitz attack limit: the attacker never rolls so many dice that it could fall "
    "below S armies (counted as A is), so S stay home; the battle is (A - S) v D. Not the "
    "same as --retreat-at: 11 v 5 (--count attacking) with 7 wins 0.3586 stopping until 7, "
    "0.5071 retreating at 7"
)
RETREAT_HELP = (
    "a retreat threshold (sipolac/risk's stop, Minerva's retreat): full dice while the "
    "attacker has more than K armies; the last roll may leave fewer. Not --stop-until"
)


def yes_no(text: str) -> bool:
    """An argparse type for yes/no.

    >>> yes_no("yes"), yes_no("0")
    (True, False)
    """
    value = text.strip().lower()
    if value in ("yes", "y", "true", "1"):
        return True
    if value in ("no", "n", "false", "0"):
        return False
    raise argparse.ArgumentTypeError(f"{text!r} is not yes or no")


def add_edition_options(group: argparse._ArgumentGroup) -> None:
    """``--edition`` and the four RGD modifiers, in the rules' group."""
    from strategy.risk.editions import EDITIONS

    group.add_argument(
        "--edition",
        choices=tuple(EDITIONS),
        help="an edition's defaults (explicit options override them): classic (3 v 2), "
        "risiko (3 v 3), 2210 (d8 defender), rgd (RISK: Global Domination: attacking "
        "count, Balanced Blitz where a command blitzes, modifiers allowed)",
    )
    for name, text in MODIFIER_HELP.items():
        group.add_argument(
            "--" + name.replace("_", "-"),
            type=yes_no,
            nargs="?",
            const=True,
            default=False,
            metavar="yes|no",
            help=text,
        )


def edition_rules(args: argparse.Namespace) -> Rules:
    """The rules the options describe, an edition's defaults filling what is not given."""
    from strategy.risk.editions import edition
    from strategy.risk.rules import MODIFIERS, Rules

    chosen = edition(getattr(args, "edition", None))
    base = chosen.rules
    given = {name: getattr(args, name, None) for name in EDITION_FIELDS}
    values = {
        name: getattr(base, name) if value is None else value for name, value in given.items()
    }
    modifiers = {name: bool(getattr(args, name, False)) for name in MODIFIERS}
    chosen.check(balanced=False, **modifiers)
    if modifiers["zombie_defender"] and given["ties"] == "defender":
        raise CliError("--zombie-defender gives ties to the attacker: not with --ties defender")
    return Rules(**values).with_modifiers(**modifiers)


def add_blitz_options(
    parser: argparse.ArgumentParser, *, limits: tuple[str, ...] = ("stop-until", "retreat-at")
) -> None:
    """``--dice`` and ``--balance``, and the ``limits`` named: ``--stop-until``,
    ``--retreat-at``."""
    from strategy.risk.editions import DICE_MODES

    group = parser.add_argument_group("how the battle is blitzed")
    group.add_argument(
        "--dice",
        choices=DICE_MODES,
        help="true-random (default; the board game) or balanced-blitz (RGD's Balanced "
        "Blitz as of v3.3; the default of --edition rgd)",
    )
    group.add_argument(
        "--balance",
        metavar="W,P,O,Q",
        help="Balanced Blitz's constants: win-chance cutoff, win-chance power, outcome "
        "cutoff, outcome power (default 0.05,1.3,0.1,1.8; cutoffs below 0.5, powers 1-10)",
    )
    for name, metavar, text in (("stop-until", "S", STOP_HELP), ("retreat-at", "K", RETREAT_HELP)):
        if name in limits:
            group.add_argument(f"--{name}", type=nonnegative_int, metavar=metavar, help=text)


def blitz_terms(args: argparse.Namespace) -> dict[str, Any]:
    """The blitz options as :meth:`Battle.of`'s keywords (none for commands without them:
    those model manual rolls, which RGD rolls true random)."""
    from strategy.risk.editions import edition

    if not hasattr(args, "dice"):
        return {}
    chosen = edition(getattr(args, "edition", None))
    dice = args.dice or chosen.dice
    chosen.check(balanced=dice == "balanced-blitz")
    text = getattr(args, "balance", None)
    if text is not None and dice != "balanced-blitz":
        raise CliError("--balance sets Balanced Blitz's constants: add --dice balanced-blitz")
    return {
        "dice": dice,
        "balance": text,
        "stop_until": getattr(args, "stop_until", None),
        "retreat_at": getattr(args, "retreat_at", None),
    }


def blitz_battle(args: argparse.Namespace, battle: Battle) -> Battle:
    """``battle`` fought as the blitz options say."""
    from strategy.risk.battle import Battle

    return Battle.of(battle, **blitz_terms(args))


def blitz_from_args(args: argparse.Namespace) -> Blitz:
    """The blitz the options describe (the plain battle for commands without them)."""
    from strategy.risk.battle import Battle

    return blitz_battle(args, Battle()).blitz


def refuse_play(battle: Battle, blitz: Blitz) -> None:
    """A blitz resolves the battle with the most dice: refuse another ``--choice``."""
    if not blitz.plain and not battle.choice.fixed:
        raise CliError(
            f"{blitz.describe()} is fought with the most dice: --choice is for manual rolls"
        )


def fight(args: argparse.Namespace, battle: Battle, exact: bool | None) -> BlitzOdds:
    """One battle as the battle's blitz fights it, with a progress bar on a terminal."""
    from strategy.engine.progress import ProgressBar
    from strategy.engine.resources import TooLarge
    from strategy.risk.api import fought_odds

    try:
        with ProgressBar("odds") as progress:
            return fought_odds(
                args.attackers, args.defenders, battle, exact=exact, progress=progress
            )
    except TooLarge as error:
        raise CliError(f"{error}; use --float") from None


def plain_odds(odds: BattleOdds) -> BlitzOdds:
    """Classic odds computed elsewhere, as the plain blitz's."""
    from strategy.risk.variants.balanced_blitz import input_error
    from strategy.risk.variants.blitz import PLAIN, BlitzOdds

    return BlitzOdds(PLAIN, odds, odds, 0.0 if odds.exact else input_error(odds))


def blitz_table(
    attackers: int, defenders: int, battle: Battle, blitz: Blitz, *, exact: bool
) -> BlitzTable:
    """A table as the blitz fights each battle (the library's table when plain), with a
    progress bar on a terminal."""
    from strategy.cli.risk.grids import compute_table
    from strategy.engine.progress import ProgressBar
    from strategy.risk.variants.blitz import BlitzTable, float_table_error

    if blitz.plain:
        table = compute_table(attackers, defenders, battle, exact=exact)
        return BlitzTable(table, 0.0 if exact else float_table_error(attackers, defenders))
    with ProgressBar("table") as progress:
        return blitz.table(
            attackers, defenders, battle.rules, battle.objective, exact=exact, progress=progress
        )


def blitz_lines(fought: BlitzOdds) -> list[str]:
    """Text lines: the true-random win chance and how close the floats are."""
    if not fought.blitz.balanced:
        return []
    source = "exact" if fought.true_random.exact else "float"
    steps = ", ".join(f"{w:.6f}" for w in fought.win_steps or ())
    closeness = (
        f"the final states are within {fought.error_bound:.2g} in all (sum of absolute "
        "errors) of exact Balanced Blitz"
        if math.isfinite(fought.error_bound)
        else "the float win chance is too close to a cutoff to settle it: use --exact"
    )
    return [
        f"{'true-random P(capture)':<26}{float(fought.true_random.win_probability):>12.6f}",
        f"win chance after each step: {steps}",
        f"balanced from the {source} true-random distribution; {closeness}",
    ]

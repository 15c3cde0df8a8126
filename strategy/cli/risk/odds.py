"""``strategy risk odds A D``: one battle's odds, computed exactly and printed as decimals;
``--exact`` prints the fractions beside them (JSON always carries them).

Given ``--choice``, ``--objective`` or ``--no-stop`` it reports the battle under optimal
play instead: its value and both sides' first choices.

A long battle has many final states, 34,028 at 100,000 v 100,000 (floats): text lists
at most ``TEXT_STATES`` of them and JSON at most ``JSON_STATES``, the most likely first.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import add_output_options, decimal, write_json, write_text
from strategy.cli.risk import answer, capability_parser
from strategy.cli.risk.editions import blitz_lines
from strategy.engine.numbers import fraction_text
from strategy.risk.requests import CAPABILITIES

if TYPE_CHECKING:
    from strategy.risk.battle import Battle
    from strategy.risk.results import BattleOdds, Value

#: Final states text lists; beyond, only this many of the most likely.
TEXT_STATES = 20

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
    parser = capability_parser(commands, "odds", ABOUT, EPILOG, run)
    add_output_options(parser)


def dropped_line(mass: float, tolerance: float) -> str:
    """The line reporting the probability a float push left out.

    >>> dropped_line(1.29e-296, 1e-300)
    'probability dropped          1.29e-296  (states below 1e-300)'
    """
    return f"{'probability dropped':<26}{mass:>12.3g}  (states below {tolerance:g})"


def tails(args: argparse.Namespace, odds: BattleOdds) -> list[tuple[str, Value]]:
    """The tail probabilities asked for, as ``(label, probability)``."""
    from strategy.risk.outcomes import capture_with_at_least, defender_down_to

    found = []
    if args.at_least is not None:
        p = capture_with_at_least(odds.final_states, args.at_least)
        found.append((f"P(capture with >= {args.at_least} left)", p))
    if args.at_most is not None:
        found.append(
            (
                f"P(defender <= {args.at_most} left)",
                defender_down_to(odds.final_states, args.at_most),
            )
        )
    return found


def shows_fractions(args: argparse.Namespace, odds: BattleOdds) -> bool:
    """Whether text prints the exact fractions: only when asked with ``--exact``, since a
    battle of a dozen armies already has fractions of 37 digits; the decimals are rounded
    from the exact values either way."""
    return bool(odds.exact and args.exact)


def run(args: argparse.Namespace) -> int:
    """Compute and print the odds."""
    from strategy.risk.kernels.push import DEFAULT_TOLERANCE
    from strategy.risk.leaves import JSON_STATES, most_likely
    from strategy.risk.requests.terms import play_asked

    request, found = answer("odds", args, "odds")
    if args.format == "json":
        write_json(args, CAPABILITIES["odds"].json(request, found))
        return 0
    if play_asked(request):
        return show_play(args, found)
    odds, blitz = found, found.resolution
    rows = [
        ("P(attacker captures)", odds.win_probability),
        ("expected attackers left", odds.expected_attacker_left),
        ("expected defenders left", odds.expected_defender_left),
        ("expected signed outcome", odds.expected_signed),
        *tails(args, odds),
    ]
    how = "both always rolling the most dice" if blitz.plain else blitz.describe()
    lines = [
        f"Battle {odds.attackers} v {odds.defenders} "
        f"(A attacking armies, D defending armies, {how})",
        f"rules: {odds.rules.describe()}",
        "",
    ]
    fractions = shows_fractions(args, odds)
    for label, value in rows:
        exact = f"  = {fraction_text(value)}" if fractions else ""
        lines.append(f"{label:<26}{decimal(value):>12}{exact}")
    if not odds.exact and not blitz.balanced:
        lines.append(dropped_line(odds.dropped_mass, DEFAULT_TOLERANCE))
    lines += blitz_lines(odds)
    shown, truncated = most_likely(odds.final_states, TEXT_STATES)
    if truncated:
        held = decimal(sum(p for _, _, p in shown))
        lines += [
            "",
            f"final states: {len(odds.final_states)} in all; the {len(shown)} most likely, "
            f"together {held}, are shown (--json lists up to {JSON_STATES})",
        ]
    lines += ["", "final states        probability" + ("  exact" if fractions else "")]
    for a, d, p in shown:
        outcome = "captured" if d == 0 else "held"
        exact = f"  {fraction_text(p)}" if fractions else ""
        lines.append(f"  A={a:<4} D={d:<4} {outcome:<8}{decimal(p):>10}{exact}")
    write_text(args, "\n".join(lines))
    return 0


def show_play(args: argparse.Namespace, odds: BattleOdds) -> int:
    """The battle under optimal play: its value and both sides' first choices (where
    nobody has a real choice, the classic battle's value: both roll the most dice)."""
    from strategy.risk.kernels.push import DEFAULT_TOLERANCE
    from strategy.risk.play.cells import by_roll_text, describe_cell

    battle = odds.battle
    cell = describe_cell(odds.play, battle.rules, battle.choice, odds.attackers, odds.defenders)
    exact = f"  = {fraction_text(odds.value)}" if shows_fractions(args, odds) else ""
    lines = [
        *play_header(args, battle, f"choice {battle.choice}: {battle.choice.summary}"),
        f"{'value':<26}{decimal(odds.value):>12}{exact}",
        f"{'attacker':<26}{cell.attacker}",
    ]
    if cell.defender:
        lines.append(f"{'defender':<26}{cell.defender}")
    if cell.by_roll:
        lines.append(f"{'defender, roll by roll':<26}{by_roll_text(cell.by_roll)}")
    if not odds.exact and battle.classic:
        lines.append(dropped_line(odds.dropped_mass, DEFAULT_TOLERANCE))
    write_text(args, "\n".join(lines))
    return 0


def play_header(args: argparse.Namespace, battle: Battle, how: str) -> list[str]:
    """The first lines of a battle under optimal play: the battle, rules and objective."""
    stop = "the attacker may stop before any roll" if battle.allow_stop else "no stopping"
    return [
        f"Battle {args.attackers} v {args.defenders} under optimal play ({how})",
        f"rules: {battle.rules.describe()}",
        f"objective: {battle.objective.description}; {stop}",
        "",
    ]

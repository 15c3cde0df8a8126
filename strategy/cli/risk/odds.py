"""``strategy risk odds A D``: one battle's odds, exact and decimal.

Given ``--choice``, ``--objective`` or ``--no-stop`` it reports the battle under optimal
play instead: its value and both sides' first choices.

A long battle has many final states, 34,028 at 100,000 v 100,000 (floats): text lists
at most ``TEXT_STATES`` of them and JSON at most ``JSON_STATES``, the most likely first.
"""

from __future__ import annotations

import argparse
import heapq
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_output_options,
    decimal,
    fraction_text,
    write_json,
    write_text,
)
from strategy.cli.risk.left import add_tail_options, tail_json
from strategy.cli.risk.options import (
    PlayOptions,
    add_battle_arguments,
    add_play_options,
    add_rule_options,
    play_from_args,
    play_json,
    rules_from_args,
    rules_json,
)

if TYPE_CHECKING:
    from strategy.risk.battle import BattleOdds, Value
    from strategy.risk.rules import Rules

#: Final states text lists; beyond, only this many of the most likely.
TEXT_STATES = 20
#: Final states JSON lists; beyond, only this many of the most likely.
JSON_STATES = 10_000

FinalStates = tuple[tuple[int, int, "Value"], ...]

EPILOG = """examples:
  strategy risk odds 10 6
  strategy risk odds 10 10 --count attacking --json
  strategy risk odds 10 6 --at-least 4 --at-most 2
  strategy risk odds 100000 100000 --float
  strategy risk odds 5 3 --defender-dice 3 --defender-sides 8
  strategy risk odds 10 10 --choice sees-roll --exact
  strategy risk odds 12 7 --objective balance:2 --json"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``odds`` to the ``risk`` group."""
    parser = commands.add_parser(
        "odds",
        help="P(capture), expected armies left and the final-state distribution of one battle",
        description="Odds of one battle in which both sides always roll the most dice they may.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_battle_arguments(parser)
    parser.add_argument(
        "--float",
        dest="exact",
        action="store_false",
        help="floats only: skip the exact fractions (faster for huge battles)",
    )
    parser.add_argument(
        "--exact",
        dest="exact",
        action="store_true",
        help="exact fractions as well as decimals (the default)",
    )
    add_tail_options(parser, "also")
    add_play_options(parser)
    add_rule_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def most_likely(final_states: FinalStates, limit: int) -> tuple[FinalStates, bool]:
    """All the final states if there are at most ``limit``, else the ``limit`` most likely,
    most likely first; and whether any were left out.

    >>> most_likely(((3, 0, 0.5), (2, 0, 0.2), (1, 1, 0.3)), 2)
    (((3, 0, 0.5), (1, 1, 0.3)), True)
    """
    if len(final_states) <= limit:
        return final_states, False
    return tuple(heapq.nlargest(limit, final_states, key=lambda s: s[2])), True


def dropped_line(mass: float, tolerance: float) -> str:
    """The line reporting the probability a float push left out.

    >>> dropped_line(1.29e-296, 1e-300)
    'probability dropped          1.29e-296  (states below 1e-300)'
    """
    return f"{'probability dropped':<26}{mass:>12.3g}  (states below {tolerance:g})"


def tails(args: argparse.Namespace, odds: BattleOdds) -> dict[str, tuple[str, int, Value]]:
    """The tail probabilities asked for, ``at_least`` and ``at_most``, each as
    ``(label, K, probability)``."""
    from strategy.risk.outcomes import capture_with_at_least, defender_down_to

    found = {}
    for key, k, label, tail in (
        ("at_least", args.at_least, "P(capture with >= {} left)", capture_with_at_least),
        ("at_most", args.at_most, "P(defender <= {} left)", defender_down_to),
    ):
        if k is not None:
            found[key] = (label.format(k), k, tail(odds.final_states, k))
    return found


def classic_odds(args: argparse.Namespace, rules: Rules) -> BattleOdds:
    """The classic battle's odds, with a progress bar on a terminal."""
    from strategy.engine.progress import ProgressBar
    from strategy.engine.resources import TooLarge
    from strategy.risk.battle import battle_odds

    try:
        with ProgressBar("odds") as progress:
            return battle_odds(
                args.attackers, args.defenders, rules, exact=args.exact, progress=progress
            )
    except TooLarge as error:
        if not args.exact:
            raise
        raise TooLarge(f"{error}; use --float", error.resource) from None


def run(args: argparse.Namespace) -> int:
    """Compute and print the odds."""
    from strategy.risk.kernels.push import DEFAULT_TOLERANCE

    rules = rules_from_args(args)
    play = play_from_args(args)
    if play.asked:
        if args.at_least is not None or args.at_most is not None:
            raise CliError(
                "--at-least and --at-most describe the classic battle: "
                "not with --choice, --objective or --no-stop"
            )
        return run_optimal(args, rules, play)
    odds = classic_odds(args, rules)
    asked = tails(args, odds)
    summary = {
        "win_probability": odds.win_probability,
        "expected_attacker_left": odds.expected_attacker_left,
        "expected_defender_left": odds.expected_defender_left,
        "expected_signed": odds.expected_signed,
    }
    if args.format == "json":
        obj: dict[str, Any] = {"attackers": odds.attackers, "defenders": odds.defenders}
        for key, value in summary.items():
            obj[key] = float(value)
            if odds.exact:
                obj[f"{key}_exact"] = fraction_text(value)
        obj |= {key: tail_json(k, p) for key, (_, k, p) in asked.items()}
        shown, truncated = most_likely(odds.final_states, JSON_STATES)
        obj["dropped_mass"] = odds.dropped_mass
        obj["final_states_count"] = len(odds.final_states)
        obj["final_states_truncated"] = truncated
        obj["final_states_probability"] = float(sum(p for _, _, p in shown))
        obj["final_states"] = [
            {"attacker": a, "defender": d, "probability": float(p)}
            | ({"probability_exact": fraction_text(p)} if odds.exact else {})
            for a, d, p in shown
        ]
        obj["rules"] = rules_json(rules)
        write_json(args, obj)
        return 0
    labels = {
        "win_probability": "P(attacker captures)",
        "expected_attacker_left": "expected attackers left",
        "expected_defender_left": "expected defenders left",
        "expected_signed": "expected signed outcome",
    }
    lines = [
        f"Battle {odds.attackers} v {odds.defenders} "
        "(A attacking armies, D defending armies, both always rolling the most dice)",
        f"rules: {rules.describe()}",
        "",
    ]
    rows = [(labels[key], value) for key, value in summary.items()]
    rows += [(label, p) for label, _, p in asked.values()]
    for label, value in rows:
        exact = f"  = {fraction_text(value)}" if odds.exact else ""
        lines.append(f"{label:<26}{decimal(value):>12}{exact}")
    if not odds.exact:
        lines.append(dropped_line(odds.dropped_mass, DEFAULT_TOLERANCE))
    shown, truncated = most_likely(odds.final_states, TEXT_STATES)
    if truncated:
        held = decimal(sum(p for _, _, p in shown))
        lines += [
            "",
            f"final states: {len(odds.final_states)} in all; the {len(shown)} most likely, "
            f"together {held}, are shown (--json lists up to {JSON_STATES})",
        ]
    lines += ["", "final states        probability" + ("  exact" if odds.exact else "")]
    for a, d, p in shown:
        outcome = "captured" if d == 0 else "held"
        exact = f"  {fraction_text(p)}" if odds.exact else ""
        lines.append(f"  A={a:<4} D={d:<4} {outcome:<8}{decimal(p):>10}{exact}")
    write_text(args, "\n".join(lines))
    return 0


def run_optimal(args: argparse.Namespace, rules: Rules, play: PlayOptions) -> int:
    """The battle under optimal play: its value and both sides' first choices.

    Where nobody has a real choice and the optimal-play grid is too large, the classic
    battle's value, pushed forward from the one cell in floats, serves instead.
    """
    from strategy.cli.risk.strategy import cell_json
    from strategy.engine.resources import TooLarge
    from strategy.risk.choices import choice_rule
    from strategy.risk.play.strategy_matrix import by_roll_text, describe_cell

    try:
        odds = play.odds(args.attackers, args.defenders, rules, exact=args.exact)
    except TooLarge as error:
        if not play.classic:
            raise
        if args.exact:
            raise TooLarge(f"{error}; use --float", error.resource) from None
        return run_cell(args, rules, play)
    cell = describe_cell(odds.play, rules, play.choice, odds.attackers, odds.defenders)
    if args.format == "json":
        obj: dict[str, Any] = cell_json(cell, odds.play, odds.value) | play_json(play)
        if play.objective.kind == "capture":
            obj["win_probability"] = obj["value"]
            if odds.exact:
                obj["win_probability_exact"] = obj["value_exact"]
        obj["rules"] = rules_json(rules)
        write_json(args, obj)
        return 0
    exact = f"  = {fraction_text(odds.value)}" if odds.exact else ""
    lines = [
        *play_header(
            args, rules, play, f"choice {play.choice}: {choice_rule(play.choice).summary}"
        ),
        f"{'value':<26}{decimal(odds.value):>12}{exact}",
        f"{'attacker':<26}{cell.attacker}",
    ]
    if cell.defender:
        lines.append(f"{'defender':<26}{cell.defender}")
    if cell.by_roll:
        lines.append(f"{'defender, roll by roll':<26}{by_roll_text(cell.by_roll)}")
    write_text(args, "\n".join(lines))
    return 0


def play_header(args: argparse.Namespace, rules: Rules, play: PlayOptions, how: str) -> list[str]:
    """The first lines of a battle under optimal play: the battle, rules and objective."""
    stop = "the attacker may stop before any roll" if play.allow_stop else "no stopping"
    return [
        f"Battle {args.attackers} v {args.defenders} under optimal play ({how})",
        f"rules: {rules.describe()}",
        f"objective: {play.objective.description}; {stop}",
        "",
    ]


def run_cell(args: argparse.Namespace, rules: Rules, play: PlayOptions) -> int:
    """A battle in which nobody has a real choice, too large for the optimal-play grid:
    the classic battle's value in floats, with the probability dropped on the way."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.battle import battle_cell

    with ProgressBar("odds") as progress:
        cell = battle_cell(args.attackers, args.defenders, rules, play.objective, progress=progress)
    if args.format == "json":
        obj: dict[str, Any] = {
            "attackers": args.attackers,
            "defenders": args.defenders,
            "value": cell.value,
            "dropped_mass": cell.dropped_mass,
        } | play_json(play)
        if play.objective.kind == "capture":
            obj["win_probability"] = cell.value
        obj["rules"] = rules_json(rules)
        write_json(args, obj)
        return 0
    lines = [
        *play_header(args, rules, play, "no real choice: both always roll the most dice"),
        f"{'value':<26}{cell.value:>12.6f}",
        dropped_line(cell.dropped_mass, cell.tolerance),
    ]
    write_text(args, "\n".join(lines))
    return 0

"""``strategy risk odds A D``: one battle's odds, exact and decimal.

Given ``--choice``, ``--objective`` or ``--no-stop`` it reports the battle under optimal
play instead: its value and both sides' first choices.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    add_output_options,
    fraction_text,
    write_json,
    write_text,
)
from strategy.cli.risk_options import (
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
    from strategy.risk.rules import Rules

EPILOG = """examples:
  strategy risk odds 10 6
  strategy risk odds 10 10 --count attacking --json
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
    add_play_options(parser)
    add_rule_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print the odds."""
    from strategy.risk.battle import battle_odds

    rules = rules_from_args(args)
    play = play_from_args(args)
    if play.asked:
        return run_optimal(args, rules, play)
    odds = battle_odds(args.attackers, args.defenders, rules, exact=args.exact)
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
        obj["final_states"] = [
            {"attacker": a, "defender": d, "probability": float(p)}
            | ({"probability_exact": fraction_text(p)} if odds.exact else {})
            for a, d, p in odds.final_states
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
    for key, value in summary.items():
        exact = f"  = {fraction_text(value)}" if odds.exact else ""
        lines.append(f"{labels[key]:<26}{float(value):>12.6f}{exact}")
    lines += ["", "final states        probability" + ("  exact" if odds.exact else "")]
    for a, d, p in odds.final_states:
        outcome = "captured" if d == 0 else "held"
        exact = f"  {fraction_text(p)}" if odds.exact else ""
        lines.append(f"  A={a:<4} D={d:<4} {outcome:<8}{float(p):>10.6f}{exact}")
    write_text(args, "\n".join(lines))
    return 0


def run_optimal(args: argparse.Namespace, rules: Rules, play: PlayOptions) -> int:
    """The battle under optimal play: its value and both sides' first choices."""
    from strategy.cli.risk_strategy import cell_json
    from strategy.risk.choices import choice_rule
    from strategy.risk.strategy_matrix import by_roll_text, describe_cell

    odds = play.odds(args.attackers, args.defenders, rules, exact=args.exact)
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
    stop = "the attacker may stop before any roll" if play.allow_stop else "no stopping"
    exact = f"  = {fraction_text(odds.value)}" if odds.exact else ""
    lines = [
        f"Battle {odds.attackers} v {odds.defenders} under optimal play "
        f"(choice {play.choice}: {choice_rule(play.choice).summary})",
        f"rules: {rules.describe()}",
        f"objective: {play.objective.description}; {stop}",
        "",
        f"{'value':<26}{float(odds.value):>12.6f}{exact}",
        f"{'attacker':<26}{cell.attacker}",
    ]
    if cell.defender:
        lines.append(f"{'defender':<26}{cell.defender}")
    if cell.by_roll:
        lines.append(f"{'defender, roll by roll':<26}{by_roll_text(cell.by_roll)}")
    write_text(args, "\n".join(lines))
    return 0

"""``strategy risk odds A D``: one battle's odds, exact and decimal."""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.common import (
    add_output_options,
    fraction_text,
    nonnegative_int,
    write_json,
    write_text,
)
from strategy.cli.risk_options import add_rule_options, rules_from_args, rules_json

EPILOG = """examples:
  strategy risk odds 10 6
  strategy risk odds 10 10 --count attacking --json
  strategy risk odds 5 3 --defender-dice 3 --defender-sides 8"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``odds`` to the ``risk`` group."""
    parser = commands.add_parser(
        "odds",
        help="P(capture), expected armies left and the final-state distribution of one battle",
        description="Odds of one battle in which both sides always roll the most dice they may.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "attackers",
        type=nonnegative_int,
        metavar="A",
        help="armies in the attacking territory (see --count)",
    )
    parser.add_argument(
        "defenders", type=nonnegative_int, metavar="D", help="armies in the defending territory"
    )
    parser.add_argument(
        "--float",
        dest="exact",
        action="store_false",
        help="floats only: skip the exact fractions (faster for huge battles)",
    )
    add_rule_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print the odds."""
    from strategy.risk.battle import battle_odds

    rules = rules_from_args(args)
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

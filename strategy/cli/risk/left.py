"""``strategy risk left A D``: capture with at least K armies left, or wear the defender down."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    add_colour_option,
    add_output_options,
    colour_wanted,
    decimal,
    fraction_text,
    nonnegative_int,
    write_json,
    write_text,
)
from strategy.cli.risk.options import (
    add_battle_arguments,
    add_rule_options,
    rules_from_args,
    rules_json,
)

if TYPE_CHECKING:
    from strategy.risk.battle import Value

EPILOG = """examples:
  strategy risk left 10 6
  strategy risk left 10 6 --at-least 4
  strategy risk left 20 15 --at-most 3 --json"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``left`` to the ``risk`` group."""
    parser = commands.add_parser(
        "left",
        help="P(capture with at least K armies left) and P(defender worn down to at most K)",
        description="Cumulative odds of one battle in which both sides always roll the most "
        "dice: for each K, the probability of capturing with at least K armies left in the "
        "attacking territory (see --count), and of leaving the defender at most K armies.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_battle_arguments(parser)
    add_tail_options(parser, "only")
    add_colour_option(parser)
    add_rule_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def add_tail_options(parser: argparse.ArgumentParser, word: str) -> None:
    """``--at-least K`` and ``--at-most K``; ``word`` says whether they add ("also") or
    select ("only") what is shown."""
    parser.add_argument(
        "--at-least",
        type=nonnegative_int,
        metavar="K",
        help=f"{word} P(capture with at least K armies left in the attacking territory)",
    )
    parser.add_argument(
        "--at-most",
        type=nonnegative_int,
        metavar="K",
        help=f"{word} P(the defender is worn down to at most K armies; 0 is a capture)",
    )


def tail_json(armies: int, probability: Value) -> dict[str, Any]:
    """One tail probability as JSON, with ``probability_exact`` when it is exact.

    >>> from fractions import Fraction
    >>> tail_json(2, Fraction(5, 12))
    {'armies': 2, 'probability': 0.4166666666666667, 'probability_exact': '5/12'}
    """
    exact = (
        {} if isinstance(probability, float) else {"probability_exact": fraction_text(probability)}
    )
    return {"armies": armies, "probability": float(probability)} | exact


def run(args: argparse.Namespace) -> int:
    """Compute the tails and print them."""
    from strategy.present.render import paint
    from strategy.risk.battle import battle_odds
    from strategy.risk.outcomes import capture_with_at_least, cumulative, defender_down_to

    rules = rules_from_args(args)
    finals = battle_odds(args.attackers, args.defenders, rules).final_states
    # With neither --at-least nor --at-most, both whole tables; otherwise just the answers.
    if args.at_least is None and args.at_most is None:
        tails = cumulative(finals)
        attacker, defender = tails.attacker, tails.defender
    else:
        attacker = (
            ()
            if args.at_least is None
            else ((args.at_least, capture_with_at_least(finals, args.at_least)),)
        )
        defender = (
            ()
            if args.at_most is None
            else ((args.at_most, defender_down_to(finals, args.at_most)),)
        )
    if args.format == "json":
        obj = {
            "attackers": args.attackers,
            "defenders": args.defenders,
            "capture_with_at_least": [tail_json(k, p) for k, p in attacker],
            "defender_at_most": [tail_json(k, p) for k, p in defender],
            "rules": rules_json(rules),
        }
        write_json(args, obj)
        return 0
    colour = colour_wanted(args)
    lines = [f"Battle {args.attackers} v {args.defenders}; rules: {rules.describe()}"]
    for title, rows, what in (
        ("P(capture with at least K armies left)", attacker, "K"),
        ("P(defender worn down to at most K armies)", defender, "K"),
    ):
        if rows:
            lines += ["", f"{what:>4}  {title}"]
            lines += [
                f"{k:>4}  {paint(decimal(p), float(p), colour)}  {fraction_text(p)}"
                for k, p in rows
            ]
    write_text(args, "\n".join(lines))
    return 0

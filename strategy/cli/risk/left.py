"""``strategy risk left A D``: capture with at least K armies left, or wear the defender down."""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.common import (
    CliError,
    add_colour_option,
    add_output_options,
    colour_wanted,
    decimal,
    write_json,
    write_text,
)
from strategy.cli.risk.editions import add_blitz_options, blitz_battle, blitz_lines
from strategy.cli.risk.options import (
    add_battle_arguments,
    add_rule_options,
    add_tail_options,
    rules_from_args,
)
from strategy.engine.numbers import fraction_text

EPILOG = """examples:
  strategy risk left 10 6
  strategy risk left 10 6 --at-least 4
  strategy risk left 20 15 --at-most 3 --json
  strategy risk left 31 15 --capital --dice balanced-blitz
  strategy risk left 21 10 --stop-until 5 --at-least 10"""


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
    add_blitz_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Compute the tails and print them."""
    from strategy.engine.progress import ProgressBar
    from strategy.engine.resources import TooLarge
    from strategy.present.render import paint
    from strategy.risk.battle import Battle
    from strategy.risk.capabilities import left

    battle = blitz_battle(args, Battle(rules_from_args(args)))
    blitz, rules = battle.blitz, battle.rules
    try:
        with ProgressBar("odds") as progress:
            found = left(
                args.attackers,
                args.defenders,
                battle,
                at_least=args.at_least,
                at_most=args.at_most,
                progress=progress,
            )
    except TooLarge as error:
        raise CliError(f"{error}; use --float") from None
    fought, attacker, defender = found.fought, found.attacker, found.defender
    if args.format == "json":
        write_json(args, found.to_json())
        return 0
    colour = colour_wanted(args)
    lines = [f"Battle {args.attackers} v {args.defenders}; rules: {rules.describe()}"]
    if not blitz.plain:
        lines += [blitz.describe(), *blitz_lines(fought)]
    for title, rows, what in (
        ("P(capture with at least K armies left)", attacker, "K"),
        ("P(defender worn down to at most K armies)", defender, "K"),
    ):
        if rows:
            lines += ["", f"{what:>4}  {title}"]
            lines += [
                f"{k:>4}  {paint(decimal(p), float(p), colour)}"
                + ("" if isinstance(p, float) else f"  {fraction_text(p)}")
                for k, p in rows
            ]
    write_text(args, "\n".join(lines))
    return 0

"""``strategy risk left A D``: capture with at least K armies left, or wear the defender down."""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.common import (
    add_colour_option,
    add_output_options,
    colour_wanted,
    decimal,
    write_json,
    write_text,
)
from strategy.cli.risk import capability_parser
from strategy.cli.risk.editions import blitz_lines
from strategy.engine.numbers import fraction_text
from strategy.params.commands import CAPABILITIES

ABOUT = (
    "Cumulative odds of one battle in which both sides always roll the most "
    "dice: for each K, the probability of capturing with at least K armies left in the "
    "attacking territory (see --count), and of leaving the defender at most K armies."
)
EPILOG = """examples:
  strategy risk left 10 6
  strategy risk left 10 6 --at-least 4
  strategy risk left 20 15 --at-most 3 --json
  strategy risk left 31 15 --capital --dice balanced-blitz
  strategy risk left 21 10 --stop-until 5 --at-least 10"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``left`` to the ``risk`` group."""
    parser = capability_parser(commands, "left", ABOUT, EPILOG, run)
    add_colour_option(parser)
    add_output_options(parser)


def run(args: argparse.Namespace) -> int:
    """Compute the tails and print them."""
    from strategy.engine.progress import ProgressBar
    from strategy.present.render import paint

    with ProgressBar("odds") as progress:
        found = CAPABILITIES["left"].call(args, progress)
    fought = found.fought
    blitz, rules = fought.blitz, fought.odds.battle.rules
    attacker, defender = found.attacker, found.defender
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

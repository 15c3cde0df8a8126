"""``strategy risk need D … --target P``: the fewest attacking armies that reach a target."""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.common import (
    colour_wanted,
    decimal,
    fraction_text,
    positive_int,
    write_json,
    write_text,
)
from strategy.cli.risk.chain import (
    add_path_options,
    path_rules,
    rules_text,
)
from strategy.cli.risk.options import add_play_options, play_from_args, play_json, rules_json

EPILOG = """examples:
  strategy risk need 10 --target 0.8
  strategy risk need 3 2 1 --target 95% --defender-sides 6,8,6
  strategy risk need 50 --target 0.8 --float --json
  strategy risk need 10 --target 0.8 --choice sees-roll
  strategy risk need 5 --target 0.5 --objective keep:4"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``need`` to the ``risk`` group."""
    parser = commands.add_parser(
        "need",
        help="minimum troops: the fewest attacking armies with P(capture) >= a target",
        description="The fewest armies in the attacking territory (see --count) that capture "
        "the territory, or conquer a whole path of territories as 'chain' does, with "
        "probability at least --target. The comparison with the target is exact.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "defenders",
        type=positive_int,
        nargs="+",
        metavar="D",
        help="defenders of the territory; several for a path of territories",
    )
    parser.add_argument(
        "--target",
        required=True,
        metavar="P",
        help="the probability to reach: 0.8, 80%% or 4/5",
    )
    add_path_options(parser)
    add_play_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Search for the fewest armies and print them."""
    from strategy.present.render import paint
    from strategy.risk.need import minimum_armies, parse_target

    target = parse_target(args.target)
    rules = path_rules(args, len(args.defenders))
    play = play_from_args(args)
    need = minimum_armies(
        args.defenders,
        target,
        rules,
        leave=args.leave,
        exact=args.exact,
        choice=play.choice,
        objective=play.objective,
    )
    if args.format == "json":
        obj: dict[str, Any] = {
            "attackers": need.attackers,
            "win_probability": float(need.win_probability),
        }
        if args.exact:
            obj["win_probability_exact"] = fraction_text(need.win_probability)
        obj |= {
            "target": float(target),
            "target_exact": fraction_text(target),
            "defenders": list(need.defenders),
            "leave": args.leave,
            "previous_probability": None
            if need.previous_probability is None
            else float(need.previous_probability),
            "rules": [rules_json(r) for r in rules],
        } | play_json(play)
        write_json(args, obj)
        return 0
    against = ", ".join(map(str, need.defenders))
    kept = play.objective.parameter
    keeping = f", keeping at least {kept} armies," if play.objective.kind == "keep" else ""
    lines = [
        f"{need.attackers} armies in the attacking territory capture "
        f"{'the path ' if len(need.defenders) > 1 else ''}{against}{keeping} with probability "
        f"{paint(decimal(need.win_probability), float(need.win_probability), colour_wanted(args))}"
        f" >= {args.target}",
    ]
    if need.previous_probability is not None:
        lines.append(f"{need.attackers - 1} armies would give {decimal(need.previous_probability)}")
    if args.exact:
        lines.append(f"exact: {fraction_text(need.win_probability)}")
    lines += rules_text(rules)
    if play.asked:
        lines.append(f"optimal play under --choice {play.choice}: {play.objective.description}")
    write_text(args, "\n".join(lines))
    return 0

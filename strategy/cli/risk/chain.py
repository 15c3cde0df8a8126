"""``strategy risk chain A D1 D2 …``: attack a path of territories, one after another.

Also home of the per-territory rule options that ``need`` shares: any rule that
can differ from one territory to the next takes one value or a comma-separated list.

>>> from strategy.cli.common import Parser
>>> parser = Parser()
>>> add_path_rule_options(parser)
>>> args = parser.parse_args(["--defender-sides", "6,8,6"])
>>> [r.defender_sides for r in path_rules(args, 3)]
[6, 8, 6]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_colour_option,
    add_output_options,
    colour_wanted,
    decimal,
    fraction_text,
    nonnegative_int,
    positive_int,
    write_json,
    write_text,
)
from strategy.cli.risk.options import add_rule_options, rules_from_args, rules_json

if TYPE_CHECKING:
    from strategy.risk.chain import ChainOdds
    from strategy.risk.rules import Rules

#: Rule options that may differ per territory, with the type of one value.
PER_TERRITORY = ("attacker_dice", "defender_dice", "attacker_sides", "defender_sides", "ties")

EPILOG = """examples:
  strategy risk chain 10 5 3 2
  strategy risk chain 30 5 3 2 --leave 2 --json
  strategy risk chain 5 3 2 1 --defender-sides 6,8,6"""


def add_path_rule_options(parser: argparse.ArgumentParser) -> None:
    """The rule options, where those in ``PER_TERRITORY`` accept ``6,8,6`` lists."""
    add_rule_options(parser)
    for action in parser._actions:
        if action.dest in PER_TERRITORY:
            action.type = _listed(action.type, action.choices)
            action.choices = None
            action.help = f"{action.help}; one value, or one per territory as in 6,8,6"


def _listed(one: Callable[[str], Any] | Any, choices: Any) -> Callable[[str], tuple[Any, ...]]:
    def parse(text: str) -> tuple[Any, ...]:
        values = tuple(
            one(part.strip()) if callable(one) else part.strip() for part in text.split(",")
        )
        for value in values:
            if choices is not None and value not in choices:
                raise argparse.ArgumentTypeError(
                    f"{value!r} is not one of {', '.join(map(str, choices))}"
                )
        return values

    return parse


def path_rules(args: argparse.Namespace, territories: int) -> tuple[Rules, ...]:
    """One ``Rules`` per territory from the (possibly listed) rule options."""
    rules = []
    for index in range(territories):
        one = dict(vars(args))
        for name in PER_TERRITORY:
            values = one[name] if isinstance(one[name], tuple) else (one[name],)
            if len(values) not in (1, territories):
                option = "--" + name.replace("_", "-")
                raise CliError(
                    f"{option} takes one value or one per territory ({territories}), "
                    f"not {len(values)}"
                )
            one[name] = values[index if len(values) > 1 else 0]
        rules.append(rules_from_args(argparse.Namespace(**one)))
    return tuple(rules)


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``chain`` to the ``risk`` group."""
    parser = commands.add_parser(
        "chain",
        help="attack a path of territories in turn: P(conquering all) and where the attack ends",
        description="Attack territories holding D1, D2, … defenders one after another, "
        "moving all armies but --leave into each territory taken (the 'blitz' plan). "
        "Both sides always roll the most dice they may.",
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
        "defenders",
        type=positive_int,
        nargs="+",
        metavar="D",
        help="defenders on the path, in order",
    )
    add_path_options(parser)
    parser.set_defaults(handler=run)


def add_path_options(parser: argparse.ArgumentParser) -> None:
    """What ``chain`` and ``need`` share: ``--leave``, ``--float``, colour, rules, output."""
    parser.add_argument(
        "--leave",
        type=positive_int,
        default=1,
        metavar="L",
        help="on a path: armies left behind in each territory taken (default 1)",
    )
    parser.add_argument("--float", dest="exact", action="store_false", help="floats only (faster)")
    add_colour_option(parser)
    add_path_rule_options(parser)
    add_output_options(parser)


def run(args: argparse.Namespace) -> int:
    """Compute the chain and print it."""
    from strategy.risk.chain import chain_odds

    rules = path_rules(args, len(args.defenders))
    odds = chain_odds(args.attackers, args.defenders, rules, leave=args.leave, exact=args.exact)
    if args.format == "json":
        write_json(args, chain_json(odds))
    else:
        write_text(args, chain_text(odds, colour=colour_wanted(args)))
    return 0


def _number(value: Any, exact: bool) -> dict[str, Any]:
    return {"probability": float(value)} | (
        {"probability_exact": fraction_text(value)} if exact else {}
    )


def chain_json(odds: ChainOdds) -> dict[str, Any]:
    """The chain as JSON: per-territory capture odds and every end of the attack."""
    obj: dict[str, Any] = {
        "attackers": odds.attackers,
        "defenders": list(odds.defenders),
        "leave": odds.leave,
        "win_probability": float(odds.win_probability),
    }
    if odds.exact:
        obj["win_probability_exact"] = fraction_text(odds.win_probability)
    obj["capture_probabilities"] = [
        {"territory": i, "defenders": d} | _number(p, odds.exact)
        for i, (d, p) in enumerate(
            zip(odds.defenders, odds.capture_probabilities, strict=True), start=1
        )
    ]
    obj["outcomes"] = [
        {
            "captured": o.captured,
            "armies": o.armies,
            "defenders": o.defenders,
            "armies_left": odds.armies_left(o),
        }
        | _number(o.probability, odds.exact)
        for o in odds.outcomes
    ]
    obj["rules"] = [rules_json(r) for r in odds.rules]
    return obj


def rules_text(rules: tuple[Rules, ...]) -> list[str]:
    """One line for shared rules, else one per territory."""
    if len(set(rules)) == 1:
        return [f"rules: {rules[0].describe()}"]
    return [f"rules, territory {i}: {r.describe()}" for i, r in enumerate(rules, start=1)]


def chain_text(odds: ChainOdds, *, colour: bool = False) -> str:
    """The chain for people: the odds of each step, then where the attack ends."""
    from strategy.present.render import paint

    n = len(odds.defenders)
    lines = [
        f"Attack chain: {odds.attackers} armies against "
        f"{', '.join(map(str, odds.defenders))} defenders "
        f"({odds.rules[0].stay_behind} left in the origin and {odds.leave} in each territory "
        "taken; all the others move on)",
        *rules_text(odds.rules),
        "",
    ]
    win = odds.win_probability
    exact = f"  = {fraction_text(win)}" if odds.exact else ""
    label = f"P(conquering all {n})" if n > 1 else "P(conquering it)"
    lines.append(f"{label:<26}{paint(f'{decimal(win):>12}', float(win), colour)}{exact}")
    lines += ["", "territory  defenders  P(taken)"]
    for i, (d, p) in enumerate(
        zip(odds.defenders, odds.capture_probabilities, strict=True), start=1
    ):
        lines.append(f"{i:>9}  {d:>9}  {paint(f'{decimal(p):>8}', float(p), colour)}")
    lines += ["", "where the attack ends       armies there  defenders  armies left  probability"]
    for o in odds.outcomes:
        where = f"took all {n}" if o.captured == n else f"stopped at territory {o.captured + 1}"
        lines.append(
            f"  {where:<26}{o.armies:>12}  {o.defenders:>9}  {odds.armies_left(o):>11}"
            f"  {decimal(o.probability):>11}"
        )
    lines.append(
        "armies there: in the last territory the attacker holds on the path; "
        "armies left: on the whole path, the origin's included"
    )
    return "\n".join(lines)

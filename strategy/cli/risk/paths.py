"""Options of the commands that attack a path of territories (``chain``, ``need``): any
rule that can differ from one territory to the next takes one value or a comma-separated
list.

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

from strategy.cli.common import CliError, add_colour_option, add_output_options, positive_int
from strategy.cli.risk.editions import add_blitz_options
from strategy.cli.risk.options import add_rule_options, rules_from_args

if TYPE_CHECKING:
    from strategy.risk.rules import Rules

#: Rule options that may differ per territory, with the type of one value.
PER_TERRITORY = (
    "attacker_dice",
    "defender_dice",
    "attacker_sides",
    "defender_sides",
    "ties",
    "capital",
    "wall",
    "zombie_defender",
    "zombie_attacker",
)


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


def add_path_options(parser: argparse.ArgumentParser, limits: tuple[str, ...] = ()) -> None:
    """What ``chain`` and ``need`` share: ``--leave``, ``--float``, colour, rules, dice,
    output; ``limits`` names the limits (``stop-until``, ``retreat-at``) offered."""
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
    add_blitz_options(parser, limits=limits)
    add_output_options(parser)


def rules_text(rules: tuple[Rules, ...]) -> list[str]:
    """One line for shared rules, else one per territory."""
    if len(set(rules)) == 1:
        return [f"rules: {rules[0].describe()}"]
    return [f"rules, territory {i}: {r.describe()}" for i, r in enumerate(rules, start=1)]

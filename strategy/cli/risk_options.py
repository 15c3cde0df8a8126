"""Options every Risk command shares: the rules of the battle.

>>> from strategy.cli.common import Parser
>>> parser = Parser()
>>> add_rule_options(parser)
>>> rules_from_args(parser.parse_args(["--defender-dice", "3", "--ties", "attacker"]))
Rules(attacker_dice=3, defender_dice=3, attacker_sides=6, defender_sides=6, ties='attacker', \
stay_behind=1, count='territory')
"""

from __future__ import annotations

import argparse
from dataclasses import asdict
from typing import Any

from strategy.cli.common import nonnegative_int, positive_int
from strategy.risk.rules import Rules


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The rule options: dice, faces, ties, armies left behind and the count convention."""
    group = parser.add_argument_group("rules of the battle")
    group.add_argument(
        "--attacker-dice",
        type=positive_int,
        default=3,
        metavar="N",
        help="most dice the attacker may roll (default 3)",
    )
    group.add_argument(
        "--defender-dice",
        type=positive_int,
        default=2,
        metavar="N",
        help="most dice the defender may roll (default 2; Risiko: 3)",
    )
    group.add_argument(
        "--attacker-sides",
        type=positive_int,
        default=6,
        metavar="S",
        help="faces of the attacker's dice (default 6)",
    )
    group.add_argument(
        "--defender-sides",
        type=positive_int,
        default=6,
        metavar="S",
        help="faces of the defender's dice (default 6; Risk 2210 commanders: 8)",
    )
    group.add_argument(
        "--ties",
        choices=("defender", "attacker"),
        default="defender",
        help="who wins a tied pair of dice (default defender)",
    )
    group.add_argument(
        "--stay-behind",
        type=nonnegative_int,
        default=1,
        metavar="N",
        help="armies that must stay in the attacking territory (default 1)",
    )
    group.add_argument(
        "--count",
        choices=("territory", "attacking"),
        default="territory",
        help="A counts every army in the attacking territory (default, as the "
        "seeds) or only those that may attack (Tan 1997, Osborne 2003)",
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The ``Rules`` the options describe (``ValueError`` with a clear message if invalid)."""
    return Rules(
        attacker_dice=args.attacker_dice,
        defender_dice=args.defender_dice,
        attacker_sides=args.attacker_sides,
        defender_sides=args.defender_sides,
        ties=args.ties,
        stay_behind=args.stay_behind,
        count=args.count,
    )


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules as a JSON object, field by field."""
    return asdict(rules)

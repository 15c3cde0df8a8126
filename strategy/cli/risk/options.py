"""Options every Risk command shares: the rules of the battle, and how it is played.

>>> from strategy.cli.common import Parser
>>> parser = Parser()
>>> add_rule_options(parser)
>>> rules_from_args(parser.parse_args(["--defender-dice", "3", "--ties", "attacker"]))
Rules(attacker_dice=3, defender_dice=3, attacker_sides=6, defender_sides=6, ties='attacker', \
stay_behind=1, count='territory', capital=False, wall=False, zombie_defender=False, \
zombie_attacker=False)
"""

from __future__ import annotations

import argparse

from strategy.cli.common import CliError, nonnegative_int, positive_int
from strategy.cli.risk.editions import add_edition_options, edition_rules
from strategy.risk.battle import Battle
from strategy.risk.choices import CHOICE_RULES, choice_rule
from strategy.risk.objectives import Objective
from strategy.risk.rules import Rules


def add_attackers_argument(parser: argparse.ArgumentParser) -> None:
    """The positional ``A``: the armies of the attacking territory."""
    parser.add_argument(
        "attackers",
        type=nonnegative_int,
        metavar="A",
        help="armies in the attacking territory (see --count)",
    )


def add_battle_arguments(parser: argparse.ArgumentParser) -> None:
    """The positional ``A D`` of a single battle."""
    add_attackers_argument(parser)
    parser.add_argument(
        "defenders", type=nonnegative_int, metavar="D", help="armies in the defending territory"
    )


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


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The rule options: dice, faces, ties, armies left behind, the count convention, the
    edition and RGD's modifiers. Defaults are ``None``: the edition's (or the classic)."""
    group = parser.add_argument_group("rules of the battle")
    group.add_argument(
        "--attacker-dice",
        type=positive_int,
        metavar="N",
        help="most dice the attacker may roll (default 3)",
    )
    group.add_argument(
        "--defender-dice",
        type=positive_int,
        metavar="N",
        help="most dice the defender may roll (default 2; Risiko: 3)",
    )
    group.add_argument(
        "--attacker-sides",
        type=positive_int,
        metavar="S",
        help="faces of the attacker's dice (default 6)",
    )
    group.add_argument(
        "--defender-sides",
        type=positive_int,
        metavar="S",
        help="faces of the defender's dice (default 6; Risk 2210 commanders: 8)",
    )
    group.add_argument(
        "--ties",
        choices=("defender", "attacker"),
        help="who wins a tied pair of dice (default defender)",
    )
    group.add_argument(
        "--stay-behind",
        type=nonnegative_int,
        metavar="N",
        help="armies that must stay in the attacking territory (default 1)",
    )
    group.add_argument(
        "--count",
        choices=("territory", "attacking"),
        help="A counts every army in the attacking territory (default, as the "
        "seeds) or only those that may attack (Tan 1997, Osborne 2003; RGD's troop counts)",
    )
    add_edition_options(group)


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The ``Rules`` the options describe (``ValueError`` with a clear message if invalid)."""
    return edition_rules(args)


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """``--choice``, ``--objective`` and ``--no-stop``: the game under optimal play."""
    group = parser.add_argument_group("optimal play")
    group.add_argument(
        "--choice",
        choices=tuple(CHOICE_RULES),
        help="when each side chooses its dice: max (both always roll the most, the classic "
        "tables; default), announce (both announce at once: 1993 rules), respond (the "
        "defender answers the attacker's count), sees-roll (the defender sees the attacker's "
        "dice: Dutch rules, seed 003)",
    )
    group.add_argument(
        "--objective",
        metavar="OBJ",
        help="what the attacker maximises and the defender minimises: capture (P(capture), "
        "default), signed (seed 000's outcome), keep:K (capture with at least K armies left "
        "in the attacking territory), balance:T (T for a capture, plus defenders killed, "
        "minus attackers lost)",
    )
    group.add_argument(
        "--no-stop",
        dest="allow_stop",
        action="store_false",
        help="the attacker fights to the end (by default it may stop before any roll)",
    )


def play_asked(args: argparse.Namespace) -> bool:
    """Whether ``--choice``, ``--objective`` or ``--no-stop`` was given: commands that also
    describe the classic battle show it when none was."""
    return args.choice is not None or args.objective is not None or not args.allow_stop


def battle_from_args(
    args: argparse.Namespace, metric: str | None = None, rules: Rules | None = None
) -> Battle:
    """The battle the rule and play options describe (``rules``, when the command reads
    them its own way); ``metric`` is the classic ``--metric``, one more way to name the
    objective (``CliError`` if both are given).
    An objective that only describes the fight to the end, named by ``--metric``, is
    that fight: no stopping.

    >>> from strategy.cli.common import Parser
    >>> parser = Parser()
    >>> add_rule_options(parser)
    >>> add_play_options(parser)
    >>> asked = parser.parse_args(["--choice", "sees-roll", "--objective", "keep:3"])
    >>> battle = battle_from_args(asked)
    >>> battle.choice.name, battle.objective.label, battle.allow_stop
    ('sees-roll', 'keep:3', True)
    >>> battle_from_args(parser.parse_args([]), "attacker-left").allow_stop
    False
    """
    if metric is not None and args.objective is not None:
        raise CliError("give --metric or --objective, not both (they name the same quantity)")
    # An empty --objective is a mistake to report, not the default.
    objective = Objective.parse(metric or "capture" if args.objective is None else args.objective)
    fought = args.objective is None and not objective.optimisable
    return Battle(
        rules or rules_from_args(args),
        objective,
        choice_rule(args.choice or "max"),
        args.allow_stop and not fought,
    )

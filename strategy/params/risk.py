"""The Risk battle's parameters, declared once for the command line and the web API: the
rules (with the edition and RGD's modifiers), optimal play, how a blitz fights, the tails
of one battle and the rules of a path of territories; and the readers that turn what was
parsed into the library's values (``Rules``, ``Battle``, :meth:`Battle.of`'s keywords).

>>> from strategy.params.risk import add_rule_options, rules_from_args
>>> parser = argparse.ArgumentParser()
>>> add_rule_options(parser)
>>> add_blitz_options(parser)
>>> args = parser.parse_args(["--edition", "rgd", "--capital"])
>>> rules = rules_from_args(args)
>>> rules.count, rules.defender_dice, blitz_terms(args)["dice"]
('attacking', 3, 'balanced-blitz')
>>> args = parser.parse_args(["--defender-dice", "3", "--ties", "attacker"])
>>> rules_from_args(args).ties
'attacker'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from strategy.engine.errors import InputError, echo
from strategy.params import Option, add_options, nonnegative_int, positive_int, yes_no
from strategy.risk.battle import Battle
from strategy.risk.choices import CHOICE_RULES, choice_rule
from strategy.risk.editions import DICE_MODES, EDITIONS, edition
from strategy.risk.objectives import Objective
from strategy.risk.rules import EDITION_FIELDS, MODIFIERS, Rules

MODIFIER_HELP = {
    "capital": "the defender is on a capital: one defender die more (RGD)",
    "wall": "the attack crosses a wall: one defender die more; with --capital 4 dice, "
    "the top 3 compared (RGD)",
    "zombie_defender": "the defender is a zombie: ties go to the attacker (RGD)",
    "zombie_attacker": "the attacker is a zombie: one attacker die fewer, at least 1 (RGD)",
}
STOP_HELP = (
    "SMG's blitz attack limit: the attacker never rolls so many dice that it could fall "
    "below S armies (counted as A is), so S stay home; the battle is (A - S) v D. Not the "
    "same as --retreat-at: 11 v 5 (--count attacking) with 7 wins 0.3586 stopping until 7, "
    "0.5071 retreating at 7"
)
RETREAT_HELP = (
    "a retreat threshold (sipolac/risk's stop, Minerva's retreat): full dice while the "
    "attacker has more than K armies; the last roll may leave fewer. Not --stop-until"
)


#: The positional ``A``: the armies of the attacking territory.
ATTACKERS = Option(
    "attackers",
    type=nonnegative_int,
    metavar="A",
    help="armies in the attacking territory (see --count)",
)


def add_battle_arguments(parser: argparse.ArgumentParser) -> None:
    """The positional ``A D`` of a single battle."""
    ATTACKERS.add(parser)
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


#: Each side's most dice and faces: option, metavar, help (the classic's default, and
#: where an edition differs).
DICE = (
    ("--attacker-dice", "N", "most dice the attacker may roll (default 3)"),
    ("--defender-dice", "N", "most dice the defender may roll (default 2; Risiko: 3)"),
    ("--attacker-sides", "S", "faces of the attacker's dice (default 6)"),
    ("--defender-sides", "S", "faces of the defender's dice (default 6; Risk 2210 commanders: 8)"),
)
#: The rule options but the edition and its modifiers.
RULE_OPTIONS = (
    *(Option(name, type=positive_int, metavar=metavar, help=text) for name, metavar, text in DICE),
    Option(
        "--ties",
        choices=("defender", "attacker"),
        help="who wins a tied pair of dice (default defender)",
    ),
    Option(
        "--stay-behind",
        type=nonnegative_int,
        metavar="N",
        help="armies that must stay in the attacking territory (default 1)",
    ),
    Option(
        "--count",
        choices=("territory", "attacking"),
        help="A counts every army in the attacking territory (default, as the "
        "seeds) or only those that may attack (Tan 1997, Osborne 2003; RGD's troop counts)",
    ),
)


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The rule options: dice, faces, ties, armies left behind, the count convention, the
    edition and RGD's modifiers. Defaults are ``None``: the edition's (or the classic)."""
    group = parser.add_argument_group("rules of the battle")
    add_options(group, RULE_OPTIONS)
    add_edition_options(group)


def add_edition_options(group: argparse._ArgumentGroup) -> None:
    """``--edition`` and the four RGD modifiers, in the rules' group."""
    group.add_argument(
        "--edition",
        choices=tuple(EDITIONS),
        help="an edition's defaults (explicit options override them): classic (3 v 2), "
        "risiko (3 v 3), 2210 (d8 defender), rgd (RISK: Global Domination: attacking "
        "count, Balanced Blitz where a command blitzes, modifiers allowed)",
    )
    for name, text in MODIFIER_HELP.items():
        group.add_argument(
            "--" + name.replace("_", "-"),
            type=yes_no,
            nargs="?",
            const=True,
            default=False,
            metavar="yes|no",
            help=text,
        )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules the options describe, an edition's defaults filling what is not given
    (``InputError`` with a clear message if invalid)."""
    chosen = edition(getattr(args, "edition", None))
    base = chosen.rules
    given = {name: getattr(args, name, None) for name in EDITION_FIELDS}
    values = {
        name: getattr(base, name) if value is None else value for name, value in given.items()
    }
    modifiers = {name: bool(getattr(args, name, False)) for name in MODIFIERS}
    chosen.check(balanced=False, **modifiers)
    if modifiers["zombie_defender"] and given["ties"] == "defender":
        raise InputError("--zombie-defender gives ties to the attacker: not with --ties defender")
    return Rules(**values).with_modifiers(**modifiers)


def add_blitz_options(
    parser: argparse.ArgumentParser, *, limits: tuple[str, ...] = ("stop-until", "retreat-at")
) -> None:
    """``--dice`` and ``--balance``, and the ``limits`` named: ``--stop-until``,
    ``--retreat-at``."""
    group = parser.add_argument_group("how the battle is blitzed")
    group.add_argument(
        "--dice",
        choices=DICE_MODES,
        help="true-random (default; the board game) or balanced-blitz (RGD's Balanced "
        "Blitz as of v3.3; the default of --edition rgd)",
    )
    group.add_argument(
        "--balance",
        metavar="W,P,O,Q",
        help="Balanced Blitz's constants: win-chance cutoff, win-chance power, outcome "
        "cutoff, outcome power (default 0.05,1.3,0.1,1.8; cutoffs below 0.5, powers 1-10)",
    )
    for name, metavar, text in (("stop-until", "S", STOP_HELP), ("retreat-at", "K", RETREAT_HELP)):
        if name in limits:
            group.add_argument(f"--{name}", type=nonnegative_int, metavar=metavar, help=text)


def blitz_terms(args: argparse.Namespace) -> dict[str, Any]:
    """The blitz options as :meth:`Battle.of`'s keywords (none for commands without them:
    those model manual rolls, which RGD rolls true random)."""
    if not hasattr(args, "dice"):
        return {}
    chosen = edition(getattr(args, "edition", None))
    dice = args.dice or chosen.dice
    chosen.check(balanced=dice == "balanced-blitz")
    text = getattr(args, "balance", None)
    if text is not None and dice != "balanced-blitz":
        raise InputError("--balance sets Balanced Blitz's constants: add --dice balanced-blitz")
    return {
        "dice": dice,
        "balance": text,
        "stop_until": getattr(args, "stop_until", None),
        "retreat_at": getattr(args, "retreat_at", None),
    }


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


def add_battle_options(parser: argparse.ArgumentParser) -> None:
    """The options of the battle fought: optimal play, the rules and how it is blitzed.

    >>> parser = argparse.ArgumentParser()
    >>> add_battle_options(parser)
    >>> [group.title for group in parser._action_groups[2:]]
    ['optimal play', 'rules of the battle', 'how the battle is blitzed']
    """
    add_play_options(parser)
    add_rule_options(parser)
    add_blitz_options(parser)


def play_asked(args: argparse.Namespace) -> bool:
    """Whether ``--choice``, ``--objective`` or ``--no-stop`` was given: commands that also
    describe the classic battle show it when none was."""
    return args.choice is not None or args.objective is not None or not args.allow_stop


def battle_from_args(
    args: argparse.Namespace, metric: str | None = None, rules: Rules | None = None
) -> Battle:
    """The battle the rule and play options describe (``rules``, when the command reads
    them its own way); ``metric`` is the classic ``--metric``, one more way to name the
    objective (``InputError`` if both are given).
    An objective that only describes the fight to the end, named by ``--metric``, is
    that fight: no stopping.

    >>> parser = argparse.ArgumentParser()
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
        raise InputError("give --metric or --objective, not both (they name the same quantity)")
    # An empty objective is a mistake to report, not the default.
    objective = Objective.parse(metric or "capture" if args.objective is None else args.objective)
    fought = args.objective is None and not objective.optimisable
    return Battle(
        rules or rules_from_args(args),
        objective,
        choice_rule(args.choice or "max"),
        args.allow_stop and not fought,
    )


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
                    f"{echo(value)} is not one of {', '.join(map(str, choices))}"
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
                raise InputError(
                    f"{option} takes one value or one per territory ({territories}), "
                    f"not {len(values)}"
                )
            one[name] = values[index if len(values) > 1 else 0]
        rules.append(rules_from_args(argparse.Namespace(**one)))
    return tuple(rules)

"""When each side of a Risk battle chooses how many dice to roll: the four timing rules.

Editions disagree on who knows what when the dice are chosen, and that decides
the game: a defender who sees the attacker's dice before choosing is a stronger
defender than one who must choose blind. Each rule is one :class:`ChoiceRule`;
the rule texts quoted come from the research notes (``risk_references.md`` §3).

>>> CHOICE_RULES["sees-roll"].defender_sees_roll
True
>>> [rule.name for rule in CHOICE_RULES.values()]
['max', 'announce', 'respond', 'sees-roll']
>>> choice_rule("bluff")
Traceback (most recent call last):
...
strategy.engine.errors.InputError: unknown choice rule 'bluff'; choose from max, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from strategy.engine.errors import InputError

Choice = Literal["max", "announce", "respond", "sees-roll"]


@dataclass(frozen=True)
class ChoiceRule:
    """One timing rule: its name, what it means, and which editions play it.

    >>> CHOICE_RULES["respond"].simultaneous
    False
    """

    name: Choice
    summary: str
    editions: str
    #: Both sides always roll the most dice they may (the attacker may still stop).
    fixed: bool = False
    #: Both sides choose at once, neither knowing the other's count: a matrix game.
    simultaneous: bool = False
    #: The defender chooses after seeing the attacker's dice.
    defender_sees_roll: bool = False


CHOICE_RULES: dict[Choice, ChoiceRule] = {
    "max": ChoiceRule(
        "max",
        "both sides always roll the most dice they may",
        "the classic odds tables (Tan 1997, Osborne 2003) and seeds 000 and 003",
        fixed=True,
    ),
    "announce": ChoiceRule(
        "announce",
        "both announce their dice before rolling, neither knowing the other's choice",
        "Parker Brothers 1993: 'Before rolling, both you and your opponent must announce "
        "the number of dice you intend to roll, and you both must roll at the same time'",
        simultaneous=True,
    ),
    "respond": ChoiceRule(
        "respond",
        "the attacker announces a number of dice; the defender answers knowing it",
        "Risk Legacy as explained by players (the attacker declares, then the defender), "
        "and third-party accounts of the 2022 UK rules",
    ),
    "sees-roll": ChoiceRule(
        "sees-roll",
        "the attacker rolls; the defender sees the dice, then chooses",
        "the Dutch rules (Koole 1994: the attacker rolls 'after which the defender can "
        "choose'), seed 003, and the Risk FAQ's 'if the defender gets to see the "
        "attacker's roll before deciding'",
        defender_sees_roll=True,
    ),
}


def choice_rule(name: str) -> ChoiceRule:
    """The rule called ``name`` (``ValueError`` naming the valid ones otherwise).

    >>> choice_rule("announce").simultaneous
    True
    """
    try:
        return CHOICE_RULES[name]  # type: ignore[index]
    except KeyError:
        raise InputError(
            f"unknown choice rule {name!r}; choose from {', '.join(CHOICE_RULES)}"
        ) from None

"""When each side of a Risk battle chooses how many dice to roll: the four timing rules.

Editions disagree on who knows what when the dice are chosen, and that decides
the game: a defender who sees the attacker's dice before choosing is a stronger
defender than one who must choose blind. Each rule is one :class:`ChoiceRule`, a value
that owns what differs between the rules (the attacker's moves, the dice each side may
pick, what the defender sees); the kernels ask it, never its name. The rule texts quoted
come from the research notes (``risk_references.md`` §3).

>>> CHOICE_RULES["sees-roll"].defender_sees_roll
True
>>> [rule.name for rule in CHOICE_RULES.values()]
['max', 'announce', 'respond', 'sees-roll']
>>> choice_rule("bluff")
Traceback (most recent call last):
...
strategy.engine.errors.InputError: unknown choice rule 'bluff'; choose from max, announce, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from strategy.engine.errors import InputError, echo

Choice = Literal["max", "announce", "respond", "sees-roll"]
#: What the defender knows when it chooses: nothing, the attacker's dice count, or its roll.
Sight = Literal["nothing", "count", "roll"]
#: An attacker's move: a number of dice, ``ATTACK`` (``announce``: fight, the dice are
#: chosen in the matrix game) or ``STOP``.
Move = int | str
STOP = "stop"
ATTACK = "attack"


@dataclass(frozen=True)
class ChoiceRule:
    """One timing rule: its name, what it means, which editions play it, and who knows what.

    >>> rule = CHOICE_RULES["respond"]
    >>> rule.simultaneous, rule.sight, rule.attacker_moves(3, allow_stop=True)
    (False, 'count', (1, 2, 3, 'stop'))
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

    def __str__(self) -> str:
        return self.name

    @property
    def sight(self) -> Sight:
        """What the defender sees before choosing.

        >>> [rule.sight for rule in CHOICE_RULES.values()]
        ['nothing', 'nothing', 'count', 'roll']
        """
        if self.defender_sees_roll:
            return "roll"
        return "nothing" if self.fixed or self.simultaneous else "count"

    @property
    def defender_answers(self) -> bool:
        """Whether the defender answers the attacker's choice, knowing its dice count or
        roll (``respond``, ``sees-roll``), so its play is a response per situation."""
        return self.sight != "nothing"

    def attacker_dice(self, most: int) -> tuple[int, ...]:
        """The dice counts the attacker may roll where it may roll up to ``most``.

        >>> CHOICE_RULES["max"].attacker_dice(3), CHOICE_RULES["announce"].attacker_dice(2)
        ((3,), (1, 2))
        """
        return (most,) if self.fixed else tuple(range(1, most + 1))

    def defender_dice(self, most: int) -> tuple[int, ...]:
        """The dice counts the defender may roll where it may roll up to ``most``."""
        return (most,) if self.fixed else tuple(range(1, most + 1))

    def attacker_moves(self, most: int, *, allow_stop: bool) -> tuple[Move, ...]:
        """The attacker's moves, in the battle game's order, where it may roll up to
        ``most`` dice: dice counts (or ``ATTACK`` when the dice are chosen in a matrix
        game), then ``STOP``.

        >>> CHOICE_RULES["announce"].attacker_moves(3, allow_stop=False)
        ('attack',)
        """
        stop: tuple[Move, ...] = (STOP,) if allow_stop else ()
        if self.simultaneous:
            return (ATTACK, *stop)
        return (*self.attacker_dice(most), *stop)


CHOICE_RULES: dict[str, ChoiceRule] = {
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
MOST_DICE = CHOICE_RULES["max"]


def choice_rule(name: str | ChoiceRule) -> ChoiceRule:
    """The rule called ``name`` (``ValueError`` naming the valid ones otherwise); a
    :class:`ChoiceRule` is returned as it is.

    >>> choice_rule("announce").simultaneous
    True
    """
    if isinstance(name, ChoiceRule):
        return name
    try:
        return CHOICE_RULES[name]
    except (KeyError, TypeError):
        raise InputError(
            f"unknown choice rule {echo(name)}; choose from {', '.join(CHOICE_RULES)}"
        ) from None

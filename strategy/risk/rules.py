"""The rules of a Risk battle, as one frozen value.

Editions differ in how many dice each side may roll, how many faces the dice
have (Risk 2210's commanders roll eight-sided dice), who wins ties, and how the
armies are counted. ``Rules`` holds all of that; every other module reads it.

Two army-count conventions exist in the literature. ``territory`` (the
default, as the seeds use it) counts every army in the attacking territory,
so ``stay_behind`` armies cannot attack and ``A = 1`` cannot attack at all.
``attacking`` (Tan 1997, Osborne 2003) counts only the armies that may attack.

RISK: Global Domination adds *modifiers* that stack (SMG's support article "How are the
dice rolling odds calculated", Aug 2019): a capital and a wall each give the defender one
die more, a zombie defender wins ties for the attacker and a zombie attacker rolls one die
fewer (at least one). ``Rules.with_modifiers`` folds them into the dice and ties, which is
all any kernel reads, and records them so that captions and JSON can say so.

>>> rules = Rules()
>>> rules.attacker_dice_for(10), rules.defender_dice_for(1)
(3, 1)
>>> Rules(count="attacking").attacker_dice_for(1)
1
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Literal, TypeGuard

from strategy.engine.errors import InputError, echo

Ties = Literal["defender", "attacker"]
Count = Literal["territory", "attacking"]

#: Dice with more faces than this make the exact roll tables needlessly large.
MAX_SIDES = 1000
#: Enough for every edition (Risiko lets the defender roll three) with room to experiment.
MAX_DICE = 10


def _modifier(does: str) -> bool:
    """A ``Rules`` field for one of RGD's modifiers, off by default; ``does`` is what it does,
    as a caption says it."""
    return field(default=False, metadata={"modifier": does})


@dataclass(frozen=True)
class Rules:
    """Everything that decides how a battle is fought.

    >>> Rules(defender_dice=3).defender_dice
    3
    >>> Rules(attacker_sides=1)
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: attacker_sides must be a whole number from 2 to 1000, not 1
    """

    attacker_dice: int = 3
    defender_dice: int = 2
    attacker_sides: int = 6
    defender_sides: int = 6
    ties: Ties = "defender"
    stay_behind: int = 1
    count: Count = "territory"
    #: Modifiers already folded into the dice and ties above (see ``with_modifiers``).
    capital: bool = _modifier("on a capital (+1 defender die)")
    wall: bool = _modifier("behind a wall (+1 defender die)")
    zombie_defender: bool = _modifier("zombie defender (ties to the attacker)")
    zombie_attacker: bool = _modifier("zombie attacker (one attacker die fewer)")

    def __post_init__(self) -> None:
        _check_range("attacker_dice", self.attacker_dice, 1, MAX_DICE)
        _check_range("defender_dice", self.defender_dice, 1, MAX_DICE)
        _check_range("attacker_sides", self.attacker_sides, 2, MAX_SIDES)
        _check_range("defender_sides", self.defender_sides, 2, MAX_SIDES)
        _check_range("stay_behind", self.stay_behind, 0, 1_000_000)
        if self.ties not in ("defender", "attacker"):
            raise InputError(f"ties must be 'defender' or 'attacker', not {echo(self.ties)}")
        if self.count not in ("territory", "attacking"):
            raise InputError(f"count must be 'territory' or 'attacking', not {echo(self.count)}")
        for name in MODIFIERS:
            if not isinstance(getattr(self, name), bool):
                raise InputError(f"{name} must be True or False, not {echo(getattr(self, name))}")
        if self.zombie_defender and self.ties != "attacker":
            raise InputError(
                "a zombie defender gives ties to the attacker: ties must be 'attacker'"
            )
        if self.defender_dice <= self.capital + self.wall:
            raise InputError("a capital or a wall adds a defender die to at least one")

    def with_modifiers(
        self,
        *,
        capital: bool = False,
        wall: bool = False,
        zombie_defender: bool = False,
        zombie_attacker: bool = False,
    ) -> Rules:
        """These rules with RGD's modifiers added: +1 defender die for a capital and for a
        wall, ties to the attacker for a zombie defender, one attacker die fewer (at least 1)
        for a zombie attacker.

        >>> both = Rules().with_modifiers(capital=True, wall=True, zombie_attacker=True)
        >>> both.attacker_dice, both.defender_dice, both.modifiers
        (2, 4, ('capital', 'wall', 'zombie_attacker'))
        >>> Rules().with_modifiers(capital=True).with_modifiers(capital=True)
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: these rules already have the modifier capital
        """
        asked = {
            "capital": capital,
            "wall": wall,
            "zombie_defender": zombie_defender,
            "zombie_attacker": zombie_attacker,
        }
        for name, wanted in asked.items():
            if wanted and getattr(self, name):
                raise InputError(f"these rules already have the modifier {name}")
        return replace(
            self,
            defender_dice=self.defender_dice + capital + wall,
            attacker_dice=max(1, self.attacker_dice - 1) if zombie_attacker else self.attacker_dice,
            ties="attacker" if zombie_defender else self.ties,
            capital=self.capital or capital,
            wall=self.wall or wall,
            zombie_defender=self.zombie_defender or zombie_defender,
            zombie_attacker=self.zombie_attacker or zombie_attacker,
        )

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The names of the modifiers these rules include, in a fixed order."""
        return tuple(name for name in MODIFIERS if getattr(self, name))

    @property
    def offset(self) -> int:
        """Armies counted in ``A`` that can never attack (``stay_behind`` or 0)."""
        return self.stay_behind if self.count == "territory" else 0

    @property
    def min_attackers(self) -> int:
        """The smallest meaningful ``A``: below it the attacking territory makes no sense."""
        return max(self.offset, 1) if self.count == "territory" else 0

    def attacker_dice_for(self, attackers: int) -> int:
        """The most dice an attacker with ``attackers`` armies (in this count) may roll."""
        return max(0, min(self.attacker_dice, attackers - self.offset))

    def defender_dice_for(self, defenders: int) -> int:
        """The most dice a defender with ``defenders`` armies may roll."""
        return min(self.defender_dice, defenders)

    def describe(self) -> str:
        """A one-line summary for table captions.

        >>> Rules().describe()
        '3 v 2 dice, d6 v d6, ties to defender, A counts the territory (1 stays behind)'
        >>> Rules(count="attacking").with_modifiers(capital=True).describe()
        '3 v 3 dice, d6 v d6, ties to defender, A counts the attacking armies; on a capital (+1 \
defender die)'
        """
        count = (
            f"A counts the territory ({self.stay_behind} stays behind)"
            if self.count == "territory"
            else "A counts the attacking armies"
        )
        with_ = "; " + ", ".join(MODIFIERS[m] for m in self.modifiers) if self.modifiers else ""
        return (
            f"{self.attacker_dice} v {self.defender_dice} dice, "
            f"d{self.attacker_sides} v d{self.defender_sides}, ties to {self.ties}, {count}"
            f"{with_}"
        )

    def check_state(self, attackers: int, defenders: int) -> None:
        """Raise ``ValueError`` unless (attackers, defenders) is a battle these rules allow.

        >>> Rules().check_state(0, 3)
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: attackers must be at least 1 when A counts the ...
        """
        for name, value in (("attackers", attackers), ("defenders", defenders)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(f"{name} must be a whole number, not {echo(value)}")
        if attackers < self.min_attackers:
            where = "when A counts the territory" if self.count == "territory" else ""
            raise InputError(
                f"attackers must be at least {self.min_attackers} {where}, not {attackers}".replace(
                    "  ", " "
                )
            )
        if defenders < 0:
            raise InputError(f"defenders must not be negative, not {defenders}")


def whole_at_least(value: object, least: int) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an ``int``, not a ``bool``) of at least ``least``.

    >>> whole_at_least(3, 1), whole_at_least(0, 1), whole_at_least(True, 0), whole_at_least(2.0, 1)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def check_table_size(max_attackers: int, max_defenders: int) -> None:
    """Raise ``ValueError`` unless both sizes of a table are whole numbers of at least 1.

    >>> check_table_size(3, 0)
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: max_defenders must be a whole number >= 1, not 0
    """
    for name, size in (("max_attackers", max_attackers), ("max_defenders", max_defenders)):
        if not whole_at_least(size, 1):
            raise InputError(f"{name} must be a whole number >= 1, not {echo(size)}")


def _check_range(name: str, value: object, low: int, high: int) -> None:
    if not (whole_at_least(value, low) and value <= high):
        raise InputError(f"{name} must be a whole number from {low} to {high}, not {echo(value)}")


#: RGD's dice modifiers, as ``Rules`` fields, and what each does.
MODIFIERS = {f.name: f.metadata["modifier"] for f in fields(Rules) if "modifier" in f.metadata}
#: The classic rules (3 v 2 six-sided dice, ties to the defender, territory count).
DEFAULT_RULES = Rules()
#: The fields of :class:`Rules` an edition sets: every one but the modifiers.
EDITION_FIELDS = tuple(each.name for each in fields(Rules) if each.name not in MODIFIERS)

"""Editions by name: the rules, dice and army count each edition of Risk uses.

An edition gives defaults; anything stated explicitly overrides them. It also says what
it cannot have: only RISK: Global Domination has capitals with an extra die, walls,
zombies and Balanced Blitz.

>>> EDITIONS["risiko"].rules.defender_dice
3
>>> EDITIONS["classic"].check(capital=True, balanced=False)
Traceback (most recent call last):
...
strategy.engine.errors.InputError: the classic edition cannot have --capital (an RGD modifier: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from strategy.engine.errors import InputError, echo
from strategy.risk.rules import Rules

DiceMode = Literal["true-random", "balanced-blitz"]
DICE_MODES: tuple[DiceMode, ...] = ("true-random", "balanced-blitz")


@dataclass(frozen=True)
class Edition:
    """One edition's defaults and what it can have.

    ``rgd`` is RISK: Global Domination (SMG Studio): it counts the attacking troops (the
    one left behind is not counted) and may use Balanced Blitz and the modifiers.
    """

    name: str
    title: str
    rules: Rules
    dice: DiceMode
    modifiers: bool
    balanced: bool
    source: str

    def check(self, *, balanced: bool, **modifiers: bool) -> None:
        """Refuse a modifier or Balanced Blitz this edition does not have."""
        for name, wanted in modifiers.items():
            if wanted and not self.modifiers:
                option = "--" + name.replace("_", "-")
                raise InputError(
                    f"the {self.name} edition cannot have {option} "
                    "(an RGD modifier: use --edition rgd or none)"
                )
        if balanced and not self.balanced:
            raise InputError(
                f"the {self.name} edition rolls true random dice; Balanced Blitz is RGD's "
                "(use --edition rgd or none)"
            )


EDITIONS: dict[str, Edition] = {
    edition.name: edition
    for edition in (
        Edition(
            "classic",
            "Risk (Parker Brothers / Hasbro)",
            Rules(),
            "true-random",
            modifiers=False,
            balanced=False,
            source="1993 Parker Brothers rules: the attacker rolls 1-3 dice and keeps one "
            "army behind, the defender 1-2, ties to the defender",
        ),
        Edition(
            "risiko",
            "RisiKo! (Editrice Giochi)",
            Rules(defender_dice=3),
            "true-random",
            modifiers=False,
            balanced=False,
            source="rec.games.board Risk FAQ: the Italian Risiko! lets the defender roll as "
            "many as three dice",
        ),
        Edition(
            "2210",
            "Risk 2210 A.D. (Avalon Hill)",
            Rules(defender_sides=8),
            "true-random",
            modifiers=False,
            balanced=False,
            source="Risk 2210 A.D. rules: a defending commander rolls eight-sided dice "
            "(all defending dice here; --attacker-sides 8 for an attacking commander)",
        ),
        Edition(
            "rgd",
            "RISK: Global Domination (SMG Studio)",
            Rules(count="attacking"),
            "balanced-blitz",
            modifiers=True,
            balanced=True,
            source="smgstudio/risk-dice v3.3 (README, dice code): attacking troops counted "
            "without the one left behind, Balanced Blitz, capital/wall/zombie modifiers "
            "(SMG support: they stack)",
        ),
    )
}

#: No edition named: today's defaults, and every option allowed.
CUSTOM = Edition(
    "custom",
    "any rules",
    Rules(),
    "true-random",
    modifiers=True,
    balanced=True,
    source="the options given",
)


def edition(name: str | None) -> Edition:
    """The edition called ``name``; ``None`` gives no edition (every option allowed).

    >>> edition(None).name, edition("rgd").rules.count
    ('custom', 'attacking')
    """
    if name is None:
        return CUSTOM
    if name not in EDITIONS:
        raise InputError(f"unknown edition {echo(name)}; choose from {', '.join(EDITIONS)}")
    return EDITIONS[name]

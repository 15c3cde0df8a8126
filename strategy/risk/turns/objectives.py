"""What a turn plan maximises: the four objectives of ``strategy risk plan``.

* ``capture-all``: P(the attacker owns every target territory when the turn ends);
* ``territories``: the expected number of target territories taken;
* ``value:BONUS``: ``BONUS`` if every target territory is held, plus one per target
  territory taken, minus the attacker's armies lost (in the region);
* ``keep:K``: P(every target territory is held and some territory of the attacker in the
  region keeps at least ``K`` armies), say to hold the continent's border.

Payoffs are whole numbers, so exact plans are exact.

>>> objective = TurnObjective.parse("value:2")
>>> objective.payoff(held_all=True, taken=4, armies=[3, 1], kept=False, lost=7)
-1
>>> TurnObjective.parse("keep:5").payoff(held_all=True, taken=4, armies=[4], kept=True, lost=0)
1
>>> TurnObjective.parse("keep").amount
Traceback (most recent call last):
...
strategy.engine.errors.InputError: objective keep needs a whole number from 0 to 1,000,000, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from strategy.engine.errors import InputError, echo
from strategy.risk.objectives import read_parameter

Kind = Literal["capture-all", "territories", "value", "keep"]
KINDS: tuple[Kind, ...] = ("capture-all", "territories", "value", "keep")


@dataclass(frozen=True)
class TurnObjective:
    """One objective; ``amount`` is the bonus of ``value`` or the ``K`` of ``keep``.

    >>> TurnObjective.parse("capture-all").is_probability
    True
    """

    kind: Kind = "capture-all"
    amount: int = 0

    @classmethod
    def parse(cls, text: str) -> TurnObjective:
        """``capture-all``, ``territories``, ``value:BONUS`` or ``keep:K``."""
        name, _, number = text.strip().partition(":")
        kind = next((k for k in KINDS if k == name), None)
        if kind is None:
            raise InputError(
                f"unknown objective {echo(text)}; choose from capture-all, territories, "
                "value:BONUS, keep:K"
            )
        if kind in ("capture-all", "territories"):
            if number:
                raise InputError(f"objective {kind} takes no number")
            return cls(kind)
        return cls(kind, read_parameter(kind, number, 2 if kind == "value" else 5))

    @property
    def is_probability(self) -> bool:
        """Whether the value is a probability (the payoff is 0 or 1)."""
        return self.kind in ("capture-all", "keep")

    @property
    def counts_armies(self) -> bool:
        """Whether the payoff depends on armies lost (``value``)."""
        return self.kind == "value"

    def keeps(self, armies: int) -> bool:
        """Whether ``armies`` on one territory satisfy ``keep:K``."""
        return self.kind == "keep" and armies >= self.amount

    def describe(self, target: str) -> str:
        """What the value means, for a heading.

        >>> TurnObjective("value", 2).describe("South America")
        'value: 2 if all of South America is held, +1 per territory taken, -1 per army lost'
        """
        if self.kind == "capture-all":
            return f"P(holding all of {target} at the end of the turn)"
        if self.kind == "territories":
            return f"expected territories of {target} taken"
        if self.kind == "value":
            return (
                f"value: {self.amount} if all of {target} is held, +1 per territory taken, "
                "-1 per army lost"
            )
        return f"P(holding all of {target} with {self.amount}+ armies left on one territory)"

    def payoff(
        self, *, held_all: bool, taken: int, armies: Sequence[int], kept: bool, lost: int
    ) -> int:
        """The payoff at the end of a turn.

        ``held_all``: every target territory is the attacker's; ``taken``: target
        territories captured; ``armies``: the armies on the attacker's territories still
        counted; ``kept``: a territory no longer counted had ``K`` or more; ``lost``: armies
        lost, not counting any the caller banks as it goes.
        """
        if self.kind == "capture-all":
            return int(held_all)
        if self.kind == "territories":
            return taken
        if self.kind == "value":
            return self.amount * held_all + taken - lost
        return int(held_all and (kept or any(self.keeps(a) for a in armies)))


#: The default objective.
CAPTURE_ALL = TurnObjective()

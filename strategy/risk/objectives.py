"""What a battle's outcome is worth: the quantity a table shows or a player optimises.

Every objective is the expectation of a payoff of the final state, so one
backward recursion serves them all. ``balance:T`` counts armies from the start
of the battle; its payoff is written as a function of the final state plus a
constant that depends only on the start (``start_offset``), which keeps the
recursion independent of where the battle began.

>>> Objective.parse("keep:3").payoff(attackers=3, defenders=0)
1
>>> Objective.parse("balance:5").payoff(4, 0) + Objective.parse("balance:5").start_offset(10, 6)
5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from strategy.engine.errors import InputError

Kind = Literal["capture", "signed", "attacker-left", "defender-left", "keep", "balance"]

_DESCRIPTIONS: dict[str, str] = {
    "capture": "probability that the attacker captures the territory",
    "signed": "expected signed outcome: attacker's armies left if it captures, "
    "minus the defender's armies left if it does not",
    "attacker-left": "expected armies left in the attacking territory",
    "defender-left": "expected armies left in the defending territory",
    "keep": "probability of capturing with at least {k} armies left in the attacking territory",
    "balance": "expected balance: {k} if captured, plus defenders killed, minus attackers lost",
}
_PARAMETRISED = ("keep", "balance")


@dataclass(frozen=True)
class Objective:
    """One objective: its kind and, for ``keep`` and ``balance``, its parameter.

    >>> Objective.parse("capture")
    Objective(kind='capture', parameter=0)
    >>> Objective.parse("keep")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: objective 'keep' needs a whole number, as in keep:3
    """

    kind: Kind
    parameter: int = 0

    @staticmethod
    def parse(text: str) -> Objective:
        """Read ``capture``, ``signed``, ``attacker-left``, ``defender-left``, ``keep:K``
        or ``balance:T``."""
        name, _, value = text.strip().partition(":")
        if name not in _DESCRIPTIONS:
            raise InputError(
                f"unknown objective {text!r}; choose from capture, signed, attacker-left, "
                "defender-left, keep:K, balance:T"
            )
        if name not in _PARAMETRISED:
            if value:
                raise InputError(f"objective {name!r} takes no parameter")
            return Objective(name)  # type: ignore[arg-type]
        try:
            parameter = int(value)
        except ValueError:
            raise InputError(f"objective {name!r} needs a whole number, as in {name}:3") from None
        if parameter < 0:
            raise InputError(f"objective {name!r} needs a number >= 0, not {parameter}")
        return Objective(name, parameter)  # type: ignore[arg-type]

    @property
    def label(self) -> str:
        """The objective as the command line writes it.

        >>> Objective("balance", 2).label
        'balance:2'
        """
        return f"{self.kind}:{self.parameter}" if self.kind in _PARAMETRISED else self.kind

    @property
    def description(self) -> str:
        """A sentence for captions and help."""
        return _DESCRIPTIONS[self.kind].format(k=self.parameter)

    @property
    def is_probability(self) -> bool:
        """Whether values lie in [0, 1] (and can be coloured as odds)."""
        return self.kind in ("capture", "keep")

    def payoff(self, attackers: int, defenders: int) -> int:
        """The payoff of a final state, armies counted as the user counts them."""
        captured = defenders == 0
        match self.kind:
            case "capture":
                return int(captured)
            case "signed":
                return attackers if captured else -defenders
            case "attacker-left":
                return attackers
            case "defender-left":
                return defenders
            case "keep":
                return int(captured and attackers >= self.parameter)
            case "balance":
                return self.parameter * captured + attackers - defenders
        raise AssertionError(self.kind)  # pragma: no cover - Kind is exhaustive

    def start_offset(self, attackers: int, defenders: int) -> int:
        """The constant added to a battle's value because of where it started."""
        return defenders - attackers if self.kind == "balance" else 0

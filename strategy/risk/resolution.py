"""How a battle is resolved, as one value: the dice (true random, or Balanced Blitz with its
constants) and where an attack stops short (stop-until S or retreat-at K), or neither.

A :class:`Resolution` is a term of the battle, beside its rules and objective
(:class:`~strategy.risk.battle.Battle` holds one); the kernels that fight it live in
:mod:`strategy.risk.variants` and :mod:`strategy.risk.limits`, and
:func:`strategy.risk.api.odds` chooses among them.

>>> Resolution("balanced-blitz", limit=Limit("stop-until", 5)).describe()
'Balanced Blitz as of v3.3; stop-until 5: the attacker never rolls below 5 armies \
(SMG blitz attack limit)'
>>> Resolution("balanced-blitz", limit=Limit("retreat-at", 3))
Traceback (most recent call last):
...
strategy.engine.errors.InputError: Balanced Blitz knows stop-until, not retreat-at (no RGD ...
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal

from strategy.engine.errors import InputError, echo
from strategy.risk.editions import DICE_MODES, DiceMode
from strategy.risk.rules import Rules, whole_at_least

LABEL = "Balanced Blitz as of v3.3"
LimitKind = Literal["stop-until", "retreat-at"]


@dataclass(frozen=True)
class Balance:
    """Balanced Blitz's four constants (``BalanceConfig.Default`` of v3.3 by default).

    >>> Balance.parse("0.05,1.3,0.1,1.8") == Balance()
    True
    >>> Balance.parse("0.05,1.3,0.6,1.8")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: balance: the outcome cutoff must be from 0 to below ...
    """

    win_cutoff: Fraction = Fraction("0.05")
    win_power: Fraction = Fraction("1.3")
    outcome_cutoff: Fraction = Fraction("0.1")
    outcome_power: Fraction = Fraction("1.8")

    def __post_init__(self) -> None:
        for name, value in (("win", self.win_cutoff), ("outcome", self.outcome_cutoff)):
            if not 0 <= value < Fraction(1, 2):
                raise InputError(
                    f"balance: the {name} cutoff must be from 0 to below 0.5, not {float(value):g}"
                )
        for name, value in (("win", self.win_power), ("outcome", self.outcome_power)):
            # Powers below 1 would pull odds towards even, the opposite of SMG's intent; the
            # error bounds below also use that x**p is 1-Lipschitz-times-p on [0, 1].
            if not 1 <= value <= 10:
                raise InputError(
                    f"balance: the {name} power must be from 1 to 10, not {float(value):g}"
                )

    @staticmethod
    def parse(text: str) -> Balance:
        """Read ``win cutoff, win power, outcome cutoff, outcome power``."""
        parts = [part.strip() for part in text.split(",")]
        if len(parts) != 4:
            raise InputError(
                "balance takes four numbers: win cutoff, win power, outcome cutoff, "
                f"outcome power (as in 0.05,1.3,0.1,1.8), not {echo(text)}"
            )
        try:
            numbers = [Fraction(part) for part in parts]
        except (ValueError, ZeroDivisionError):
            raise InputError(
                f"balance takes four numbers, as in 0.05,1.3,0.1,1.8, not {echo(text)}"
            ) from None
        return Balance(*numbers)

    @property
    def text(self) -> str:
        """The constants as ``--balance`` writes them.

        >>> Balance().text
        '0.05,1.3,0.1,1.8'
        """
        return ",".join(f"{float(v):g}" for v in self.constants)

    @property
    def constants(self) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """The four constants in ``--balance`` order."""
        return (self.win_cutoff, self.win_power, self.outcome_cutoff, self.outcome_power)

    @property
    def label(self) -> str:
        """What to call the dice in output.

        >>> Balance(win_power=Fraction(3, 2)).label
        'Balanced Blitz (the steps of v3.3, constants 0.05,1.5,0.1,1.8)'
        """
        if self == Balance():
            return LABEL
        return f"Balanced Blitz (the steps of v3.3, constants {self.text})"


V3_3 = Balance()


@dataclass(frozen=True)
class Limit:
    """Where the attacker stops: ``stop-until`` S (capped dice) or ``retreat-at`` K.

    >>> Limit("stop-until", 5).describe()
    'stop-until 5: the attacker never rolls below 5 armies (SMG blitz attack limit)'
    """

    kind: LimitKind
    armies: int

    def __post_init__(self) -> None:
        if self.kind not in ("stop-until", "retreat-at"):
            raise InputError(f"a limit is stop-until or retreat-at, not {echo(self.kind)}")
        if not whole_at_least(self.armies, 0):
            raise InputError(f"{self.kind} takes a whole number >= 0, not {echo(self.armies)}")

    def describe(self) -> str:
        """One line for captions."""
        if self.kind == "stop-until":
            return (
                f"stop-until {self.armies}: the attacker never rolls below {self.armies} armies "
                "(SMG blitz attack limit)"
            )
        return (
            f"retreat-at {self.armies}: full dice while the attacker has more than "
            f"{self.armies} armies (it may end below)"
        )

    def check(self, attackers: int, rules: Rules) -> None:
        """Refuse a limit that is not below the attackers, or below what must stay behind.

        >>> Limit("stop-until", 10).check(10, Rules())
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: stop-until 10 must be below the attackers (10)
        """
        if self.armies >= attackers:
            raise InputError(f"{self.kind} {self.armies} must be below the attackers ({attackers})")
        if self.kind == "stop-until" and self.armies < rules.offset:
            raise InputError(
                f"stop-until {self.armies} is below the armies that stay behind ({rules.offset})"
            )


@dataclass(frozen=True)
class Resolution:
    """The dice and the limit a battle is fought with; ``Resolution()`` is the classic
    battle (true random dice, to the end).

    >>> Resolution(limit=Limit("stop-until", 3)).stop_until, Resolution().plain
    (3, True)
    """

    dice: DiceMode = "true-random"
    balance: Balance = V3_3
    limit: Limit | None = None

    def __post_init__(self) -> None:
        if self.dice not in DICE_MODES:
            raise InputError(f"dice must be true-random or balanced-blitz, not {echo(self.dice)}")
        if self.dice == "true-random" and self.balance != V3_3:
            raise InputError("balance sets Balanced Blitz's constants: use dice balanced-blitz")
        if self.dice == "balanced-blitz" and self.retreat_at is not None:
            raise InputError(
                "Balanced Blitz knows stop-until, not retreat-at (no RGD option retreats)"
            )

    @classmethod
    def of(
        cls,
        dice: DiceMode,
        balance: Balance | None,
        stop_until: int | None,
        retreat_at: int | None,
    ) -> Resolution:
        """A resolution from its terms as keywords give them (at most one limit).

        >>> Resolution.of("true-random", None, 3, 4)
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: give stop-until or retreat-at, not both
        """
        if stop_until is not None and retreat_at is not None:
            raise InputError("give stop-until or retreat-at, not both")
        limit = None
        if stop_until is not None:
            limit = Limit("stop-until", stop_until)
        elif retreat_at is not None:
            limit = Limit("retreat-at", retreat_at)
        return cls(dice, balance or V3_3, limit)

    @property
    def stop_until(self) -> int | None:
        """The stop-until limit's armies, if that is the limit."""
        return self._limit("stop-until")

    @property
    def retreat_at(self) -> int | None:
        """The retreat threshold, if that is the limit."""
        return self._limit("retreat-at")

    def _limit(self, kind: str) -> int | None:
        return self.limit.armies if self.limit is not None and self.limit.kind == kind else None

    @property
    def balanced(self) -> bool:
        """Whether the dice are Balanced Blitz."""
        return self.dice == "balanced-blitz"

    @property
    def plain(self) -> bool:
        """Whether this is the classic battle: true random dice, fought to the end."""
        return not self.balanced and self.limit is None

    def describe(self) -> str:
        """One line for captions."""
        dice = self.balance.label if self.balanced else "true random dice"
        return dice + ("" if self.limit is None else f"; {self.limit.describe()}")

    def fought_rules(self, rules: Rules) -> Rules:
        """The rules whose classic battle this resolution's true-random battle is (stop-until
        is the classic battle with more armies staying behind)."""
        if self.limit is not None and self.limit.kind == "stop-until":
            return stop_until_rules(rules, self.limit.armies)
        return rules

    def to_json(self) -> dict[str, Any]:
        """The dice mode, its label and constants, and the limit, as every result's JSON
        names them.

        >>> Resolution().to_json()["dice_label"]
        'true random'
        """
        return {
            "dice": self.dice,
            "dice_label": self.balance.label if self.balanced else "true random",
            "balance": [float(c) for c in self.balance.constants] if self.balanced else None,
            "stop_until": self.stop_until,
            "retreat_at": self.retreat_at,
        }

    def shown_json(self) -> dict[str, Any]:
        """:meth:`to_json`, or nothing for the classic battle (whose JSON has no such keys)."""
        return {} if self.plain else self.to_json()


TRUE_RANDOM = Resolution()


def stop_until_rules(rules: Rules, stop_until: int) -> Rules:
    """The classic rules whose battle is stop-until ``stop_until``: that many stay behind,
    counted as ``A`` is (the territory count with ``stop_until`` staying behind).

    >>> stop_until_rules(Rules(), 5).stay_behind, stop_until_rules(Rules(), 5).offset
    (5, 5)
    """
    if stop_until < rules.offset:
        raise InputError(
            f"stop-until {stop_until} is below the armies that stay behind ({rules.offset})"
        )
    return replace(rules, count="territory", stay_behind=stop_until)

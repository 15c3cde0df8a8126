"""How a blitz fights, as plain terms any module may check: Balanced Blitz's constants
(:class:`Balance`) and which dice modes and limits go together (:func:`check_terms`).

The kernels that fight a blitz live in :mod:`strategy.risk.variants`; the terms live here,
below :class:`~strategy.risk.battle.Battle`, which holds them.

>>> check_terms("balanced-blitz", custom_balance=False, stop_until=None, retreat_at=3)
Traceback (most recent call last):
...
strategy.engine.errors.InputError: Balanced Blitz knows stop-until, not retreat-at (no RGD ...
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from strategy.engine.errors import InputError
from strategy.risk.editions import DICE_MODES
from strategy.risk.rules import whole_at_least

LABEL = "Balanced Blitz as of v3.3"


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
                f"outcome power (as in 0.05,1.3,0.1,1.8), not {text!r}"
            )
        try:
            numbers = [Fraction(part) for part in parts]
        except (ValueError, ZeroDivisionError):
            raise InputError(
                f"balance takes four numbers, as in 0.05,1.3,0.1,1.8, not {text!r}"
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


def check_terms(
    dice: str, *, custom_balance: bool, stop_until: int | None, retreat_at: int | None
) -> None:
    """Refuse terms no blitz fights: an unknown dice mode, constants without Balanced
    Blitz, two limits, a limit that is not a whole number, Balanced Blitz retreating."""
    if dice not in DICE_MODES:
        raise InputError(f"dice must be true-random or balanced-blitz, not {dice!r}")
    if dice == "true-random" and custom_balance:
        raise InputError("balance sets Balanced Blitz's constants: use dice balanced-blitz")
    if stop_until is not None and retreat_at is not None:
        raise InputError("give stop-until or retreat-at, not both")
    for kind, armies in (("stop-until", stop_until), ("retreat-at", retreat_at)):
        if armies is not None and not whole_at_least(armies, 0):
            raise InputError(f"{kind} takes a whole number >= 0, not {armies!r}")
    if dice == "balanced-blitz" and retreat_at is not None:
        raise InputError("Balanced Blitz knows stop-until, not retreat-at (no RGD option retreats)")

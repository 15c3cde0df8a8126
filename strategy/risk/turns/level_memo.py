"""What the numpy path of the level solver (:mod:`strategy.risk.turns.level_numpy`) works
out about a run of slots, and keeps from its forward pass for the solve.

The forward pass walks every slot reached once, working out its rolls and, for each
attack, its landings after a capture; the solve needs the same again. On a small turn that
was half the time, so they are kept (:class:`Memo`) up to :data:`MEMO_BYTES`, and the solve
works out only what was not kept.

>>> memo = Memo(100)
>>> memo.fits(60), memo.fits(40), memo.fits(1), memo.fits(0)  # once one does not fit, none is
(True, True, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from strategy.risk.turns.groups import Bools, Floats
from strategy.risk.turns.ranks import Ints

#: Bytes of the forward pass's rolls and landings kept for the solve: a few hundred bytes a
#: state (South America with two stacks, 33,670 states: 10 MB; Africa from Brazil 20,
#: 81,527: 40 MB).
MEMO_BYTES = 64 << 20


@dataclass(frozen=True)
class Rolled:
    """The rolls that do not capture from a run of slots, by slot, attack and outcome: the
    outcome's chance (0 where it captures or the attack cannot roll), the slot it leads to
    and the armies it banks (None where the objective does not count them); and by slot and
    attack, whether the attack can roll."""

    odds: Floats
    child: Ints
    bonus: Ints | None
    rolls: Bools

    def shaped(self, slots: int, attacks: int) -> Rolled:
        """The same, flat by (slot, attack), as arrays by slot, attack (and outcome)."""
        outcomes = (slots, attacks, self.odds.shape[-1])
        bonus = None if self.bonus is None else self.bonus.reshape(outcomes)
        return Rolled(
            self.odds.reshape(outcomes),
            self.child.reshape(outcomes),
            bonus,
            self.rolls.reshape(slots, attacks),
        )

    @property
    def nbytes(self) -> int:
        """The bytes of the arrays."""
        bonus = 0 if self.bonus is None else self.bonus.nbytes
        return self.odds.nbytes + self.child.nbytes + bonus + self.rolls.nbytes

    def take(self, slots: Ints) -> Rolled:
        """Those of these slots (places in the run)."""
        bonus = None if self.bonus is None else self.bonus.take(slots, axis=0)
        return Rolled(
            self.odds.take(slots, axis=0),
            self.child.take(slots, axis=0),
            bonus,
            self.rolls.take(slots, axis=0),
        )

    @staticmethod
    def joined(runs: list[Rolled]) -> Rolled:
        """Runs one after another, as one."""
        bonus = None if runs[0].bonus is None else np.concatenate([r.bonus for r in runs])
        return Rolled(
            np.concatenate([r.odds for r in runs]),
            np.concatenate([r.child for r in runs]),
            bonus,
            np.concatenate([r.rolls for r in runs]),
        )


@dataclass(frozen=True)
class Landed:
    """Every way a run of slots may take one territory and move in: the chance of the
    capture (by slot); and for each slot that can, and each number of armies it may move in
    (most first), the slot's place in the run, the slot of the group holding one more that
    it leads to, and the armies banked (None where the objective does not count them)."""

    chance: Floats
    row: NDArray[np.intp]
    child: Ints
    reward: Ints | None

    @property
    def nbytes(self) -> int:
        """The bytes of the arrays."""
        reward = 0 if self.reward is None else self.reward.nbytes
        return self.chance.nbytes + self.row.nbytes + self.child.nbytes + reward


class Memo:
    """The forward pass's rolls and landings, kept for the solve up to a number of bytes:
    walking the slots twice was most of a small turn's time."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.full = False
        # By group: where each reached slot's rolls are (by its place among those reached),
        # and the rolls in the order the forward pass met the slots.
        self.rolls: dict[int, tuple[Ints, Rolled]] = {}
        # By group, first slot's place and attack: each run's landings.
        self.landings: dict[tuple[int, int, int], Landed] = {}

    def fits(self, size: int) -> bool:
        """Whether ``size`` more bytes fit, and if so they are counted as kept; once one
        does not fit, none is."""
        self.full = self.full or size > self.room
        if not self.full:
            self.room -= size
        return not self.full

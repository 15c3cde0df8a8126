"""A turn's states by the territories held: the sets it may hold (:func:`held_sets`), each
set's states numbered densely (:class:`Group`), and one roll's outcomes as arrays
(:class:`Rolls`), what the level solver (:mod:`strategy.risk.turns.levels`) works on.

The states of a turn fall into *groups* by the set of territories the attacker holds.
Inside a group only a few numbers vary: the armies on the held territories that border an
enemy (its *live* ones, ranked densely by :class:`~strategy.risk.turns.ranks.Ranking`),
the defenders on the enemy territories bordering it (its *front*, each from 1 to what it
started with: nobody has attacked the others), and ``keep:K``'s memory. Each such
combination is one *slot*, numbered densely. A roll that does not capture leads to a slot
of the same group with fewer armies in play; a capture leads to the group holding one
territory more.

>>> from strategy.risk.turns.building import path_turn
>>> turn = path_turn(4, (2, 1))  # a path: the origin, then 2 and 1 defenders
>>> sorted(held_sets(turn))  # the origin; and the next; and all three
[1, 3, 7]
>>> near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
>>> group = Group(turn, 1, near, 4)  # live: the origin, 0-4 armies; front: 1-2 defenders
>>> group.live, group.front, group.size
((0,), (1,), 10)
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from itertools import pairwise
from math import prod

import numpy as np
from numpy.typing import NDArray

from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.ranks import Ints, Ranking

#: The level solver's arrays of values and of flags (its numbers: ``ranks.Ints``).
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]


def held_sets(turn: Turn) -> set[int]:
    """Every set of territories the attacker may hold: each taken borders one held."""
    near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
    found, frontier = {turn.attacker}, [turn.attacker]
    while frontier:
        owned = frontier.pop()
        bordered = 0
        for i in range(turn.size):
            bordered |= near[i] if owned >> i & 1 else 0
        for t in range(turn.size):
            if owned >> t & 1 or not bordered >> t & 1:
                continue
            after = owned | 1 << t
            if after not in found:
                found.add(after)
                frontier.append(after)
    return found


class Group:
    """The slots of the states holding ``owned``: index ``(kept * A + rank) * D + d``, with
    ``rank`` the live territories' armies' number and ``d`` the front's defenders' number."""

    def __init__(self, turn: Turn, owned: int, near: tuple[int, ...], total: int) -> None:
        self.owned = owned
        enemies = ~owned
        self.live = tuple(i for i in range(turn.size) if owned >> i & 1 and near[i] & enemies)
        self.front = tuple(i for i in range(turn.size) if not owned >> i & 1 and near[i] & owned)
        self.sizes = tuple(turn.armies[e] for e in self.front)
        # The territories neither live nor on the front hold what they must: none where
        # owned (held, cut off from every enemy), the turn's armies where not (untouched).
        self.fixed = tuple(
            (i, 0 if owned >> i & 1 else turn.armies[i])
            for i in range(turn.size)
            if i not in self.live and i not in self.front
        )
        self.ranking = Ranking(len(self.live), total)
        self.attackers = self.ranking.count
        self.defenders = prod(self.sizes)
        self.halves = 2 if turn.objective.kind == "keep" else 1
        self.size = self.halves * self.attackers * self.defenders
        strides = [1] * len(self.sizes)
        for i in range(len(self.sizes) - 2, -1, -1):
            strides[i] = strides[i + 1] * self.sizes[i + 1]
        self.strides = np.array(strides, np.int64)
        self.stride_list = tuple(strides)

    def index(self, armies: Ints, defenders: Ints, kept: Bools) -> Ints:
        """The slots of these rows (live armies, front defenders, memory)."""
        found = kept * self.attackers + self.ranking.rank(armies)
        return found * self.defenders + (defenders - 1) @ self.strides

    def slot(self, state: TurnState) -> int | None:
        """The slot of one state holding ``owned`` (:meth:`index`, in Python's integers),
        or None if its armies fall outside the group's slots.

        >>> from strategy.risk.turns.building import path_turn
        >>> turn = path_turn(3, (2,))
        >>> start, _ = turn.start()
        >>> near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
        >>> group = Group(turn, start.owned, near, 3)
        >>> rows = (np.array([[3]]), np.array([[2]]), np.array([False]))
        >>> group.slot(start) == int(group.index(*rows)[0]), group.slot(start._replace(kept=True))
        (True, None)
        """
        armies = state.armies
        if (state.kept and self.halves == 1) or any(armies[i] != n for i, n in self.fixed):
            return None
        live = [armies[i] for i in self.live]
        if sum(live) > self.ranking.total:
            return None
        defending = 0
        for e, n, stride in zip(self.front, self.sizes, self.stride_list, strict=True):
            if not 1 <= armies[e] <= n:
                return None
            defending += (armies[e] - 1) * stride
        rank = self.ranking.rank_one(live)
        return (state.kept * self.attackers + rank) * self.defenders + defending

    def split(self, slots: Ints) -> tuple[Ints, Ints, Ints]:
        """The memory (0 or 1), the armies' number and the defenders' number of these slots
        (by division by a constant, several times quicker than numpy's ``divmod``).

        >>> from strategy.risk.turns.building import path_turn
        >>> turn = path_turn(3, (2,))
        >>> near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
        >>> [part.tolist() for part in Group(turn, 1, near, 3).split(np.array([5, 6]))]
        [[0, 0], [2, 3], [1, 0]]
        """
        if self.halves > 1:
            half = self.attackers * self.defenders
            kept = slots // half
            rest = slots - kept * half
        else:
            kept, rest = np.zeros(len(slots), np.int64), slots
        rank = rest // self.defenders
        return kept, rank, rest - rank * self.defenders

    def decode(self, slots: Ints) -> tuple[Ints, Ints, Bools]:
        """The live armies, front defenders and memory of these slots."""
        kept, rank, defending = self.split(slots)
        return (
            self.ranking.all().take(rank, axis=0),
            self.grid.take(defending, axis=0),
            kept.astype(bool),
        )

    @cached_property
    def grid(self) -> Ints:
        """Every combination of the front's defenders, in the order of their numbers (rows
        in C order: the compiled loops then take every turn's grid as one type, and compile
        once)."""
        shape = (len(self.sizes), self.defenders)
        return np.ascontiguousarray(np.indices(self.sizes, dtype=np.int64).reshape(shape).T + 1)

    @cached_property
    def counts(self) -> tuple[Ints, Ints]:
        """The armies of each attacker vector, and of each defender combination."""
        return self.ranking.sums(), self.grid.sum(axis=1)

    def play(self, slots: Ints) -> Ints:
        """The armies in play at these slots: every move lowers them."""
        _, rank, defending = self.split(slots)
        attacking, defended = self.counts
        return attacking[rank] + defended[defending]

    def waves(self, slots: Ints) -> Iterator[Ints]:
        """``slots`` in runs of equal armies in play, fewest first."""
        play = self.play(slots).astype(np.int16)
        order = np.argsort(play, kind="stable")  # a radix sort: the counts are small
        edges = np.searchsorted(play[order], np.arange(int(play.max(initial=0)) + 2))
        for low, high in pairwise(edges):
            if high > low:
                yield slots[order[low:high]]


class Rolls:
    """One roll's outcomes for every (attacking, defending) armies, padded to one shape:
    ``lost``, ``killed`` and ``p`` of the rolls that do not capture (zero where a roll
    captures, or cannot be made), and the chance of a capture."""

    def __init__(self, turn: Turn, total: int, most: int) -> None:
        stay, rules = turn.rules.stay_behind, turn.rules
        shape = (total + 1, most + 1)
        # A roll's outcomes depend on the dice alone: each pair of numbers of dice is worked
        # out once and written to all its cells at once.
        attacking = [rules.attacker_dice_for(a) if a > stay else 0 for a in range(total + 1)]
        defending = [rules.defender_dice_for(d) if d else 0 for d in range(most + 1)]
        cells: dict[tuple[int, int], tuple[int, int]] = {}
        for a, x in enumerate(attacking):
            for d, y in enumerate(defending):
                if x and y:
                    cells.setdefault((x, y), (a, d))
        outcomes = {dice: turn.roll_steps(*first) for dice, first in cells.items()}
        width = max((len(o) for o in outcomes.values()), default=1)
        self.lost = np.zeros((*shape, width), np.int64)
        self.killed = np.zeros((*shape, width), np.int64)
        self.p = np.zeros((*shape, width))
        self.capture = np.zeros(shape)
        self.can = np.zeros(shape, bool)
        defenders, dice = np.arange(most + 1)[None, :], np.array(attacking)[:, None]
        for (x, y), steps in outcomes.items():
            cell = (dice == x) & (np.array(defending) == y)[None, :]
            self.can |= cell
            for j, (lost, killed, p) in enumerate(steps):
                captures = cell & (defenders == killed)
                normal = cell & ~captures
                self.capture[captures] = float(p)
                self.lost[normal, j], self.killed[normal, j] = lost, killed
                self.p[normal, j] = float(p)
        self.width = width
        self.columns = most + 1

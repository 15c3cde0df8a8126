"""The level solver's course, shared by its two ways of walking the slots: find the slots
reached, fewest territories held first, then solve them, most territories held first.

:class:`LevelSolver` holds what both need (the groups, the roll tables, each group's
attacks and payoff) and runs the passes; :class:`~strategy.risk.turns.level_numpy.NumpySolver`
walks the slots in numpy operations, :class:`~strategy.risk.turns.level_compiled.CompiledSolver`
in loops compiled by numba (:func:`strategy.risk.turns.levels.solve_levels` picks one).

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.level_numpy import NumpySolver
>>> solver = NumpySolver(path_turn(3, (1, 1)), None)
>>> solver.attacks(solver.groups[0b001]), solver.attacks(solver.groups[0b011])
([(0, 1)], [(1, 2)])
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import numpy as np

from strategy.risk.turns.groups import Floats, Group, Rolls, held_sets
from strategy.risk.turns.level_values import LevelValues
from strategy.risk.turns.model import Turn
from strategy.risk.turns.ranks import Ints

Progress = Callable[[int, int], None]
Found = TypeVar("Found")
#: Float moves within this fraction of the largest payoff count as tied (as in solve.py).
TIE_TOLERANCE = 1e-12


class LevelSolver(ABC):
    """One solve: the groups, the roll tables, the slots reached and the values of the
    groups solved; how the slots are walked is the subclass's."""

    def __init__(
        self, turn: Turn, progress: Progress | None, pool: ThreadPoolExecutor | None
    ) -> None:
        self.turn, self.progress, self.pool = turn, progress, pool
        self.total = turn.initial_armies
        self.near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
        self.stay = turn.rules.stay_behind
        objective = turn.objective
        self.counts = objective.counts_armies
        self.keep = objective.amount if objective.kind == "keep" else None
        largest = (
            1 if objective.is_probability else turn.initial_armies + objective.amount + turn.size
        )
        self.tie = TIE_TOLERANCE * largest
        self.groups = {
            owned: Group(turn, owned, self.near, self.total) for owned in held_sets(turn)
        }
        self.rolls = Rolls(turn, self.total, max(turn.armies))
        dice = [turn.rules.attacker_dice_for(x) for x in range(self.total + 1)]
        self.low = np.array(dice if turn.move_in == "classic" else [1] * len(dice), np.int64)
        self.values: dict[int, Floats] = {}
        self.reached: dict[int, Ints] = {}
        # Where each slot of a group is among those reached, by group, kept only while its
        # level or the one below is solved (each path's own form of it).
        self.lookup: dict[int, Ints] = {}

    @abstractmethod
    def begin(self, owned: int, slot: int) -> None:
        """Note the start, ``slot`` of the group holding ``owned``, as reached."""

    @abstractmethod
    def reach_level(self, level: list[int]) -> None:
        """The slots reached of the groups of one level into :attr:`reached` (sorted), and
        those they lead to in the groups holding one territory more noted as arrived."""

    @abstractmethod
    def solve_group(self, group: Group, attacks: list[tuple[int, int]], reached: Ints) -> Floats:
        """The values of ``reached``, ``group``'s slots reached, in order, by ``attacks``."""

    def run(self, admit: Callable[[int], None] | None = None) -> LevelValues:
        """Find the slots reached, fewest territories held first, telling ``admit`` how many;
        then solve them, most territories held first, keeping each group's values (but the
        positions of its slots only while the level below is solved)."""
        sizes = sorted({owned.bit_count() for owned in self.groups})
        levels = [[o for o in self.groups if o.bit_count() == n] for n in sizes]
        start, _ = self.turn.start()
        slot = self.groups[start.owned].slot(start)
        assert slot is not None  # the start holds its own armies
        self.begin(start.owned, slot)
        size = 0
        for level in levels:
            self.reach_level(level)
            size += sum(len(self.reached[owned]) for owned in level)
            if admit is not None:
                # Level by level, not once at the end: a pass reaching billions of states
                # would otherwise fill the machine's memory before it is told (Asia from
                # Ukraine 15 and Indonesia 10 was killed at 24 GB).
                admit(size)
        done = 0
        for level in reversed(levels):
            above = level[0].bit_count() + 1
            for gone in [o for o in self.lookup if o.bit_count() > above]:
                del self.lookup[gone]
            for owned, values in self.each(level, self.solve):
                self.values[owned] = values
                done += len(values)
                if self.progress is not None:
                    self.progress(done, size)
        return LevelValues(self.turn, self.groups, self.values, self.reached)

    def each(
        self, level: Iterable[int], work: Callable[[int], Found]
    ) -> Iterator[tuple[int, Found]]:
        """``work`` on each group of one level, the largest first, in the threads where
        there are several (each group's work writes only its own arrays)."""
        order = sorted(level, key=lambda owned: -self.groups[owned].size)
        found = map(work, order) if self.pool is None else self.pool.map(work, order)
        return zip(order, found, strict=True)

    def solve(self, owned: int) -> Floats:
        """The values of the slots reached of the group holding ``owned``, in order."""
        group = self.groups[owned]
        return self.solve_group(group, self.attacks(group), self.reached[owned])

    def attacks(self, group: Group) -> list[tuple[int, int]]:
        """The attacks of ``group``'s live territories."""
        return [
            (s, t) for s in group.live for t in self.turn.neighbours[s] if not group.owned >> t & 1
        ]

    def payoff(self, group: Group, slots: Ints) -> Floats:
        """Each slot's payoff if the turn ends there."""
        turn, owned = self.turn, group.owned
        held = float(owned & turn.target == turn.target)
        taken = float((owned & ~turn.attacker & turn.target).bit_count())
        kind = turn.objective.kind
        if kind == "capture-all":
            return np.full(len(slots), held)
        if kind == "territories":
            return np.full(len(slots), taken)
        armies, _, kept = group.decode(slots)
        if kind == "value":
            lost = self.total - armies.sum(axis=1)
            return np.asarray(turn.objective.amount * held + taken - lost, np.float64)
        assert self.keep is not None
        keeping = kept | (armies >= self.keep).any(axis=1) | (self.keep <= 0)
        return np.asarray(held * keeping, np.float64)

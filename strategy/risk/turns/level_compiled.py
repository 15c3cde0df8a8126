"""The level solver's compiled path: a group's slots walked one at a time by the loops of
:mod:`strategy.risk.turns.kernels`, compiled by numba where it is installed.

The forward pass keeps a bit a slot of one level's flags instead of lists of slots; where a
slot is among those reached is a bit a slot and a count every 64 slots, while its level or
the one below is solved. The groups of a level are worked on in threads at once, the
loops releasing the interpreter's lock, with the same values in one thread or several.

>>> from strategy.risk.turns.building import path_turn
>>> turn = path_turn(3, (1,))
>>> start, _ = turn.start()
>>> loops = compiled_loops()  # None without numba
>>> values = None if loops is None else CompiledSolver(turn, None, loops, None).run()
>>> values is None or round(values[start], 12) == round(1955 / 2592, 12)  # Pr(3,1)
True
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from types import ModuleType

import numpy as np

from strategy.risk.turns.groups import Floats, Group
from strategy.risk.turns.level_solver import LevelSolver, Progress
from strategy.risk.turns.model import Turn
from strategy.risk.turns.ranks import Ints
from strategy.risk.turns.size import state_bound

#: Turns that may reach fewer states are left to numpy in a process that has not loaded the
#: compiled loops: loading them (0.4-0.6 s with numba's import) costs more than they save
#: there. Once loaded, they are quicker at every size (South America with two stacks:
#: 0.02 s against 0.04 s).
COMPILE_FROM = 200_000
#: ``keep`` for the compiled loops where the objective remembers nothing: more armies than
#: any turn has.
NEVER = 2**62


@cache
def compiled_loops() -> ModuleType | None:
    """The compiled loops (:mod:`strategy.risk.turns.kernels`), or None where numba, the
    ``fast-plans`` extra, is not installed: only a solve big enough to use them imports it."""
    try:
        from strategy.risk.turns import kernels
    except ModuleNotFoundError as error:
        if error.name != "numba":
            raise
        return None
    return kernels


def loops_for(bound: int) -> ModuleType | None:
    """The compiled loops for a turn of up to ``bound`` states, or None for the numpy path:
    where numba is installed and the turn may reach :data:`COMPILE_FROM` states, or at any
    size once this process has loaded them. Either path gives the same values, to the bit.

    >>> loops_for(10) is None or loaded()  # small turns load nothing
    True
    """
    if bound < COMPILE_FROM and not loaded():
        return None
    return compiled_loops()


def speed_note(turn: Turn) -> str | None:
    """What a player waiting for ``turn`` should know where numba is missing and the turn is
    big enough for the compiled loops (by the bound :func:`loops_for` is given), else None.

    >>> from strategy.risk.turns.building import path_turn
    >>> speed_note(path_turn(3, (1,))) is None
    True
    """
    if state_bound(turn, fronts=False) < COMPILE_FROM or compiled_loops() is not None:
        return None
    # bench_plan.py --big, processor seconds: North America from Kamchatka 20, 12.0 s against
    # 2.2-2.7 s; Asia from Ukraine 16, 24.7 s against 6.9 s (docs/how-to/turn-plans.md).
    return (
        "numba is not installed, so this plan takes the numpy path, about 4-5x slower than "
        "the compiled loops (pip install 'strategy[fast-plans]')"
    )


def loaded() -> bool:
    """Whether this process has loaded the compiled loops (run them once): numba's import
    and its cache are then paid for."""
    kernels = sys.modules.get(f"{__package__}.kernels")
    return kernels is not None and bool(kernels.solve_group.signatures)


class CompiledSolver(LevelSolver):
    """One solve by the compiled loops ``loops``, the groups of a level in ``pool``'s
    threads where given."""

    def __init__(
        self,
        turn: Turn,
        progress: Progress | None,
        loops: ModuleType,
        pool: ThreadPoolExecutor | None,
    ) -> None:
        super().__init__(turn, progress, pool)
        self.loops = loops
        # The marks of the slots landed on, a bit a slot, by group.
        self.marks: dict[int, Ints] = {}

    def begin(self, owned: int, slot: int) -> None:
        """The start's slot, flagged."""
        self.marks[owned] = _bits(self.groups[owned].size)
        self.loops.mark(self.marks[owned], slot)

    def reach_level(self, level: list[int]) -> None:
        """Flags instead of lists of slots, each group's rolls closed in one call, then the
        captures into each group of the level above from all the groups leading to it."""
        loops = self.loops

        def close(owned: int) -> Ints:
            marks = self.marks.pop(owned, None)
            if marks is None:
                return np.zeros(0, np.int64)
            group = self.groups[owned]
            loops.reach_group(marks, *self.tables(group, self.attacks(group)), self.keeping)
            found: Ints = loops.marked_slots(marks)
            return found

        self.reached.update(self.each(level, close))
        parents: dict[int, list[tuple[int, int, int]]] = {}
        for owned in level:
            for s, t in self.attacks(self.groups[owned]):
                parents.setdefault(owned | 1 << t, []).append((owned, s, t))

        def land(after: int) -> Ints:
            marks = _bits(self.groups[after].size)
            nothing, index = np.zeros(0), np.zeros((0, 2), np.int64)
            for owned, s, t in parents[after]:
                landing = self.landing(self.groups[owned], s, t)
                loops.land(self.reached[owned], *landing, index, nothing, nothing, marks)
            return marks

        self.marks.update(self.each(parents, land))

    @property
    def keeping(self) -> int:
        """``keep:K``'s K for the compiled loops (:data:`NEVER` for others)."""
        return NEVER if self.keep is None else self.keep

    def tables(self, group: Group, attacks: list[tuple[int, int]]) -> tuple[object, ...]:
        """The arrays the compiled loops over ``group``'s rolls read, in their order."""
        rolls = self.rolls
        shape = np.array([group.attackers, group.defenders, self.total, group.halves], np.int64)
        sources = np.array([group.live.index(s) for s, _ in attacks], np.int64)
        targets = np.array([group.front.index(t) for _, t in attacks], np.int64)
        ranking = group.ranking
        return (shape, ranking.all(), group.grid, group.strides, ranking.below, sources, targets,
                rolls.can, rolls.lost, rolls.killed, rolls.p, self.stay)  # fmt: skip

    def landing(self, group: Group, s: int, t: int) -> tuple[object, ...]:
        """The arrays the compiled loop over captures of ``t`` from ``s`` reads."""
        after = group.owned | 1 << t
        nxt, enemies, near = self.groups[after], ~after, self.near
        free = [int(bool(near[s] & enemies)), int(bool(near[t] & enemies))]
        column = group.front.index(t)
        attack = np.array([group.live.index(s), column, *free, group.strides[column]], np.int64)
        freed = [
            j
            for j, i in enumerate(group.live)
            if i != s and near[t] >> i & 1 and not near[i] & enemies
        ]
        placed = [-1 if i == s else -2 if i == t else group.live.index(i) for i in nxt.live]
        facing = [
            group.front.index(e) if e in group.front else -1 - self.turn.armies[e]
            for e in nxt.front
        ]
        shape = np.array([group.attackers, group.defenders, self.total], np.int64)
        after_shape = np.array([nxt.attackers, nxt.defenders, self.total], np.int64)
        return (shape, group.ranking.all(), group.grid, attack,
                self.rolls.capture, self.low, self.stay, self.keeping, self.counts,
                np.array(freed, np.int64), np.array(placed, np.int64),
                np.array(facing, np.int64), after_shape, nxt.ranking.below,
                nxt.strides)  # fmt: skip

    def solve_group(self, group: Group, attacks: list[tuple[int, int]], reached: Ints) -> Floats:
        """The captures by each attack, then every slot upwards, by the compiled loops."""
        captures = np.zeros((len(attacks), len(reached)))
        nothing = np.zeros(0, np.int64)
        for i, (s, t) in enumerate(attacks):
            after = group.owned | 1 << t
            found = (self.lookup[after], self.values[after], captures[i], nothing)
            self.loops.land(reached, *self.landing(group, s, t), *found)
        values, index = np.zeros(len(reached)), self.loops.index_of(reached, group.size)
        payoff = self.payoff(group, reached)
        self.loops.solve_group(values, reached, index, payoff, captures,
                               *self.tables(group, attacks), self.keeping, self.counts,
                               self.tie)  # fmt: skip
        self.lookup[group.owned] = index  # for the level below
        return values


def _bits(size: int) -> Ints:
    """No flag set among ``size``, a bit each (:func:`strategy.risk.turns.kernels.marked`)."""
    return np.zeros((size >> 6) + 1, np.int64)

"""The level solver: a float turn plan's values as numpy arrays, one set held at a time.

The states of a turn fall into *groups* by the set of territories the attacker holds.
Inside a group only a few numbers vary: the armies on the held territories that border an
enemy (its *live* ones, ranked densely by :class:`~strategy.risk.turns.ranks.Ranking`),
the defenders on the enemy territories bordering it (its *front*, each from 1 to what it
started with: nobody has attacked the others), and ``keep:K``'s memory. Each such
combination is one *slot*, numbered densely. A roll that does not capture leads to a slot
of the same group with fewer armies in play; a capture leads to the group holding one
territory more.

A forward pass, fewest territories held first, finds the slots reached from the start
(most slots of a dense group never are: on North America with two stacks 0.4%). Then the
groups are solved *level by level*, most territories held first, and inside a group in
*wavefronts* of equal armies in play: every roll of every attack of a wavefront is one
numpy operation, and so is every number of armies moved in after a capture. The
arithmetic is the general induction's (:class:`~strategy.risk.turns.induction.Induction`)
term by term, except that the best number moved in is the plain maximum (ties there are
round-off), so the values agree to round-off. A group keeps its reached slots (sorted) and
their values, 16 bytes a state; where each slot is among them is a dense array only while
its level or the one below is solved (the compiled loops, :mod:`strategy.risk.turns.kernels`:
a bit a slot and a count every 64 slots; they solve the groups of a level in threads at
once).

>>> from strategy.risk.turns.building import path_turn
>>> values = solve_levels(path_turn(3, (1,)))
>>> start, _ = path_turn(3, (1,)).start()
>>> round(values[start], 12) == round(1955 / 2592, 12)  # seed 003: Pr(3,1) = 1955/2592
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import cache, cached_property
from itertools import pairwise
from math import prod
from types import ModuleType
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.ranks import Ints, Ranking
from strategy.risk.turns.size import state_bound

Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]
Progress = Callable[[int, int], None]
Found = TypeVar("Found")
#: Float moves within this fraction of the largest payoff count as tied (as in solve.py).
TIE_TOLERANCE = 1e-12
#: Bytes a state reached costs for the whole solve (its slot's number and its value), bytes
#: a slot costs while its group's level or the one below is solved (where it is among those
#: reached; the compiled path: slots a byte, a bit a slot of one level's forward pass flags,
#: and 16 bytes for 64 slots of two levels' indexes), and the bytes of one chunk's rolls and
#: landings at most.
STATE_BYTES = 16
POSITION_BYTES = 4
MARKED_PER_BYTE = 8
INDEXED_PER_BYTE = 4
WORKING_BYTES = 256 * 2**20
#: States of the bound the solver works through per second of one core: the states reached
#: are fewer (measured by benchmarks/bench_plan.py --big: 560,000 on North America from
#: Kamchatka, 860,000 on Asia from Ukraine, 3,100,000 on North America with two stacks).
STATES_PER_SECOND = 400_000
#: How many times that the compiled loops work through in one thread (bench_plan.py: 5.8-6.6
#: on North America from Kamchatka, 12 on Asia from Ukraine 16 v 1), where numba is installed.
COMPILED_GAIN = 5
#: Seconds a process spends loading the compiled loops from numba's cache before their first
#: solve (0.4-1.2 s measured; the web server's workers pay it once), counted in every
#: compiled estimate: a plan of Africa from Brazil 20 against 3 each was estimated at 0.2 s
#: without it and took 1.4 s.
COMPILED_LOAD = 0.8
#: Slots worked on at once.
CHUNK = 1 << 15
#: Slots whose rolls the numpy path's solve works out at once, across waves: on Africa from
#: Brazil 20 quicker than 512 or 32,768, and about the peak memory of a call a wave.
WAVES_CHUNK = 1 << 10
#: Turns that may reach fewer states are left to numpy: compiling (or loading the compiled
#: code) costs more than it saves there.
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


def cores() -> int:
    """The processors this process may run on: the groups of a level are solved on them."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


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

    def decode(self, slots: Ints) -> tuple[Ints, Ints, Bools]:
        """The live armies, front defenders and memory of these slots."""
        kept, rest = np.divmod(slots, self.attackers * self.defenders)
        rank, defending = np.divmod(rest, self.defenders)
        return (
            self.ranking.all().take(rank, axis=0),
            self.grid.take(defending, axis=0),
            kept.astype(bool),
        )

    @cached_property
    def grid(self) -> Ints:
        """Every combination of the front's defenders, in the order of their numbers."""
        shape = (len(self.sizes), self.defenders)
        return np.indices(self.sizes, dtype=np.int64).reshape(shape).T + 1

    @cached_property
    def counts(self) -> tuple[Ints, Ints]:
        """The armies of each attacker vector, and of each defender combination."""
        return self.ranking.sums(), self.grid.sum(axis=1)

    def play(self, slots: Ints) -> Ints:
        """The armies in play at these slots: every move lowers them."""
        rank, defending = np.divmod(slots % (self.attackers * self.defenders), self.defenders)
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


class _Rolls:
    """One roll's outcomes for every (attacking, defending) armies, padded to one shape:
    ``lost``, ``killed`` and ``p`` of the rolls that do not capture (zero where a roll
    captures, or cannot be made), and the chance of a capture."""

    def __init__(self, turn: Turn, total: int, most: int) -> None:
        stay, rules = turn.rules.stay_behind, turn.rules
        shape = (total + 1, most + 1)
        outcomes: dict[tuple[int, int], tuple[tuple[int, int, float], ...]] = {}
        for a in range(stay + 1, total + 1):
            if not rules.attacker_dice_for(a):
                continue
            for d in range(1, most + 1):
                outcomes[a, d] = tuple(
                    (lost, killed, float(p)) for lost, killed, p in turn.roll_steps(a, d)
                )
        width = max((len(o) for o in outcomes.values()), default=1)
        self.lost = np.zeros((*shape, width), np.int64)
        self.killed = np.zeros((*shape, width), np.int64)
        self.p = np.zeros((*shape, width))
        self.capture = np.zeros(shape)
        self.can = np.zeros(shape, bool)
        for (a, d), steps in outcomes.items():
            self.can[a, d] = True
            for j, (lost, killed, p) in enumerate(steps):
                if killed == d:
                    self.capture[a, d] = p
                else:
                    self.lost[a, d, j], self.killed[a, d, j], self.p[a, d, j] = lost, killed, p
        self.width = width
        self.columns = most + 1


def solve_levels(
    turn: Turn,
    *,
    progress: Progress | None = None,
    compiled: bool | None = None,
    threads: int | None = None,
    admit: Callable[[int], None] | None = None,
) -> LevelValues:
    """Every slot's value (rewards banked before it left out), by group, as a mapping from
    the states. ``admit``, if given, is told the states reached so far after each level of
    the forward pass, before any is solved, and may raise (``TooLarge``) to stop there: the
    reached count is often a small part of the bound (:func:`reach_cost`,
    :func:`reached_cost`). ``compiled`` walks the slots in loops compiled by numba
    (:mod:`strategy.risk.turns.kernels`, the same values to round-off); by default where
    numba is installed and the turn may reach :data:`COMPILE_FROM` states, and never
    without numba. The compiled loops work on the groups of a level in ``threads`` threads
    at once (by default one a processor: :func:`cores`), with the same values.

    >>> from strategy.risk.turns.building import path_turn
    >>> from strategy.risk.turns.solve import plan_turn
    >>> turn = path_turn(4, (1, 1))
    >>> len(solve_levels(turn)) == plan_turn(turn, method="states").states  # the same states
    True
    """
    loops = compiled_loops() if compiled is not False else None
    if compiled is None and loops is not None:
        loops = loops if state_bound(turn, fronts=False) >= COMPILE_FROM else None
    if compiled and loops is None:
        raise ImportError(
            "the compiled level solver needs numba: pip install 'strategy[fast-plans]'"
        )
    workers = 1 if loops is None else threads or cores()
    with ThreadPoolExecutor(workers) as pool:
        return _Solver(turn, progress, loops, pool if workers > 1 else None).run(admit)


class _Solver:
    """One solve: the groups, the roll tables, the marks of the slots reached and the
    values of the groups solved."""

    def __init__(
        self,
        turn: Turn,
        progress: Progress | None,
        loops: ModuleType | None,
        pool: ThreadPoolExecutor | None,
    ) -> None:
        self.turn, self.progress, self.loops, self.pool = turn, progress, loops, pool
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
        self.groups = {owned: Group(turn, owned, self.near, self.total) for owned in _held(turn)}
        self.rolls = _Rolls(turn, self.total, max(turn.armies))
        dice = [turn.rules.attacker_dice_for(x) for x in range(self.total + 1)]
        self.low = np.array(dice if turn.move_in == "classic" else [1] * len(dice), np.int64)
        self.values: dict[int, Floats] = {}
        self.reached: dict[int, Ints] = {}
        self.arrived: dict[int, list[Ints]] = {owned: [] for owned in self.groups}
        # The compiled path's marks of the slots landed on, a bit a slot, by group.
        self.marks: dict[int, Ints] = {}
        self.positions: dict[int, Ints] = {}
        # The compiled path's indexes of the slots reached (kernels.index_of), by group.
        self.indexes: dict[int, Ints] = {}

    def run(self, admit: Callable[[int], None] | None = None) -> LevelValues:
        """Find the slots reached, fewest territories held first, telling ``admit`` how many;
        then solve them, most territories held first, keeping each group's values (but the
        positions of its slots only while the level below is solved)."""
        sizes = sorted({owned.bit_count() for owned in self.groups})
        levels = [[o for o in self.groups if o.bit_count() == n] for n in sizes]
        start, _ = self.turn.start()
        first = self.groups[start.owned]
        slot = first.slot(start)
        assert slot is not None  # the start holds its own armies
        if self.loops is None:
            self.arrived[start.owned].append(np.array([slot], np.int64))
        else:
            self.marks[start.owned] = _bits(first.size)
            self.loops.mark(self.marks[start.owned], slot)
        size = 0
        for level in levels:
            if self.loops is None:
                self.reached.update((owned, self.reach(self.groups[owned])) for owned in level)
            else:
                self.reach_compiled(level)
            size += sum(len(self.reached[owned]) for owned in level)
            if admit is not None:
                # Level by level, not once at the end: a pass reaching billions of states
                # would otherwise fill the machine's memory before it is told (Asia from
                # Ukraine 15 and Indonesia 10 was killed at 24 GB).
                admit(size)
        done = 0
        for level in reversed(levels):
            above = level[0].bit_count() + 1
            for kept in (self.positions, self.indexes):
                for gone in [o for o in kept if o.bit_count() > above]:
                    del kept[gone]
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

    def position(self, owned: int) -> Ints:
        """Where each slot of the group holding ``owned`` is among those reached (-1 if it
        is not): one number a slot, for the group and the level above while solved."""
        found = self.positions.get(owned)
        if found is None:
            reached = self.reached[owned]
            kind = np.int32 if len(reached) < 2**31 else np.int64
            found = np.full(self.groups[owned].size, -1, kind)
            found[reached] = np.arange(len(reached), dtype=kind)
            self.positions[owned] = found
        return found

    def attacks(self, group: Group) -> list[tuple[int, int]]:
        """The attacks of ``group``'s live territories."""
        return [
            (s, t) for s in group.live for t in self.turn.neighbours[s] if not group.owned >> t & 1
        ]

    def reach(self, group: Group) -> Ints:
        """The slots of ``group`` reached (sorted), and those they lead to in the groups
        holding one territory more noted as arrived there."""
        attacks = self.attacks(group)
        arrived = self.arrived.pop(group.owned)
        # Slots waiting, by armies in play: a roll only leads to fewer, so the most first.
        waiting: dict[int, list[Ints]] = {}
        if arrived:
            for wave in group.waves(_distinct(np.concatenate(arrived), group.size)):
                waiting[int(group.play(wave[:1])[0])] = [wave]
        found = [np.zeros(0, np.int64)]
        while waiting:
            slots = _distinct(np.concatenate(waiting.pop(max(waiting))), group.size)
            found.append(slots)
            for chunk in _chunks(slots):
                _, _, p, child, _ = self.rolled(group, chunk, attacks)
                for wave in group.waves(child[p > 0]):
                    waiting.setdefault(int(group.play(wave[:1])[0]), []).append(wave)
        reached = np.sort(np.concatenate(found))
        for chunk in _chunks(reached):
            for s, t in attacks:
                owned = group.owned | 1 << t
                size, after = self.groups[owned].size, self.arrived[owned]
                after.append(_distinct(self.landings(group, s, t, chunk)[2], size))
                # Captures from many slots land on the same ones: merge before they pile up.
                if sum(map(len, after)) > 2 * len(after[0]) + CHUNK * 4:
                    after[:] = [_distinct(np.concatenate(after), size)]
        return reached

    def reach_compiled(self, level: list[int]) -> None:
        """:meth:`reach` by the compiled loops for a whole level: flags instead of lists of
        slots, each group's rolls closed in one call, then the captures into each group of
        the level above from all the groups leading to it."""
        assert self.loops is not None
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

    def rolled(
        self, group: Group, slots: Ints, attacks: list[tuple[int, int]]
    ) -> tuple[Ints, Ints, Floats, Ints, Ints | None]:
        """Every roll that does not capture from these slots: for each (slot, attack) that
        can roll, the slot's place in ``slots`` and the attack's in ``attacks``, and for each
        outcome its probability (0 where it captures), the slot it leads to and the reward."""
        rolls, stay, width = self.rolls, self.stay, self.rolls.width
        kept, rest = np.divmod(slots, group.attackers * group.defenders)
        rank, defending = np.divmod(rest, group.defenders)
        sources = np.array([group.live.index(s) for s, _ in attacks], np.intp)
        targets = np.array([group.front.index(t) for _, t in attacks], np.intp)
        # Flat indexes (numpy's take): several times quicker than indexing by two arrays.
        a = group.ranking.all().take(rank, axis=0)
        a_s = a[:, sources]
        cells = a_s * rolls.columns + group.grid.take(defending, axis=0)[:, targets]
        rolling = np.flatnonzero(rolls.can.take(cells))
        row, attack = np.divmod(rolling, len(attacks))
        a_s, cells = a_s.take(rolling), cells.take(rolling)
        lost = rolls.lost.reshape(-1, width).take(cells, axis=0)
        killed = rolls.killed.reshape(-1, width).take(cells, axis=0)
        p = rolls.p.reshape(-1, width).take(cells, axis=0)
        left = a_s[:, None] - lost
        drop = (left > 0) & (left <= stay)
        also = kept.take(row)[:, None] | drop & self.keeps(left)
        changed = np.repeat(a.take(row, axis=0), width, axis=0)
        source = np.repeat(sources[attack], width)
        changed.reshape(-1)[np.arange(len(changed)) * a.shape[1] + source] = np.where(
            drop, 0, left
        ).ravel()
        moved = group.ranking.rank(changed).reshape(-1, width)
        child = (also * group.attackers + moved) * group.defenders + defending.take(row)[:, None]
        child -= killed * group.strides[targets[attack]][:, None]
        reward = np.where(drop, left, 0) if self.counts else None
        return row, attack, p, child, reward

    def landings(
        self, group: Group, s: int, t: int, slots: Ints
    ) -> tuple[Floats, NDArray[np.intp], Ints, Ints]:
        """Every way these slots may take ``t`` from ``s`` in one roll and move in: the
        chance of the capture (by slot), and for each slot that can, and each number of
        armies it may move in (most first), the slot's place in ``slots``, the slot of the
        group holding one more that it leads to, and the reward."""
        rolls, stay, turn = self.rolls, self.stay, self.turn
        a, d, k = group.decode(slots)
        cs = group.live.index(s)
        a_s = a[:, cs]
        chance = rolls.capture.take(a_s * rolls.columns + d[:, group.front.index(t)])
        moves = np.where(chance > 0, np.maximum(a_s - stay - self.low[a_s] + 1, 0), 0)
        row = np.repeat(np.arange(len(slots)), moves)
        after = group.owned | 1 << t
        nxt = self.groups[after]
        enemies = ~after
        reward0 = np.zeros(len(slots), np.int64)
        for i in group.live:
            if i != s and self.near[t] >> i & 1 and not self.near[i] & enemies:
                column = a[:, group.live.index(i)]
                reward0 += column if self.counts else 0
                k = k | (column > 0) & self.keeps(column)
        landed = np.zeros((len(row), len(nxt.live)), np.int64)
        for j, i in enumerate(nxt.live):
            if i not in (s, t):
                landed[:, j] = a[row, group.live.index(i)]
        facing = np.empty((len(row), len(nxt.front)), np.int64)
        for j, e in enumerate(nxt.front):
            facing[:, j] = d[row, group.front.index(e)] if e in group.front else turn.armies[e]
        source_free, target_free = bool(self.near[s] & enemies), bool(self.near[t] & enemies)
        first = np.cumsum(moves) - moves
        moved = a_s[row] - stay - (np.arange(len(row)) - first[row])
        left = a_s[row] - moved
        drop = (left > 0) & ~(source_free & (left > stay))
        dropped = ~(target_free & (moved > stay))
        also = k[row] | drop & self.keeps(left) | dropped & self.keeps(moved)
        reward = reward0[row]
        if self.counts:
            reward = reward + np.where(drop, left, 0) + np.where(dropped, moved, 0)
        if s in nxt.live:
            landed[:, nxt.live.index(s)] = np.where(drop, 0, left)
        if t in nxt.live:
            landed[:, nxt.live.index(t)] = np.where(dropped, 0, moved)
        return chance, row, nxt.index(landed, facing, also), reward

    def keeps(self, armies: Ints) -> Bools:
        """``keep:K``'s test of armies dropped."""
        if self.keep is None:
            return np.zeros(armies.shape, bool)
        return armies >= self.keep

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

    def solve(self, owned: int) -> Floats:
        """The values of the slots reached of the group holding ``owned``, in order."""
        group = self.groups[owned]
        attacks, reached = self.attacks(group), self.reached[owned]
        if self.loops is not None:
            return self.solve_compiled(group, attacks, reached)
        chance = np.zeros((len(reached), len(attacks)))
        gain = np.zeros((len(reached), len(attacks)))
        for low in range(0, len(reached), CHUNK):
            chunk = reached[low : low + CHUNK]
            for i, (s, t) in enumerate(attacks):
                found, row, child, reward = self.landings(group, s, t, chunk)
                chance[low : low + len(chunk), i] = found
                if len(row):
                    # The best move in: the most moved among equals (here ties are round-off).
                    after = group.owned | 1 << t
                    here = reward + self.values[after][self.position(after)[child]]
                    starts = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
                    gain[low + row[starts], i] = np.maximum.reduceat(here, starts)
        values = np.zeros(len(reached))
        where = self.position(group.owned)
        waves = list(group.waves(reached))
        # The rolls of a run of several waves at once (a call on each wave's few slots
        # was most of the time of a small turn), then each wave from the ones below it.
        ordered = np.concatenate([np.zeros(0, np.int64), *waves])
        edges = np.cumsum([len(wave) for wave in waves]).tolist()
        for low in range(0, len(ordered), WAVES_CHUNK):
            chunk = ordered[low : low + WAVES_CHUNK]
            row, attack, p, child, bonus = self.rolled(group, chunk, attacks)
            at, payoff, high = where[chunk], self.payoff(group, chunk), low + len(chunk)
            cuts = [0, *(edge - low for edge in edges if low < edge < high), len(chunk)]
            for start, stop in pairwise(cuts):
                first, last = np.searchsorted(row, (start, stop))
                rows, tried = row[first:last] - start, attack[first:last]
                option = np.zeros(len(rows))
                for j in range(self.rolls.width):
                    known = values[where[child[first:last, j]]]
                    gained = known if bonus is None else bonus[first:last, j] + known
                    option += p[first:last, j] * gained
                places = at[start:stop]
                option += chance[places[rows], tried] * gain[places[rows], tried]
                options = np.full((stop - start, len(attacks)), -np.inf)
                options[rows, tried] = option
                best = payoff[start:stop]
                for i in range(len(attacks)):
                    best = np.where(options[:, i] > best + self.tie, options[:, i], best)
                values[places] = best
        return values

    def solve_compiled(self, group: Group, attacks: list[tuple[int, int]], reached: Ints) -> Floats:
        """:meth:`solve` by the compiled loops."""
        assert self.loops is not None
        captures = np.zeros((len(attacks), len(reached)))
        nothing = np.zeros(0, np.int64)
        for i, (s, t) in enumerate(attacks):
            after = group.owned | 1 << t
            found = (self.indexes[after], self.values[after], captures[i], nothing)
            self.loops.land(reached, *self.landing(group, s, t), *found)
        values, index = np.zeros(len(reached)), self.loops.index_of(reached, group.size)
        payoff = self.payoff(group, reached)
        self.loops.solve_group(values, reached, index, payoff, captures,
                               *self.tables(group, attacks), self.keeping, self.counts,
                               self.tie)  # fmt: skip
        self.indexes[group.owned] = index  # for the level below
        return values


def _distinct(slots: Ints, size: int) -> Ints:
    """``slots`` (numbers below ``size``) without repeats, in no particular order: each
    writes its place to a scratch array, and the place that stays there is the one kept
    (a pass over the slots, not a sort; only the pages written are ever touched)."""
    scratch = np.empty(size, np.int64)
    places = np.arange(len(slots))
    scratch[slots] = places
    kept: Ints = slots[scratch[slots] == places]
    return kept


def _bits(size: int) -> Ints:
    """No flag set among ``size``, a bit each (:func:`strategy.risk.turns.kernels.marked`)."""
    return np.zeros((size >> 6) + 1, np.int64)


def _chunks(slots: Ints) -> Iterator[Ints]:
    """``slots`` in runs short enough that a run's rolls fit in a few megabytes."""
    for start in range(0, len(slots), CHUNK):
        yield slots[start : start + CHUNK]


class LevelValues(Mapping[TurnState, float]):
    """The solved values by state: a state's group and slot worked out when asked for;
    only the states reached from the start are in it."""

    def __init__(
        self,
        turn: Turn,
        groups: dict[int, Group],
        values: dict[int, Floats],
        reached: dict[int, Ints],
    ) -> None:
        self.turn, self.groups, self.solved, self.reached = turn, groups, values, reached
        # A plan played forward asks for each state from every state leading to it.
        self.known: dict[TurnState, float] = {}

    def slot(self, state: TurnState) -> int | None:
        """Where ``state`` is among its group's slots reached, or None if it was not."""
        group = self.groups.get(state.owned)
        index = None if group is None else group.slot(state)
        if index is None:
            return None
        reached = self.reached[state.owned]
        found = int(reached.searchsorted(index))
        return found if found < len(reached) and reached.item(found) == index else None

    def __getitem__(self, state: TurnState) -> float:
        found = self.known.get(state)
        if found is None:
            index = self.slot(state)
            if index is None:
                raise KeyError(state)
            found = self.known[state] = float(self.solved[state.owned][index])
        return found

    def __iter__(self) -> Iterator[TurnState]:
        for owned, group in self.groups.items():
            armies, defenders, kept = group.decode(self.reached[owned])
            for row in range(len(kept)):
                state = [0 if owned >> i & 1 else n for i, n in enumerate(self.turn.armies)]
                for j, i in enumerate(group.live):
                    state[i] = int(armies[row, j])
                for j, e in enumerate(group.front):
                    state[e] = int(defenders[row, j])
                yield TurnState(owned, tuple(state), bool(kept[row]))

    def __len__(self) -> int:
        return sum(len(r) for r in self.reached.values())


#: States of the bound the forward pass alone goes through a second (compiled, two
#: threads: Asia from Ukraine 20 v 1-2 reaches 268 million of 1.75 billion in about 220 s
#: wall at load 2).
REACH_STATES_PER_SECOND = 8_000_000

#: Past this many states (160 GB at 16 bytes each) a turn's cost is not sized group by group.
UNSIZED = 10**10


def level_cost(turn: Turn) -> tuple[int, int, float]:
    """Before any work: the states the level solver may reach (the bound of
    :func:`strategy.risk.turns.size.state_bound` without fronts), its peak memory at that
    bound (each state kept, two levels' slot positions or, where the compiled loops will
    run, the larger of one level's flags and two levels' indexes, one chunk's work) and its
    time (shorter where the compiled loops will run).

    >>> from strategy.risk.turns.building import path_turn
    >>> bound, memory, seconds = level_cost(path_turn(4, (1, 1)))
    >>> bound, memory - WORKING_BYTES  # 9 states; slots: 5 on the origin, 5 taken, 1
    (9, 184)
    """
    bound, slots, fast = _layout(turn)
    return bound, *_cost(bound, slots, fast)


def reach_cost(turn: Turn) -> tuple[int, float]:
    """Before any work: the memory and time of the forward pass alone, which marks the
    slots reached (:func:`solve_levels` with ``admit``): the slots' marks or positions and
    one chunk's work, and a pass over the bound much faster than solving it.

    >>> from strategy.risk.turns.building import path_turn
    >>> memory, seconds = reach_cost(path_turn(4, (1, 1)))
    >>> memory - WORKING_BYTES, memory < level_cost(path_turn(4, (1, 1)))[1]
    (40, True)
    """
    bound, slots, _ = _layout(turn)
    if bound > UNSIZED:
        # Not sized group by group, and a level's slots outnumber the states: counted as the
        # states themselves, such a pass is never run (Asia from Ukraine 15 and Indonesia 10,
        # 21.5 billion states at the bound, filled 24 GB in its pass).
        slots = bound * STATE_BYTES
    return slots + WORKING_BYTES, bound / REACH_STATES_PER_SECOND


def reached_cost(turn: Turn, reached: int) -> tuple[int, float]:
    """The memory and time of solving ``turn`` once its forward pass reached ``reached``
    states: :func:`level_cost` at that count rather than at the bound.

    >>> from strategy.risk.turns.building import path_turn
    >>> reached_cost(path_turn(4, (1, 1)), 9) == level_cost(path_turn(4, (1, 1)))[1:]
    True
    """
    _, slots, fast = _layout(turn)
    return _cost(reached, slots, fast)


def _layout(turn: Turn) -> tuple[int, int, bool]:
    """The state bound, the bytes of the slots' marks or positions (the larger of one
    level's flags and two levels' indexes where the compiled loops run, else two levels'
    positions), and whether the compiled loops run."""
    bound = state_bound(turn, fronts=False)
    if bound > UNSIZED:
        # The groups' rankings would themselves be too large to build: the states alone
        # already put the turn past any machine's memory.
        return bound, 0, False
    total = turn.initial_armies
    near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
    sizes = [0] * (turn.size + 1)
    for owned in _held(turn):
        sizes[owned.bit_count()] += Group(turn, owned, near, total).size
    pairs = max(a + b for a, b in zip(sizes, [*sizes[1:], 0], strict=True))
    fast = bound >= COMPILE_FROM and compiled_loops() is not None
    if fast:
        return bound, max(max(sizes) // MARKED_PER_BYTE, pairs // INDEXED_PER_BYTE), True
    return bound, pairs * POSITION_BYTES, False


def _cost(states: int, slots: int, fast: bool) -> tuple[int, float]:
    """Memory and seconds of solving ``states`` states with ``slots`` bytes of marks."""
    memory = states * STATE_BYTES + slots + WORKING_BYTES
    if fast:
        return memory, states / STATES_PER_SECOND / COMPILED_GAIN + COMPILED_LOAD
    return memory, states / STATES_PER_SECOND


def _held(turn: Turn) -> set[int]:
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

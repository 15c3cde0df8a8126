"""The level solver's numpy path: a group's slots walked in whole-array operations.

The forward pass walks a group breadth first from the slots arrived at (lists merged
without sorting), each slot once, every roll of every attack of a step's slots one numpy
operation (only the outcomes that may happen are worked out); it keeps those rolls, and a
capture's landings, for the solve while they fit (:mod:`strategy.risk.turns.level_memo`).
The solve goes through a group in *wavefronts* of equal armies in play, the rolls of a run
of several laid out by slot, attack and outcome, so that each wavefront takes a few
whole-array steps; every number of armies moved in after a capture is one more. Where a
slot is among those reached is a dense array, one number a slot, while its level or the
one below is solved.

>>> from strategy.risk.turns.building import path_turn
>>> turn = path_turn(3, (1,))
>>> start, _ = turn.start()
>>> values = NumpySolver(turn, None).run()
>>> round(values[start], 12) == round(1955 / 2592, 12)  # seed 003: Pr(3,1) = 1955/2592
True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import numpy as np

from strategy.risk.turns.groups import Bools, Floats, Group
from strategy.risk.turns.level_memo import MEMO_BYTES, Landed, Memo, Rolled
from strategy.risk.turns.level_solver import LevelSolver, Progress
from strategy.risk.turns.model import Turn
from strategy.risk.turns.ranks import Ints

#: Slots worked on at once.
CHUNK = 1 << 15
#: Slots whose rolls the numpy path's solve works out at once, across waves: on Africa from
#: Brazil 20 quicker than 512 or 32,768, and about the peak memory of a call a wave.
WAVES_CHUNK = 1 << 10


class NumpySolver(LevelSolver):
    """One solve in numpy operations, in this thread."""

    def __init__(self, turn: Turn, progress: Progress | None) -> None:
        super().__init__(turn, progress, None)
        # The slots landed on and not yet walked, by group.
        self.arrived: dict[int, list[Ints]] = {owned: [] for owned in self.groups}
        self.memo = Memo(MEMO_BYTES)

    def begin(self, owned: int, slot: int) -> None:
        """The start's slot, as arrived at."""
        self.arrived[owned].append(np.array([slot], np.int64))

    def reach_level(self, level: list[int]) -> None:
        """Each group of the level by :meth:`reach`, one after another."""
        self.reached.update((owned, self.reach(self.groups[owned])) for owned in level)

    def position(self, owned: int) -> Ints:
        """Where each slot of the group holding ``owned`` is among those reached (-1 if it
        is not): one number a slot, for the group and the level above while solved."""
        found = self.lookup.get(owned)
        if found is None:
            reached = self.reached[owned]
            kind = np.int32 if len(reached) < 2**31 else np.int64
            found = np.full(self.groups[owned].size, -1, kind)
            found[reached] = np.arange(len(reached), dtype=kind)
            self.lookup[owned] = found
        return found

    def reach(self, group: Group) -> Ints:
        """The slots of ``group`` reached (sorted), and those they lead to in the groups
        holding one territory more noted as arrived there; their rolls and landings kept
        for the solve while :data:`MEMO_BYTES` allow."""
        owned, attacks = group.owned, self.attacks(group)
        arrived = self.arrived.pop(owned)
        marks = _Marks(group.size)
        frontier = marks.new(np.concatenate([np.zeros(0, np.int64), *arrived]))
        found = [frontier]
        kept: list[Rolled] | None = []  # None once the memo is full
        # Breadth first, each slot walked once: a roll loses one army or two, so there are
        # about half as many steps as there are numbers of armies in play.
        while len(frontier):
            step = []
            for chunk in _chunks(frontier):
                rolled = self.rolled(group, chunk, attacks)
                step.append(marks.new(rolled.child[rolled.odds > 0]))
                if kept is not None and self.memo.fits(rolled.nbytes):
                    kept.append(rolled)
                else:
                    kept = None
            frontier = np.concatenate(step)
            found.append(frontier)
        met = np.concatenate(found)
        order = np.argsort(met)
        if kept:
            self.memo.rolls[owned] = order, Rolled.joined(kept)
        reached: Ints = met[order]
        for low, chunk in _runs(reached):
            decoded = group.decode(chunk)
            for i, (s, t) in enumerate(attacks):
                after = owned | 1 << t
                size, arrivals = self.groups[after].size, self.arrived[after]
                landed = self.landings(group, s, t, decoded)
                arrivals.append(_distinct(landed.child, size))
                if self.memo.fits(landed.nbytes):
                    self.memo.landings[owned, low, i] = landed
                # Captures from many slots land on the same ones: merge before they pile up.
                if sum(map(len, arrivals)) > 2 * len(arrivals[0]) + CHUNK * 4:
                    arrivals[:] = [_distinct(np.concatenate(arrivals), size)]
        return reached

    def rolled(self, group: Group, slots: Ints, attacks: list[tuple[int, int]]) -> Rolled:
        """Every roll that does not capture from these slots, by slot, attack and outcome."""
        rolls, stay, width = self.rolls, self.stay, self.rolls.width
        kept, rank, defending = group.split(slots)
        sources = np.array([group.live.index(s) for s, _ in attacks], np.intp)
        targets = np.array([group.front.index(t) for _, t in attacks], np.intp)
        # Flat indexes (numpy's take): several times quicker than indexing by two arrays.
        a = group.ranking.all().take(rank, axis=0)
        cells = (
            a[:, sources] * rolls.columns + group.grid.take(defending, axis=0)[:, targets]
        ).ravel()
        odds = rolls.p.reshape(-1, width).take(cells, axis=0)
        # Only the outcomes that may happen are worked out: half of them or fewer (an attack
        # that cannot roll has none, and a roll of one die two).
        happens = np.flatnonzero(odds > 0)  # on floats, 7 times slower
        pair = happens // width
        row = pair // len(attacks)
        attack, outcome = pair - row * len(attacks), happens - pair * width
        cell = cells.take(pair) * width + outcome
        lost, killed = rolls.lost.take(cell), rolls.killed.take(cell)
        source = sources.take(attack)
        left = a.reshape(-1).take(row * a.shape[1] + source) - lost
        drop = (left > 0) & (left <= stay)
        also = self.remembers(kept.take(row) == 1, (drop, left))
        changed = a.take(row, axis=0)
        changed.reshape(-1)[np.arange(len(changed)) * a.shape[1] + source] = np.where(drop, 0, left)
        moved = group.ranking.rank(changed)
        child = (also * group.attackers + moved) * group.defenders + defending.take(row)
        child -= killed * group.strides.take(targets.take(attack))
        leads = np.zeros(odds.size, np.int64)
        leads[happens] = child
        bonus = None
        if self.counts:
            bonus = np.zeros(odds.size, np.int64)
            bonus[happens] = np.where(drop, left, 0)
        can = rolls.can.take(cells)
        return Rolled(odds, leads, bonus, can).shaped(len(slots), len(attacks))

    def landings(self, group: Group, s: int, t: int, decoded: tuple[Ints, Ints, Bools]) -> Landed:
        """Every way the slots of ``decoded`` (:meth:`Group.decode`) may take ``t`` from
        ``s`` in one roll and move in."""
        rolls, stay, turn = self.rolls, self.stay, self.turn
        a, d, k = decoded
        cs = group.live.index(s)
        a_s = a[:, cs].astype(np.int64)
        chance = rolls.capture.take(a_s * rolls.columns + d[:, group.front.index(t)])
        moves = np.where(chance > 0, np.maximum(a_s - stay - self.low.take(a_s) + 1, 0), 0)
        row = np.repeat(np.arange(len(a)), moves)
        after = group.owned | 1 << t
        nxt = self.groups[after]
        enemies = ~after
        reward0 = np.zeros(len(a), np.int64)
        for i in group.live:
            if i != s and self.near[t] >> i & 1 and not self.near[i] & enemies:
                column = a[:, group.live.index(i)]
                reward0 += column if self.counts else 0
                k = self.remembers(k, (column > 0, column))
        landed = np.zeros((len(row), len(nxt.live)), np.int64)
        for j, i in enumerate(nxt.live):
            if i not in (s, t):
                landed[:, j] = a[:, group.live.index(i)].take(row)
        facing = np.empty((len(row), len(nxt.front)), np.int64)
        for j, e in enumerate(nxt.front):
            facing[:, j] = (
                d[:, group.front.index(e)].take(row) if e in group.front else turn.armies[e]
            )
        source_free, target_free = bool(self.near[s] & enemies), bool(self.near[t] & enemies)
        first = np.cumsum(moves) - moves
        a_row = a_s.take(row)
        moved = a_row - stay - (np.arange(len(row)) - first.take(row))
        left = a_row - moved
        drop = (left > 0) & ~(source_free & (left > stay))
        dropped = ~(target_free & (moved > stay))
        also = self.remembers(k.take(row), (drop, left), (dropped, moved))
        reward = None
        if self.counts:
            reward = reward0.take(row) + np.where(drop, left, 0) + np.where(dropped, moved, 0)
        if s in nxt.live:
            landed[:, nxt.live.index(s)] = np.where(drop, 0, left)
        if t in nxt.live:
            landed[:, nxt.live.index(t)] = np.where(dropped, 0, moved)
        return Landed(chance, row, nxt.index(landed, facing, also), reward)

    def remembers(self, kept: Bools, *drops: tuple[Bools, Ints]) -> Bools:
        """The memory ``kept`` after these drops (where armies are dropped, and how many):
        ``keep:K`` remembers K or more; other objectives nothing (``kept`` as it was)."""
        if self.keep is None:
            return kept
        for where, armies in drops:
            kept = kept | where & (armies >= self.keep)
        return kept

    def solve_group(self, group: Group, attacks: list[tuple[int, int]], reached: Ints) -> Floats:
        """The captures' best moves in first, then the rolls of runs of waves at once."""
        owned = group.owned
        chance = np.zeros((len(reached), len(attacks)))
        gain = np.zeros((len(reached), len(attacks)))
        for low, chunk in _runs(reached):
            decoded = None
            for i, (s, t) in enumerate(attacks):
                landed = self.memo.landings.pop((owned, low, i), None)
                if landed is None:
                    decoded = group.decode(chunk) if decoded is None else decoded
                    landed = self.landings(group, s, t, decoded)
                row = landed.row
                chance[low : low + len(chunk), i] = landed.chance
                if len(row):
                    # The best move in: the most moved among equals (here ties are round-off).
                    after = owned | 1 << t
                    here = self.values[after][self.position(after)[landed.child]]
                    if landed.reward is not None:
                        here = landed.reward + here
                    starts = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
                    gain[low + row[starts], i] = np.maximum.reduceat(here, starts)
        captures = chance * gain
        values = np.zeros(len(reached))
        where = self.position(owned)
        waves = list(group.waves(reached))
        kept = self.memo.rolls.pop(owned, None)
        # The rolls of a run of several waves at once (a call on each wave's few slots
        # was most of the time of a small turn), then each wave from the ones below it in
        # a few whole-array steps.
        ordered = np.concatenate([np.zeros(0, np.int64), *waves])
        edges = np.cumsum([len(wave) for wave in waves]).tolist()
        for low in range(0, len(ordered), WAVES_CHUNK):
            chunk = ordered[low : low + WAVES_CHUNK]
            at, payoff, high = where[chunk], self.payoff(group, chunk), low + len(chunk)
            if kept is None:
                rolled = self.rolled(group, chunk, attacks)
            else:
                rolled = kept[1].take(kept[0][at])
            known = where[rolled.child]
            # Where an attack cannot roll it is no option (minus infinity).
            captured = np.where(rolled.rolls, captures.take(at, axis=0), -np.inf)
            cuts = [0, *(edge - low for edge in edges if low < edge < high), len(chunk)]
            for start, stop in pairwise(cuts):
                found = values.take(known[start:stop])
                if rolled.bonus is not None:
                    found = rolled.bonus[start:stop] + found
                terms = rolled.odds[start:stop] * found
                option = terms[..., 0] + 0.0  # the sum from zero, as the compiled loops'
                for j in range(1, terms.shape[2]):
                    option += terms[..., j]
                option += captured[start:stop]
                best = payoff[start:stop]
                for i in range(len(attacks)):
                    best = np.where(option[:, i] > best + self.tie, option[:, i], best)
                values[at[start:stop]] = best
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


class _Marks:
    """The slots of a group met so far, for a walk that meets each once: each slot's mark
    is 0 until met (only the pages written are ever touched). :func:`_distinct`'s trick
    on one array kept for the whole walk: the numbers written both drop the repeats and
    mark the slots met, with no scratch array a step."""

    def __init__(self, size: int) -> None:
        self.marks = np.zeros(size, np.int64)
        self.count = 0

    def new(self, slots: Ints) -> Ints:
        """``slots`` not met before, without repeats (in no particular order), now met:
        each writes a number of its own, and the one that stays is kept."""
        slots = slots[self.marks[slots] == 0]
        numbers = np.arange(self.count + 1, self.count + 1 + len(slots))
        self.marks[slots] = numbers
        self.count += len(slots)
        kept: Ints = slots[self.marks[slots] == numbers]
        return kept


def _chunks(slots: Ints) -> Iterator[Ints]:
    """``slots`` in runs short enough that a run's rolls fit in a few megabytes."""
    for _, chunk in _runs(slots):
        yield chunk


def _runs(slots: Ints) -> Iterator[tuple[int, Ints]]:
    """:func:`_chunks`, each with its first slot's place in ``slots``."""
    for start in range(0, len(slots), CHUNK):
        yield start, slots[start : start + CHUNK]

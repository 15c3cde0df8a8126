"""The level solver's loops over slots, compiled by numba: imported only where it is installed.

The numpy path of :mod:`strategy.risk.turns.level_numpy` pays for every roll outcome in
temporary arrays (about 180 ns an outcome); these loops walk the same slots one at a time
with the same arithmetic, so they find the same values, to the bit (the terms are added in
the same order; tests/test_plan_levels.py holds them equal). numba is the ``fast-plans``
extra (about 208 MB installed and 0.45-0.75 s to import, paid only by a solve big enough to
use it, or by a process that loads it up front):
:func:`strategy.risk.turns.level_compiled.compiled_loops` imports this module, or answers
None without numba, and the solver calls :func:`reach_group`, :func:`solve_group` and
:func:`land` only. Each releases the interpreter's lock, so two groups of one level are
solved at once on two cores.

A group's slot is ``(kept * A + rank) * D + d`` (:class:`~strategy.risk.turns.groups.Group`):
``vectors[rank]`` its live armies, ``grid[d]`` its front's defenders; a group's ``shape``
is (A, D, the armies of the turn, the halves: 2 under ``keep:K``, else 1). ``keep`` is
``keep:K``'s K, or :data:`~strategy.risk.turns.level_compiled.NEVER` for other objectives
(nothing dropped is remembered). A roll without capture lowers one live territory's armies or the
front's defenders and never forgets ``kept``: it leads to a smaller slot of the same half
(ranks are in lexicographic order), or into the half that remembers. So the forward pass
sweeps each half's slots downwards, and the values are found upwards, the remembering half
first: no stack, no sort.

>>> import numpy as np
>>> from strategy.risk.turns.ranks import Ranking
>>> ranking = Ranking(2, 3)
>>> rank_of(ranking.below, 3, np.array([1, 2]), 0, 0), int(ranking.rank(np.array([[1, 2]]))[0])
(6, 6)
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

Array = NDArray[Any]


def _probe() -> int:
    """Nothing: decorated once to learn whether numba can cache on disk here."""
    return 0


try:
    numba.njit(cache=True)(_probe)  # numba refuses here if it has nowhere to write its cache
    _CACHE = True
except RuntimeError:
    _CACHE = False
#: Each loop compiled when first called, releasing the interpreter's lock while it runs.
_compiled = numba.njit(cache=_CACHE, nogil=True)
#: The steps of a loop's innermost work, compiled into the loops that call them (numba's
#: own inlining): called as functions they took a quarter of the forward pass's time.
_inline = numba.njit(cache=_CACHE, nogil=True, inline="always")


@_inline
def rank_of(below: Array, left: int, armies: Array, start: int, found: int) -> int:
    """The dense number of one army vector (:meth:`Ranking.rank` for one row) from its
    parts from ``start`` on, given the number ``found`` for the parts before and the
    armies ``left`` for the rest (the total, from the first part)."""
    for i in range(start, len(armies)):
        found += below[i, left, armies[i]]
        left -= armies[i]
    return int(found)


@_inline
def prefixes(below: Array, total: int, armies: Array, found: Array, left: Array) -> None:
    """For each part of ``armies``, the number found and the armies left before it: a roll
    changes one part, and the number is worked out again only from there."""
    found[0], left[0] = 0, total
    for i in range(len(armies) - 1):
        found[i + 1] = found[i] + below[i, left[i], armies[i]]
        left[i + 1] = left[i] - armies[i]


@_inline
def roll_child(kept: int, a: int, lost: int, stay: int, keep: int) -> tuple[int, int, int]:
    """What one roll without capture does to a slot whose source has ``a`` armies and
    loses ``lost``: the source's armies after (0 where they are dropped: left behind with
    ``stay`` or fewer), the armies dropped, and 1 if the slot after remembers (``kept``, or
    ``keep:K``'s K dropped). The slot after is :func:`moved_rank`'s armies, in that half,
    with the front's number lowered by the defenders killed."""
    left = a - lost
    drop = 0 < left <= stay
    also = kept == 1 or (drop and left >= keep)
    return (0 if drop else left), (left if drop else 0), (1 if also else 0)


@_inline
def moved_rank(below: Array, armies: Array, found: Array, left: Array, s: int, now: int) -> int:
    """The rank of ``armies`` (their :func:`prefixes` ``found`` and ``left``) with part
    ``s`` now ``now``: the parts before it are ranked already.

    The steps inlined into the loops that read arrays return one number (this one, the
    loops asking it only when the part changed), and a step that returns several takes
    numbers only (:func:`roll_child`). Measured on the six largest groups of North America
    from Kamchatka 20, the same arithmetic in one step given the arrays (one by one or in
    a tuple) and returning a tuple made the loops 4-5x slower: 0.61-0.77 s against 0.14-
    0.16 s for the forward pass, 0.64-0.80 s against 0.16-0.19 s for the values."""
    return rank_of(below, left[s] - now, armies, s + 1, found[s] + below[s, left[s], now])


@_inline
def enter_run(
    slot: int, shape: Array, vectors: Array, below: Array, armies: Array, found: Array,
    left: Array,
) -> tuple[int, int, int]:  # fmt: skip
    """The run of a group's slots (one per front's number) ``slot`` lies in: its first slot,
    kept and rank; ``armies`` filled with the rank's armies, ``found`` and ``left`` with
    their :func:`prefixes`."""
    attackers, defenders = shape[0], shape[1]
    run = slot - slot % defenders
    kept, rank = divmod(run // defenders, attackers)
    armies[:] = vectors[rank]
    prefixes(below, shape[2], armies, found, left)
    return run, kept, rank


@_inline
def popcount(word: int) -> int:
    """The bits set in a 64-bit word (in int64: the masks keep the shifts' sign bits out)."""
    word = word - ((word >> 1) & 0x5555555555555555)
    word = (word & 0x3333333333333333) + ((word >> 2) & 0x3333333333333333)
    word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0F
    return int((word * 0x0101010101010101) >> 56)


@_compiled
def index_of(reached: Array, size: int) -> Array:
    """Where each of a group's ``size`` slots is among those ``reached`` (sorted), in two
    numbers for each 64 slots: the reached before them, and a bit a slot reached. A quarter
    of a byte a slot, so a level's index stays in the processor's caches where four bytes a
    slot would not; :func:`place` reads it."""
    words = np.zeros(((size >> 6) + 1, 2), np.int64)
    for slot in reached:
        words[slot >> 6, 1] |= 1 << (slot & 63)
    count = 0
    for word in range(len(words)):
        words[word, 0] = count
        count += popcount(words[word, 1])
    return words


@_inline
def place(index: Array, slot: int) -> int:
    """Where ``slot`` is among those reached, by its :func:`index_of` ``index``."""
    word = slot >> 6
    return int(index[word, 0] + popcount(index[word, 1] & ((1 << (slot & 63)) - 1)))


@_inline
def marked(marks: Array, slot: int) -> bool:
    """Whether ``slot`` is marked in ``marks``, a bit a slot in 64-bit words: the forward
    pass's flags, an eighth of a byte a slot (Asia from Ukraine 20 v 1-2 has 3.7 billion
    slots in its eighth level)."""
    return bool(marks[slot >> 6] >> (slot & 63) & 1)


@_inline
def mark(marks: Array, slot: int) -> None:
    """Mark ``slot`` in ``marks``."""
    marks[slot >> 6] |= 1 << (slot & 63)


@_compiled
def marked_slots(marks: Array) -> Array:
    """The slots marked in ``marks``, in order."""
    count = 0
    for word in marks:
        count += popcount(word)
    found = np.empty(count, np.int64)
    at = 0
    for word in range(len(marks)):
        bits = marks[word]
        while bits:
            low = bits & -bits
            found[at] = (word << 6) + popcount(low - 1)
            at += 1
            bits ^= low
    return found


@_compiled
def reach_group(
    marks: Array, shape: Array, vectors: Array, grid: Array, strides: Array, below: Array,
    sources: Array, targets: Array, can: Array, lost: Array, killed: Array, p: Array,
    stay: int, keep: int,
) -> None:  # fmt: skip
    """Mark in ``marks`` (the group's :func:`marked` flags, those arrived at set) every
    slot a roll without capture leads to from one marked: each half swept downwards, so a
    slot's marks are all in when it is met."""
    attackers, defenders = shape[0], shape[1]
    half = attackers * defenders
    armies = np.empty(vectors.shape[1], np.int64)
    found, left = np.empty(len(armies) + 1, np.int64), np.empty(len(armies) + 1, np.int64)
    run, kept, rank = -defenders, 0, 0  # no run yet
    for base in range(0, shape[3] * half, half):
        slot = base + half - 1
        while slot >= base:
            if marks[slot >> 6] == 0:  # 64 slots unmarked: most of a group is never reached
                slot = (slot >> 6 << 6) - 1
                continue
            if not marked(marks, slot):
                slot -= 1
                continue
            if not run <= slot < run + defenders:  # the armies' prefixes, once a run
                run, kept, rank = enter_run(slot, shape, vectors, below, armies, found, left)
            defending = slot - run
            for i in range(len(sources)):
                s, t = sources[i], targets[i]
                a, d = armies[s], grid[defending, t]
                if not can[a, d]:
                    continue
                for j in range(p.shape[2]):
                    if p[a, d, j] > 0:
                        now, _, also = roll_child(kept, a, lost[a, d, j], stay, keep)
                        moved = rank if now == a else moved_rank(below, armies, found, left, s, now)
                        fall = killed[a, d, j] * strides[t]
                        mark(marks, (also * attackers + moved) * defenders + defending - fall)
            slot -= 1


@_compiled
def solve_group(
    values: Array, reached: Array, index: Array, payoff: Array, captures: Array,
    shape: Array, vectors: Array, grid: Array, strides: Array, below: Array, sources: Array,
    targets: Array, can: Array, lost: Array, killed: Array, p: Array, stay: int, keep: int,
    counts: bool, tie: float,
) -> None:  # fmt: skip
    """Each reached slot's value (``reached`` sorted, ``index`` their :func:`index_of`):
    the best of ending the turn (``payoff``) and each attack's rolls (those without capture
    by the values found already, a capture by ``captures``, by attack), as in
    level_numpy.py; upwards, the half that remembers first."""
    attackers, defenders = shape[0], shape[1]
    armies = np.empty(vectors.shape[1], np.int64)
    found, left = np.empty(len(armies) + 1, np.int64), np.empty(len(armies) + 1, np.int64)
    split = np.searchsorted(reached, attackers * defenders)
    run, kept, rank = -defenders, 0, 0  # no run yet
    for step_at in range(len(reached)):
        at = (split + step_at) % len(reached)
        slot = reached[at]
        if not run <= slot < run + defenders:  # the armies' prefixes, once a run
            run, kept, rank = enter_run(slot, shape, vectors, below, armies, found, left)
        defending = slot - run
        best = payoff[at]
        for i in range(len(sources)):
            s, t = sources[i], targets[i]
            a, d = armies[s], grid[defending, t]
            if not can[a, d]:
                continue
            option = 0.0
            for j in range(p.shape[2]):
                if p[a, d, j] <= 0:
                    continue
                now, bonus, also = roll_child(kept, a, lost[a, d, j], stay, keep)
                moved = rank if now == a else moved_rank(below, armies, found, left, s, now)
                fall = killed[a, d, j] * strides[t]
                known = values[
                    place(index, (also * attackers + moved) * defenders + defending - fall)
                ]
                option += p[a, d, j] * (bonus + known if counts else known)
            option += captures[i, at]
            if option > best + tie:
                best = option
        values[at] = best


@_inline
def landings(
    armies: Array, kept: bool, a: int, attack: Array, stay: int, keep: int, counts: bool,
    freed: Array, placed: Array, fixed: int, after: Array, after_below: Array, landed: Array,
    bases: Array, gains: Array,
) -> None:  # fmt: skip
    """For each number of armies moved in (most first) after a capture from a run with
    these live ``armies`` (``a`` on the source), the slot landed on but for the front's
    number into ``bases`` and the armies banked into ``gains`` (:func:`land`'s terms)."""
    source_free, target_free = attack[2] == 1, attack[3] == 1
    also, reward = kept, 0
    for c in freed:
        reward += armies[c] if counts else 0
        also = also or (armies[c] > 0 and armies[c] >= keep)
    prefix, left_over = 0, after[2]
    for j in range(len(placed)):
        if placed[j] >= 0:
            landed[j] = armies[placed[j]]
        if j < fixed:
            prefix += after_below[j, left_over, landed[j]]
            left_over -= landed[j]
    for m in range(len(bases)):
        moved = a - stay - m
        left = a - moved
        drop = left > 0 and not (source_free and left > stay)
        dropped = not (target_free and moved > stay)
        kept_after = also or (drop and left >= keep) or (dropped and moved >= keep)
        for j in range(fixed, len(placed)):
            if placed[j] == -1:
                landed[j] = 0 if drop else left
            elif placed[j] == -2:
                landed[j] = 0 if dropped else moved
        ranked = rank_of(after_below, left_over, landed, fixed, prefix)
        bases[m] = ((1 if kept_after else 0) * after[0] + ranked) * after[1]
        gains[m] = reward + (left if drop else 0) + (moved if dropped else 0) if counts else 0


@_compiled
def land(
    slots: Array, shape: Array, vectors: Array, grid: Array, attack: Array, capture: Array,
    low: Array, stay: int, keep: int, counts: bool, freed: Array, placed: Array, facing: Array,
    after: Array, after_below: Array, after_strides: Array, after_index: Array,
    after_values: Array, captures: Array, marks: Array,
) -> None:  # fmt: skip
    """Every capture by one attack from ``slots`` and every number moved in, as level_numpy.py's
    landings: with ``marks`` empty, each slot's chance of the capture times the best value
    after it into ``captures`` (by the group holding one more's values and
    :func:`index_of`); else the slots landed on marked in ``marks`` (its :func:`marked`
    flags).

    ``attack`` is (source's live column, target's front column, 1 if the source still
    borders an enemy after, 1 if the target does, the target's stride among the slots).
    ``freed`` are the live columns no longer live after. ``placed`` says, for each live
    territory after, its live column here, or -1 for the source and -2 for the target;
    ``facing`` for each front territory after its front column here, or minus one minus its
    armies (untouched). ``after`` is the group after's (attackers, defenders, total)."""
    attackers, defenders = shape[0], shape[1]
    s, t = attack[0], attack[1]
    landed = np.empty(len(placed), np.int64)
    # Slots that differ only in the target's defenders land on the same slots (all of them
    # are killed): each run of one army vector keeps its captures' best, by the others.
    seen = np.full(defenders, -1, np.int64)
    known = np.empty(defenders)
    # The slots of a run share their armies, and so, for each number moved in, the slot
    # landed on but for the front's number (``bases``) and the armies banked (``gains``):
    # worked out once a run (``based``), when its first slot captures.
    bases = np.empty(shape[2] + 1, np.int64)
    gains = np.zeros(shape[2] + 1, np.int64)
    # The live columns after before the first that a move changes: ranked once a run.
    fixed = 0
    while fixed < len(placed) and placed[fixed] >= 0:
        fixed += 1
    run, kept, rank, based = -defenders, 0, 0, -defenders  # no run yet
    for row in range(len(slots)):
        if not run <= slots[row] < run + defenders:
            run = slots[row] - slots[row] % defenders
            kept, rank = divmod(run // defenders, attackers)
        defending = slots[row] - run
        a = vectors[rank, s]
        found = capture[a, grid[defending, t]]
        moves = max(a - stay - low[a] + 1, 0) if found > 0 else 0
        if moves == 0:
            continue
        sibling = defending - (grid[defending, t] - 1) * attack[4]
        if seen[sibling] == run:
            if len(marks) == 0:
                captures[row] = found * known[sibling]
            continue
        seen[sibling] = run
        if based != run:
            based = run
            landings(vectors[rank], kept == 1, a, attack, stay, keep, counts, freed, placed,
                     fixed, after, after_below, landed, bases[:moves], gains[:moves])  # fmt: skip
        front = 0
        for j in range(len(facing)):
            column = facing[j]
            armies = grid[defending, column] if column >= 0 else -1 - column
            front += (armies - 1) * after_strides[j]
        if len(marks):
            for m in range(moves):
                mark(marks, bases[m] + front)
            continue
        best = -np.inf
        for m in range(moves):
            best = max(best, after_values[place(after_index, bases[m] + front)] + gains[m])
        known[sibling] = best
        captures[row] = found * best

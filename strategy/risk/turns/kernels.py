"""The level solver's loops over slots, compiled with numba where it is installed.

The numpy path of :mod:`strategy.risk.turns.levels` pays for every roll outcome in
temporary arrays (about 260 ns an outcome); these loops walk the same slots one at a time
with the same arithmetic, so they find the same values (to round-off: the terms are added
in the same order). They are plain Python over numpy arrays, compiled by :func:`compiled`
with ``numba.njit(cache=True)`` (numba is the ``fast-plans`` extra: about 208 MB installed
and 0.45-0.75 s to import, paid only by a solve big enough to use it). Uncompiled they run as
they are, a thousand times slower: the tests compile them.

A group's slot is ``(kept * A + rank) * D + d`` (:class:`~strategy.risk.turns.levels.Group`):
``vectors[rank]`` its live armies, ``grid[d]`` its front's defenders. ``keep`` is
``keep:K``'s K, or :data:`NEVER` for other objectives (nothing dropped is remembered).

>>> import numpy as np
>>> from strategy.risk.turns.ranks import Ranking
>>> ranking = Ranking(2, 3)
>>> rank_of(ranking.below, 3, np.array([1, 2]), 0, 0), int(ranking.rank(np.array([[1, 2]]))[0])
(6, 6)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

Array = NDArray[Any]
#: Groups smaller than this many slots reached are left to numpy: compiling (or loading the
#: compiled code) costs more than it saves there.
COMPILE_FROM = 200_000
#: ``keep`` where the objective remembers nothing: more armies than any turn has.
NEVER = 2**62


def _rank(below: Array, left: int, armies: Array, start: int, found: int) -> int:
    """The dense number of one army vector (:meth:`Ranking.rank` for one row) from its
    parts from ``start`` on, given the number ``found`` for the parts before and the
    armies ``left`` for the rest (the total, from the first part)."""
    for i in range(start, len(armies)):
        found += below[i, left, armies[i]]
        left -= armies[i]
    return int(found)


def _prefixes(below: Array, total: int, armies: Array, found: Array, left: Array) -> None:
    """For each part of ``armies``, the number found and the armies left before it: a roll
    changes one part, and the number is worked out again only from there."""
    found[0], left[0] = 0, total
    for i in range(len(armies) - 1):
        found[i + 1] = found[i] + below[i, left[i], armies[i]]
        left[i + 1] = left[i] - armies[i]


def _roll_child(
    shape: Array, below: Array, armies: Array, before: tuple[Array, Array],
    step: tuple[int, int, int, int, int], stay: int, keep: int,
) -> tuple[int, int]:  # fmt: skip
    """The slot one roll without capture leads to, and the armies it drops (left behind
    with ``stay`` or fewer), from the slot with these ``armies`` (left as they were) and
    their :func:`_prefixes` ``before``.
    ``step`` is (kept, the front's number, the source's live column, armies lost, the
    front's number's fall by the defenders killed)."""
    kept, defending, s, lost, fall = step
    a = armies[s]
    left = a - lost
    drop = 0 < left <= stay
    also = kept == 1 or (drop and left >= keep)
    armies[s] = 0 if drop else left
    moved = rank_of(below, before[1][s], armies, s, before[0][s])
    armies[s] = a
    child = ((1 if also else 0) * shape[0] + moved) * shape[1] + defending - fall
    return child, left if drop else 0


#: The loops call these by these names: :func:`compiled` puts the compiled ones here.
rank_of: Callable[[Array, int, Array, int, int], int] = _rank
prefixes: Callable[[Array, int, Array, Array, Array], None] = _prefixes
roll_child: Callable[
    [Array, Array, Array, tuple[Array, Array], tuple[int, int, int, int, int], int, int],
    tuple[int, int],
] = _roll_child


def reach_rolls(
    marks: Array, start: Array, shape: Array, vectors: Array, grid: Array, strides: Array,
    below: Array, sources: Array, targets: Array, can: Array, lost: Array, killed: Array,
    p: Array, stay: int, keep: int,
) -> None:  # fmt: skip
    """Mark in ``marks`` (one flag a slot of the group, ``start``'s set) every slot a roll
    without capture leads to from ``start`` or from a slot marked so: the order does not
    matter here."""
    attackers, defenders = shape[0], shape[1]
    stack = np.empty(max(len(start), 1024), np.int64)
    top = 0
    for slot in start:
        stack[top] = slot
        top += 1
    armies = np.empty(vectors.shape[1], np.int64)
    before = (np.empty(len(armies) + 1, np.int64), np.empty(len(armies) + 1, np.int64))
    while top > 0:
        top -= 1
        slot = stack[top]
        kept, rest = slot // (attackers * defenders), slot % (attackers * defenders)
        rank, defending = rest // defenders, rest % defenders
        armies[:] = vectors[rank]
        prefixes(below, shape[2], armies, before[0], before[1])
        for i in range(len(sources)):
            s, t = sources[i], targets[i]
            a, d = armies[s], grid[defending, t]
            if not can[a, d]:
                continue
            for j in range(p.shape[2]):
                if p[a, d, j] <= 0:
                    continue
                step = (kept, defending, s, lost[a, d, j], killed[a, d, j] * strides[t])
                child, _ = roll_child(shape, below, armies, before, step, stay, keep)
                if not marks[child]:
                    marks[child] = True
                    if top == len(stack):
                        stack = np.concatenate((stack, np.empty(len(stack), np.int64)))
                    stack[top] = child
                    top += 1


def solve_rolls(
    values: Array, order: Array, reached: Array, where: Array, payoff: Array, chance: Array,
    gain: Array, shape: Array, vectors: Array, grid: Array, strides: Array, below: Array,
    sources: Array, targets: Array, can: Array, lost: Array, killed: Array, p: Array,
    stay: int, keep: int, counts: bool, tie: float,
) -> None:  # fmt: skip
    """Each reached slot's value, in ``order`` (fewest armies in play first): the best of
    ending the turn (``payoff``) and each attack's rolls (those without capture by the
    values found already, a capture by ``chance`` times ``gain``, by attack), as in
    levels.py."""
    attackers, defenders = shape[0], shape[1]
    armies = np.empty(vectors.shape[1], np.int64)
    before = (np.empty(len(armies) + 1, np.int64), np.empty(len(armies) + 1, np.int64))
    for at in order:
        slot = reached[at]
        kept, rest = slot // (attackers * defenders), slot % (attackers * defenders)
        rank, defending = rest // defenders, rest % defenders
        armies[:] = vectors[rank]
        prefixes(below, shape[2], armies, before[0], before[1])
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
                step = (kept, defending, s, lost[a, d, j], killed[a, d, j] * strides[t])
                child, bonus = roll_child(shape, below, armies, before, step, stay, keep)
                known = values[where[child]]
                option += p[a, d, j] * (bonus + known if counts else known)
            option += chance[i, at] * gain[i, at]
            if option > best + tie:
                best = option
        values[at] = best


def land(
    slots: Array, shape: Array, vectors: Array, grid: Array, attack: Array, capture: Array,
    low: Array, stay: int, keep: int, counts: bool, freed: Array, placed: Array, facing: Array,
    after: Array, after_below: Array, after_strides: Array, after_where: Array,
    after_values: Array, chance: Array, gain: Array, marks: Array,
) -> None:  # fmt: skip
    """Every capture by one attack from ``slots`` and every number moved in, as levels.py's
    landings: with ``marks`` empty, each slot's chance of the capture and best value after
    it into ``chance`` and ``gain``; else the slots landed on marked in ``marks`` (the
    group holding one more's flags).

    ``attack`` is (source's live column, target's front column, 1 if the source still
    borders an enemy after, 1 if the target does). ``freed`` are the live columns no longer
    live after. ``placed`` says, for each live territory after, its live column here, or
    -1 for the source and -2 for the target; ``facing`` for each front territory after its
    front column here, or minus one minus its armies (untouched). ``after`` is the group
    after's (attackers, defenders, total)."""
    attackers, defenders = shape[0], shape[1]
    s, t, source_free, target_free = attack[0], attack[1], attack[2] == 1, attack[3] == 1
    landed = np.empty(len(placed), np.int64)
    for row in range(len(slots)):
        kept, rest = slots[row] // (attackers * defenders), slots[row] % (attackers * defenders)
        rank, defending = rest // defenders, rest % defenders
        a = vectors[rank, s]
        found = capture[a, grid[defending, t]]
        if len(marks) == 0:
            chance[row] = found
        moves = max(a - stay - low[a] + 1, 0) if found > 0 else 0
        if moves == 0:
            continue
        also, reward = kept == 1, 0
        for c in freed:
            armies = vectors[rank, c]
            reward += armies if counts else 0
            also = also or (armies > 0 and armies >= keep)
        front = 0
        for j in range(len(facing)):
            column = facing[j]
            armies = grid[defending, column] if column >= 0 else -1 - column
            front += (armies - 1) * after_strides[j]
        best = -np.inf
        for m in range(moves):
            moved = a - stay - m
            left = a - moved
            drop = left > 0 and not (source_free and left > stay)
            dropped = not (target_free and moved > stay)
            kept_after = also or (drop and left >= keep) or (dropped and moved >= keep)
            for j in range(len(placed)):
                column = placed[j]
                if column >= 0:
                    landed[j] = vectors[rank, column]
                else:
                    landed[j] = (0 if drop else left) if column == -1 else (0 if dropped else moved)
            ranked = rank_of(after_below, after[2], landed, 0, 0)
            child = ((1 if kept_after else 0) * after[0] + ranked) * after[1] + front
            if len(marks):
                marks[child] = True
                continue
            here = after_values[after_where[child]]
            if counts:
                here += reward + (left if drop else 0) + (moved if dropped else 0)
            best = max(best, here)
        if len(marks) == 0:
            gain[row] = best


Kernels = tuple[Callable[..., None], Callable[..., None], Callable[..., None]]


@cache
def compiled() -> Kernels | None:
    """:func:`reach_rolls`, :func:`solve_rolls` and :func:`land` compiled (cached on disk
    by numba where it finds a writable place, else compiled again in each process), or
    None where numba is not installed."""
    try:
        import numba  # 0.45 s: only a solve big enough to need it pays
    except ImportError:
        return None
    try:
        jit = numba.njit(cache=True)
        jit(_rank)  # numba refuses here if it has nowhere to write its cache
    except RuntimeError:
        jit = numba.njit
    global rank_of, prefixes, roll_child  # numba reads the loops' globals when it compiles
    rank_of, prefixes, roll_child = jit(_rank), jit(_prefixes), jit(_roll_child)
    return jit(reach_rolls), jit(solve_rolls), jit(land)

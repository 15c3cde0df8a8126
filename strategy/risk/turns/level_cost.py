"""What the level solver (:mod:`strategy.risk.turns.levels`) will cost, before any work:
states, memory and seconds at the state bound, of its forward pass alone, and of solving
the states that pass reached.

The memory is 16 bytes a state kept and the slots' marks or positions of the largest
levels; the time is states of the bound a second, more of them where the compiled loops
will run.

>>> from strategy.risk.turns.building import path_turn
>>> bound, memory, seconds = level_cost(path_turn(3, (1,)))
>>> bound, memory - WORKING_BYTES  # 4 states at 16 bytes; 4 + 1 slots at 4 bytes
(4, 84)
"""

from __future__ import annotations

from strategy.risk.turns.groups import Group, held_sets
from strategy.risk.turns.level_compiled import COMPILE_FROM, compiled_loops
from strategy.risk.turns.model import Turn
from strategy.risk.turns.size import state_bound

#: Bytes a state reached costs for the whole solve (its slot's number and its value), bytes
#: a slot costs while its group's level or the one below is solved (where it is among those
#: reached; the compiled path: slots a byte, a bit a slot of one level's forward pass flags,
#: and 16 bytes for 64 slots of two levels' indexes), and the bytes of one chunk's rolls and
#: landings at most, with the forward pass's kept for the solve on the numpy path
#: (:data:`~strategy.risk.turns.level_memo.MEMO_BYTES`).
STATE_BYTES = 16
POSITION_BYTES = 4
MARKED_PER_BYTE = 8
INDEXED_PER_BYTE = 4
WORKING_BYTES = 256 * 2**20
#: States the solver works through per second of one core on the numpy path, and where
#: the compiled loops run (numba installed). Counted at the bound before any work, and at
#: the states reached once the forward pass has run. The pace varies with the turn's shape
#: and the machine (bench_plan.py --big, bench_estimate.py and the web calculator's largest
#: cells, 2026-12-06, load 0-1, processor seconds): the numpy path 1,300,000 states of the
#: bound a second on North America from Kamchatka 20 and 2,600,000 on Asia from Ukraine 16
#: v 1, but 380,000-440,000 where a big stack meets one army on each territory (Africa from
#: Brazil 48, Europe from Ural 32), its captures each weighing dozens of numbers of armies
#: to move in; the compiled loops 6,800,000 and 9,500,000 on the first two, 780,000-
#: 1,000,000 on the big stacks (Europe from Ural 45, Africa from Brazil 60), and 2,400,000
#: of the states reached a second of the solve after its pass on Asia from Ukraine 20 v
#: 1-2; another machine of the same kind ran the compiled loops 2-3x slower. These rates,
#: near the slowest, keep the web calculator's largest admitted plans within its time
#: limit, and the benchmark positions within 3x of their time.
STATES_PER_SECOND = 400_000
COMPILED_STATES_PER_SECOND = 2_000_000
#: Seconds a process spends loading the compiled loops from numba's cache before their first
#: solve (0.4-1.2 s measured; the web server's workers pay it when they start), counted in
#: every compiled estimate: a plan of Africa from Brazil 20 against 3 each was estimated at
#: 0.2 s without it and took 1.4 s.
COMPILED_LOAD = 0.8

#: States of the bound the forward pass alone goes through in a second of one core: on the
#: numpy path (North America from Kamchatka: 15.7 million in 8.2 s), and where the compiled
#: loops run (Asia from Ukraine 20 v 1-2: 1.75 billion in 90 s of processor time, 45 s wall
#: in two threads; Asia from Ukraine 16 v 1, 65 million in 3.3 s; North America from
#: Kamchatka, 15.7 million in 1.1 s).
REACH_STATES_PER_SECOND = 2_000_000
COMPILED_REACH_STATES_PER_SECOND = 12_000_000

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
    slots reached (:func:`~strategy.risk.turns.levels.solve_levels` with ``admit``): the
    slots' marks or positions and one chunk's work, and a pass over the bound much faster
    than solving it.

    >>> from strategy.risk.turns.building import path_turn
    >>> memory, seconds = reach_cost(path_turn(4, (1, 1)))
    >>> memory - WORKING_BYTES, memory < level_cost(path_turn(4, (1, 1)))[1]
    (40, True)
    """
    bound, slots, fast = _layout(turn)
    if bound > UNSIZED:
        # Not sized group by group, and a level's slots outnumber the states: counted as the
        # states themselves, such a pass is never run (Asia from Ukraine 15 and Indonesia 10,
        # 21.5 billion states at the bound, filled 24 GB in its pass).
        slots = bound * STATE_BYTES
    rate = COMPILED_REACH_STATES_PER_SECOND if fast else REACH_STATES_PER_SECOND
    return slots + WORKING_BYTES, bound / rate


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
    for owned in held_sets(turn):
        sizes[owned.bit_count()] += Group(turn, owned, near, total).size
    pairs = max(a + b for a, b in zip(sizes, [*sizes[1:], 0], strict=True))
    # Not loops_for: an estimate does not depend on what this process has loaded (a
    # small turn is estimated as the numpy path, which is slower).
    fast = bound >= COMPILE_FROM and compiled_loops() is not None
    if fast:
        return bound, max(max(sizes) // MARKED_PER_BYTE, pairs // INDEXED_PER_BYTE), True
    return bound, pairs * POSITION_BYTES, False


def _cost(states: int, slots: int, fast: bool) -> tuple[int, float]:
    """Memory and seconds of solving ``states`` states with ``slots`` bytes of marks."""
    memory = states * STATE_BYTES + slots + WORKING_BYTES
    if fast:
        return memory, states / COMPILED_STATES_PER_SECOND + COMPILED_LOAD
    return memory, states / STATES_PER_SECOND

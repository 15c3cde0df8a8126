"""The level solver: a float turn plan's values as numpy arrays, one set held at a time.

The states of a turn fall into *groups* by the set of territories the attacker holds, and
inside a group into densely numbered *slots* (:mod:`strategy.risk.turns.groups`). A roll
that does not capture leads to a slot of the same group with fewer armies in play; a
capture leads to the group holding one territory more.

A forward pass, fewest territories held first, finds the slots reached from the start
(most slots of a dense group never are: on North America with two stacks 0.4%). Then the
groups are solved *level by level*, most territories held first
(:class:`~strategy.risk.turns.level_solver.LevelSolver`), and inside a group in
*wavefronts* of equal armies in play: every roll of every attack of a wavefront is one
numpy operation, and so is every number of armies moved in after a capture
(:mod:`strategy.risk.turns.level_numpy`). The arithmetic is the general induction's
(:class:`~strategy.risk.turns.induction.Induction`) term by term, except that the best
number moved in is the plain maximum (ties there are round-off), so the values agree to
round-off. A group keeps its reached slots (sorted) and their values, 16 bytes a state
(:class:`~strategy.risk.turns.level_values.LevelValues`); where each slot is among them is
a dense array only while its level or the one below is solved (the compiled loops,
:mod:`strategy.risk.turns.level_compiled`: a bit a slot and a count every 64 slots; they
solve the groups of a level in threads at once). What a solve will cost is known before
any work (:mod:`strategy.risk.turns.level_cost`).

>>> from strategy.risk.turns.building import path_turn
>>> values = solve_levels(path_turn(3, (1,)))
>>> start, _ = path_turn(3, (1,)).start()
>>> round(values[start], 12) == round(1955 / 2592, 12)  # seed 003: Pr(3,1) = 1955/2592
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from strategy.risk.turns.building import path_turn
from strategy.risk.turns.level_compiled import CompiledSolver, compiled_loops, loops_for
from strategy.risk.turns.level_numpy import NumpySolver
from strategy.risk.turns.level_solver import Progress
from strategy.risk.turns.level_values import LevelValues
from strategy.risk.turns.model import Turn
from strategy.risk.turns.size import state_bound


def cores() -> int:
    """The processors this process may run on: the groups of a level are solved on them."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


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
    reached count is often a small part of the bound
    (:func:`~strategy.risk.turns.level_cost.reach_cost`,
    :func:`~strategy.risk.turns.level_cost.reached_cost`). ``compiled`` walks the slots in
    loops compiled by numba (:mod:`strategy.risk.turns.kernels`, the same values to the
    bit); by default where numba is installed and the turn may reach
    :data:`~strategy.risk.turns.level_compiled.COMPILE_FROM` states or the process has
    loaded them (:func:`~strategy.risk.turns.level_compiled.loops_for`,
    :func:`load_compiled`), and never without numba. The compiled loops work on the groups
    of a level in ``threads`` threads at once (by default one a processor: :func:`cores`),
    with the same values.

    >>> from strategy.risk.turns.building import path_turn
    >>> from strategy.risk.turns.solve import plan_turn
    >>> turn = path_turn(4, (1, 1))
    >>> len(solve_levels(turn)) == plan_turn(turn, method="states").states  # the same states
    True
    """
    if compiled is None:
        loops = loops_for(state_bound(turn, fronts=False))
    else:
        loops = compiled_loops() if compiled else None
        if compiled and loops is None:
            raise ImportError(
                "the compiled level solver needs numba: pip install 'strategy[fast-plans]'"
            )
    if loops is None:
        return NumpySolver(turn, progress).run(admit)
    workers = threads or cores()
    with ThreadPoolExecutor(workers) as pool:
        return CompiledSolver(turn, progress, loops, pool if workers > 1 else None).run(admit)


def load_compiled() -> bool:
    """Load the compiled loops now (one tiny solve), where numba is installed, so that
    every plan this process solves afterwards uses them whatever its size (a web server's
    worker does so when it starts); whether they are installed.

    >>> from strategy.risk.turns.level_compiled import loaded
    >>> load_compiled() == loaded()
    True
    """
    if compiled_loops() is None:
        return False
    solve_levels(path_turn(3, (1,)), compiled=True, threads=1)
    return True

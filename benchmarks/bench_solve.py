"""Time solve() on a synthetic layered game (~200,000 states) against a plain recursion.

Layers cycle MAX -> CHANCE -> MIN; each state has three children in the next layer, so
states are shared (as in a dice battle) and the memo does the work. The last layer pays small
integers. Run from the repository root (``PYTHONPATH=.`` unless the package is installed):
``python benchmarks/bench_solve.py [--width 2200] [--depth 100] [--repeats 5]``.

The baseline is the textbook program: a memoised recursion (``functools.cache``) over the
game protocol, in floats, computing the value only (solve() also finds every optimal action).
"Before" is solve()'s depth-first search in float mode, which it still uses for narrow
games. The jobs run in turns, ``--repeats`` times each, after one untimed run; the table
gives the median and the best CPU time (``common.in_turns``) and the ratio of medians
(baseline / job).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from fractions import Fraction
from functools import cache, partial
from typing import Any
from unittest import mock

from common import in_turns, machine

from strategy.engine.float_levels import Unsuitable
from strategy.engine.game import NodeKind
from strategy.engine.solve import solve

State = tuple[int, int]
_CYCLE = (NodeKind.MAX, NodeKind.CHANCE, NodeKind.MIN)
_ACTIONS = (0, 1, 2)
# One constant tuple, as a dice game would return per dice pairing.
_OUTCOMES = ((0, Fraction(1, 6)), (1, Fraction(1, 3)), (2, Fraction(1, 2)))


class LayeredGame:
    """States ``(layer, index)``; from ``index`` the moves lead to ``2 * index + j (mod width)``."""

    def __init__(self, width: int, depth: int) -> None:
        self.width = width
        self.depth = depth

    def initial_state(self) -> State:
        return (0, 0)

    def kind(self, state: State) -> NodeKind:
        layer = state[0]
        return NodeKind.TERMINAL if layer == self.depth else _CYCLE[layer % 3]

    def returns(self, state: State) -> int:
        return state[1] % 7 - 3

    def legal_actions(self, state: State) -> tuple[int, ...]:
        return _ACTIONS

    def chance_outcomes(self, state: State) -> tuple[tuple[int, Fraction], ...]:
        return _OUTCOMES

    def joint_actions(self, state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
        raise NotImplementedError("no simultaneous moves in this game")

    def child(self, state: State, action: int) -> State:
        layer, index = state
        return (layer + 1, (2 * index + action) % self.width)


def plain_value(game: Any) -> float:
    """The baseline: expectiminimax by a memoised recursion, floats, the value only."""

    @cache
    def value(state: Any) -> float:
        kind = game.kind(state)
        if kind is NodeKind.TERMINAL:
            return float(game.returns(state))
        if kind is NodeKind.CHANCE:
            return sum(
                float(p) * value(game.child(state, o)) for o, p in game.chance_outcomes(state)
            )
        values = [value(game.child(state, a)) for a in game.legal_actions(state)]
        return max(values) if kind is NodeKind.MAX else min(values)

    return value(game.initial_state())


def search_only(game: Any) -> object:
    """solve() in float mode as before the level-by-level path: the depth-first search."""
    with mock.patch("strategy.engine.float_levels.solve_float_levels", side_effect=Unsuitable):
        return solve(game, exact=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=2200)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    arguments = parser.parse_args()
    game = LayeredGame(arguments.width, arguments.depth)
    sys.setrecursionlimit(max(10_000, 10 * arguments.depth))
    states = solve(game, exact=False).states_visited
    values = {
        "plain memoised recursion (baseline)": plain_value(game),
        "solve, float mode (levels)": float(solve(game, exact=False).value),
    }
    assert len(set(round(v, 12) for v in values.values())) == 1, values
    jobs = {
        "plain memoised recursion (baseline)": partial(plain_value, game),
        "solve, float mode, before: depth-first search": partial(search_only, game),
        "solve, float mode, now: a level at a time": partial(solve, game, exact=False),
        "solve, exact mode (depth-first search)": partial(solve, game),
    }
    print(f"machine: {machine()}")
    print(f"{states:,} states; {arguments.repeats} runs of each job in turns\n")
    times = in_turns(jobs, arguments.repeats)
    base = statistics.median(times["plain memoised recursion (baseline)"])
    print("| job | median | best | states/s | baseline / job |")
    print("|---|---|---|---|---|")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(
            f"| {name} | {median:.3f} s | {min(runs):.3f} s | {states / median:,.0f} "
            f"| {base / median:.2f}x |"
        )


if __name__ == "__main__":
    main()

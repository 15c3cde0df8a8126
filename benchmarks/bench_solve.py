"""Time solve() on a synthetic layered game (~200,000 states) and print states per second.

Layers cycle MAX -> CHANCE -> MIN; each state has three children in the next layer, so
states are shared (as in a dice battle) and the memo does the work. The last layer pays small
integers. Run from the repository root (``PYTHONPATH=.`` unless the package is installed):
``python benchmarks/bench_solve.py [--width 2200] [--depth 100] [--repeats 3]``; each time
is the median of ``--repeats`` runs, after one untimed run.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from functools import partial

from common import machine, median_seconds

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=2200)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()
    game = LayeredGame(arguments.width, arguments.depth)
    print(f"machine: {machine()}; medians of {arguments.repeats} runs")
    for exact in (True, False):
        result = solve(game, exact=exact)
        seconds = median_seconds(partial(solve, game, exact=exact), arguments.repeats)
        print(
            f"{result.method}: {result.states_visited:,} states in {seconds:.2f} s = "
            f"{result.states_visited / seconds:,.0f} states/s (value {float(result.value):.6f})"
        )


if __name__ == "__main__":
    main()

"""Bounds on plans too large to solve (strategy.risk.turns.bounds): on random small maps
the pooled value is at least the optimal plan's and the split chains at most, with the
optimal plan solved by the planner.

Deep imports: the planner's bounds and induction (:mod:`strategy.risk.turns`), against each other.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings

from strategy.risk.paths import chain_odds
from strategy.risk.turns.bounds import plan_bounds, pooled_value, split_chains
from strategy.risk.turns.model import Turn
from strategy.risk.turns.solve import plan_turn
from tests.test_plan import OBJECTIVES, Tiny, tiny_turn
from tests.test_plan_exact import turns


@settings(max_examples=30, deadline=None)
@given(turns())
def test_the_bounds_bracket_the_optimal_plan(turn: Turn) -> None:
    turn = replace(turn, objective=OBJECTIVES[0])  # the bounds are for capture-all
    optimal = plan_turn(turn).value
    bounds = plan_bounds(turn, exact=True)
    assert bounds.lower <= optimal <= bounds.upper
    assert bounds.gap == bounds.upper - bounds.lower >= 0


def test_two_stacks_on_two_paths_are_the_product_of_two_chains() -> None:
    # 0 (5 armies) - 1 (2) - 2 (1) - 3 (6 armies): each stack takes its neighbour.
    tiny = Tiny([(0, 1), (1, 2), (2, 3)], {0: 5, 3: 6}, {1: 2, 2: 1}, {1, 2})
    turn = tiny_turn(tiny, OBJECTIVES[0])
    value, _ = split_chains(turn, exact=True)
    alone = chain_odds(5, (2,)).win_probability * chain_odds(6, (1,)).win_probability
    both = max(chain_odds(5, (2, 1)).win_probability, chain_odds(6, (1, 2)).win_probability)
    assert value == max(alone, both)
    assert value <= plan_turn(turn).value <= pooled_value(turn)

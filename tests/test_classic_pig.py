"""Pig: published win probabilities and policy, and the fast solver against exact values."""

from __future__ import annotations

from fractions import Fraction

import pytest

from strategy import value_iteration
from strategy.classic import PigGame, PigSolution, solve_pig
from strategy.engine import check_game, solve_exactly


@pytest.fixture(scope="module")
def optimal() -> PigSolution:
    return solve_pig(goal=100)


def test_hold_at_20_first_player_advantage() -> None:
    # Neller, "First-Player Advantage" (Nifty Assignments 2010, nifty.stanford.edu/2010/
    # neller-pig/advantage.html): two hold-at-20-or-goal players, "the actual value is
    # approximately .5347".
    assert round(solve_pig(goal=100, hold_at=20).win_probability, 4) == 0.5347


def test_optimal_first_player_wins_53_06_percent(optimal: PigSolution) -> None:
    # Neller & Presser, "Optimal Play of the Dice Game Pig", UMAP Journal 25 (2004): an optimal
    # first player wins about 53.06% of games against an optimal opponent.
    assert round(optimal.win_probability, 4) == 0.5306


def test_a_published_quirk_of_the_optimal_policy(optimal: PigSolution) -> None:
    # Neller & Presser's policy, as quoted by "Pig puzzle solution" (possiblywrong.wordpress.com,
    # 2014): with 41 against 49, roll until a turn total of 22 or more, except roll once more
    # at 27.
    assert optimal.hold_threshold(41, 49) == 22
    assert not optimal.hold[41, 49, 27]
    assert optimal.hold[41, 49, 22:27].all() and optimal.hold[41, 49, 28:30].all()


def test_keep_pace_and_end_race(optimal: PigSolution) -> None:
    # Neller & Presser, "Practical Play of Pig" (UMAP 2010): optimal play rolls for the goal
    # once either score is high; from 90 against 0 the player never holds short of the goal.
    assert optimal.hold_threshold(90, 0) == 10
    assert optimal.hold_threshold(0, 90) == 100


@pytest.mark.parametrize("goal", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("hold_at", [None, 1, 3])
def test_fast_solver_equals_the_exact_solution(goal: int, hold_at: int | None) -> None:
    exact = solve_exactly(PigGame(goal, hold_at))
    fast = solve_pig(goal, hold_at)
    for state, value in exact.values.items():
        if state.score >= goal or state.rolling:
            continue
        mover = value if state.first else 1 - value
        assert fast.win[state.score, state.opponent, state.turn] == pytest.approx(
            float(mover), abs=1e-12
        )
        actions = exact.optimal_actions[state]
        if len(actions) == 1:  # a unique best action: both must choose it
            assert fast.hold[state.score, state.opponent, state.turn] == (actions[0] == "hold")


def test_goal_one_by_hand() -> None:
    # To 1 point any roll but a 1 wins: P = 5/6 + (1/6)(1 - P), so P = 6/7.
    assert solve_exactly(PigGame(goal=1)).value == Fraction(6, 7)
    assert solve_pig(goal=1).win_probability == pytest.approx(6 / 7, abs=1e-15)


def test_float_value_iteration_agrees_within_its_tolerance() -> None:
    exact = solve_exactly(PigGame(goal=6))
    floats = value_iteration(PigGame(goal=6), tolerance=1e-13)
    assert floats.value == pytest.approx(float(exact.value), abs=1e-10)


def test_the_game_keeps_the_protocol() -> None:
    report = check_game(PigGame(goal=10), paths=30, allow_cycles=True)
    assert report.ok, report.problems
    with pytest.raises(ValueError):
        solve_pig(goal=0)
    with pytest.raises(ValueError):
        PigGame(goal=10, hold_at=0)

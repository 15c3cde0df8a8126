"""The coin game and Stone Games III and VII: published answers, and DP against minimax.

Deep imports: :mod:`strategy.classic.stones` for its table of rules (``RULES``, a name other games
use too), which the properties range over.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy import solve
from strategy.classic import RowGame, solve_row
from strategy.classic.stones import RULES
from strategy.engine import alphabeta


@pytest.mark.parametrize(
    ("row", "first_score"),
    [
        # GeeksforGeeks, "Optimal Strategy for a Game" (coins in a line, take either end).
        ((5, 3, 7, 10), 15),
        ((8, 15, 3, 7), 22),
        ((2, 2, 2, 2), 4),
        ((20, 30, 2, 2, 2, 10), 42),
    ],
)
def test_coin_game(row: tuple[int, ...], first_score: int) -> None:
    assert solve_row(row, "coins").first_score == first_score


def test_predict_the_winner() -> None:
    # LeetCode 486 "Predict the Winner": [1, 5, 2] -> false, [1, 5, 233, 7] -> true.
    assert solve_row((1, 5, 2), "coins").winner == "second"
    assert solve_row((1, 5, 233, 7), "coins").winner == "first"


@pytest.mark.parametrize(
    ("row", "winner"),
    [
        # LeetCode 1406 "Stone Game III", examples 1-3: "Bob", "Alice", "Tie".
        ((1, 2, 3, 7), "second"),
        ((1, 2, 3, -9), "first"),
        ((1, 2, 3, 6), "tie"),
    ],
)
def test_stone_game_iii(row: tuple[int, ...], winner: str) -> None:
    assert solve_row(row, "iii").winner == winner


@pytest.mark.parametrize(
    ("row", "margin"),
    # LeetCode 1690 "Stone Game VII", examples 1-2.
    [((5, 3, 1, 4, 2), 6), ((7, 90, 5, 1, 100, 10, 10, 2), 122)],
)
def test_stone_game_vii(row: tuple[int, ...], margin: int) -> None:
    assert solve_row(row, "vii").margin == margin


def test_long_row_against_the_textbook_recurrence() -> None:
    # The suffix recurrence of seed 002, corrected to subtract the opponent's best:
    # best[i] = max over k of (sum of stones i..i+k-1) - best[i+k].
    row = tuple((i * 7919) % 23 - 11 for i in range(20_000))
    best = [0] * (len(row) + 4)
    for i in range(len(row) - 1, -1, -1):
        best[i] = max(sum(row[i : i + k]) - best[i + k] for k in (1, 2, 3) if i + k <= len(row))
    assert solve_row(row, "iii").margin == best[0]


rows = st.lists(st.integers(-6, 9), max_size=7).map(tuple)


@settings(max_examples=150, deadline=None)
@given(rows, st.sampled_from(sorted(RULES)))
def test_dynamic_programme_equals_minimax(row: tuple[int, ...], rule: str) -> None:
    solution = solve_row(row, rule)
    game = RowGame(row, rule)
    searched = alphabeta(game)
    assert solution.margin == searched.value == solve(game).value
    assert solution.best_moves == searched.best_actions
    if rule != "vii":  # every number is scored once, so the scores add up to the row's sum
        assert solution.first_score + solution.second_score == sum(row)
    assert solution.first_score - solution.second_score == solution.margin


def test_unknown_rule() -> None:
    with pytest.raises(ValueError, match="unknown rule"):
        solve_row((1, 2), "v")
    with pytest.raises(ValueError, match="unknown rule"):
        RowGame((1, 2), "v")

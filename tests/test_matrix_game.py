"""Zero-sum matrix games: published solutions, closed forms, and the equilibrium property."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine import MatrixSolution, solve_matrix_game

# Rock-paper-scissors and matching pennies: von Neumann & Morgenstern, "Theory of Games and
# Economic Behavior" (1944), and every game theory text since: value 0, uniform mixed play.
ROCK_PAPER_SCISSORS = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
MATCHING_PENNIES = [[1, -1], [-1, 1]]

small_entries = st.one_of(
    st.integers(-3, 3), st.builds(Fraction, st.integers(-6, 6), st.integers(1, 4))
)


@st.composite
def matrices(draw: st.DrawFn, max_rows: int = 4, max_columns: int = 4) -> list[list[Fraction]]:
    rows, columns = draw(st.integers(1, max_rows)), draw(st.integers(1, max_columns))
    return [[Fraction(draw(small_entries)) for _ in range(columns)] for _ in range(rows)]


def assert_equilibrium(matrix: list[list[Fraction]], solution: MatrixSolution) -> None:
    """Exactly: the row strategy earns >= value in every column, the column one <= in every row."""
    p, q, value = solution.row_strategy, solution.column_strategy, solution.value
    assert sum(p) == 1 and sum(q) == 1
    assert all(x >= 0 for x in p) and all(y >= 0 for y in q)
    for j in range(len(matrix[0])):
        assert sum(p[i] * matrix[i][j] for i in range(len(matrix))) >= value
    for i, row in enumerate(matrix):
        assert sum(q[j] * row[j] for j in range(len(row))) <= value, i


@pytest.mark.parametrize("exact", [True, False])
def test_rock_paper_scissors(exact: bool) -> None:
    solution = solve_matrix_game(ROCK_PAPER_SCISSORS, exact=exact)
    assert solution.exact is exact
    if exact:
        assert solution.value == 0
        assert solution.row_strategy == solution.column_strategy == (Fraction(1, 3),) * 3
    else:
        assert solution.value == pytest.approx(0, abs=1e-12)
        assert solution.row_strategy == pytest.approx([1 / 3] * 3)
        assert solution.column_strategy == pytest.approx([1 / 3] * 3)


@pytest.mark.parametrize("exact", [True, False])
def test_matching_pennies(exact: bool) -> None:
    solution = solve_matrix_game(MATCHING_PENNIES, exact=exact)
    assert solution.value == pytest.approx(0, abs=1e-12)
    assert solution.row_strategy == pytest.approx([0.5, 0.5])
    assert solution.column_strategy == pytest.approx([0.5, 0.5])
    assert all(type(x) is (Fraction if exact else float) for x in solution.row_strategy)


@pytest.mark.parametrize("exact", [True, False])
def test_a_saddle_point_gives_pure_strategies(exact: bool) -> None:
    matrix = [[3, 1, 4], [5, 2, 6], [0, 1, 8]]
    # Independently: the best row minimum (row 1: 2) equals the best column maximum (column 1: 2).
    assert (
        max(min(row) for row in matrix) == min(max(col) for col in zip(*matrix, strict=True)) == 2
    )
    solution = solve_matrix_game(matrix, exact=exact)
    assert solution.value == 2
    assert solution.row_strategy == (0, 1, 0)
    assert solution.column_strategy == (0, 1, 0)


@pytest.mark.parametrize("exact", [True, False])
def test_single_row_and_single_column(exact: bool) -> None:
    row = solve_matrix_game([[4, -2, 7]], exact=exact)
    assert (row.value, row.row_strategy, row.column_strategy) == (-2, (1,), (0, 1, 0))
    column = solve_matrix_game([[4], [-2], [7]], exact=exact)
    assert (column.value, column.row_strategy, column.column_strategy) == (7, (0, 0, 1), (1,))


@pytest.mark.parametrize(
    "matrix",
    [
        [[0, 0], [0, 0]],  # every entry a saddle point
        [[1, -1], [1, -1], [-1, 1]],  # duplicate rows
        [[2, 2, -1, -1], [-1, -1, 2, 2]],  # duplicate columns
        [[1, -1, -1], [-1, 1, -1], [-1, -1, 1]],  # degenerate pivots
    ],
)
def test_degenerate_matrices(matrix: list[list[int]]) -> None:
    exact = solve_matrix_game(matrix)
    assert_equilibrium([[Fraction(x) for x in row] for row in matrix], exact)
    assert solve_matrix_game(matrix, exact=False).value == pytest.approx(float(exact.value))


@given(st.lists(st.integers(-5, 5), min_size=4, max_size=4))
def test_two_by_two_closed_form(entries: list[int]) -> None:
    # Ferguson, "Game Theory", Part II, section 2.2 (solution of all 2 by 2 matrix games):
    # without a saddle point, p = (d - c) / (a - b + d - c), V = (ad - bc) / (a - b + d - c).
    a, b, c, d = entries
    matrix = [[a, b], [c, d]]
    if max(min(a, b), min(c, d)) == min(max(a, c), max(b, d)):
        return  # a saddle point: the formula does not apply
    solution = solve_matrix_game(matrix)
    denominator = a - b + d - c
    assert solution.value == Fraction(a * d - b * c, denominator)
    assert solution.row_strategy == (Fraction(d - c, denominator), Fraction(a - b, denominator))
    assert solution.column_strategy == (Fraction(d - b, denominator), Fraction(a - c, denominator))


@given(st.lists(st.builds(Fraction, st.integers(1, 9), st.integers(1, 3)), min_size=1, max_size=5))
def test_diagonal_games(diagonal: list[Fraction]) -> None:
    # Ferguson, "Game Theory", Part II, section 3.3 (diagonal games): with positive diagonal
    # entries a_i, V = 1 / sum(1 / a_i) and both players play p_i = q_i = V / a_i.
    n = len(diagonal)
    matrix = [[diagonal[i] if i == j else 0 for j in range(n)] for i in range(n)]
    solution = solve_matrix_game(matrix)
    value = 1 / sum(1 / a for a in diagonal)
    assert solution.value == value
    assert solution.row_strategy == solution.column_strategy == tuple(value / a for a in diagonal)


@settings(max_examples=150, deadline=None)
@given(matrices())
def test_exact_solution_is_an_equilibrium_and_float_agrees(matrix: list[list[Fraction]]) -> None:
    exact = solve_matrix_game(matrix)
    assert exact.exact and type(exact.value) is Fraction
    assert_equilibrium(matrix, exact)
    approximate = solve_matrix_game(matrix, exact=False)
    assert not approximate.exact
    assert approximate.value == pytest.approx(float(exact.value), abs=1e-9)
    # The float strategies need not be the exact ones (equilibria are not unique), but they
    # must be optimal up to round-off.
    for j in range(len(matrix[0])):
        earned = sum(
            p * float(row[j]) for p, row in zip(approximate.row_strategy, matrix, strict=True)
        )
        assert earned >= float(exact.value) - 1e-9
    for row in matrix:
        conceded = sum(q * float(x) for q, x in zip(approximate.column_strategy, row, strict=True))
        assert conceded <= float(exact.value) + 1e-9


def test_inputs_of_other_number_types() -> None:
    # Floats are converted exactly in exact mode; numpy arrays work as sequences of rows.
    assert solve_matrix_game([[0.5]]).value == Fraction(1, 2)
    pennies = np.array(MATCHING_PENNIES)
    assert solve_matrix_game(pennies).row_strategy == (Fraction(1, 2),) * 2  # type: ignore[arg-type]
    assert solve_matrix_game([[Fraction(1, 3), 0.25]], exact=False).value == 0.25


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        ([], "empty"),
        ([[]], "empty"),
        (5, "sequence of rows"),
        ([[1, 2], [3]], "ragged"),
        ([[1, "2"]], r"\[0\]\[1\] = '2' is not a finite number"),
        ([[None]], "not a finite number"),
        ([[float("nan")]], "not a finite number"),
        ([[1.0, float("inf")]], "not a finite number"),
    ],
)
@pytest.mark.parametrize("exact", [True, False])
def test_bad_input_is_a_value_error(matrix: object, message: str, exact: bool) -> None:
    with pytest.raises(ValueError, match=message):
        solve_matrix_game(matrix, exact=exact)  # type: ignore[arg-type]


def test_solution_is_frozen() -> None:
    solution = solve_matrix_game(MATCHING_PENNIES)
    with pytest.raises(dataclasses.FrozenInstanceError):
        solution.value = Fraction(1)  # type: ignore[misc]

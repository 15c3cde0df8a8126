"""Exact matrix games from a float LP's supports: equal to the simplex, certified, and safe.

Deep imports: the matrix-game kernels: the float LP's supports made exact, against the simplex.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategy.engine.matrix_game as matrix_game
from strategy.engine import MatrixSolution, solve_matrix_game
from strategy.engine.matrix_support import certified, exact_from_float, exact_on_supports


def check_optimal(matrix: list[list[int]], solution: MatrixSolution) -> None:
    """From scratch, in Fractions: both strategies are probability vectors, the row strategy
    earns at least the value in every column and the column strategy concedes at most it."""
    x, y, value = solution.row_strategy, solution.column_strategy, solution.value
    assert all(type(p) is Fraction for p in (*x, *y, value))
    assert sum(x) == 1 and sum(y) == 1 and min(x) >= 0 and min(y) >= 0
    rows, columns = len(matrix), len(matrix[0])
    worst_column = min(sum(x[i] * matrix[i][j] for i in range(rows)) for j in range(columns))
    best_row = max(sum(matrix[i][j] * y[j] for j in range(columns)) for i in range(rows))
    assert worst_column == value == best_row


int_matrices = st.integers(1, 7).flatmap(
    lambda m: st.integers(1, 7).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(-4, 4), min_size=n, max_size=n), min_size=m, max_size=m
        )
    )
)


@settings(max_examples=120, deadline=None)
@given(int_matrices)
def test_supports_route_equals_the_simplex_and_is_certified(matrix: list[list[int]]) -> None:
    fast = solve_matrix_game(matrix, method="lp+exact-support")
    simplex = solve_matrix_game(matrix, method="simplex")
    assert fast.value == simplex.value
    assert fast.method in ("lp+exact-support", "simplex", "saddle point")
    check_optimal(matrix, fast)
    check_optimal(matrix, simplex)


@pytest.mark.parametrize("size", [12, 40])
def test_random_games_take_the_supports_route(size: int) -> None:
    rng = np.random.default_rng(size)
    matrix = rng.integers(-10, 11, (size, size)).tolist()
    solution = solve_matrix_game(matrix)
    assert solution.method == "lp+exact-support"
    check_optimal(matrix, solution)
    if size <= 12:
        assert solution.value == solve_matrix_game(matrix, method="simplex").value


def test_rational_entries_are_scaled_and_scaled_back() -> None:
    rng = random.Random(3)
    matrix = [[Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(9)] for _ in range(8)]
    fast = solve_matrix_game(matrix, method="lp+exact-support")
    assert fast.value == solve_matrix_game(matrix, method="simplex").value
    x, y = fast.row_strategy, fast.column_strategy
    assert min(sum(x[i] * matrix[i][j] for i in range(8)) for j in range(9)) == fast.value
    assert max(sum(matrix[i][j] * y[j] for j in range(9)) for i in range(8)) == fast.value


def test_a_failed_certificate_falls_back_to_the_simplex(monkeypatch: pytest.MonkeyPatch) -> None:
    # A float solver that names the wrong supports: the certificate must catch it.
    rock_paper_scissors = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]] * 3
    wrong = MatrixSolution(0.0, (1.0,) + (0.0,) * 8, (1.0, 0.0, 0.0), False, "linprog")
    monkeypatch.setattr(matrix_game, "_linear_program", lambda rows: wrong)
    solution = solve_matrix_game(rock_paper_scissors, method="lp+exact-support")
    assert solution.method == "simplex"
    check_optimal(rock_paper_scissors, solution)


def test_wrong_supports_are_not_certified() -> None:
    rock_paper_scissors = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    # On rows and columns 0, 1 both players are indifferent, but row 2 beats the column mix.
    assert exact_on_supports(rock_paper_scissors, (0, 1), (0, 1)) is None
    value, x, y = exact_on_supports(rock_paper_scissors, (0, 1, 2), (0, 1, 2)) or (0, (), ())
    assert value == 0 and x == y == (Fraction(1, 3),) * 3
    # A singular system: two equal rows on the supports.
    assert exact_on_supports([[1, 0], [1, 0]], (0, 1), (0, 1)) is None


def test_a_degenerate_game_is_solved_on_its_binding_strategies() -> None:
    # Value 0 (by hand: row 3 earns 0 against anything, the fair coin over the columns
    # concedes 0 in every row). Playing row 3 alone and the coin has supports of sizes 1 and
    # 2: no square system, but the binding rows and columns pin both strategies down.
    matrix = [[1, -1], [-1, 1], [0, 0]]
    assert exact_on_supports(matrix, (2,), (0, 1)) is None
    found = exact_from_float(matrix, matrix, [0.0, 0.0, 1.0], [0.5, 0.5])
    assert found == (0, (0, 0, 1), (Fraction(1, 2), Fraction(1, 2)))


def test_certificate_refuses_what_is_not_a_probability_vector() -> None:
    pennies = np.array([[1, -1], [-1, 1]], dtype=object)
    half = (Fraction(1, 2), Fraction(1, 2))
    assert certified(pennies, half, half) == 0
    assert certified(pennies, (Fraction(3, 2), Fraction(-1, 2)), half) is None
    assert certified(pennies, half, (Fraction(1, 2), Fraction(1, 3))) is None


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda k: st.lists(st.integers(-6, 6), min_size=k * k, max_size=k * k)
    )
)
def test_integer_elimination_solves_systems_exactly(entries: list[int]) -> None:
    from strategy.engine.matrix_support import _solve_integer_system

    k = int(len(entries) ** 0.5)
    square = [entries[i * k : (i + 1) * k] for i in range(k)]
    rhs = list(range(1, k + 1))
    system = np.array([[*row, b] for row, b in zip(square, rhs, strict=True)], dtype=object)
    solved = _solve_integer_system(system)
    # Independently: Gaussian elimination over Fractions decides singularity and the answer.
    augmented = [
        [Fraction(v) for v in row] + [Fraction(b)] for row, b in zip(square, rhs, strict=True)
    ]
    singular = False
    for p in range(k):
        pivot = next((r for r in range(p, k) if augmented[r][p] != 0), None)
        if pivot is None:
            singular = True
            break
        augmented[p], augmented[pivot] = augmented[pivot], augmented[p]
        for r in range(k):
            if r != p and augmented[r][p]:
                factor = augmented[r][p] / augmented[p][p]
                augmented[r] = [
                    a - factor * b for a, b in zip(augmented[r], augmented[p], strict=True)
                ]
    if singular:
        assert solved is None
        return
    assert solved is not None
    numerators, determinant = solved
    assert determinant > 0
    assert [Fraction(n, determinant) for n in numerators] == [
        augmented[i][k] / augmented[i][i] for i in range(k)
    ]


def test_unknown_method_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown method"):
        solve_matrix_game([[1, 2], [3, 0]], method="guess")

"""Exact results on request as sympy objects.

Deep imports: :mod:`strategy.present.symbolic`, under test, and the classic kernels that give the
exact values it converts.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from strategy.present.symbolic import latex, to_sympy, to_sympy_matrix
from strategy.risk.classic import battle_odds, battle_table


def test_seed_003_values_as_sympy_rationals() -> None:
    # Seed 003: Pr(2,1) = 15/36 and Pr(3,1) = 15/36 * 91/216 + 125/216.
    assert to_sympy(battle_odds(2, 1).win_probability) == sympy.Rational(15, 36)
    expected = sympy.Rational(15, 36) * sympy.Rational(91, 216) + sympy.Rational(125, 216)
    assert to_sympy(battle_odds(3, 1).win_probability) == expected


def test_table_as_sympy_matrix_keeps_every_cell_exact() -> None:
    table = battle_table(4, 3)
    matrix = to_sympy_matrix(table.values)
    assert matrix.shape == (4, 3)
    for i, row in enumerate(table.values):
        for j, value in enumerate(row):
            assert isinstance(value, Fraction)
            assert matrix[i, j] == sympy.Rational(value.numerator, value.denominator)


def test_floats_are_refused_and_latex_is_a_fraction() -> None:
    with pytest.raises(TypeError, match="exact"):
        to_sympy(0.5)
    assert latex(Fraction(5, 12)) == r"\frac{5}{12}"

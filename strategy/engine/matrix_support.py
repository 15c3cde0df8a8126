"""Exact optimal strategies of a matrix game from a float solution's supports, certified.

A float linear program finds, in milliseconds, which rows and columns an optimal strategy
plays (its *supports*). On the supports the equilibrium is the solution of a square linear
system, ``x^T A_S = v 1^T, sum(x) = 1`` for the row player and ``A_S y = v 1, sum(y) = 1`` for
the column player, which is solved here in exact integer arithmetic (fraction-free Gaussian
elimination, Bareiss 1968). The answer is then *certified* exactly: both are probability
vectors and ``min_j (x^T A)_j >= max_i (A y)_i``, so by weak duality both equal the value
and both strategies are optimal. If the supports were wrong (a degenerate game, or round-off
in the float solution) the certificate fails and the caller falls back to the exact simplex.

>>> rows = [[2, -1], [-1, 1]]
>>> exact_on_supports(rows, (0, 1), (0, 1))
(Fraction(1, 5), (Fraction(2, 5), Fraction(3, 5)), (Fraction(2, 5), Fraction(3, 5)))
>>> exact_on_supports(rows, (0,), (0, 1)) is None  # supports of different sizes
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

__all__ = ["certified", "exact_on_supports"]

Strategy = tuple[Fraction, ...]


def exact_on_supports(
    rows: Sequence[Sequence[int]], row_support: Sequence[int], column_support: Sequence[int]
) -> tuple[Fraction, Strategy, Strategy] | None:
    """The value and strategies that make both players indifferent on the given supports.

    ``rows`` is an integer matrix (scale a rational one by a common denominator first). The
    result is certified (see :func:`certified`) or ``None``: supports of different sizes,
    a singular system, or strategies that are not optimal.

    >>> exact_on_supports([[1, 0], [0, 1]], (0, 1), (0, 1))[0]  # the identity: value 1/2
    Fraction(1, 2)
    """
    if len(row_support) != len(column_support) or not row_support:
        return None
    matrix = np.array(rows, dtype=object)
    square = matrix[np.ix_(row_support, column_support)]
    column = _indifferent(square)
    row = _indifferent(square.T)
    if column is None or row is None:
        return None
    x = _spread(row, row_support, len(rows))
    y = _spread(column, column_support, len(rows[0]))
    value = certified(matrix, x, y)
    return None if value is None else (value, x, y)


def certified(matrix: np.ndarray, x: Strategy, y: Strategy) -> Fraction | None:
    """The game's value if ``x`` and ``y`` are optimal for ``matrix`` (exactly), else ``None``.

    The check is the whole proof of optimality: ``x`` and ``y`` are probability vectors, and
    ``x`` earns at least as much against every column as ``y`` concedes in its best row.

    >>> pennies = np.array([[1, -1], [-1, 1]], dtype=object)
    >>> half = (Fraction(1, 2), Fraction(1, 2))
    >>> certified(pennies, half, half), certified(pennies, (Fraction(1), Fraction(0)), half)
    (Fraction(0, 1), None)
    """
    for strategy in (x, y):
        if sum(strategy) != 1 or any(p < 0 for p in strategy):
            return None
    # Over a common denominator the products are integer sums, checked without any division.
    x_scale = math.lcm(*(p.denominator for p in x))
    y_scale = math.lcm(*(q.denominator for q in y))
    x_numerators = np.array([int(p * x_scale) for p in x], dtype=object)
    y_numerators = np.array([int(q * y_scale) for q in y], dtype=object)
    earned = min((x_numerators @ matrix).tolist())  # over x_scale, at the worst column
    conceded = max((matrix @ y_numerators).tolist())  # over y_scale, at the best row
    if earned * y_scale < conceded * x_scale:
        return None
    return Fraction(earned, x_scale)


def _indifferent(square: np.ndarray) -> Strategy | None:
    """The ``y`` with ``square @ y`` constant and ``sum(y) = 1``, or ``None`` if singular.

    The unknowns are ``y`` and the constant ``v``: ``square y - v = 0`` and ``sum(y) = 1``.
    """
    size = len(square)
    system = np.zeros((size + 1, size + 2), dtype=object)
    system[:size, :size] = square
    system[:size, size] = -1
    system[size, :size] = 1
    system[size, size + 1] = 1
    solution = _solve_integer_system(system)
    if solution is None:
        return None
    numerators, denominator = solution
    return tuple(Fraction(n, denominator) for n in numerators[:size])


def _solve_integer_system(system: np.ndarray) -> tuple[list[int], int] | None:
    """Solve ``M z = b`` (``system`` is ``[M | b]``, Python ints): ``z = numerators / det``.

    Bareiss's fraction-free elimination keeps every entry an integer (a minor of ``M``), so
    each division is exact and the numbers grow only as determinants do.
    """
    size = len(system)
    previous = 1
    for p in range(size):
        nonzero = np.flatnonzero(system[p:, p] != 0)
        if not nonzero.size:
            return None
        swap = p + int(nonzero[0])
        if swap != p:
            system[[p, swap]] = system[[swap, p]]
        pivot = system[p, p]
        below = system[p + 1 :, p + 1 :]
        system[p + 1 :, p + 1 :] = (
            below * pivot - system[p + 1 :, p : p + 1] * system[p : p + 1, p + 1 :]
        ) // previous
        system[p + 1 :, p] = 0
        previous = pivot
    determinant = int(system[size - 1, size - 1])
    if determinant < 0:
        system = -system
        determinant = -determinant
    # Back substitution for the integers det * z (Cramer: they are integers).
    numerators = [0] * size
    for i in range(size - 1, -1, -1):
        known = sum(int(system[i, j]) * numerators[j] for j in range(i + 1, size))
        numerators[i] = (determinant * int(system[i, size]) - known) // int(system[i, i])
    return numerators, determinant


def _spread(weights: Strategy, support: Sequence[int], size: int) -> Strategy:
    """A strategy over ``size`` pure strategies, ``weights`` on ``support`` and 0 elsewhere."""
    full = [Fraction(0)] * size
    for index, weight in zip(support, weights, strict=True):
        full[index] = weight
    return tuple(full)

"""Exact optimal strategies of a matrix game from a float solution, certified.

A float linear program finds, in milliseconds, which rows and columns optimal strategies
play (their *supports*) and which pure strategies of the opponent they make indifferent
(the *binding* ones). On those sets an equilibrium solves a linear system: ``x^T A = v`` on
the binding columns with ``sum(x) = 1`` for the row player, ``A y = v`` on the binding rows
with ``sum(y) = 1`` for the column player. It is solved here in exact integer arithmetic
(fraction-free Gaussian elimination, Bareiss 1968), and the answer is then *certified*
exactly: both are probability vectors and ``min_j (x^T A)_j >= max_i (A y)_i``, so by weak
duality both equal the value and both strategies are optimal. If the float solution misled
(a degenerate game, or round-off) the certificate fails and the caller falls back to the
exact simplex.

>>> rows = [[2, -1], [-1, 1]]
>>> exact_on_supports(rows, (0, 1), (0, 1))
(Fraction(1, 5), (Fraction(2, 5), Fraction(3, 5)), (Fraction(2, 5), Fraction(3, 5)))
>>> exact_on_supports(rows, (0,), (0, 1)) is None  # no strategy on row 0 alone is optimal
True
>>> exact_from_float(rows, [[2.0, -1.0], [-1.0, 1.0]], [0.4, 0.6], [0.4, 0.6])[0]
Fraction(1, 5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

__all__ = ["certified", "exact_from_float", "exact_on_supports"]

Strategy = tuple[Fraction, ...]
Solution = tuple[Fraction, Strategy, Strategy]

# A float probability above this is in the support; a payoff within this (relative to the
# largest payoff) of the float value is binding.
SUPPORT_TOLERANCE = 1e-9
BINDING_TOLERANCE = 1e-6


def exact_from_float(
    rows: Sequence[Sequence[int]],
    payoffs: Sequence[Sequence[float]],
    x: Sequence[float],
    y: Sequence[float],
) -> Solution | None:
    """Certified exact strategies on the supports and binding sets of float strategies.

    ``rows`` is an integer matrix (a rational one times a common denominator) and ``payoffs``
    the same game in floats, at any scale. The supports are tried with square systems first
    (the usual case), then, if the game is degenerate, with all the binding rows and columns.
    """
    matrix = np.asarray(payoffs, dtype=float)
    x_float, y_float = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    row_support = np.flatnonzero(x_float > SUPPORT_TOLERANCE).tolist()
    column_support = np.flatnonzero(y_float > SUPPORT_TOLERANCE).tolist()
    tolerance = BINDING_TOLERANCE * max(1.0, float(np.abs(matrix).max()))
    earned, conceded = x_float @ matrix, matrix @ y_float
    binding_columns = np.flatnonzero(earned <= earned.min() + tolerance).tolist()
    binding_rows = np.flatnonzero(conceded >= conceded.max() - tolerance).tolist()
    attempts = [(column_support, row_support), (binding_columns, binding_rows)]
    for columns, rows_binding in attempts if attempts[0] != attempts[1] else attempts[:1]:
        found = exact_on_supports(rows, row_support, column_support, columns, rows_binding)
        if found is not None:
            return found
    return None


def exact_on_supports(
    rows: Sequence[Sequence[int]],
    row_support: Sequence[int],
    column_support: Sequence[int],
    binding_columns: Sequence[int] | None = None,
    binding_rows: Sequence[int] | None = None,
) -> Solution | None:
    """The value and strategies on the supports that make the binding strategies indifferent.

    ``rows`` is an integer matrix (scale a rational one by a common denominator first). The
    binding columns default to the column support, the binding rows to the row support. The
    result is certified (see :func:`certified`) or ``None``: a system without a unique
    solution, or strategies that are not optimal.

    >>> exact_on_supports([[1, 0], [0, 1]], (0, 1), (0, 1))[0]  # the identity: value 1/2
    Fraction(1, 2)
    """
    if not row_support or not column_support:
        return None
    columns = column_support if binding_columns is None else binding_columns
    rows_binding = row_support if binding_rows is None else binding_rows
    matrix = np.array(rows, dtype=object)
    column = _indifferent(matrix[np.ix_(rows_binding, column_support)])
    row = _indifferent(matrix[np.ix_(row_support, columns)].T)
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


def _indifferent(block: np.ndarray) -> Strategy | None:
    """The ``y`` with ``block @ y`` constant and ``sum(y) = 1``, if exactly one, else ``None``.

    The unknowns are ``y`` and the constant ``v``: ``block y - v = 0`` and ``sum(y) = 1``;
    ``block`` may have more rows than columns (more equations than needed, all consistent).
    """
    equations, size = block.shape
    system = np.zeros((equations + 1, size + 2), dtype=object)
    system[:equations, :size] = block
    system[:equations, size] = -1
    system[equations, :size] = 1
    system[equations, size + 1] = 1
    solution = _solve_integer_system(system)
    if solution is None:
        return None
    numerators, denominator = solution
    return tuple(Fraction(n, denominator) for n in numerators[:size])


def _solve_integer_system(system: np.ndarray) -> tuple[list[int], int] | None:
    """Solve ``M z = b`` (``system`` is ``[M | b]``, Python ints): ``z = numerators / det``.

    ``None`` unless the solution exists and is unique (``M`` may have more rows than columns).
    Bareiss's fraction-free elimination keeps every entry an integer (a minor of ``M``), so
    each division is exact and the numbers grow only as determinants do.
    """
    equations, unknowns = system.shape[0], system.shape[1] - 1
    if equations < unknowns:
        return None
    previous = 1
    for p in range(unknowns):
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
    if any(system[unknowns:, unknowns] != 0):  # equations left over, now 0 = b: inconsistent
        return None
    determinant = int(system[unknowns - 1, unknowns - 1])
    if determinant < 0:
        system = -system
        determinant = -determinant
    # Back substitution for the integers det * z (Cramer: they are integers).
    numerators = [0] * unknowns
    for i in range(unknowns - 1, -1, -1):
        known = sum(int(system[i, j]) * numerators[j] for j in range(i + 1, unknowns))
        numerators[i] = (determinant * int(system[i, unknowns]) - known) // int(system[i, i])
    return numerators, determinant


def _spread(weights: Strategy, support: Sequence[int], size: int) -> Strategy:
    """A strategy over ``size`` pure strategies, ``weights`` on ``support`` and 0 elsewhere."""
    full = [Fraction(0)] * size
    for index, weight in zip(support, weights, strict=True):
        full[index] = weight
    return tuple(full)

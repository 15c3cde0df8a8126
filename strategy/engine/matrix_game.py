"""Two-player zero-sum matrix games: exact (rational simplex) and float (linear programming).

Entry ``matrix[i][j]`` is what the column player (the minimiser) pays the row player (the
maximiser) when the row player picks row ``i`` and the column player picks column ``j``.

Exact solutions of larger games come from a float linear program's supports, solved exactly
and certified (:mod:`strategy.engine.matrix_support`); the simplex over ``Fraction`` is the
method for small games and the fallback whenever a certificate fails.

>>> # Matching pennies (von Neumann & Morgenstern 1944): value 0, both players toss a fair coin.
>>> solution = solve_matrix_game([[1, -1], [-1, 1]])
>>> solution.value, solution.row_strategy, solution.column_strategy
(Fraction(0, 1), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError, echo
from strategy.engine.extras import MissingExtra, require

__all__ = ["METHODS", "MatrixSolution", "solve_matrix_game"]

Number = TypeVar("Number", Fraction, float, int)

#: The exact methods: ``auto`` takes the simplex for games with at most ``SIMPLEX_SIDE`` rows
#: or columns and the certified float-LP route for the others.
METHODS = ("auto", "simplex", "lp+exact-support")
SIMPLEX_SIDE = 6
# Entries of these types need no further check (a shortcut past the slower ABC checks).
_EXACT_TYPES = (int, Fraction)


@dataclass(frozen=True, repr=False)
class MatrixSolution(Summarised):
    """The value of a zero-sum matrix game and an optimal mixed strategy for each player.

    ``row_strategy`` guarantees the maximiser at least ``value`` against every column;
    ``column_strategy`` holds the maximiser to at most ``value`` in every row. ``method``
    says how it was found: ``"saddle point"``, ``"simplex"``, ``"lp+exact-support"`` (a float
    LP's supports solved exactly, with the exact certificate checked) or ``"linprog"``
    (floats).

    >>> solve_matrix_game([[3, 1], [4, 2]])  # a saddle point: row 2, column 2
    MatrixSolution(value=Fraction(2, 1), row_strategy=(Fraction(0, 1), Fraction(1, 1)),
                   column_strategy=(Fraction(0, 1), Fraction(1, 1)), exact=True,
                   method='saddle point')
    """

    value: Fraction | float
    row_strategy: tuple[Fraction | float, ...]
    column_strategy: tuple[Fraction | float, ...]
    exact: bool
    method: str


def solve_matrix_game(
    matrix: Sequence[Sequence[Fraction | int | float]],
    *,
    exact: bool = True,
    method: str = "auto",
) -> MatrixSolution:
    """Solve the zero-sum game whose payoffs to the row player are ``matrix``.

    A pure saddle point, when there is one, is returned as pure strategies (first such row and
    column). Otherwise ``exact=True`` solves in ``Fraction`` arithmetic (floats in the input
    are converted exactly) by ``method``, one of :data:`METHODS`: ``"simplex"``, or
    ``"lp+exact-support"``, which falls back to the simplex if its certificate fails (the
    result's ``method`` says which answered). ``exact=False`` calls ``scipy.optimize.linprog``,
    falling back on the exact method where the LP solver fails (say, on badly scaled payoffs).
    Raises ``ValueError`` for an empty or ragged matrix, a non-numeric or non-finite entry, or
    an unknown method.

    >>> # Rock-paper-scissors (von Neumann & Morgenstern 1944): value 0, uniform play.
    >>> rps = solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    >>> rps.value, [str(p) for p in rps.row_strategy]
    (Fraction(0, 1), ['1/3', '1/3', '1/3'])
    >>> solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], method="lp+exact-support").method
    'lp+exact-support'
    >>> round(solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], exact=False).value, 9)
    0.0
    """
    if method not in METHODS:
        raise InputError(f"unknown method {echo(method)}: use one of {', '.join(METHODS)}")
    if not exact:
        float_rows = _validated(matrix, float)
        saddle = _saddle_point(float_rows)
        return _pure(float_rows, *saddle, False) if saddle else _linear_program(float_rows)
    rows = _validated(matrix, Fraction)
    # Over a common denominator, comparisons and the exact algebra are integer operations.
    scale = math.lcm(*(entry.denominator for row in rows for entry in row))
    integers = [[entry.numerator * (scale // entry.denominator) for entry in row] for row in rows]
    saddle = _saddle_point(integers)
    if saddle:
        return _pure(rows, *saddle, True)
    small = min(len(rows), len(rows[0])) <= SIMPLEX_SIDE
    if method == "simplex" or (method == "auto" and small):
        return _simplex(rows)
    return _on_supports(rows, integers, scale) or _simplex(rows)


def _validated(matrix: object, convert: type[Number]) -> list[list[Number]]:
    """The matrix as a non-empty rectangular list of lists of ``convert`` numbers."""
    try:
        rows = [list(row) for row in matrix]  # type: ignore[attr-defined]
    except TypeError:
        raise InputError(
            "the matrix must be a sequence of rows, each a sequence of numbers"
        ) from None
    if not rows or not rows[0]:
        raise InputError("the matrix is empty: a game needs at least one row and one column")
    width = len(rows[0])
    result: list[list[Number]] = []
    for i, row in enumerate(rows):
        if len(row) != width:
            raise InputError(f"the matrix is ragged: row 0 has {width} entries, row {i} {len(row)}")
        for j, entry in enumerate(row):
            if type(entry) not in _EXACT_TYPES and (
                not isinstance(entry, numbers.Real)
                or not (isinstance(entry, numbers.Rational) or math.isfinite(entry))
            ):
                raise InputError(f"matrix entry [{i}][{j}] = {echo(entry)} is not a finite number")
        result.append([convert(entry) for entry in row])
    return result


def _saddle_point(rows: list[list[Number]]) -> tuple[int, int] | None:
    """The first (row, column) where maximin equals minimax, or None."""
    row_minima = [min(row) for row in rows]
    column_maxima = [max(column) for column in zip(*rows, strict=True)]
    lower, upper = max(row_minima), min(column_maxima)
    if lower != upper:
        return None
    return row_minima.index(lower), column_maxima.index(upper)


def _pure(rows: list[list[Number]], i: int, j: int, exact: bool) -> MatrixSolution:
    zero, one = (Fraction(0), Fraction(1)) if exact else (0.0, 1.0)
    row_strategy = tuple(one if k == i else zero for k in range(len(rows)))
    column_strategy = tuple(one if k == j else zero for k in range(len(rows[0])))
    return MatrixSolution(rows[i][j], row_strategy, column_strategy, exact, "saddle point")


def _on_supports(
    rows: list[list[Fraction]], integers: list[list[int]], scale: int
) -> MatrixSolution | None:
    """The certified solution on the supports of the float LP's, or ``None``.

    ``integers`` is ``rows`` times ``scale``.
    """
    # Imported here, as numpy and scipy are below, so that importing this module stays cheap.
    from strategy.engine.matrix_support import exact_from_float

    payoffs = [[float(entry) for entry in row] for row in rows]
    try:
        approximate = _linear_program(payoffs)
    except (ArithmeticError, MissingExtra):  # without scipy (stats), the simplex answers
        return None
    x, y = approximate.row_strategy, approximate.column_strategy
    found = exact_from_float(integers, payoffs, [float(p) for p in x], [float(q) for q in y])
    if found is None:
        return None
    value, row_strategy, column_strategy = found
    return MatrixSolution(value / scale, row_strategy, column_strategy, True, "lp+exact-support")


def _simplex(rows: list[list[Fraction]]) -> MatrixSolution:
    """Exact solution by the simplex method with Bland's rule (which cannot cycle).

    Shifting every payoff to at least 1 makes the value positive; then the column player's
    problem is ``maximise sum(y) subject to (A + shift) y <= 1, y >= 0`` with the origin
    feasible, so no phase one is needed. At the optimum ``sum(y) = 1 / value``, the column
    strategy is ``y * value`` and the row strategy is the dual solution (the objective row
    under the slack columns) times the value.
    """
    m, n = len(rows), len(rows[0])
    shift = 1 - min(min(row) for row in rows)
    one, zero = Fraction(1), Fraction(0)
    tableau = [
        [entry + shift for entry in row] + [one if k == i else zero for k in range(m)] + [one]
        for i, row in enumerate(rows)
    ]
    objective = [-one] * n + [zero] * (m + 1)
    basis = list(range(n, n + m))
    while True:
        entering = next((j for j, cost in enumerate(objective[:-1]) if cost < 0), None)
        if entering is None:
            break
        leaving = min(
            (i for i in range(m) if tableau[i][entering] > 0),
            key=lambda i: (tableau[i][-1] / tableau[i][entering], basis[i]),
        )
        pivot_row = tableau[leaving]
        pivot = pivot_row[entering]
        pivot_row[:] = [entry / pivot for entry in pivot_row]
        for other in (*tableau, objective):
            factor = other[entering]
            if other is not pivot_row and factor:
                other[:] = [a - factor * b for a, b in zip(other, pivot_row, strict=True)]
        basis[leaving] = entering
    total = objective[-1]
    column_weights = [zero] * n
    for i, variable in enumerate(basis):
        if variable < n:
            column_weights[variable] = tableau[i][-1]
    return MatrixSolution(
        value=1 / total - shift,
        row_strategy=tuple(weight / total for weight in objective[n : n + m]),
        column_strategy=tuple(weight / total for weight in column_weights),
        exact=True,
        method="simplex",
    )


def _linear_program(rows: list[list[float]]) -> MatrixSolution:
    """Float solution with HiGHS: the row player's LP, the column strategy from its duals.

    Variables ``(p_1, ..., p_m, v)``: maximise ``v`` subject to ``v <= p . column_j`` for
    every column and ``sum(p) = 1``. The dual prices of the column constraints are the
    column player's optimal strategy.
    """
    # Imported here so that importing this module stays cheap; scipy is an extra (stats),
    # and it ships no type information (linprog is then Any, which is all we need).
    import numpy as np

    linprog = require("scipy.optimize", "stats", "a float matrix game").linprog

    payoff = np.array(rows, dtype=float)
    m, n = payoff.shape
    cost = np.zeros(m + 1)
    cost[-1] = -1.0
    result = linprog(
        cost,
        A_ub=np.hstack([-payoff.T, np.ones((n, 1))]),
        b_ub=np.zeros(n),
        A_eq=np.hstack([np.ones((1, m)), np.zeros((1, 1))]),
        b_eq=np.ones(1),
        bounds=[(0, None)] * m + [(None, None)],
        method="highs",
    )
    if result.status != 0:
        # HiGHS refuses badly scaled models (payoffs 1e16 and 1): the floats are exact
        # rationals, so the exact simplex method solves the same game; report it in floats.
        exact = _simplex([[Fraction(entry) for entry in row] for row in rows])
        return MatrixSolution(
            float(exact.value),
            tuple(map(float, exact.row_strategy)),
            tuple(map(float, exact.column_strategy)),
            exact=False,
            method="simplex",
        )
    return MatrixSolution(
        value=float(-result.fun) + 0.0,  # + 0.0 turns a -0.0 from the solver into 0.0
        row_strategy=_distribution(result.x[:m]),
        column_strategy=_distribution(-result.ineqlin.marginals),
        exact=False,
        method="linprog",
    )


def _distribution(weights: Sequence[float]) -> tuple[float, ...]:
    """Solver output as a probability vector: round-off negatives to 0, renormalise."""
    clipped = [max(float(weight), 0.0) for weight in weights]
    total = sum(clipped)
    return tuple(weight / total for weight in clipped)

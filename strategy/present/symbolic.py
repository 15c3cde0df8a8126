"""Exact results as sympy objects, on request: for LaTeX, printing and symbolic work.

The toolkit computes with ``fractions.Fraction``; sympy is imported only when one of
these functions is called, so nothing else pays for it.

>>> from fractions import Fraction
>>> to_sympy(Fraction(15, 36))
5/12
>>> to_sympy_matrix([[Fraction(1, 2), 1], [0, Fraction(-3, 4)]]).tolist()
[[1/2, 1], [0, -3/4]]
>>> latex(Fraction(1955, 2592))
'\\\\frac{1955}{2592}'
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from strategy.engine.extras import require


def _sympy() -> Any:
    # sympy is an extra, ships no type information, and costs a third of a second to import.
    return require("sympy", "symbolic", "exact output through sympy")


def to_sympy(value: Fraction | int | float) -> Any:
    """``value`` as a ``sympy.Rational``; floats are refused, as they are not exact results."""
    if isinstance(value, float):
        raise TypeError("to_sympy needs an exact value (Fraction or int), not a float")
    value = Fraction(value)
    return _sympy().Rational(value.numerator, value.denominator)


def to_sympy_matrix(rows: Iterable[Iterable[Fraction | int]]) -> Any:
    """A table of exact values (for instance ``battle_table(...).values``) as a ``sympy.Matrix``."""
    return _sympy().Matrix([[to_sympy(v) for v in row] for row in rows])


def latex(value: Fraction | int) -> str:
    """An exact rational in LaTeX, through sympy."""
    return str(_sympy().latex(to_sympy(value)))

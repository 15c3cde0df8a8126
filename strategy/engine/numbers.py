"""Exact numbers as text: one form for every exact rational the toolkit prints.

>>> fraction_text(Fraction(3, 4)), fraction_text(2)
('3/4', '2/1')
"""

from __future__ import annotations

from fractions import Fraction


def fraction_text(value: Fraction | int | float) -> str:
    """An exact rational as ``"p/q"`` (integers as ``"p/1"``, so parsers see one form).

    Floats are refused: their "exact" value would be a binary artefact, not a result.
    """
    if isinstance(value, float):
        raise TypeError("fraction_text needs an exact value, not a float")
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"

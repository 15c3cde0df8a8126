"""Probabilities added up as floats never come out above 1.

Masses rounded one by one (or rescaled to sum to 1, as balanced blitz does) can add up to
``1.0000000000000002``; a probability printed, returned or served is never more than 1.
Sums of floats are rounded once (:func:`math.fsum`), then kept at most 1; fractions are
exact and left as they are.

>>> masses = [0.5, 0.5000000000000002]  # two halves, one rounded up
>>> sum(masses) > 1, probability_sum(masses, 0.0)
(True, 1.0)
>>> probability_sum([Fraction(1, 3)] * 3, Fraction(0))
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import fsum
from typing import TypeVar, cast

__all__ = ["at_most_one", "probability_sum"]

#: A probability: exact, or a float (or either, as a result's ``Value`` is).
P = TypeVar("P", bound=Fraction | float)


def at_most_one(probability: P) -> P:
    """A float probability that rounding may have carried past 1, brought back to 1; a
    fraction as it is.

    >>> at_most_one(1.0000000000000002), at_most_one(Fraction(1, 2))
    (1.0, Fraction(1, 2))
    """
    if isinstance(probability, Fraction):
        return probability
    return cast(P, min(probability, 1.0))


def probability_sum(masses: Iterable[P], zero: P) -> P:
    """The probability of some outcomes of one distribution, from their masses (``zero``
    says the number type, for none at all)."""
    if isinstance(zero, Fraction):
        return sum(masses, zero)
    return cast(P, at_most_one(fsum(masses)))

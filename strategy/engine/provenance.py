"""How a result was computed, recorded beside it (as Gambit's results record theirs): the
method that answered, whether the numbers are exact rationals, and a bound on their error.

A caller reads the record instead of testing the result's type to learn what it got.

>>> Provenance("classic", exact=False, error_bound=1e-12).describe()
'classic, floats within 1e-12'
>>> Provenance("optimal", exact=True).describe()
'optimal, exact'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Provenance:
    """``method`` names the algorithm that answered; ``error_bound`` bounds the sum of the
    absolute errors of the result's probabilities (0 when ``exact``; ``inf`` when none is
    known)."""

    method: str
    exact: bool
    error_bound: float = 0.0

    def describe(self) -> str:
        """One line: the method, and exact or the float bound."""
        how = "exact" if self.exact else f"floats within {self.error_bound:.2g}"
        return f"{self.method}, {how}"

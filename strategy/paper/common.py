"""What every section generator returns: files to write and numbers for the prose.

>>> Section({"a.tex": "x"}, {"N": "1"}).merge(Section({}, {"M": "2"})).numbers
{'N': '1', 'M': '2'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from strategy.risk.classic import battle_table
from strategy.risk.rules import Rules


@dataclass(frozen=True)
class Section:
    """Generated text files (name -> content) and number macros (name -> LaTeX)."""

    files: dict[str, str] = field(default_factory=dict)
    numbers: dict[str, str] = field(default_factory=dict)

    def merge(self, other: Section) -> Section:
        """Both sections' files and numbers; a name defined twice is a bug."""
        clash = (self.files.keys() & other.files.keys()) | (
            self.numbers.keys() & other.numbers.keys()
        )
        if clash:
            raise ValueError(f"generated twice: {sorted(clash)}")
        return Section(self.files | other.files, self.numbers | other.numbers)


def armies_needed(
    rules: Rules, defenders: int, targets: tuple[Fraction, ...], most: int
) -> dict[int, tuple[int | None, ...]]:
    """For each m in 1..defenders, the fewest n (up to ``most``) with P(capture) > each target.

    >>> armies_needed(Rules(), 2, (Fraction(1, 2),), 10)
    {1: (3,), 2: (4,)}
    """
    table = battle_table(most, defenders, rules)
    needed: dict[int, tuple[int | None, ...]] = {}
    for j, m in enumerate(table.defenders):
        column = [row[j] for row in table.values]
        needed[m] = tuple(
            next((n for n, p in zip(table.attackers, column, strict=True) if p > t), None)
            for t in targets
        )
    return needed

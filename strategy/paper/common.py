"""What every section generator returns: files to write and numbers for the prose.

>>> Section({"a.tex": "x"}, {"N": "1"}).merge(Section({}, {"M": "2"})).numbers
{'N': '1', 'M': '2'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from strategy.risk.battle import Battle
from strategy.risk.classic import battle_table
from strategy.risk.resolution import Resolution
from strategy.risk.rules import Rules
from strategy.risk.variants.blitz import fewest_needed, fight_table


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


def fewest_troops(
    blitz: Resolution,
    rules: Rules,
    defenders: Sequence[int],
    targets: Sequence[Fraction],
    most: int = 32,
) -> dict[tuple[int, Fraction], int]:
    """For each m and target t, the fewest n with P(capture) >= t as ``blitz`` fights it
    (what :func:`~strategy.risk.variants.blitz.fewest_needed` answers), read off one float
    table, which doubles until it holds every answer; a cell within the table's error bound
    of a target is settled by that function itself.

    >>> fewest_troops(Resolution(), Rules(), (1, 2), (Fraction(1, 2),))
    {(1, Fraction(1, 2)): 3, (2, Fraction(1, 2)): 4}
    """
    while True:
        found = fight_table(most, max(defenders), Battle(rules, resolution=blitz))
        grid, bound = found.as_array(), found.error_bound
        answers: dict[tuple[int, Fraction], int] = {}
        for m in defenders:
            column = grid[:, m - 1].tolist()
            for target in targets:
                answer = _first_passing(column, float(target), bound)
                if answer is None:
                    continue
                n, sure = answer
                answers[m, target] = (
                    n if sure else fewest_needed(blitz, (m,), target, (rules,)).attackers
                )
        if len(answers) == len(defenders) * len(targets):
            return answers
        most *= 2


def _first_passing(column: Sequence[float], target: float, bound: float) -> tuple[int, bool] | None:
    """The first army count whose P may reach ``target`` (P grows with the armies), and
    whether it surely does (it is not within ``bound`` of it); None if none may."""
    for n, p in enumerate(column, start=1):
        if p + bound >= target:
            return n, p - bound >= target
    return None

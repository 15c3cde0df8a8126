"""Tables of a battle's values over a grid of battles: :class:`BattleTable` (the classic
kernels, or a resolution's) and :class:`OptimalTable` (optimal play, with every cell's
play). Each records how it was computed (``provenance``) and writes its own JSON.

>>> from strategy.risk.classic import battle_table
>>> battle_table(2, 1).to_json()["values_exact"]
[['0/1'], ['5/12']]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from strategy.engine.display import Summarised, drawn
from strategy.engine.numbers import Value, fraction_text
from strategy.engine.provenance import Provenance
from strategy.risk.battle import Battle
from strategy.risk.kernels.classic_float import FloatArray, FloatRows
from strategy.risk.kernels.optimal_float import PlayRows
from strategy.risk.kernels.scaled import ScaledRows
from strategy.risk.leaves import Terms, battle_json
from strategy.risk.plays import CellPlay


@dataclass(frozen=True, repr=False)
class BattleTable(Summarised, Terms):
    """Values of one objective over a grid of battles (rows: attackers, columns: defenders).

    Float tables hold one numpy array (:meth:`as_array`) behind ``values``; exact ones
    hold integers over prime powers and reduce a row to ``Fraction`` objects when it is
    first read.

    >>> from strategy.risk.classic import battle_table
    >>> table = battle_table(3, 3)
    >>> table.attackers, table.defenders
    ((1, 2, 3), (1, 2, 3))
    """

    battle: Battle
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    values: Sequence[Sequence[Value]]
    exact: bool
    method: str = field(default="classic", kw_only=True, repr=False)
    error_bound: float = field(default=0.0, kw_only=True, repr=False)

    @property
    def provenance(self) -> Provenance:
        """How the table was computed: the method, exact or floats, and a bound on each
        cell's error (for an expectation, times the largest payoff)."""
        return Provenance(self.method, self.exact, self.error_bound)

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``table --json`` shape: axes, what it shows, the battle's terms, float
        values and, when exact, ``values_exact``; then, for a battle a resolution fights
        (Balanced Blitz, a limit), the dice and the error bound.

        >>> from strategy.risk.classic import battle_table
        >>> battle_table(2, 1).to_json()["values_exact"]
        [['0/1'], ['5/12']]
        """
        obj: dict[str, Any] = {
            "attackers": list(self.attackers),
            "defenders": list(self.defenders),
            "metric": self.objective.label,
            "description": self.objective.description,
            **battle_json(self.battle),
            "values": self.as_floats(),
        }
        if self.exact:
            obj["values_exact"] = [[fraction_text(v) for v in row] for row in self.values]
        if self.resolution.plain:
            return obj
        return obj | self.resolution.to_json() | {"error_bound": self.error_bound}

    def _repr_html_(self) -> str:
        return str(drawn(self, "html"))

    def to_pandas(self, *, fractions: bool = False) -> Any:
        """The values as a DataFrame, index ``A``, columns ``D`` (pandas: the ``notebook``
        extra); ``fractions`` keeps an exact table's ``Fraction`` objects."""
        return drawn(self, "pandas", fractions=fractions)

    def to_numpy(self) -> FloatArray:
        """The values as a read-only float64 array (:meth:`as_array`)."""
        return self.as_array()

    def to_sympy(self) -> Any:
        """An exact table as a ``sympy.Matrix`` (sympy: the ``symbolic`` extra)."""
        return drawn(self, "sympy")

    def value(self, attackers: int, defenders: int) -> Value:
        """The value at one cell, looked up by army counts."""
        row, column = self.attackers.index(attackers), self.defenders.index(defenders)
        if isinstance(self.values, FloatRows):
            return float(self.values.array[row, column])
        return self.values[row][column]

    def as_floats(self) -> list[list[float]]:
        """The values as floats, row by row."""
        if isinstance(self.values, FloatRows | ScaledRows):
            rows: list[list[float]] = self.as_array().tolist()
            return rows
        return [[float(v) for v in row] for row in self.values]

    def as_array(self) -> FloatArray:
        """The values as a read-only float64 array, without a Python object per cell.

        >>> from strategy.risk.classic import battle_table
        >>> battle_table(2, 2, exact=False).as_array().shape
        (2, 2)
        """
        if isinstance(self.values, FloatRows):
            return self.values.array
        if isinstance(self.values, ScaledRows):
            array = self.values.floats()
            array.flags.writeable = False
            return array
        array = np.array(self.as_floats(), dtype=np.float64).reshape(
            len(self.attackers), len(self.defenders)
        )
        array.flags.writeable = False
        return array


@dataclass(frozen=True, repr=False)
class OptimalTable(BattleTable):
    """Values under optimal play over a grid, and how to play at every state.

    ``plays[i][j]`` is the play at the ``i``-th attacker count and ``j``-th defender
    count; float tables decode it from compact arrays when it is read.

    >>> from strategy.risk.optimal import optimal_table
    >>> table = optimal_table(4, 3, Battle.of(choice="sees-roll"))
    >>> table.choice.name, table.play(4, 3).attacker
    ('sees-roll', (3,))
    """

    plays: Sequence[Sequence[CellPlay]]
    method: str = field(default="optimal", kw_only=True, repr=False)

    def play(self, attackers: int, defenders: int) -> CellPlay:
        """Optimal play at one cell, looked up by army counts."""
        row, column = self.attackers.index(attackers), self.defenders.index(defenders)
        if isinstance(self.plays, PlayRows):
            return self.plays.grid.play(attackers, defenders)
        return self.plays[row][column]

"""Seed 003's strategy matrix: every state's optimal play as a short code, with a legend.

Each cell is described by :func:`strategy.risk.play.cells.describe_cell`; cells no short
code fits get a letter here, and the legend spells their play out roll by roll.

>>> from strategy.risk.optimal import optimal_table
>>> matrix = strategy_matrix(optimal_table(3, 2))
>>> matrix.cells[2][1].code, dict(matrix.legend)["."]
('2', 'the battle is over')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from strategy.engine.display import Summarised, drawn
from strategy.risk.leaves import battle_json
from strategy.risk.play.cells import CellStrategy, cell_json, describe_cell
from strategy.risk.plays import CellPlay
from strategy.risk.tables import OptimalTable


@dataclass(frozen=True, repr=False)
class StrategyMatrix(Summarised):
    """Every cell of an :class:`~strategy.risk.tables.OptimalTable`, described.

    >>> from strategy.risk.battle import Battle
    >>> from strategy.risk.optimal import optimal_table
    >>> matrix = strategy_matrix(optimal_table(4, 3, Battle.of(choice="sees-roll")))
    >>> [cell.code for cell in matrix.cells[0]]  # A = 1 cannot attack
    ['.', '.', '.']
    """

    table: OptimalTable
    cells: tuple[tuple[CellStrategy, ...], ...]
    legend: tuple[tuple[str, str], ...]

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``strategy --json`` shape: axes, the battle's terms, the legend, and one
        object per cell."""
        table = self.table
        return {
            "attackers": list(table.attackers),
            "defenders": list(table.defenders),
            **battle_json(table.battle),
            "legend": dict(self.legend),
            "cells": [
                [
                    cell_json(cell, table.play(cell.attackers, cell.defenders), value)
                    for cell, value in zip(cells, values, strict=True)
                ]
                for cells, values in zip(self.cells, table.values, strict=True)
            ],
        }

    def _repr_html_(self) -> str:
        return str(drawn(self, "html"))

    def to_pandas(self) -> Any:
        """The codes as a DataFrame, index ``A``, columns ``D`` (the ``notebook`` extra)."""
        return drawn(self, "pandas")


def strategy_matrix(table: OptimalTable) -> StrategyMatrix:
    """Describe every cell; cells without a short code get letters, explained in the legend.

    >>> from strategy.risk.objectives import Objective
    >>> from strategy.risk.battle import Battle
    >>> from strategy.risk.optimal import optimal_table
    >>> matrix = strategy_matrix(optimal_table(3, 3, Battle.of(objective=Objective("balance", 2))))
    >>> [cell.code for cell in matrix.cells[1]]  # one die against two is not worth it
    ['1', 'S', 'S']
    >>> dict(matrix.legend)["S"]
    'the attacker should stop'
    """
    rules, choice = table.rules, table.choice
    letters: dict[str, str] = {}
    legend: dict[str, str] = {}
    # A cell's description depends only on its play and the dice each side may roll, and
    # fitting a rule to a play is slow: each distinct key is described once.
    described: dict[tuple[CellPlay, int, int], CellStrategy] = {}

    def describe(play: CellPlay, attackers: int, defenders: int) -> CellStrategy:
        key = (play, rules.attacker_dice_for(attackers), rules.defender_dice_for(defenders))
        known = described.get(key)
        if known is None:
            known = describe_cell(play, rules, choice, attackers, defenders)
            if not known.code:
                letter = letters.setdefault(known.meaning, _letter(len(letters)))
                known = replace(known, code=letter)
            legend.setdefault(known.code, known.meaning)
            described[key] = known
        return known

    rows = []
    for a, plays in zip(table.attackers, table.plays, strict=True):
        row = []
        last: tuple[CellPlay, CellStrategy] | None = None
        for d, play in zip(table.defenders, plays, strict=True):
            # Rows repeat one play object over long runs, and hashing a play is the slow part
            # of a lookup: where the defender's dice no longer grow along the row, a cell
            # whose play is its left neighbour's has the same description.
            if last is None or play is not last[0] or d <= rules.defender_dice:
                last = (play, describe(play, a, d))
            known = last[1]
            row.append(
                CellStrategy(
                    a, d, known.code, known.attacker, known.defender, known.meaning, known.by_roll
                )
            )
        rows.append(tuple(row))
    order = sorted(legend, key=lambda code: (code in letters.values(), len(code), code))
    return StrategyMatrix(table, tuple(rows), tuple((code, legend[code]) for code in order))


def _letter(index: int) -> str:
    """The ``index``-th of a, b, …, z, aa, ab, …

    >>> _letter(0), _letter(25), _letter(26)
    ('a', 'z', 'aa')
    """
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("a") + rest) + text
    return text

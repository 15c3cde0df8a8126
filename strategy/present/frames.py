"""Results as pandas DataFrames, NumPy arrays and sympy matrices, for notebooks.

pandas is optional (the ``notebook`` extra) and sympy too (``symbolic``); each is imported
only when asked for, and a missing one is named in one line. A table's frame has the
attacking armies as its index (``A``) and the defending armies as its columns (``D``);
a distribution's frame has one row per final state. Floats by default; ``fractions=True``
keeps exact values as ``Fraction`` objects (an ``object`` column).

>>> from strategy.risk.classic import battle_odds, battle_table
>>> float(table_frame(battle_table(3, 2, exact=False)).loc[2, 1])  # seed 003: 15/36
0.4166666666666667
>>> odds_array(battle_odds(2, 1)).tolist()
[[2.0, 0.0, 0.4166666666666667], [1.0, 1.0, 0.5833333333333334]]
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from strategy.engine.extras import require
from strategy.present.symbolic import to_sympy, to_sympy_matrix
from strategy.risk.paths import ChainOdds
from strategy.risk.play.matrices import StrategyMatrix
from strategy.risk.results import BattleOdds, Value
from strategy.risk.tables import BattleTable

FloatArray = npt.NDArray[np.float64]
STATE_COLUMNS = ("attackers", "defenders", "probability")
CHAIN_COLUMNS = ("captured", "armies", "defenders", "armies_left", "probability")


def _pandas() -> Any:
    return require("pandas", "notebook", "to_pandas()")


def _exact(result: BattleTable | BattleOdds | ChainOdds, what: str) -> None:
    if not result.exact:
        raise ValueError(f"{what} of a float result; compute it with exact=True for sympy")


def table_frame(table: BattleTable, *, fractions: bool = False) -> Any:
    """The table as a DataFrame: index ``A``, columns ``D``."""
    pandas = _pandas()
    data: Any = table.as_array() if not (fractions and table.exact) else list(table.values)
    return pandas.DataFrame(
        data,
        index=pandas.Index(table.attackers, name="A"),
        columns=pandas.Index(table.defenders, name="D"),
        dtype=object if fractions and table.exact else np.float64,
    )


def table_sympy(table: BattleTable) -> Any:
    """An exact table as a ``sympy.Matrix`` of rationals (row ``i`` is ``A = i + 1``)."""
    _exact(table, "to_sympy()")
    return to_sympy_matrix([[Fraction(v) for v in row] for row in table.values])


def matrix_frame(matrix: StrategyMatrix) -> Any:
    """The strategy matrix's codes as a DataFrame (index ``A``, columns ``D``)."""
    pandas = _pandas()
    table = matrix.table
    return pandas.DataFrame(
        [[cell.code for cell in row] for row in matrix.cells],
        index=pandas.Index(table.attackers, name="A"),
        columns=pandas.Index(table.defenders, name="D"),
    )


def _rows(rows: list[tuple[Any, ...]], columns: tuple[str, ...], fractions: bool) -> Any:
    pandas = _pandas()
    frame = pandas.DataFrame(rows, columns=list(columns))
    if not fractions:
        frame["probability"] = frame["probability"].astype(np.float64)
    return frame


def _states(odds: BattleOdds, what: str) -> None:
    if odds.solved is not None:
        raise TypeError(f"a battle under optimal play has no final states for {what}")


def odds_frame(odds: BattleOdds, *, fractions: bool = False) -> Any:
    """The final states, one row each: ``attackers``, ``defenders``, ``probability``."""
    _states(odds, "to_pandas()")
    return _rows(list(odds.final_states), STATE_COLUMNS, fractions and odds.exact)


def odds_array(odds: BattleOdds) -> FloatArray:
    """The final states as floats, shape ``(states, 3)``: attackers, defenders, probability."""
    _states(odds, "to_numpy()")
    return np.array([[a, d, float(p)] for a, d, p in odds.final_states], dtype=np.float64)


def odds_sympy(odds: BattleOdds) -> Any:
    """The exact final states as a ``sympy.Matrix`` with rows ``[attackers, defenders, p]``;
    under optimal play the exact value as a ``sympy.Rational``."""
    _exact(odds, "to_sympy()")
    if odds.solved is not None:
        return to_sympy(Fraction(odds.value))
    return to_sympy_matrix([[a, d, Fraction(p)] for a, d, p in odds.final_states])


def _chain_rows(chain: ChainOdds) -> list[tuple[int, int, int, int, Value]]:
    return [
        (o.captured, o.armies, o.defenders, chain.armies_left(o), o.probability)
        for o in chain.outcomes
    ]


def chain_frame(chain: ChainOdds, *, fractions: bool = False) -> Any:
    """Every end of the attack, one row each (see :data:`CHAIN_COLUMNS`)."""
    return _rows(_chain_rows(chain), CHAIN_COLUMNS, fractions and chain.exact)


def chain_array(chain: ChainOdds) -> FloatArray:
    """Every end of the attack as floats, shape ``(ends, 5)``, columns :data:`CHAIN_COLUMNS`."""
    return np.array([[*row[:4], float(row[4])] for row in _chain_rows(chain)], dtype=np.float64)


def chain_sympy(chain: ChainOdds) -> Any:
    """The exact ends of the attack as a ``sympy.Matrix``, columns :data:`CHAIN_COLUMNS`."""
    _exact(chain, "to_sympy()")
    return to_sympy_matrix([[*row[:4], Fraction(row[4])] for row in _chain_rows(chain)])

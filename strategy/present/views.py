"""Which drawing each result gets: the table that :func:`strategy.engine.display.drawn`
reads when a result is asked for its HTML, DataFrame, array or sympy form.

Results live on the games' floor and may not import this one; they name the form they
want, and this module, which knows both the results and the drawings, picks the function.

>>> from strategy.risk.classic import battle_table
>>> draw(battle_table(3, 2, exact=True), "sympy")[1, 0]  # seed 003: Pr(2, 1) = 15/36
5/12
>>> draw(battle_table(3, 2), "latex")
Traceback (most recent call last):
...
TypeError: a BattleTable has no latex form (it has html, pandas, sympy)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from strategy.present import frames, notebook
from strategy.risk.paths import ChainOdds
from strategy.risk.play.matrices import StrategyMatrix
from strategy.risk.results import BattleOdds
from strategy.risk.tables import BattleTable

#: Per result type, the function drawing each of its forms.
DRAWINGS: dict[type, dict[str, Callable[..., Any]]] = {
    BattleOdds: {
        "html": notebook.odds_html,
        "pandas": frames.odds_frame,
        "numpy": frames.odds_array,
        "sympy": frames.odds_sympy,
    },
    BattleTable: {
        "html": notebook.table_html,
        "pandas": frames.table_frame,
        "sympy": frames.table_sympy,
    },
    ChainOdds: {
        "html": notebook.chain_html,
        "pandas": frames.chain_frame,
        "numpy": frames.chain_array,
        "sympy": frames.chain_sympy,
    },
    StrategyMatrix: {"html": notebook.matrix_html, "pandas": frames.matrix_frame},
}


def draw(result: object, form: str, **options: Any) -> Any:
    """``result`` as ``form``, by the drawing registered for its type (or a base type)."""
    for kind in type(result).__mro__:
        if kind in DRAWINGS:
            forms = DRAWINGS[kind]
            if form not in forms:
                have = ", ".join(forms)
                raise TypeError(f"a {type(result).__name__} has no {form} form (it has {have})")
            return forms[form](result, **options)
    raise TypeError(f"nothing draws a {type(result).__name__}")

"""strategy: optimal strategies, exactly.

An expectiminimax engine over games with chance and decision nodes, the dice
battle of Risk under every timing rule, and the classic games of combinatorial
game theory. Subpackages and the everyday names (the engine's solvers) load when first used:

>>> import strategy
>>> strategy.risk.odds(2, 1).win_probability  # seed 003: one die each, 15/36
Fraction(5, 12)
>>> from strategy.risk import BattleGame
>>> strategy.solve(BattleGame(2, 1)).value
Fraction(5, 12)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategy._lazy import lazy_package

if TYPE_CHECKING:
    from strategy import classic as classic
    from strategy import engine as engine
    from strategy import present as present
    from strategy import risk as risk
    from strategy.engine.mcts import mcts as mcts
    from strategy.engine.search import alphabeta as alphabeta
    from strategy.engine.solve import solve as solve
    from strategy.engine.value_iteration import value_iteration as value_iteration

__version__ = "0.1.0"

#: Each export and the module it lives in (loaded on first use), as imported above.
EXPORTS, __getattr__, __dir__ = lazy_package(__name__, __file__)

__all__ = sorted(EXPORTS)

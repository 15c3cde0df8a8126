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
    from strategy import classic, engine, present, risk
    from strategy.engine.mcts import mcts
    from strategy.engine.search import alphabeta
    from strategy.engine.solve import solve
    from strategy.engine.value_iteration import value_iteration

__version__ = "0.1.0"

_EXPORTS, __getattr__, __dir__ = lazy_package(
    __name__,
    {
        "engine.solve": "solve",
        "engine.search": "alphabeta",
        "engine.mcts": "mcts",
        "engine.value_iteration": "value_iteration",
    },
    ("classic", "engine", "present", "risk"),
)

# Written out (not derived from _EXPORTS) so that editors and checkers see the names the
# TYPE_CHECKING imports above give them.
__all__ = [
    "__version__",
    "alphabeta",
    "classic",
    "engine",
    "mcts",
    "present",
    "risk",
    "solve",
    "value_iteration",
]

"""The dice battle of Risk: rules, single-roll distributions, battles, tables, optimal play.

The everyday names are here: ``from strategy import risk; risk.odds(10, 6)``, as are
:func:`~strategy.risk.api.table`, :func:`~strategy.risk.api.strategy_matrix` and the
:class:`~strategy.risk.battle.Battle` they take, its terms (rules, objective, choice rule,
resolution), the results they give and the battle as a game for the engine's solvers
(:class:`~strategy.risk.game.BattleGame`). They load on first use, so ``import strategy.risk``
stays light for the command line.

>>> from strategy import risk
>>> risk.table(2, 1, exact=True).values  # seed 003: Pr(1,1) = 0, Pr(2,1) = 15/36
((Fraction(0, 1),), (Fraction(5, 12),))

The modules are named by topic and never like a function exported here (``risk.chain`` is
the call, :mod:`strategy.risk.paths` the module of its kernels), so every module imports in
every form and ``dir(risk)`` lists every name:

>>> import strategy.risk.paths as paths
>>> risk.chain(3, [1]).win_probability == paths.chain_odds(3, [1]).win_probability
True
>>> {"chain", "odds", "plan"} <= set(dir(risk))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategy._lazy import lazy_package

if TYPE_CHECKING:
    from strategy.risk.api import odds as odds
    from strategy.risk.api import strategy_matrix as strategy_matrix
    from strategy.risk.api import table as table
    from strategy.risk.battle import Battle as Battle
    from strategy.risk.capabilities import chain as chain
    from strategy.risk.capabilities import commit as commit
    from strategy.risk.capabilities import left as left
    from strategy.risk.capabilities import need as need
    from strategy.risk.choices import CHOICE_RULES as CHOICE_RULES
    from strategy.risk.choices import STOP as STOP
    from strategy.risk.choices import Choice as Choice
    from strategy.risk.choices import ChoiceRule as ChoiceRule
    from strategy.risk.editions import edition as edition
    from strategy.risk.game import BattleGame as BattleGame
    from strategy.risk.game import BattleState as BattleState
    from strategy.risk.montecarlo import simulate as simulate
    from strategy.risk.objectives import Objective as Objective
    from strategy.risk.planning import plan as plan
    from strategy.risk.resolution import Balance as Balance
    from strategy.risk.resolution import Limit as Limit
    from strategy.risk.resolution import Resolution as Resolution
    from strategy.risk.results import BattleOdds as BattleOdds
    from strategy.risk.rules import Rules as Rules
    from strategy.risk.tables import BattleTable as BattleTable
    from strategy.risk.tables import OptimalTable as OptimalTable
    from strategy.risk.turns.calls import Position as Position
    from strategy.risk.turns.calls import fortify as fortify
    from strategy.risk.turns.calls import position as position
    from strategy.risk.turns.maps import Map as Map
    from strategy.risk.turns.maps import classic_map as classic_map

#: Each export and the module it lives in (loaded on first use), as imported above.
EXPORTS, __getattr__, __dir__ = lazy_package(__name__, __file__)

__all__ = sorted(EXPORTS)

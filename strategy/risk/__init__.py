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

from strategy._lazy import lazy_names

#: Each everyday name and the module it lives in.
EXPORTS = {
    "odds": "strategy.risk.api",
    "table": "strategy.risk.api",
    "strategy_matrix": "strategy.risk.api",
    "fortify": "strategy.risk.turns.calls",
    "left": "strategy.risk.capabilities",
    "chain": "strategy.risk.capabilities",
    "need": "strategy.risk.capabilities",
    "commit": "strategy.risk.capabilities",
    "simulate": "strategy.risk.montecarlo",
    "plan": "strategy.risk.planning",
    "position": "strategy.risk.turns.calls",
    "Position": "strategy.risk.turns.calls",
    "Map": "strategy.risk.turns.maps",
    "classic_map": "strategy.risk.turns.maps",
    "Battle": "strategy.risk.battle",
    "Rules": "strategy.risk.rules",
    "Objective": "strategy.risk.objectives",
    "ChoiceRule": "strategy.risk.choices",
    "Choice": "strategy.risk.choices",
    "CHOICE_RULES": "strategy.risk.choices",
    "STOP": "strategy.risk.choices",
    "Resolution": "strategy.risk.resolution",
    "Limit": "strategy.risk.resolution",
    "Balance": "strategy.risk.resolution",
    "edition": "strategy.risk.editions",
    "BattleOdds": "strategy.risk.results",
    "BattleTable": "strategy.risk.tables",
    "OptimalTable": "strategy.risk.tables",
    "BattleGame": "strategy.risk.game",
    "BattleState": "strategy.risk.game",
}

__all__ = sorted(EXPORTS)

__getattr__, __dir__ = lazy_names(__name__, EXPORTS)

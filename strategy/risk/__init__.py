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

from strategy._lazy import lazy_package

#: Each everyday name and the module it lives in (loaded on first use), by module.
EXPORTS, __getattr__, __dir__ = lazy_package(
    __name__,
    {
        "api": "odds table strategy_matrix",
        "capabilities": "left chain need commit",
        "montecarlo": "simulate",
        "planning": "plan",
        "turns.calls": "fortify position Position",
        "turns.maps": "Map classic_map",
        "battle": "Battle",
        "rules": "Rules",
        "objectives": "Objective",
        "choices": "ChoiceRule Choice CHOICE_RULES STOP",
        "resolution": "Resolution Limit Balance",
        "editions": "edition",
        "results": "BattleOdds",
        "tables": "BattleTable OptimalTable",
        "game": "BattleGame BattleState",
    },
)

__all__ = sorted(EXPORTS)

"""The dice battle of Risk: rules, single-roll distributions, battles, tables, optimal play.

The everyday names are here: ``from strategy import risk; risk.odds(10, 6)``, as are
:func:`~strategy.risk.api.table`, :func:`~strategy.risk.api.strategy_matrix` and the
:class:`~strategy.risk.battle.Battle` they take. They load on first use, so
``import strategy.risk`` stays light for the command line.

>>> from strategy import risk
>>> risk.table(2, 1, exact=True).values  # seed 003: Pr(1,1) = 0, Pr(2,1) = 15/36
((Fraction(0, 1),), (Fraction(5, 12),))
"""

from __future__ import annotations

import importlib
from typing import Any

#: Each everyday name and the module it lives in.
EXPORTS = {
    "odds": "strategy.risk.api",
    "table": "strategy.risk.api",
    "strategy_matrix": "strategy.risk.api",
    "left": "strategy.risk.capabilities",
    "Battle": "strategy.risk.battle",
    "Rules": "strategy.risk.rules",
    "Objective": "strategy.risk.objectives",
    "ChoiceRule": "strategy.risk.choices",
}

__all__ = sorted(EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in EXPORTS:
        raise AttributeError(f"module 'strategy.risk' has no attribute {name!r}")
    return getattr(importlib.import_module(EXPORTS[name]), name)

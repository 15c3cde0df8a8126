"""The dice battle of Risk: rules, single-roll distributions, battles, tables, optimal play.

The everyday names are here: ``from strategy import risk; risk.odds(10, 6)``, as are
:func:`~strategy.risk.api.table`, :func:`~strategy.risk.api.strategy_matrix` and the
:class:`~strategy.risk.battle.Battle` they take. They load on first use, so
``import strategy.risk`` stays light for the command line.

>>> from strategy import risk
>>> risk.table(2, 1, exact=True).values  # seed 003: Pr(1,1) = 0, Pr(2,1) = 15/36
((Fraction(0, 1),), (Fraction(5, 12),))

``chain``, ``need``, ``commit``, ``simulate`` and ``plan`` are functions here and modules
too (``strategy.risk.paths`` holds the kernels): the package keeps the function under the
name when the module loads, so ``risk.chain(...)`` is always the call; import the
modules' contents with ``from strategy.risk.paths import chain_odds``.

>>> import strategy.risk.paths  # the module loads ...
>>> risk.chain(3, [1]).win_probability  # ... and the name is still the function
Fraction(1955, 2592)
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

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
}

__all__ = sorted(EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in EXPORTS:
        raise AttributeError(f"module 'strategy.risk' has no attribute {name!r}")
    return getattr(importlib.import_module(EXPORTS[name]), name)


class _Package(types.ModuleType):
    """This package, keeping its functions' names when modules of the same name load."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in EXPORTS and isinstance(value, types.ModuleType):
            return  # the import system binds a loaded submodule here: the function stays
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

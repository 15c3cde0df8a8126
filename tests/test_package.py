"""A plain package: every module of ``strategy`` imports in every standard form, the lazy
exports of ``strategy`` and ``strategy.risk`` are listed by ``dir()``, and no module under
``strategy/risk`` bears the name of a function ``strategy.risk`` exports (issue 29 item 5).

The modules are found by walking the package on disk, so a module added later is checked
without touching this file.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import types

import pytest

import strategy
import strategy.risk as risk

MODULES = sorted(m.name for m in pkgutil.walk_packages(strategy.__path__, "strategy."))


def test_the_walk_finds_the_packages_and_their_modules() -> None:
    # Not a vacuous walk: the subpackages and a module deep in one are among what it found.
    assert {"strategy.risk", "strategy.risk.turns", "strategy.risk.turns.maps"} <= set(MODULES)
    assert len(MODULES) > 100


@pytest.mark.parametrize("name", MODULES)
def test_every_module_imports_in_every_standard_form(name: str) -> None:
    space: dict[str, object] = {}
    exec(f"import {name} as m", space)  # the form a function of the same name once broke
    exec(f"import {name}", space)
    reached = eval(name, space)  # the dotted name after a plain import
    parent, _, child = name.rpartition(".")
    exec(f"from {parent} import {child} as f", space)
    for found in (space["m"], reached, space["f"], importlib.import_module(name)):
        assert isinstance(found, types.ModuleType) and found.__name__ == name


@pytest.mark.parametrize("package", [strategy, risk], ids=lambda p: p.__name__)
def test_dir_lists_every_export_and_each_loads(package: types.ModuleType) -> None:
    listed = set(dir(package))
    assert set(package.__all__) <= listed
    for name in package.__all__:
        assert getattr(package, name) is not None


def test_dir_of_risk_lists_its_everyday_names() -> None:
    assert set(risk.EXPORTS) <= set(dir(risk)) and len(risk.EXPORTS) >= 18


def _functions(package: types.ModuleType) -> dict[str, object]:
    return {
        name: getattr(package, name)
        for name in package.__all__
        if inspect.isfunction(getattr(package, name))
    }


def test_no_module_under_risk_is_named_like_a_function_it_exports() -> None:
    verbs = set(_functions(risk))
    assert {"chain", "need", "commit", "simulate", "plan"} <= verbs
    under = [name for name in MODULES if name.startswith("strategy.risk.")]
    clashing = [name for name in under if name.rpartition(".")[2] in verbs]
    assert clashing == []


def test_no_module_of_strategy_is_named_like_a_function_it_exports() -> None:
    children = {m.name for m in pkgutil.iter_modules(strategy.__path__)}
    assert children.isdisjoint(_functions(strategy))


@pytest.mark.parametrize("name", sorted(_functions(risk)))
def test_every_capability_function_names_its_keywords(name: str) -> None:
    kinds = [p.kind for p in inspect.signature(getattr(risk, name)).parameters.values()]
    assert inspect.Parameter.VAR_KEYWORD not in kinds


@pytest.mark.parametrize("name", ["plan", "fortify"])
def test_turn_capabilities_name_the_position(name: str) -> None:
    parameters = inspect.signature(getattr(risk, name)).parameters
    assert {"attackers", "defenders", "target"} <= set(parameters)

"""A plain package: every module of ``strategy`` imports in every standard form, the lazy
exports of ``strategy``, ``strategy.risk``, ``strategy.classic`` and ``strategy.engine`` are
listed by ``dir()`` and each resolves, and no module under ``strategy/risk`` bears the name of a
function ``strategy.risk`` exports (issue 29 items 5 and 8).

The modules are found by walking the package on disk, so a module added later is checked
without touching this file.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import types
from pathlib import Path

import pytest

import strategy
import strategy.classic as classic
import strategy.engine as engine
import strategy.risk as risk
from strategy._lazy import lazy_package

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


PACKAGES = [strategy, risk, classic, engine]


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_dir_lists_every_export_and_each_loads(package: types.ModuleType) -> None:
    listed = set(dir(package))
    assert set(package.__all__) <= listed
    for name in package.__all__:
        assert getattr(package, name) is not None


@pytest.mark.parametrize("package", [risk, classic, engine], ids=lambda p: p.__name__)
def test_each_export_is_the_object_its_module_defines(package: types.ModuleType) -> None:
    # The table, read from the package's TYPE_CHECKING imports, names the module each export
    # lives in; the export is that module's own object, public there (no underscore), and
    # ``__all__`` lists exactly the table.
    assert sorted(package.EXPORTS) == package.__all__
    for name, module in package.EXPORTS.items():
        assert not name.startswith("_")
        assert getattr(package, name) is getattr(importlib.import_module(module), name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    for package in PACKAGES:
        with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
            package.no_such_name  # noqa: B018


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("from json.decoder import JSONDecodeError", "export JSONDecodeError as JSONDecodeError"),
        ("from json.decoder import scanner as scan", "export scanner as scanner"),
        ("import json.decoder", "write exports as 'from module import name as name'"),
        ("from json.tool import tool as tool", "tool is named like its module"),
    ],
)
def test_an_export_a_checker_would_read_otherwise_is_refused(
    tmp_path: Path, line: str, refusal: str
) -> None:
    # Without "as" the name is not re-exported to mypy --strict and pyright; a function named
    # like its module would be shadowed by it (item 5). Either way the checkers and the lazy
    # table would disagree, so the package refuses to load.
    source = tmp_path / "__init__.py"
    source.write_text(f"if TYPE_CHECKING:\n    {line}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"json: {refusal}")):
        lazy_package("json", str(source))


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


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_no_module_of_a_package_is_named_like_a_name_it_exports(package: types.ModuleType) -> None:
    # Importing such a module would replace the export by the module (``engine.solve``).
    # ``strategy`` exports its subpackages themselves, by their own names.
    modules = {m.name for m in pkgutil.iter_modules(package.__path__) if not m.ispkg}
    assert modules.isdisjoint(package.__all__)


@pytest.mark.parametrize("name", sorted(_functions(risk)))
def test_every_capability_function_names_its_keywords(name: str) -> None:
    kinds = [p.kind for p in inspect.signature(getattr(risk, name)).parameters.values()]
    assert inspect.Parameter.VAR_KEYWORD not in kinds


@pytest.mark.parametrize("name", ["plan", "fortify"])
def test_turn_capabilities_name_the_position(name: str) -> None:
    parameters = inspect.signature(getattr(risk, name)).parameters
    assert {"attackers", "defenders", "target"} <= set(parameters)

"""The package's floors, read from its source: no import circle, no import upward.

Every ``import`` in ``strategy/`` counts, including those inside functions (a lazy import
still ties the two modules together) and those under ``if TYPE_CHECKING:``: they never run,
but a module that names another's types depends on it, and an annotation-only loop is the
first sign of a hub (``risk/serialise.py`` knowing every result once hid a 20-module circle
that way). The floors, low to high::

    engine  <  risk, classic  <  present, interop  <  cli, serve, paper

A module may import its own floor and those below it; the package's façade
(``strategy/__init__.py``, which loads its subpackages by name but names them for type
checkers) counts as the top floor and ``_lazy`` as the bottom one, ``strategy.testing``
(hypothesis strategies of the engine and of Risk) as the games'.

Inside ``strategy.risk`` the floors the code keeps, low to high (:data:`RISK_FLOORS`)::

    terms (rules, editions, objectives, choices, resolution, battle, outcomes, plays), dice
      <  kernels (kernels/, variants/grid.py)
      <  results (results.py, tables.py, play/cells.py: the answers; leaves.py, texts.py: the
         leaves of their JSON and text)
      <  fights (classic, optimal, limits, paths, fewest, commitment, sampling, variants/, play/,
         game, played: the algorithms that build results from kernels)
      <  questions (api.py, the one dispatch; capabilities.py, montecarlo.py), turns/

Results sit below the code that computes them: a result never imports an algorithm, so
each family can own its JSON and text without a hub. ``turns/`` needs only terms, dice and the
simulator, and the questions never import it (the package names it by string); the
requests that declare each capability belong above both.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "strategy"

FLOORS = {
    "strategy": 3,
    "strategy._lazy": 0,
    "strategy.engine": 0,
    "strategy.risk": 1,
    "strategy.classic": 1,
    "strategy.testing": 1,
    "strategy.present": 2,
    "strategy.interop": 2,
    "strategy.cli": 3,
    "strategy.serve": 3,
    "strategy.paper": 3,
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def floor(module: str) -> int:
    """The floor of the longest registered prefix of ``module``."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in FLOORS:
            return FLOORS[prefix]
    raise AssertionError(f"{module} is on no floor: add its package to FLOORS")


#: Floors inside ``strategy.risk`` (longest prefix wins; every module must match one).
RISK_FLOORS = {
    **dict.fromkeys(
        (
            "rules",
            "editions",
            "objectives",
            "choices",
            "resolution",
            "battle",
            "outcomes",
            "plays",
            "dice",
            "strategies",
        ),
        0,
    ),
    **dict.fromkeys(("kernels", "variants.grid"), 1),
    **dict.fromkeys(("results", "tables", "leaves", "texts", "play.cells"), 2),
    **dict.fromkeys(
        (
            "classic",
            "optimal",
            "limits",
            "paths",
            "fewest",
            "commitment",
            "sampling",
            "variants",
            "play",
            "game",
            "played",
        ),
        3,
    ),
    **dict.fromkeys(("api", "capabilities", "montecarlo", "turns", "planning"), 4),
    "requests": 5,
}


def risk_floor(module: str) -> int:
    """The floor inside ``strategy.risk`` of a module of it (the package itself: the top)."""
    parts = module.split(".")[2:]
    if not parts:
        return max(RISK_FLOORS.values())
    for end in range(len(parts), 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in RISK_FLOORS:
            return RISK_FLOORS[prefix]
    raise AssertionError(f"{module} is on no floor of strategy.risk: add it to RISK_FLOORS")


def imported(tree: ast.AST, module: str, is_package: bool) -> Iterator[str]:
    """Every strategy module ``module`` imports (absolute or relative), at run time or for
    type checking."""
    base = module.split(".") if is_package else module.split(".")[:-1]
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = ".".join(base[: len(base) - node.level + 1])
                source = f"{anchor}.{node.module}" if node.module else anchor
            else:
                source = node.module or ""
            # "from package import module" imports the module; "from module import name" not.
            for alias in node.names:
                candidate = f"{source}.{alias.name}"
                yield candidate if known(candidate) else source
        stack.extend(ast.iter_child_nodes(node))


def sources() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


SOURCES = sources()


def known(module: str) -> bool:
    return module in SOURCES


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in SOURCES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets = imported(tree, module, path.name == "__init__.py")
        graph[module] = {
            target for target in targets if target.startswith("strategy") and target != module
        }
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module."""
    arrows = nx.DiGraph(
        [(source, target) for source, targets in graph.items() for target in targets]
    )
    found = (sorted(c) for c in nx.strongly_connected_components(arrows) if len(c) > 1)
    return sorted(found)


def test_the_graph_is_read() -> None:
    # The walk must see the arrows we know exist, or the two tests below prove nothing.
    graph = import_graph()
    assert "strategy.engine.solve" in graph["strategy.engine"] or graph["strategy.risk.api"]
    assert "strategy.risk.battle" in graph["strategy.risk.api"]
    assert any(target.startswith("strategy.risk") for target in graph["strategy.cli.risk.odds"])


def test_no_import_goes_up_a_floor() -> None:
    upward = sorted(
        f"{source} -> {target}"
        for source, targets in import_graph().items()
        for target in targets
        if floor(target) > floor(source)
    )
    assert not upward, "imports from a lower floor to a higher one:\n" + "\n".join(upward)


def test_no_import_goes_up_a_floor_inside_risk() -> None:
    graph = import_graph()
    upward = sorted(
        f"{source} -> {target}"
        for source, targets in graph.items()
        if source.startswith("strategy.risk")
        for target in targets
        if target.startswith("strategy.risk") and risk_floor(target) > risk_floor(source)
    )
    assert not upward, "imports from a lower floor of risk to a higher one:\n" + "\n".join(upward)


def test_type_checking_imports_count() -> None:
    # An import written only for annotations ties modules as surely as one that runs.
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import strategy.risk.api\n"
    found = {m for m in imported(ast.parse(source), "strategy.engine.x", False) if "." in m}
    assert found == {"strategy.risk.api"}


def test_no_import_circle() -> None:
    found = circles(import_graph())
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_checks_can_fail() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert floor("strategy.risk.api") < floor("strategy.present.frames") < floor("strategy.cli")
    assert risk_floor("strategy.risk.rules") < risk_floor("strategy.risk.kernels.push")
    assert risk_floor("strategy.risk.results") < risk_floor("strategy.risk.variants.blitz")
    assert risk_floor("strategy.risk.play.dice_policy") < risk_floor("strategy.risk.api")

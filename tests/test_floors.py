"""The package's floors, read from its source: no import circle, no import upward.

Every ``import`` in ``strategy/`` counts, including those inside functions (a lazy import
still ties the two modules together); only imports under ``if TYPE_CHECKING:`` are left out,
since they never run and exist to name types for mypy. The floors, low to high::

    engine  <  risk, classic  <  present, interop  <  cli, serve, paper

A module may import its own floor and those below it; the package's façade
(``strategy/__init__.py``, which names its subpackages as strings) and ``_lazy`` count as
the bottom floor, ``strategy.testing`` (hypothesis strategies of the engine and of Risk)
as the games'.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "strategy"

FLOORS = {
    "strategy": 0,
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


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(tree: ast.AST, module: str, is_package: bool) -> Iterator[str]:
    """Every strategy module ``module`` imports at run time (absolute or relative)."""
    base = module.split(".") if is_package else module.split(".")[:-1]
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and is_type_checking(node):
            stack.extend(node.orelse)
            continue
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


def test_no_import_circle() -> None:
    found = circles(import_graph())
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_checks_can_fail() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert floor("strategy.risk.api") < floor("strategy.present.frames") < floor("strategy.cli")

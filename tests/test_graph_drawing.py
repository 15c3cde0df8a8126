"""Drawings of battle graphs lay out stops, decisions and rolls readably, or refuse.

Deep imports: the drawing code of :mod:`strategy.present`, under test.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from strategy.present.graph import state_graph
from strategy.present.graph_io import draw_graph, drawing_size, layered_positions
from strategy.present.graph_views import battle_view
from strategy.risk import BattleGame


def nodes_on_edges(graph: Any) -> list[tuple[Any, Any, Any]]:
    """Every node that lies (within a quarter of the spacing) on an edge between two others."""
    positions = layered_positions(graph)
    found = []
    for u, v in graph.edges:
        (x1, y1), (x2, y2) = positions[u], positions[v]
        dx, dy = x2 - x1, y2 - y1
        for w, (x, y) in positions.items():
            t = ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)
            near = math.hypot(x1 + t * dx - x, y1 + t * dy - y) < 0.25
            if w not in (u, v) and 0 < t < 1 and near:
                found.append((u, v, w))
    return found


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("objective", ["capture", "balance:2"])
@pytest.mark.parametrize(("attackers", "defenders"), [(3, 2), (4, 2)])
def test_no_state_sits_on_an_edge(
    attackers: int, defenders: int, objective: str, compact: bool
) -> None:
    game = BattleGame(attackers, defenders, objective=objective)
    graph = state_graph(game, view=battle_view(game), compact=compact)
    assert nodes_on_edges(graph) == []


def test_a_stop_stands_beside_its_decision() -> None:
    game = BattleGame(4, 2, objective="balance:2")
    graph = state_graph(game, view=battle_view(game))
    positions = layered_positions(graph)
    stops = [n for n in graph if n.endswith("stopped")]
    assert stops
    for stop in stops:
        (decision,) = graph.predecessors(stop)
        x, y = positions[decision]
        assert positions[stop] == (x + 1, y)


def test_labels_get_room_and_rows_too_wide_are_refused(tmp_path: Path) -> None:
    row = nx.DiGraph()
    row.add_nodes_from((f"state number {i:03d} with a long name", {"layer": 0}) for i in range(60))
    with pytest.raises(ValueError, match="60 states with labels of up to 33 characters"):
        draw_graph(row, tmp_path / "row.png")
    assert not (tmp_path / "row.png").exists()
    width, _ = drawing_size(
        row.subgraph(list(row)[:10]), layered_positions(row.subgraph(list(row)[:10]))
    )
    assert width >= 10 * 33 * 0.065  # ten labels of 33 characters side by side

"""Writers and readers of state graphs: every format gives back the graph it was given.

Deep imports: the graph writers and readers of :mod:`strategy.present`, under test.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import networkx as nx  # type: ignore[import-untyped, unused-ignore]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.classic import DiceState, RollOrStop
from strategy.present.graph import StateView, state_graph
from strategy.present.graph_io import (
    FORMATS,
    check_drawing_path,
    dot_text,
    draw_graph,
    format_of,
    parse_dot,
    read_graph,
    write_graph,
)
from strategy.testing import TreeGame, small_games

EXTENSIONS = sorted(FORMATS)


def contents(graph: Any) -> tuple[dict[str, Any], dict[str, Any], dict[tuple[str, str], Any]]:
    """Everything a graph holds, typed: comparing these compares the graphs."""
    nodes = dict(graph.nodes(data=True))
    edges = {(u, v): data for u, v, data in graph.edges(data=True)}
    for data in [*nodes.values(), *edges.values(), graph.graph]:
        for value in data.values():
            assert type(value) in (str, int, float, bool), value
    typed = {key: {name: (type(v), v) for name, v in data.items()} for key, data in nodes.items()}
    typed_edges = {
        key: {name: (type(v), v) for name, v in data.items()} for key, data in edges.items()
    }
    return dict(graph.graph), typed, typed_edges


def round_trip(graph: Any, folder: Path, extension: str) -> Any:
    path = folder / f"graph{extension}"
    write_graph(graph, path)
    return read_graph(path)


@pytest.mark.parametrize("extension", EXTENSIONS)
def test_every_writer_gives_back_a_solved_games_graph(tmp_path: Path, extension: str) -> None:
    graph = state_graph(RollOrStop(rolls=3, sides=4))
    assert contents(round_trip(graph, tmp_path, extension)) == contents(graph)


@settings(max_examples=25, deadline=None)
@given(small_games(max_depth=3))
def test_every_writer_gives_back_random_games_graphs(tmp_path_factory: Any, game: TreeGame) -> None:
    graph = state_graph(game)
    folder = tmp_path_factory.mktemp("graphs")
    for extension in EXTENSIONS:
        assert contents(round_trip(graph, folder, extension)) == contents(graph), extension


AWKWARD_TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\x00") | st.just("\n"),
    max_size=12,
)
AWKWARD_FLOATS = st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=40, deadline=None)
@given(
    label=AWKWARD_TEXT,
    number=AWKWARD_FLOATS,
    count=st.integers(-(10**12), 10**12),
    flag=st.booleans(),
)
def test_dot_keeps_awkward_strings_and_numbers(
    label: str, number: float, count: int, flag: bool
) -> None:
    graph = nx.DiGraph(note=label)
    graph.add_node(label, label=label, value=number, count=count, flag=flag)
    graph.add_edge(label, "other", action=label, probability=number)
    assert contents(parse_dot(dot_text(graph))) == contents(graph)


def test_chance_probabilities_sum_to_exactly_one_after_graphml(tmp_path: Path) -> None:
    game = RollOrStop(rolls=3, sides=5)
    graph = round_trip(state_graph(game), tmp_path, ".graphml")
    chance = [node for node, data in graph.nodes(data=True) if data["kind"] == "chance"]
    assert chance
    for node in chance:
        edges = graph.out_edges(node, data=True)
        assert sum(Fraction(data["probability_exact"]) for _, _, data in edges) == 1


def test_gexf_and_graphml_open_in_plain_networkx(tmp_path: Path) -> None:
    graph = state_graph(RollOrStop(rolls=2, sides=2))
    write_graph(graph, tmp_path / "g.graphml")
    write_graph(graph, tmp_path / "g.gexf")
    assert set(nx.read_graphml(tmp_path / "g.graphml")) == set(graph)
    assert set(nx.read_gexf(tmp_path / "g.gexf")) == set(graph)


def test_unknown_formats_and_bad_dot_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"unknown graph format '\.txt'"):
        format_of(tmp_path / "g.txt")
    with pytest.raises(ValueError, match="a drawing is"):
        check_drawing_path(tmp_path / "g.gif")
    with pytest.raises(ValueError, match="digraph"):
        parse_dot("graph { }")
    with pytest.raises(ValueError, match="ends too soon"):
        parse_dot('digraph { "a" -> ')
    with pytest.raises(ValueError, match="cannot read"):
        parse_dot("digraph { @ }")
    with pytest.raises(ValueError, match="no number"):
        dot_text(nx.DiGraph(x=float("inf")))


@pytest.mark.parametrize("extension", [".png", ".svg"])
def test_small_graphs_are_drawn(tmp_path: Path, extension: str) -> None:
    view: StateView[DiceState] = StateView(label=lambda s: f"{s.rolls_used} {s.face} {s.stopped}")
    path = tmp_path / f"dice{extension}"
    draw_graph(state_graph(RollOrStop(rolls=2, sides=3), view=view), path)
    assert path.stat().st_size > 1000


def test_big_graphs_are_not_drawn(tmp_path: Path) -> None:
    graph = nx.path_graph(201, create_using=nx.DiGraph)
    with pytest.raises(ValueError, match="201 nodes, too many to draw legibly"):
        draw_graph(graph, tmp_path / "big.png")
    assert not (tmp_path / "big.png").exists()

"""The streaming GraphML, GEXF and JSON writers: networkx reads back what its own writers give,
attribute types included; graphs they do not cover go to networkx; writes are atomic.

Deep imports: the streaming and networkx writers of :mod:`strategy.present`, under test.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any
from unittest import mock

import networkx as nx  # type: ignore[import-untyped, unused-ignore]
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.present import graph_stream
from strategy.present.graph import state_graph
from strategy.present.graph_io import _write_gexf, read_graph, write_graph
from strategy.present.graph_stream import streamable
from strategy.testing import TreeGame, small_games

STREAMED = (".graphml", ".gexf", ".json")


def contents(graph: Any) -> tuple[Any, ...]:
    """Nodes, edges and graph attributes with the type of every value: equal means the same."""

    def typed(data: dict[str, Any]) -> dict[str, tuple[type, Any]]:
        # NaN is not equal to itself: compare its text instead.
        return {k: (type(v), repr(v) if v != v else v) for k, v in data.items()}

    nodes = {node: typed(data) for node, data in graph.nodes(data=True)}
    edges = {(u, v): typed(data) for u, v, data in graph.edges(data=True)}
    return typed(dict(graph.graph)), nodes, edges


def networkx_wrote(graph: Any, path: Path) -> None:
    """What write_graph did before it streamed: networkx's writers (GEXF meta as ours)."""
    if path.suffix == ".graphml":
        nx.write_graphml(graph, path)
    elif path.suffix == ".gexf":
        _write_gexf(graph, path)
    else:
        path.write_text(json.dumps(nx.node_link_data(graph, edges="edges"), indent=1))


def plain_read(path: Path) -> Any:
    """networkx's own readers, nothing of ours."""
    if path.suffix == ".graphml":
        return nx.read_graphml(path)
    if path.suffix == ".gexf":
        return nx.read_gexf(path)
    return nx.node_link_graph(json.loads(path.read_text()), edges="edges")


@settings(max_examples=30, deadline=None)
@given(small_games(max_depth=3))
def test_networkx_reads_back_what_its_writers_would_give(
    tmp_path_factory: Any, game: TreeGame
) -> None:
    graph = state_graph(game)
    folder = tmp_path_factory.mktemp("graphs")
    for extension in STREAMED:
        assert streamable(graph, extension[1:])
        ours, theirs = folder / f"ours{extension}", folder / f"theirs{extension}"
        write_graph(graph, ours)
        networkx_wrote(graph, theirs)
        assert contents(read_graph(ours)) == contents(read_graph(theirs)) == contents(graph)
        # networkx's readers alone see the same nodes, edges and attributes in both files.
        mine, reference = plain_read(ours), plain_read(theirs)
        assert contents(mine)[1:] == contents(reference)[1:], extension


AWKWARD = st.text(
    st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\n\r\t&<>\"'"),
    max_size=10,
)
NUMBERS = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from([0.1, -0.0, 1e300])


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(AWKWARD, min_size=2, max_size=4, unique=True),
    text=AWKWARD,
    number=NUMBERS,
    count=st.integers(-(10**18), 10**18),
    flag=st.booleans(),
)
def test_awkward_text_and_numbers_come_back(
    tmp_path_factory: Any, names: list[str], text: str, number: float, count: int, flag: bool
) -> None:
    graph = nx.DiGraph(start=names[0], note=text)
    for name in names:
        graph.add_node(name, label=name, text=text, value=number, count=count, won=flag)
    graph.add_edge(names[0], names[1], action=text, probability=number, optimal=flag)
    folder = tmp_path_factory.mktemp("awkward")
    for extension in STREAMED:
        write_graph(graph, folder / f"g{extension}")
        assert contents(read_graph(folder / f"g{extension}")) == contents(graph), extension
    with mock.patch.object(graph_stream, "_fast_encoder", lambda: None):  # the json module's
        write_graph(graph, folder / "plain.json")
    assert contents(read_graph(folder / "plain.json")) == contents(graph)


def test_infinities_and_nan_survive_json_with_or_without_the_fast_encoder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph = nx.DiGraph()
    graph.add_node("a", label="a", value=math.inf, other=-math.inf, odd=math.nan, plain=0.5)
    graph.add_node("b", label="b", value=0.25)
    for fast in (True, False):
        if not fast:
            monkeypatch.setattr(graph_stream, "_fast_encoder", lambda: None)
        write_graph(graph, tmp_path / "g.json")
        assert contents(read_graph(tmp_path / "g.json")) == contents(graph)
    graph.add_node("c", label="null", nothing=None)  # null in the text: json writes it all
    write_graph(graph, tmp_path / "g.json")
    assert contents(read_graph(tmp_path / "g.json")) == contents(graph)
    graph.remove_node("c")
    with pytest.raises(TypeError):  # as json refuses bytes, so does the fast encoder
        write_graph(nx.DiGraph([("a", "b", {"raw": b"x"})]), tmp_path / "g.json")
    write_graph(graph, tmp_path / "g.gexf")  # GEXF spells them INF, -INF and NaN
    assert contents(read_graph(tmp_path / "g.gexf"))[1] == contents(graph)[1]


def test_graphs_the_streams_do_not_cover_go_to_networkx(tmp_path: Path) -> None:
    numpy_values = nx.DiGraph()
    numpy_values.add_node("a", label="a", value=np.float64(0.5))
    weighted = nx.DiGraph()
    weighted.add_edge("a", "b", weight=2.0)
    mixed = nx.DiGraph()
    mixed.add_node("a", label="a", size=1)
    mixed.add_node("b", label="b", size="big")
    assert not streamable(numpy_values, "graphml") and not streamable(numpy_values, "gexf")
    assert not streamable(weighted, "gexf") and streamable(weighted, "graphml")
    assert not streamable(mixed, "gexf") and streamable(mixed, "graphml")
    # (networkx cannot read back its own GEXF of the mixed graph: one type per name there.)
    for graph, extensions in (
        (numpy_values, (".graphml", ".gexf")),
        (weighted, (".graphml", ".gexf")),
        (mixed, (".graphml",)),
    ):
        for extension in extensions:
            ours, theirs = tmp_path / f"ours{extension}", tmp_path / f"theirs{extension}"
            write_graph(graph, ours)
            networkx_wrote(graph, theirs)
            assert contents(read_graph(ours)) == contents(read_graph(theirs))
    # GraphML keeps a name's two types apart: one key each.
    write_graph(mixed, tmp_path / "mixed.graphml")
    assert contents(read_graph(tmp_path / "mixed.graphml")) == contents(mixed)


def test_a_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_graph(nx.DiGraph([("a", "b")]), path)
    before = path.read_bytes()
    broken = nx.DiGraph()
    broken.add_node("a", value=object())  # not JSON: the writer fails part way
    with pytest.raises(TypeError):
        write_graph(broken, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temporary file left


def test_written_files_take_the_usual_permissions(tmp_path: Path) -> None:
    usual = tmp_path / "usual.txt"
    usual.write_text("x")
    write_graph(nx.DiGraph([("a", "b")]), tmp_path / "g.graphml")
    assert os.stat(tmp_path / "g.graphml").st_mode == os.stat(usual).st_mode

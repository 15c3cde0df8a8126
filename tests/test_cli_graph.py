"""``strategy graph`` and ``strategy risk graph``: files, pictures, errors, and a strategy
matrix read back from an exported file. The battle's graph itself: ``test_graph_views.py``.

Deep imports: the command's entry point, the graph reader, and the optimal-play and strategy-matrix
kernels the exported graph is held to.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from strategy.cli.main import main
from strategy.present.graph import ACTION_SEPARATOR
from strategy.present.graph_io import parse_dot, read_graph
from strategy.risk import Battle, BattleGame, Objective
from strategy.risk.optimal import optimal_table
from strategy.risk.play.matrices import strategy_matrix
from tests.helpers import run

SIGNED = Objective.parse("signed")


@pytest.mark.parametrize(
    "command",
    [
        ["graph", "nim", "1", "2", "3"],
        ["graph", "nim", "2", "2", "--misere", "--optimal-only"],
        ["graph", "tictactoe", "XO./.X./..O"],
        ["graph", "dice", "--rolls", "3", "--sides", "4"],
        ["risk", "graph", "4", "3", "--choice", "respond", "--objective", "signed"],
        ["risk", "graph", "5", "3", "--compact"],
    ],
)
@pytest.mark.parametrize("extension", [".graphml", ".gexf", ".json", ".dot"])
def test_commands_write_every_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str], extension: str
) -> None:
    path = tmp_path / f"graph{extension}"
    status, out, err = run(capsys, *command, "--out", str(path))
    assert (status, err) == (0, "")
    graph = read_graph(path)
    assert out.startswith(f"{len(graph)} states, {graph.number_of_edges()} edges")
    assert graph.graph["start"] in graph


def test_without_out_the_graph_is_dot_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "graph", "nim", "1", "2")
    graph = parse_dot(out)
    assert status == 0 and len(graph) == 8  # 2 x (heaps 0..1 x 0..2) minus the unreachable
    assert graph.nodes["1 2 first"]["optimal_actions"] == "(1, 1)"  # Bouton: even the heaps


def test_small_graphs_are_drawn(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = tmp_path / "battle.svg"
    status, out, _ = run(capsys, "risk", "graph", "4", "2", "--compact", "--draw", str(picture))
    assert status == 0 and f"wrote {picture}" in out
    assert picture.read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["graph", "nim", "1", "--out", "g.txt"], "unknown graph format '.txt'"),
        (["graph", "nim", "1", "--draw", "g.gif"], "a drawing is .png, .svg, .pdf"),
        (["graph", "nim", "30", "30", "30"], "too many positions"),
        (["graph", "tictactoe", "--draw", "t.png"], "too many to draw legibly"),
        (["graph", "tictactoe", "XX"], "is not a tic-tac-toe position"),
        (["graph", "dice", "--rolls", "4", "--max-states", "10"], "more than 10 states"),
        (["risk", "graph", "0", "3"], "attackers must be at least 1"),
        (["risk", "graph", "5", "3", "--objective", "bogus"], "unknown objective 'bogus'"),
        (["graph", "nim", "1", "--out", "/no/such/folder/g.dot"], "there is no folder"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, *command)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("strategy") and "error: " in err
    assert message in err
    assert not list(tmp_path.iterdir())


def test_the_strategy_matrix_reads_back_from_the_graph(tmp_path: Path) -> None:
    """Rebuild the ``respond`` strategy matrix's codes from an exported GraphML file alone."""
    game = BattleGame(7, 5, objective=SIGNED, choice="respond")
    path = tmp_path / "battle.graphml"
    assert main(["risk", "graph", "7", "5", "--choice", "respond", "--objective", "signed",
                 "--out", str(path)]) == 0  # fmt: skip
    graph = read_graph(path)
    matrix = strategy_matrix(
        optimal_table(7, 5, Battle.of(objective=SIGNED, choice="respond"), exact=True)
    )
    checked = 0
    for node, data in graph.nodes(data=True):
        if data["phase"] != "attack" or not data["defenders"]:
            continue
        cell = matrix.cells[data["attackers"] - 1][data["defenders"] - 1]
        assert code_from_graph(graph, node, data) == cell.code
        checked += 1
    assert checked >= 20 and game.start.attackers == 7


def code_from_graph(graph: Any, node: str, data: dict[str, Any]) -> str:
    """The matrix's code for ``respond``, from the graph: ``.``, ``S``, ``S=``, or the
    defender's answers to the attacker's dice, prefixed ``k:`` when ``k`` is not the most."""
    if data["kind"] == "terminal":
        return "."
    moves = data["optimal_actions"].split(ACTION_SEPARATOR)
    if moves == ["stop"]:
        return "S"
    if "stop" in moves:
        return "S="
    dice = max(int(move) for move in moves)
    most = max(int(edge["action"]) for _, _, edge in graph.out_edges(node, data=True)
               if edge["action"] != "stop")  # fmt: skip
    answer = graph.nodes[f"{node} defend {dice}"]["optimal_actions"].split(ACTION_SEPARATOR)
    return ("" if dice == most else f"{dice}:") + "|".join(answer)

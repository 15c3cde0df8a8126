"""The game registry: a game defined and registered here, in a test module, is offered by
every tool that lists games (``mcts``, ``graph``, ``export``, OpenSpiel's games) without any
other file knowing it, and the classic games are found by walking their package.

The game is subtraction with takes {1, 2}: the player to move loses exactly when the count is
a multiple of 3 (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4: the Bash game with
``m = 2``), which the tests check against the solver by that rule, not by pasted values.

Deep imports: :mod:`strategy.present.graph_io`, to read back the graph the ``graph`` command wrote.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from strategy import solve
from strategy.engine import (
    ImpartialGame,
    InputError,
    Parameter,
    discover,
    load_game,
    register_game,
    registered,
    unregister_game,
)
from strategy.present.graph_io import read_graph
from tests.helpers import run, run_json


def countdown(start: int) -> ImpartialGame[int]:
    """Take 1 or 2 from ``start``; who cannot move loses."""
    return ImpartialGame(lambda n: [n - t for t in (1, 2) if t <= n], start=start)


@pytest.fixture(autouse=True)
def registered_countdown() -> Iterator[None]:
    register_game(
        "countdown",
        countdown,
        summary="take 1 or 2 from a count; who cannot move loses",
        parameters=(Parameter("start", "the count", default=7, minimum=0, maximum=1000),),
        flags=("impartial",),
        example="--start 6",
        payoffs=(-1.0, 1.0),
        label=lambda state: f"{state[0]} {'first' if state[1] else 'second'}",
    )
    yield
    unregister_game("countdown")


def test_the_classic_games_register_themselves() -> None:
    games = discover()
    classic = {
        "nim",
        "octal",
        "subtraction",
        "grundy",
        "tictactoe",
        "connect4",
        "stones",
        "dice",
        "pig",
    }
    assert classic | {"risk"} <= set(games)
    assert "cyclic" in games["pig"].flags and "chance" in games["dice"].flags
    assert all(game.summary and game.example for game in games.values())


@pytest.mark.parametrize("start", range(10))
def test_load_game_builds_the_registered_game(start: int) -> None:
    value = solve(load_game("countdown", start=start)).value
    assert value == (-1 if start % 3 == 0 else 1)


def test_load_game_refuses_what_the_declaration_does_not_allow() -> None:
    with pytest.raises(InputError, match=r"no game 'chess'; registered: .*countdown"):
        load_game("chess")
    with pytest.raises(InputError, match="takes no heaps"):
        load_game("countdown", heaps=3)
    with pytest.raises(InputError, match="start must be at most 1000"):
        load_game("countdown", start=1001)
    with pytest.raises(InputError, match="start must be int"):
        load_game("countdown", start="3")
    with pytest.raises(ValueError, match="unknown game flags"):
        register_game("odd", countdown, summary="-", flags=("quantum",))
    assert "odd" not in registered()


def test_a_registered_game_is_listed_by_every_tool(capsys: pytest.CaptureFixture[str]) -> None:
    for tool in ("mcts", "graph", "export"):
        status, out, _ = run(capsys, tool, "--help")
        assert status == 0 and "countdown" in out, tool
        status, out, _ = run(capsys, tool, "countdown", "--help")
        assert status == 0 and f"strategy {tool} countdown --start 6" in out, tool


def test_mcts_on_a_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    found = run_json(
        capsys, "mcts", "countdown", "--start", "7", "--seed", "3", "--playouts", "3000",
        "--compare",
    )  # fmt: skip
    assert Fraction(found["exact"]["value"]) == 1  # 7 is no multiple of 3
    assert found["exact"]["optimal_moves"] == [6]  # take 1, leaving 6
    assert found["best_move"] == 6


def test_graph_and_export_of_a_registered_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "countdown.graphml"
    status, _, err = run(capsys, "graph", "countdown", "--start", "4", "--out", str(path))
    assert (status, err) == (0, "")
    graph = read_graph(path)
    # Counts 0..4, each with either player to move, less the ones play cannot reach.
    assert graph.graph["start"] == "4 first" and "0 first" in graph and "0 second" in graph
    status, out, _ = run(capsys, "export", "countdown", "--start", "2")
    assert status == 0 and out.startswith('EFG 2 R "countdown start=2"')


def test_a_bad_parameter_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "mcts", "countdown", "--start", "5000")
    assert status == 2 and "start must be at most 1000" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("start", [4, 6])
def test_a_registered_game_goes_to_openspiel(start: int) -> None:
    pytest.importorskip("pyspiel", reason="needs the openspiel extra (open-spiel)")
    from open_spiel.python.algorithms import minimax

    from strategy.interop.openspiel import load_registered, registered_games

    assert "countdown" in registered_games() and "pig" not in registered_games()
    spiel = load_registered("countdown", start=start)
    value, _ = minimax.expectiminimax(spiel.new_initial_state(), 100, None, 0)
    assert value == (-1 if start % 3 == 0 else 1)
    with pytest.raises(InputError, match="no game 'pig' for OpenSpiel"):
        load_registered("pig")

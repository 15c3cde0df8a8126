"""The ``mcts`` and ``connect4`` commands as a user runs them: output, JSON, one-line errors.

Deep imports: :mod:`strategy.cli.main`, the command's entry point, whose command groups a fixture
narrows to the searches'.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.helpers import only_group, run, run_json

search_only = only_group("strategy.cli.search_games")


def test_mcts_tictactoe_repeats_with_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "mcts", "tictactoe", "--playouts", "400", "--seed", "4")
    assert first == run_json(capsys, "mcts", "tictactoe", "--playouts", "400", "--seed", "4")
    assert first["seed"] == 4 and first["playouts"] == 400
    assert sum(m["playouts"] for m in first["moves"]) == 400
    assert [m["move"] for m in first["moves"]] == list(range(1, 10))
    status, out, _ = run(capsys, "mcts", "tictactoe", "X.O/.X./...", "--playouts", "300")
    assert status == 0 and "best move" in out and "playouts, seed" in out


def test_mcts_compares_with_the_exact_value(capsys: pytest.CaptureFixture[str]) -> None:
    pig = run_json(
        capsys, "mcts", "pig", "--goal", "2", "--playouts", "2000", "--seed", "1", "--compare"
    )
    # Pig to 2: a roll wins unless it is a 1, and the turn passes: 6/7 (as in Pig's tests).
    assert Fraction(pig["exact"]["value"]) == Fraction(6, 7)
    assert pig["exact"]["error"] == pytest.approx(pig["value"] - 6 / 7)
    risk = run_json(capsys, "mcts", "risk", "3", "1", "--choice", "max", "--seed", "2",
                    "--playouts", "500", "--compare")  # fmt: skip
    # Seed 003: Pr(3,1) = 15/36 * 91/216 + 125/216: the attacker fights with the most dice
    # or stops, which never captures.
    assert Fraction(risk["exact"]["value"]) == Fraction(15, 36) * Fraction(91, 216) + Fraction(
        125, 216
    )
    assert risk["exact"]["optimal_moves"] == [2]
    status, out, _ = run(capsys, "mcts", "risk", "5", "3", "--playouts", "200", "--compare")
    assert status == 0 and "exact value" in out and "MCTS's move is" in out


def test_connect4(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "connect4", "--width", "4", "--height", "4", "--method", "plain")
    # Tromp's table of small-board results: 4 x 4 is a draw.
    assert (obj["value"], obj["outcome"]) == (0, "draw")
    assert [s["method"] for s in obj["searches"]] == ["plain"]
    # A row of four cells: each player gets two, so no four: a draw by every search.
    row = run_json(capsys, "connect4", "--width", "4", "--height", "1")
    assert row["outcome"] == "draw" and row["best_moves"] == [1, 2, 3, 4]
    assert [s["method"] for s in row["searches"]] == ["plain", "ordered", "deepening"]
    assert all(s["positions_searched"] > 0 for s in row["searches"])
    status, out, _ = run(capsys, "connect4", "--width", "4", "--height", "1")
    assert status == 0 and "draw" in out and "positions" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["mcts", "risk", "5", "3", "--choice", "announce", "--playouts", "10"], "simultaneous"),
        (["mcts", "tictactoe", "XXXX"], "not a tic-tac-toe position"),
        (["mcts", "tictactoe", "--playouts", "0"], "at least 1"),
        (["mcts", "tictactoe", "--playouts", "9000000"], "limited to"),
        (["mcts", "pig", "--goal", "50", "--compare"], "goals up to"),
        (["mcts", "chess"], "invalid choice"),
        (["connect4", "--width", "7", "--height", "6"], "42 cells"),
        (["connect4", "--width", "0"], "at least 1"),
    ],
)
def test_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err

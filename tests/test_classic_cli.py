"""The classic-games commands as a user runs them: output, JSON and one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

import strategy.cli.main as cli_main
from tests.helpers import run


@pytest.fixture(autouse=True)
def games_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests are about this command group alone, whatever other groups exist.
    monkeypatch.setattr(cli_main, "GROUPS", ("strategy.cli.games",))


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 0
    return json.loads(out)


def test_nim(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "nim", "3", "4", "5")
    # Bouton (1901): nim-sum 2; reduce the heap of 3 to 1.
    assert obj["nim_sum"] == 2 and obj["first_player_wins"] is True
    assert obj["winning_moves"] == [{"heap": 1, "take": 2, "leaves": 1}]
    assert run_json(capsys, "nim", "1", "1", "1", "--misere")["first_player_wins"] is False
    status, out, _ = run(capsys, "nim", "3", "4", "5")
    assert status == 0 and "heap 1: take 2, leaving 1" in out


def test_octal_kayles(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "octal", "0.77", "--up-to", "300")
    # Guy & Smith (1956): period 12 from heap 71; A002186 begins 0 1 2 3 1 4 3 2.
    assert (obj["code"], obj["preperiod"], obj["period"]) == ("0.77", 71, 12)
    assert obj["values"][:8] == [0, 1, 2, 3, 1, 4, 3, 2] and len(obj["values"]) == 301
    status, out, _ = run(capsys, "octal", "0.07")
    assert status == 0 and "period 34" in out


def test_subtraction_bash(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "subtraction", "--bash", "3", "--heap", "10")
    # Seed 002: 10 mod 4 = 2, so take 2.
    assert obj["heap"] == {"heap": 10, "first_player_wins": True, "winning_takes": [2]}
    assert obj["period"] == 4
    status, out, _ = run(capsys, "subtraction", "1", "3", "4", "--heap", "14")
    assert status == 0 and "loses" in out  # 14 = 0 mod 7 (Winning Ways)


def test_tictactoe(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "tictactoe")
    assert obj["value"] == 0 and obj["best_moves"] == list(range(1, 10))
    assert obj["positions_searched"] > 0
    assert run_json(capsys, "tictactoe", "....X....")["best_moves"] == [1, 3, 7, 9]


def test_stones(capsys: pytest.CaptureFixture[str]) -> None:
    # LeetCode 1690 example 1; GeeksforGeeks coin game; LeetCode 1406 example 1.
    assert run_json(capsys, "stones", "vii", "5", "3", "1", "4", "2")["margin"] == 6
    assert run_json(capsys, "stones", "coins", "8", "15", "3", "7")["first_score"] == 22
    assert run_json(capsys, "stones", "iii", "1", "2", "3", "7")["winner"] == "second"
    assert run_json(capsys, "stones", "iii", "1", "2", "3", "-9")["winner"] == "first"


def test_dice(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "dice", "--rolls", "3")
    assert Fraction(obj["value"]) == Fraction(14, 3) and obj["keep_from"] == [5, 4]


def test_pig(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "pig", "--goal", "100", "--hold-at", "20")
    assert round(obj["first_player_win_probability"], 4) == 0.5347  # Neller, Nifty 2010
    assert obj["exact"] is False and obj["hold_thresholds"][0][0] == 20
    small = run_json(capsys, "pig", "--goal", "1")
    assert small["exact"] is True
    assert Fraction(small["first_player_win_probability_exact"]) == Fraction(6, 7)
    status, out, _ = run(capsys, "pig", "--goal", "20", "--step", "5")
    assert status == 0 and "hold once the turn total reaches" in out


def test_matrix_games(capsys: pytest.CaptureFixture[str]) -> None:
    # von Neumann & Morgenstern (1944): matching pennies and rock-paper-scissors have value 0
    # and uniform optimal strategies.
    pennies = run_json(capsys, "matrix", "[[1,-1],[-1,1]]")
    assert pennies == {
        "value": "0/1",
        "row_strategy": ["1/2", "1/2"],
        "column_strategy": ["1/2", "1/2"],
        "exact": True,
    }
    rps = run_json(capsys, "matrix", "[[0,-1,1],[1,0,-1],[-1,1,0]]")
    assert rps["value"] == "0/1" and rps["row_strategy"] == ["1/3"] * 3
    # Independent 2x2 formula (no saddle point): value (ad - bc) / (a + d - b - c).
    a, b, c, d = 2, -1, -1, 1
    obj = run_json(capsys, "matrix", f"[[{a},{b}],[{c},{d}]]")
    assert Fraction(obj["value"]) == Fraction(a * d - b * c, a + d - b - c)
    assert Fraction(obj["row_strategy"][0]) == Fraction(d - c, a + d - b - c)
    floats = run_json(capsys, "matrix", '[["1/2", 0], [0, "1/2"]]', "--float")
    assert floats["value"] == pytest.approx(0.25)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["octal", "0.9"], "not an octal game code"),
        (["tictactoe", "XXXX"], "not a tic-tac-toe position"),
        (["tictactoe", "XXX......"], "X moves first"),
        (["subtraction"], "subtraction set"),
        (["subtraction", "1", "--bash", "2"], "subtraction set"),
        (["matrix", "[[1,2],[3]]"], "ragged"),
        (["matrix", "not json"], "not a matrix"),
        (["pig", "--goal", "40", "--method", "exact"], "limited to goals"),
        (["stones", "vii"], "required"),
        (["nim", "3", "-1"], "negative"),
    ],
)
def test_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    try:
        status = cli_main.main(argv)
    except SystemExit as exit_:  # argparse's own errors
        status = int(exit_.code or 0)
    _, err = capsys.readouterr()
    assert status == 2 and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "command", ["nim", "subtraction", "octal", "tictactoe", "stones", "dice", "pig", "matrix"]
)
def test_help_has_an_example(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit):
        cli_main.main([command, "--help"])
    out, _ = capsys.readouterr()
    assert f"strategy {command}" in out and "--json" in out

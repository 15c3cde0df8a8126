"""The classic-games commands as a user runs them: output, JSON and one-line errors.

Deep imports: :mod:`strategy.cli.main`, the command's entry point, whose command groups a fixture
narrows to the games'.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

import strategy.cli.main as cli_main
from tests.helpers import only_group, run, run_json

games_only = only_group("strategy.cli.games")


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


# OEIS A002187 (Dawson's chess, .137), n = 52..85: one period of 34, which repeats forever
# ("period 34 with the only exceptions at n=0, 14, 16, 17, 31, 34 and 51").
DAWSON_CHESS_PERIOD = [
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
    5, 9,
]  # fmt: skip


def test_octal_copies_a_proven_period(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "octal", "0.137", "--up-to", "100000")
    assert (obj["preperiod"], obj["period"], obj["proven"]) == (52, 34, True)
    assert obj["computed"] < 1000 and len(obj["values"]) == 100_001
    for heap in (52, 85, 1000, 99_999, 100_000):
        assert obj["values"][heap] == DAWSON_CHESS_PERIOD[(heap - 52) % 34]
    status, out, _ = run(capsys, "octal", "0.137", "--up-to", "1000")
    assert status == 0 and "the rest copied by the period" in out


def test_octal_until_proven_and_no_misleading_period(capsys: pytest.CaptureFixture[str]) -> None:
    # 0.156 (Kenyon 1967; Flammenkamp's table, re-verified in tczajka/octal-games): period 349
    # from 3,479, proven only past heap 2 * 3,479 + 2 * 349 + 3; largest value 23 at 1,032.
    obj = run_json(capsys, "octal", "0.156", "--up-to", "20", "--until-proven")
    assert (obj["preperiod"], obj["period"], obj["proven"]) == (3479, 349, True)
    assert len(obj["values"]) == 21 and obj["computed"] >= 2 * 3479 + 2 * 349 + 3
    assert (obj["sparse"]["largest"], obj["sparse"]["largest_at"]) == (23, 1032)
    status, out, _ = run(capsys, "octal", "0.156", "--up-to", "2000")
    assert status == 0 and "no period proven by heap 2,000" in out and "repeat" not in out
    assert "rare mask 1b" in out


def test_grundy(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "grundy", "--heap", "20")
    # OEIS A002188 begins 0 0 0 1 0 2 1 0 2 1; a(20) = 0, so a heap of 20 is lost.
    assert obj["values"][:10] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1] and obj["values"][20] == 0
    assert obj["heap"] == {"heap": 20, "first_player_wins": False, "winning_splits": []}
    # a(9) = 1: the splits leaving two heaps of equal value are 2 + 7 (0, 0) and 3 + 6 (1, 1).
    nine = run_json(capsys, "grundy", "--up-to", "9", "--heap", "9")["heap"]
    assert nine["winning_splits"] == [[2, 7], [3, 6]]
    status, out, _ = run(capsys, "grundy", "--up-to", "30", "--heap", "9")
    assert status == 0 and "wins by splitting it into 2 + 7 or 3 + 6" in out
    # --stats: the statistics without the values (heaps 0..181 hold Flammenkamp's first 12).
    stats = run_json(capsys, "grundy", "--up-to", "181", "--stats")
    assert "values" not in stats and stats["heaps"] == 182
    assert (stats["sparse"]["largest"], stats["sparse"]["largest_at"]) == (12, 181)


def test_a_huge_take_costs_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "subtraction", "1000000000")
    assert obj["values"] == [0] * 61 and obj["code"] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["octal", "0.137", "--up-to", "10000000000"], "of memory"),
        (["subtraction", "1", "2", "--up-to", "10000000000"], "of memory"),
        (["octal", "0.007", "--up-to", "1000000"], "shows no proven period by heap 8,191"),
        (["grundy", "--up-to", "10000000", "--stats", "--time-limit", "60"], "would take about"),
        (["grundy", "--up-to", "10000000"], "add --stats"),
    ],
)
def test_huge_heap_requests_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1


def test_grundy_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_main.main(["grundy", "--help"])
    out, _ = capsys.readouterr()
    assert "strategy grundy" in out and "--json" in out and "--time-limit" in out


def test_matrix_from_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    import numpy as np

    # Rock-paper-scissors (von Neumann & Morgenstern 1944): value 0, uniform play, from a
    # JSON file, a CSV file, a .npy file and standard input.
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    (tmp_path / "rps.json").write_text(json.dumps(rps))
    (tmp_path / "rps.csv").write_text("\n".join(",".join(map(str, row)) for row in rps) + "\n")
    np.save(tmp_path / "rps.npy", np.array(rps))
    for name in ("rps.json", "rps.csv", "rps.npy"):
        obj = run_json(capsys, "matrix", "--file", str(tmp_path / name))
        assert obj["value"] == "0/1" and obj["row_strategy"] == ["1/3"] * 3, name
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"1,-1\n-1,1\n")))
    assert run_json(capsys, "matrix", "--file", "-")["column_strategy"] == ["1/2", "1/2"]
    # A 30 x 30 game goes by the certified supports route, which --details names.
    rng = np.random.default_rng(30)
    np.save(tmp_path / "big.npy", rng.integers(-9, 10, (30, 30)))
    details = run_json(capsys, "matrix", "--file", str(tmp_path / "big.npy"), "--details")
    assert details["method"] == "lp+exact-support" and details["seconds"] >= 0
    simplex = run_json(capsys, "matrix", "--file", str(tmp_path / "big.npy"), "--method", "simplex")
    assert Fraction(simplex["value"]) == Fraction(details["value"])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"1,2\n3\n", "ragged"),
        (b"1,x\n", "is not a matrix"),
        (b"[[1, 2], [3, true]]", "is not a matrix"),
        (b"\x93NUMPY garbage", "as .npy"),
        (b"\xff\xfe\x00", "is not text"),
    ],
)
def test_matrix_file_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, content: bytes, message: str
) -> None:
    path = tmp_path / "m.txt"
    path.write_bytes(content)
    status, _, err = run(capsys, "matrix", "--file", str(path))
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
    status, _, err = run(capsys, "matrix", "--file", str(tmp_path / "missing.csv"))
    assert status == 2 and "cannot read" in err
    status, _, err = run(capsys, "matrix", "[[1]]", "--file", str(path))
    assert status == 2 and "not both" in err

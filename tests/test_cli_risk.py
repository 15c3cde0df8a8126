"""The ``strategy risk`` commands as a user runs them: output, formats and errors."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from tests.helpers import run


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "risk", "odds", "3", "1", "--json")
    assert status == 0
    obj = json.loads(out)
    # Seed 003: Pr(3,1) = 15/36 * 91/216 + 125/216.
    expected = Fraction(15, 36) * Fraction(91, 216) + Fraction(125, 216)
    assert Fraction(obj["win_probability_exact"]) == expected
    assert obj["win_probability"] == pytest.approx(float(expected), rel=1e-15)
    finals = obj["final_states"]
    assert sum(Fraction(s["probability_exact"]) for s in finals) == 1
    # From (3,1): capture with 3 (125/216), or lose one and fight 2 v 1 on from (2,1).
    assert {(s["attacker"], s["defender"]) for s in finals} == {(3, 0), (2, 0), (1, 1)}
    for key in ("expected_attacker_left", "expected_defender_left", "expected_signed"):
        assert isinstance(obj[key], float)


def test_odds_text_prints_fractions_only_with_exact(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 31: the text shows decimals; --exact adds the fractions, JSON always has them.
    status, out, _ = run(capsys, "risk", "odds", "2", "1")
    assert status == 0
    assert "P(attacker captures)          0.416667\n" in out  # 15/36, seed 003
    assert "/" not in out.split("\n", 2)[2] and "exact" not in out
    status, out, _ = run(capsys, "risk", "odds", "2", "1", "--exact")
    assert status == 0
    assert "P(attacker captures)          0.416667  = 5/12" in out
    assert "probability  exact" in out
    _, out, _ = run(capsys, "risk", "odds", "2", "1", "--json")
    assert json.loads(out)["win_probability_exact"] == "5/12"
    _, out, _ = run(capsys, "risk", "odds", "5", "5", "--choice", "sees-roll")
    assert "value" in out and "/" not in out.split("\n", 3)[3]
    _, exact, _ = run(capsys, "risk", "odds", "5", "5", "--choice", "sees-roll", "--exact")
    value = next(line for line in exact.splitlines() if line.startswith("value")).split()
    assert value[2] == "=" and f"{float(Fraction(value[3])):.6f}" == value[1]


def test_table_json_exact(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "risk", "table", "--attackers", "3", "--defenders", "2", "--exact", "--json"
    )
    assert status == 0
    obj = json.loads(out)
    assert obj["attackers"] == [1, 2, 3] and obj["defenders"] == [1, 2]
    assert obj["metric"] == "capture"
    assert Fraction(obj["values_exact"][1][0]) == Fraction(15, 36)  # seed 003
    assert Fraction(obj["values_exact"][0][1]) == 0  # one army cannot attack


def test_table_text_is_plain_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "risk", "table", "--attackers", "4", "--defenders", "3")
    assert status == 0
    assert "\x1b[" not in out
    lines = out.splitlines()
    assert lines[1].split() == ["A\\D", "1", "2", "3"]
    assert lines[3].split()[:2] == ["2", "0.417"]  # 15/36, seed 003


def test_table_colour_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(
        capsys, "risk", "table", "--attackers", "2", "--defenders", "2", "--color", "always"
    )
    assert "\x1b[30;48;2;255;0;0m" in out  # A = 1 cannot win: seed 000's full red


@pytest.mark.parametrize("fmt", ["csv", "latex", "html"])
def test_table_other_formats(capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str) -> None:
    out_file = tmp_path / f"t.{fmt}"
    status, _, _ = run(
        capsys,
        "risk",
        "table",
        "--attackers",
        "3",
        "--defenders",
        "3",
        "--format",
        fmt,
        "--out",
        str(out_file),
    )
    assert status == 0
    text = out_file.read_text()
    assert {"csv": "A\\D,1,2,3", "latex": "\\begin{tabular}", "html": "<table"}[fmt] in text


def test_table_npy(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "t.npy"
    status, _, _ = run(
        capsys,
        "risk",
        "table",
        "--attackers",
        "5",
        "--defenders",
        "4",
        "--format",
        "npy",
        "--out",
        str(out_file),
    )
    assert status == 0
    values = np.load(out_file)
    assert values.shape == (5, 4)
    assert values[1, 0] == pytest.approx(15 / 36, rel=1e-15)


def test_console_script_entry_point() -> None:
    # The installed command runs the same main(); check it as a process, help included.
    result = subprocess.run(
        [sys.executable, "-m", "strategy.cli.main", "risk", "odds", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "strategy risk odds 10 6" in result.stdout

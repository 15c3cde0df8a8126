"""The Risk commands at scale: npy of huge tables, refusals, compact views, long battles'
summaries, tail probabilities and progress bars.

Deep imports: the progress bar (:mod:`strategy.engine.progress`), replaced here by a recorder, and
the classic kernels, the reference for the commands' numbers at scale.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

import strategy.engine.progress
from strategy.engine.progress import ProgressBar
from strategy.risk import BattleTable, Objective, leaves
from strategy.risk import classic as battle
from strategy.risk.classic import battle_odds
from tests.helpers import run


def test_npy_of_a_large_table_comes_from_the_array(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A list of Python floats per cell is what made 10,000 x 10,000 take gigabytes.
    def no_lists(self: BattleTable) -> list[list[float]]:
        raise AssertionError("as_floats() called")

    monkeypatch.setattr(BattleTable, "as_floats", no_lists)
    out_file = tmp_path / "t.npy"
    argv = ["risk", "table", "--attackers", "2000", "--defenders", "1500", "--format", "npy"]
    status, out, err = run(capsys, *argv, "--out", str(out_file))
    assert (status, out, err) == (0, "", "")
    values = np.load(out_file)
    assert values.shape == (2000, 1500) and values.dtype == np.float64
    assert values[1, 0] == pytest.approx(15 / 36, rel=1e-15)  # seed 003: Pr(2,1) = 15/36
    assert values[0].max() == 0  # one army cannot attack


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "latex", "html"])
def test_huge_text_tables_are_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("computed a table that was going to be refused")

    monkeypatch.setattr(battle, "battle_table", no_work)
    argv = ["risk", "table", "--attackers", "10000", "--defenders", "10000", "--format", fmt]
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "GiB: use" in err and "--format npy --out FILE.npy" in err
    assert ("--compact" in err) == (fmt == "text")


def test_exact_json_is_refused_sooner_than_floats(capsys: pytest.CaptureFixture[str]) -> None:
    # Exact fractions grow with the battle: 1000 x 1000 is fine in floats, not exact.
    argv = ["risk", "table", "--attackers", "1000", "--defenders", "1000", "--json"]
    status, _, err = run(capsys, *argv, "--exact")
    assert status == 2 and "as json would be about" in err


def table_lines(out: str) -> list[str]:
    """The lines of the table itself: between the title and the rules caption."""
    lines = out.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("rules:"))
    return lines[1:end]


@pytest.mark.parametrize("size", [300, 3000])
def test_compact_fits_the_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    argv = ["risk", "table", "--attackers", str(size), "--defenders", str(size), "--compact"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    rows = table_lines(out)
    assert max(len(line) for line in rows) <= 60
    step = int(out.split("1 row and column in ")[1].split()[0])
    header = rows[0].split()
    assert header[:3] == ["A\\D", "1", str(1 + step)]  # the note says what is shown
    assert len(rows) == 1 + len(range(1, size + 1, step))
    # Odds as two decimals without the leading zero: D = 1 from A = 1 + step is nearly won,
    # not for sure (every roll can fail), so it reads "~1", not "1".
    assert rows[2].split()[1] == "~1"


def test_compact_small_table_is_only_rounded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    status, out, _ = run(
        capsys, "risk", "table", "--attackers", "4", "--defenders", "3", "--compact"
    )
    assert status == 0
    assert table_lines(out)[2].split()[:2] == ["2", ".42"]  # 15/36
    assert out.rstrip().endswith("compact view: cells rounded")


def test_huge_float_odds_summarise_the_final_states(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "risk", "odds", "3000", "3000", "--float")
    assert status == 0
    lines = out.splitlines()
    assert len(lines) < 40
    finals = battle_odds(3000, 3000, exact=False).final_states
    assert f"final states: {len(finals)} in all; the 20 most likely" in out
    shown = [float(line.split()[-1]) for line in lines if line.startswith("  A=")]
    assert shown == sorted(shown, reverse=True)
    assert shown[0] == pytest.approx(max(p for _, _, p in finals), abs=1e-6)
    assert any(line.startswith("probability dropped") for line in lines)


def test_huge_float_odds_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    odds = battle_odds(3000, 3000, exact=False)
    status, out, _ = run(capsys, "risk", "odds", "3000", "3000", "--float", "--json")
    assert status == 0
    obj = json.loads(out)
    assert obj["dropped_mass"] == odds.dropped_mass
    assert obj["final_states_count"] == len(obj["final_states"]) == len(odds.final_states)
    assert obj["final_states_truncated"] is False
    # Beyond the limit, the most likely states and the probability they hold.
    monkeypatch.setattr(leaves, "JSON_STATES", 5)
    _, out, _ = run(capsys, "risk", "odds", "3000", "3000", "--float", "--json")
    obj = json.loads(out)
    top = sorted((p for _, _, p in odds.final_states), reverse=True)[:5]
    assert obj["final_states_truncated"] is True
    assert [s["probability"] for s in obj["final_states"]] == top
    assert obj["final_states_probability"] == pytest.approx(sum(top), rel=1e-12)


def test_too_large_exact_odds_point_to_float(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "risk", "odds", "100000", "100000")
    assert status == 2
    assert "needs about" in err and "; use --float" in err


def test_huge_classic_objective_uses_one_cell(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["risk", "odds", "20000", "20000", "--objective", "signed", "--float", "--json"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    obj = json.loads(out)
    cell = battle_odds(20000, 20000, exact=False)
    assert obj["value"] == cell.expectation(Objective("signed"))
    assert obj["dropped_mass"] == cell.dropped_mass
    assert obj["objective"] == "signed" and obj["choice"] == "max"


@pytest.mark.parametrize(("attackers", "defenders", "k"), [(10, 6, 4), (5, 3, 0), (7, 7, 3)])
def test_at_least_and_at_most_sum_the_final_states(
    capsys: pytest.CaptureFixture[str], attackers: int, defenders: int, k: int
) -> None:
    finals = battle_odds(attackers, defenders).final_states
    at_least = sum(Fraction(p) for a, d, p in finals if d == 0 and a >= k)
    at_most = sum(Fraction(p) for _, d, p in finals if d <= k)
    argv = ["risk", "odds", str(attackers), str(defenders), "--at-least", str(k)]
    status, out, _ = run(capsys, *argv, "--at-most", str(k), "--json")
    assert status == 0
    obj = json.loads(out)
    assert obj["at_least"]["armies"] == obj["at_most"]["armies"] == k
    assert Fraction(obj["at_least"]["probability_exact"]) == at_least
    assert Fraction(obj["at_most"]["probability_exact"]) == at_most
    assert obj["at_most"]["probability"] == pytest.approx(float(at_most), rel=1e-15)
    _, text, _ = run(capsys, *argv, "--at-most", str(k), "--exact")
    assert f"P(capture with >= {k} left)" in text and f"= {at_least.numerator}/" in text
    _, floats, _ = run(capsys, *argv, "--float", "--json")
    assert "probability_exact" not in json.loads(floats)["at_least"]


def test_at_least_is_refused_under_optimal_play(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "risk", "odds", "5", "3", "--at-least", "2", "--choice", "respond")
    assert status == 2 and "classic battle" in err


class Recorder(ProgressBar):
    """A progress bar that draws nothing and records every bar opened and every call."""

    opened: ClassVar[list[str]] = []
    calls: ClassVar[list[tuple[int, int]]] = []

    def __init__(self, label: str) -> None:
        super().__init__(label, stream=io.StringIO())
        Recorder.opened.append(label)

    def __call__(self, done: int, total: int) -> None:
        Recorder.calls.append((done, total))


@pytest.mark.parametrize(
    ("argv", "label"),
    [
        (["risk", "table", "--attackers", "40", "--defenders", "30"], "table"),
        (["risk", "table", "--exact", "--attackers", "40", "--defenders", "30"], "table"),
        (["risk", "table", "--choice", "sees-roll", "--attackers", "40"], "optimal table"),
        (["risk", "strategy", "--choice", "respond", "--attackers", "30"], "optimal table"),
        (["risk", "odds", "300", "200", "--float"], "odds"),
        (["risk", "odds", "30", "20"], "odds"),
    ],
)
def test_long_commands_report_progress(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    label: str,
) -> None:
    monkeypatch.setattr(strategy.engine.progress, "ProgressBar", Recorder)
    monkeypatch.setattr(Recorder, "opened", [])
    monkeypatch.setattr(Recorder, "calls", [])
    status, _, _ = run(capsys, *argv)
    assert status == 0
    assert label in Recorder.opened
    assert Recorder.calls and all(0 <= done <= total for done, total in Recorder.calls)


def test_an_exact_table_says_where_its_fractions_are(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["risk", "table", "--attackers", "2", "--defenders", "1", "--exact"]
    status, out, _ = run(capsys, *argv)
    assert status == 0 and "0.417" in out and "--format csv, or --json (values_exact)" in out
    status, out, _ = run(capsys, *argv, "--format", "csv")
    assert status == 0 and "5/12" in out  # seed 003: one die each, 15/36


def test_a_chance_that_rounds_to_one_is_not_called_certain(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Balanced Blitz comes within 1e-16 of 1; "1.000000" beside "no army is certain to
    win" (the refusal of --target 1) would contradict it."""
    status, out, _ = run(capsys, "risk", "need", "15", "--target", "0.999", "--edition", "rgd")
    assert status == 0
    assert out.splitlines()[0].endswith("1.000000 >= 0.999 (rounded: just below 1, not certain)")
    status, _, err = run(capsys, "risk", "need", "15", "--target", "1", "--edition", "rgd")
    assert status == 2 and "no army is certain to win" in err

"""Issue 25's bad inputs, one by one: each gives one line on stderr and exit status 2 (no
internal error, no wrong answer), and a probability is never more than 1.

Deep imports: the kernels some bad inputs reach directly (limits, tail sums, Balanced Blitz, turn
objectives), each of which must refuse them itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine import InputError
from strategy.risk import Objective, edition
from strategy.risk.limits import stop_until_odds
from strategy.risk.outcomes import cumulative
from strategy.risk.turns.objectives import TurnObjective
from strategy.risk.variants.balanced_blitz import balance_odds
from tests.helpers import run, run_json

PLAN = (
    "risk", "plan", "--from", "Central America=14", "--target", "South America",
    "--defenders", "Venezuela=2,Brazil=3,Peru=1,Argentina=2",
)  # fmt: skip
RGD = edition("rgd").rules


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line a refused command line prints; it must be refused with status 2."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and len(err.splitlines()) == 1, (status, err)
    assert "internal error" not in err
    return err


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("risk odds -3 2", "must not be negative"),
        ("risk odds 2.5 2", "is not a whole number"),
        ("risk odds 0 2", "at least 1"),
        ("risk odds 5 2 --attacker-dice 0", "must be at least 1"),
        ("risk odds 5 2 --defender-sides 1", "from 2 to 1000"),
        ("risk table --attackers 200000 --defenders 200000", "needs about"),
        ("risk table --format npy", "--out"),
        ("risk table --choice bluff", "is not one of"),
        ("risk table --objective keep", "needs a whole number"),
        ("risk table --objective win", "unknown objective"),
        ("risk table --metric signed --objective signed", "not both"),
        ("risk table --metric attacker-left --choice sees-roll", "only describes"),
        ("risk strategy --objective defender-left", "only describes"),
        ("risk odds 0 3 --choice respond", "at least 1"),
        ("risk strategy --attackers 200000 --defenders 200000", "needs about"),
        ("risk chain 5 3 2 --defender-sides 6,8,6", "one per territory (2)"),
        ("risk chain 5 3 --ties both", "is not one of"),
        ("risk chain 5 3 --leave 0", "at least 1"),
        ("risk chain 0 3", "at least 1"),
    ],
)
def test_each_bad_command_line_is_one_line(
    command: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, *command.split())
    assert message in err and "Traceback" not in err


def test_a_huge_simulation_is_refused_before_any_solving(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # With --max-states 1 any solving would be refused: the refusal seen is the first check.
    err = refused(capsys, *PLAN, "--simulate", "100000000000", "--max-states", "1")
    assert "simulating 100,000,000,000 turns needs about" in err
    assert "states" in refused(capsys, *PLAN, "--simulate", "10", "--max-states", "1")


def test_bad_map_and_position_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    bonus = tmp_path / "bonus.json"
    bonus.write_text(
        '{"territories": ["A", "B"], "adjacency": {"A": ["B"], "B": ["A"]}, '
        '"continents": {"C": {"bonus": ' + "7" * 5000 + ', "territories": ["B"]}}}'
    )
    position = tmp_path / "position.json"
    position.write_text(json.dumps({**json.loads(_position()), "region": 5}))
    tiny = ("--from", "A=3", "--defenders", "B=1", "--target", "B")
    assert "is nested too deeply" in refused(capsys, "risk", "plan", "--map", str(deep), *tiny)
    assert "more than 4,300 digits" in refused(capsys, "risk", "plan", "--map", str(bonus), *tiny)
    err = refused(capsys, "risk", "plan", "--position", str(position))
    assert "region must be names, as a string or a list of strings, not 5" in err
    # A file that never ends, and one that is not text.
    assert "is larger than 16 MiB" in refused(capsys, "risk", "plan", "--map", "/dev/zero", *tiny)
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"name": "Eurasia é"}'.encode("latin-1"))
    assert "is not text in UTF-8" in refused(capsys, "risk", "plan", "--map", str(latin), *tiny)


def _position() -> str:
    return json.dumps(
        {"attackers": {"Siam": 6}, "defenders": {"Indonesia": 2}, "target": "Indonesia"}
    )


def test_a_target_the_attacker_holds_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(
        capsys, "risk", "plan", "--from", "Central America=14", "--defenders", "Venezuela=2",
        "--target", "Central America",
    )  # fmt: skip
    assert "the attacker already holds Central America" in err
    # Holding part of the target is a position like any other.
    argv = (*PLAN[:3], "Central America=14,Venezuela=12", *PLAN[4:6], "--defenders")
    report = run_json(capsys, *argv, "Brazil=3,Peru=1,Argentina=2", "--no-compare")
    assert 0 < report["value"] < 1


@pytest.mark.parametrize("objective", ["", " ", "keep:" + "1" + "0" * 30, "keep:²", "balance:-1"])
def test_bad_objectives_are_refused(objective: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert "objective" in refused(capsys, "risk", "odds", "10", "6", "--objective", objective)
    assert "objective" in refused(capsys, *PLAN, "--objective", objective)
    with pytest.raises(InputError):
        Objective.parse(objective)
    with pytest.raises(InputError):
        TurnObjective.parse(objective)


def test_a_newline_in_an_output_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    err = refused(capsys, "risk", "odds", "3", "2", "--out", "a\nb.txt")
    assert "'a\\nb.txt': a file name with a control character" in err
    assert list(tmp_path.iterdir()) == []


LONG = "x" * 5000


@pytest.mark.parametrize(
    "argv",
    [
        ("risk", "odds", LONG, "6"),
        ("risk", "odds", "10", "6", "--edition", LONG),
        ("risk", "odds", "10", "6", "--objective", LONG),
        ("risk", "odds", "10", "6", LONG),
        ("risk", "odds", "10", "6", "--out", f"{LONG}/t.txt"),
        (*PLAN[:5], LONG),
        (*PLAN, "--objective", f"keep:{LONG}"),
        ("risk", LONG),
        ("risk", "odds", "10", "6", "--edition", "a " * 2500),
    ],
)
def test_an_echoed_value_is_cut(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, *argv)
    # What is left after the cut value: at most the command's own words, such as the list
    # of the group's commands that argparse gives after an unknown one.
    assert " characters)" in err and len(err) < 400


def test_the_issue_s_probability_above_one(capsys: pytest.CaptureFixture[str]) -> None:
    """``risk odds 20 10 --edition rgd --stop-until 5 --json`` gave 1.0000000000000002."""
    argv = ("risk", "odds", "20", "10", "--edition", "rgd", "--stop-until", "5", "--at-least", "5")
    obj = run_json(capsys, *argv)
    assert obj["win_probability"] == 1.0
    found = _probabilities(obj)
    assert len(found) > 10 and max(found) == 1.0


def _probabilities(obj: Any, key: str = "") -> list[float]:
    """Every float in a JSON object under a key that names a probability."""
    if isinstance(obj, dict):
        return [p for k, v in obj.items() for p in _probabilities(v, k)]
    if isinstance(obj, list):
        return [p for v in obj for p in _probabilities(v, key)]
    return [obj] if "probabilit" in key and isinstance(obj, float) else []


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 40), st.integers(1, 20), st.integers(0, 6))
def test_balanced_blitz_probabilities_never_exceed_one(a: int, d: int, stop: int) -> None:
    fought = balance_odds(stop_until_odds(a + stop, d, RGD, stop, exact=False))
    odds = fought.odds
    tails = cumulative(odds.final_states)
    assert 0 <= odds.win_probability <= 1
    assert all(0 <= p <= 1 for p in fought.win_steps)
    assert all(p <= 1 for _, p in (*tails.attacker, *tails.defender))
    assert all(0 < p <= 1 for _, _, p in odds.final_states)

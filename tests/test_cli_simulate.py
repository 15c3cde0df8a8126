"""``strategy risk simulate`` as a user runs it: estimates, intervals, flags and errors."""

from __future__ import annotations

import json

import pytest

from strategy.risk.battle import Battle
from strategy.risk.classic import battle_odds
from strategy.risk.objectives import Objective
from strategy.risk.optimal import optimal_odds
from strategy.risk.rules import Rules
from tests import helpers


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return helpers.run(capsys, "risk", "simulate", *argv)


def test_json_has_estimates_intervals_and_exact_values(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "5", "3", "--defender-dice", "3", "--seed", "7", "--json")
    assert status == 0
    obj = json.loads(out)
    assert (obj["trials"], obj["seed"], obj["confidence"]) == (100_000, 7, 0.95)
    exact = battle_odds(5, 3, Rules(defender_dice=3), exact=False)
    assert obj["exact"] == pytest.approx(exact.win_probability, rel=1e-12)
    assert obj["ci_low"] <= obj["win_probability"] <= obj["ci_high"]
    assert set(obj["estimates"]) == {
        "win_probability",
        "expected_attacker_left",
        "expected_defender_left",
        "expected_signed",
    }
    signed = obj["estimates"]["expected_signed"]
    assert signed["exact"] == pytest.approx(exact.expected_signed, rel=1e-12)
    assert obj["flags"] == [k for k, v in obj["estimates"].items() if not v["inside"]]
    assert sum(s["battles"] for s in obj["final_states"]) == 100_000
    assert obj["rules"]["defender_dice"] == 3


def test_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "10", "10", "--trials", "5000", "--seed", "3")
    assert first == run(capsys, "10", "10", "--trials", "5000", "--seed", "3")
    assert first != run(capsys, "10", "10", "--trials", "5000", "--seed", "4")


def test_text_shows_each_quantity_and_whether_all_are_inside(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "10", "6", "--trials", "20000", "--seed", "1")
    assert status == 0
    for label in ("P(attacker captures)", "expected attackers left", "expected signed outcome"):
        assert label in out
    assert f"{float(battle_odds(10, 6).win_probability):.6f}" in out
    flagged = "FLAG:" in out
    assert flagged != ("every exact value lies inside its 95% interval" in out)


def test_an_exact_value_outside_its_interval_is_flagged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 1% intervals miss the exact value about 99% of the time each: with four quantities,
    # a run without a FLAG has probability about 1e-8.
    status, out, _ = run(capsys, "12", "4", "--trials", "20", "--seed", "0", "--confidence", "0.01")
    assert status == 0
    assert "FLAG: " in out and "lies outside" in out
    assert "note: below 30 battles the normal intervals are unreliable" in out


def test_optimal_play_is_simulated_against_the_optimal_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("8", "6", "--choice", "sees-roll", "--objective", "balance:2", "--trials", "20000")
    status, out, _ = run(capsys, *argv, "--seed", "2", "--json")
    assert status == 0
    obj = json.loads(out)
    assert (obj["choice"], obj["objective"], obj["allow_stop"]) == ("sees-roll", "balance:2", True)
    value = optimal_odds(
        8, 6, Battle.of(objective=Objective("balance", 2), choice="sees-roll")
    ).value
    assert obj["estimates"]["value"]["exact"] == pytest.approx(value, rel=1e-12)
    # Only the optimised objective has an exact value; the others are estimates alone.
    assert obj["exact"] is None and obj["estimates"]["expected_signed"]["inside"] is None
    status, out, _ = run(capsys, *argv, "--seed", "2")
    assert "value (balance:2)" in out and "choice sees-roll" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("5", "3", "--trials", "0"), "'0' must be at least 1"),
        (("-2", "3"), "'-2' must not be negative"),
        (("0", "3"), "attackers must be at least 1"),
        (("5", "3", "--seed", "x"), "'x' is not a whole number"),
        (("5", "3", "--confidence", "1"), "must lie strictly between 0 and 1"),
        (("5", "3", "--attacker-sides", "1"), "attacker_sides must be a whole number from 2"),
        (("5", "3", "--choice", "respond", "--objective", "attacker-left"), "only describes"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err

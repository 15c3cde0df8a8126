"""Editions, modifiers, Balanced Blitz, stop-until and commit as a user runs them.

Deep imports: the command's parser (:mod:`strategy.cli.main`) and the classic kernels, the
reference for its numbers.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path

import pytest

from strategy.cli.main import build_parser
from strategy.risk import Rules
from strategy.risk.classic import battle_odds
from tests.helpers import run, run_json


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["odds", "10", "5", "--stop-until", "10"], "must be below the attackers"),
        (["odds", "10", "5", "--retreat-at", "12"], "must be below the attackers"),
        (["odds", "10", "5", "--dice", "balanced-blitz", "--balance", "0.05,1.3"], "four"),
        (["odds", "10", "5", "--dice", "balanced-blitz", "--balance", "0.05,1.3,0.7,2"], "0.5"),
        (["odds", "10", "5", "--dice", "balanced-blitz", "--balance", "0,0.5,0,1"], "power"),
        (["odds", "10", "5", "--balance", "0.05,1.3,0.1,1.8"], "--dice balanced-blitz"),
        (["odds", "10", "5", "--edition", "classic", "--capital"], "cannot have --capital"),
        (["odds", "10", "5", "--edition", "risiko", "--zombie-attacker"], "cannot have"),
        (["odds", "10", "5", "--edition", "2210", "--dice", "balanced-blitz"], "true random"),
        (["odds", "10", "5", "--stop-until", "3", "--retreat-at", "3"], "not both"),
        (["odds", "10", "5", "--dice", "balanced-blitz", "--retreat-at", "3"], "stop-until"),
        (["odds", "10", "5", "--zombie-defender", "--ties", "defender"], "ties"),
        (["odds", "10", "5", "--dice", "balanced-blitz", "--choice", "respond"], "--choice"),
        (["table", "--dice", "balanced-blitz", "--exact"], "floats"),
        (["need", "5", "3", "--target", "0.5", "--stop-until", "2"], "one territory"),
        (["commit", "1", "3"], "no troops"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = run(capsys, "risk", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("strategy: error:") and words in err


def test_json_says_dice_modifiers_and_count(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "risk", "odds", "31", "15", "--capital", "--dice", "balanced-blitz")
    assert obj["dice"] == "balanced-blitz" and obj["dice_label"] == "Balanced Blitz as of v3.3"
    assert obj["balance"] == [0.05, 1.3, 0.1, 1.8]
    assert obj["rules"]["capital"] is True and obj["rules"]["defender_dice"] == 3
    assert obj["rules"]["count"] == "territory"
    # 31 in the territory is SMG's 30 attacking troops: README example 3, 0.0100282888709122.
    states = {(s["attacker"], s["defender"]): s["probability"] for s in obj["final_states"]}
    assert states[(19, 0)] == pytest.approx(0.0100282888709122, rel=1e-13)
    assert obj["true_random_exact"] is True and obj["error_bound"] < 1e-10
    limited = run_json(capsys, "risk", "odds", "5", "3", "--stop-until", "2")
    assert limited["dice"] == "true-random" and limited["stop_until"] == 2
    # The plain battle's JSON is the library's (rules, with the count and modifiers, say it).
    assert "dice" not in run_json(capsys, "risk", "odds", "5", "3")


def test_need_forty_nine(capsys: pytest.CaptureFixture[str]) -> None:
    # smgstudio/risk-dice README, example 6: 49 attacking troops against 50.
    argv = ["risk", "need", "50", "--target", "0.8", "--dice", "balanced-blitz"]
    obj = run_json(capsys, *argv, "--count", "attacking")
    assert obj["attackers"] == 49 and obj["dice"] == "balanced-blitz"
    assert "win_probability_exact" not in obj  # balanced values are floats
    assert run_json(capsys, *argv)["attackers"] == 50  # the territory holds one more


def test_editions_set_defaults_that_options_override(capsys: pytest.CaptureFixture[str]) -> None:
    rules = run_json(capsys, "risk", "odds", "5", "3", "--edition", "risiko")["rules"]
    assert rules["defender_dice"] == 3
    rules = run_json(
        capsys, "risk", "odds", "5", "3", "--edition", "risiko", "--defender-dice", "2"
    )
    assert rules["rules"]["defender_dice"] == 2
    assert (
        run_json(capsys, "risk", "odds", "5", "3", "--edition", "2210")["rules"]["defender_sides"]
        == 8
    )
    rgd = run_json(capsys, "risk", "odds", "5", "3", "--edition", "rgd")
    assert rgd["rules"]["count"] == "attacking" and rgd["dice"] == "balanced-blitz"
    manual = run_json(capsys, "risk", "odds", "5", "3", "--edition", "rgd", "--dice", "true-random")
    expected = battle_odds(5, 3, Rules(count="attacking")).win_probability
    assert Fraction(manual["win_probability_exact"]) == expected


def test_stop_until_in_odds_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "risk", "odds", "21", "10", "--stop-until", "5")
    assert Fraction(obj["win_probability_exact"]) == battle_odds(17, 10).win_probability
    table = run_json(capsys, "risk", "table", "--attackers", "8", "--defenders", "3",
                     "--stop-until", "3", "--exact")  # fmt: skip
    assert [Fraction(v) for v in table["values_exact"][7]] == [
        battle_odds(6, d).win_probability for d in (1, 2, 3)
    ]
    assert table["stop_until"] == 3


def test_balanced_table_cells_are_the_battles(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["risk", "table", "--attackers", "6", "--defenders", "4", "--zombie-defender"]
    table = run_json(capsys, *argv, "--dice", "balanced-blitz", "--metric", "signed")
    for a, d in ((6, 4), (4, 2), (2, 1)):
        one = run_json(
            capsys, "risk", "odds", str(a), str(d), "--zombie-defender", "--dice", "balanced-blitz"
        )
        assert table["values"][a - 1][d - 1] == pytest.approx(one["expected_signed"], abs=1e-11)


def test_commit_curve_is_stop_until(capsys: pytest.CaptureFixture[str]) -> None:
    curve = run_json(capsys, "risk", "commit", "20", "5", "--edition", "rgd", "--worth", "2")
    points = {p["committed"]: p for p in curve["curve"]}
    assert sorted(points) == list(range(1, 21))
    for committed in (3, 9, 20):
        stop = 20 - committed
        argv = ["risk", "odds", "20", "5", "--edition", "rgd"]
        one = run_json(capsys, *argv, *(["--stop-until", str(stop)] if stop else []))
        assert points[committed]["win_probability"] == pytest.approx(
            one["win_probability"], abs=1e-11
        )
        lost = committed - (one["expected_attacker_left"] - stop)
        assert points[committed]["expected_lost"] == pytest.approx(lost, abs=1e-10)
    # Each best point is the best of the curve by its own objective (ties: fewest troops).
    best = {b["objective"]: b for b in curve["best"]}
    top = max(p["win_probability"] for p in curve["curve"])
    assert best["capture"]["committed"] == min(
        c for c, p in points.items() if p["win_probability"] >= top - 1e-9
    )
    most = max(p["balance"] for p in curve["curve"])
    assert best["balance:2"]["value"] == pytest.approx(most, abs=1e-9)
    likely = [p for p in curve["curve"] if p["win_probability"] >= top - 1e-9]
    fewest = min(p["expected_lost_given_capture"] for p in likely)
    assert best["lost-given-capture"]["value"] == pytest.approx(fewest, abs=1e-9)


def test_chain_takes_modifiers_per_territory(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "risk", "chain", "10", "3", "2", "--capital", "no,yes")
    assert [r["capital"] for r in obj["rules"]] == [False, True]
    assert [r["defender_dice"] for r in obj["rules"]] == [2, 3]
    blitz = run_json(capsys, "risk", "chain", "10", "3", "--dice", "balanced-blitz")
    one = run_json(capsys, "risk", "odds", "10", "3", "--dice", "balanced-blitz")
    assert blitz["win_probability"] == pytest.approx(one["win_probability"], abs=1e-12)


def test_simulate_draws_balanced_blitz(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["risk", "simulate", "31", "15", "--capital", "--dice", "balanced-blitz"]
    obj = run_json(capsys, *argv, "--seed", "4", "--trials", "20000")
    assert obj["dice"] == "balanced-blitz" and obj["flags"] == []
    assert obj["exact"] == pytest.approx(0.8100563224361038, rel=1e-12)


def test_report_draws_the_commit_curve(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "rgd.html"
    argv = ["risk", "report", "12", "5", "--attackers", "6", "--defenders", "6"]
    status, _, err = run(capsys, *argv, "--edition", "rgd", "--out", str(out))
    assert status == 0, err
    page = out.read_text()
    assert "How many troops to commit" in page and "Balanced Blitz as of v3.3" in page


def subcommand(*names: str) -> argparse.ArgumentParser:
    parser = build_parser()
    for name in names:
        choices = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = choices.choices[name]
    return parser


@pytest.mark.parametrize("command", ["odds", "table", "left", "simulate", "report"])
def test_help_tells_stop_until_from_retreat(command: str) -> None:
    helps = {a.dest: a.help or "" for a in subcommand("risk", command)._actions}
    assert "Not the same as --retreat-at" in helps["stop_until"]
    assert "Not --stop-until" in helps["retreat_at"]

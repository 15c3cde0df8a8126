"""``strategy risk odds/table/strategy`` with --choice, --objective and --no-stop."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from strategy import risk, solve
from strategy.risk import BattleGame, Objective
from tests import helpers


def run(capsys: pytest.CaptureFixture[str], command: str) -> tuple[int, str, str]:
    """Run one command line, its words split on spaces."""
    return helpers.run(capsys, *command.split())


def output(capsys: pytest.CaptureFixture[str], command: str) -> str:
    """What a command line that must succeed printed."""
    status, out, err = run(capsys, command)
    assert status == 0, err
    return out


def test_odds_sees_roll_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = output(capsys, "risk odds 6 4 --choice sees-roll --exact --json")
    obj = json.loads(out)
    # The generic solver on the battle game, independently of the table code.
    expected = solve(BattleGame(6, 4, choice="sees-roll")).value
    assert Fraction(obj["value_exact"]) == Fraction(obj["win_probability_exact"]) == expected
    assert obj["win_probability"] == pytest.approx(float(expected), rel=1e-15)
    assert obj["choice"] == "sees-roll" and obj["objective"] == "capture" and obj["allow_stop"]
    assert obj["attacker"]["moves"] == [3]
    responses = obj["defender"]["responses"]
    # A roll for every top pair of the attacker's dice, for each of its 1, 2 or 3 dice.
    assert len([r for r in responses if r["attacker_dice"] == 3]) == 21
    assert all(set(r["dice"]) <= {1, 2} for r in responses)


def test_odds_optimal_text(capsys: pytest.CaptureFixture[str]) -> None:
    out = output(capsys, "risk odds 10 10 --choice sees-roll")
    assert "under optimal play" in out and "attack with 3 dice" in out
    assert "roll by roll" in out


def test_odds_balance_has_no_win_probability(capsys: pytest.CaptureFixture[str]) -> None:
    out = output(capsys, "risk odds 3 5 --objective balance:0 --json")
    obj = json.loads(out)
    assert "win_probability" not in obj
    game = BattleGame(3, 5, objective=Objective("balance", 0))
    result = solve(game)
    assert Fraction(obj["value_exact"]) == result.value >= 0  # stopping at once is worth 0
    assert obj["attacker"]["moves"] == list(result.optimal_actions[game.initial_state()])


def test_odds_without_play_options_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "risk odds 3 1 --json")
    assert "final_states" in json.loads(out)


def test_table_sees_roll_exact_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = output(capsys, "risk table --attackers 5 --defenders 4 --choice sees-roll --exact --json")
    obj = json.loads(out)
    assert obj["choice"] == "sees-roll" and obj["metric"] == "capture"
    classic = risk.table(5, 4, exact=True)
    for a in range(2, 6):
        for d in range(1, 5):
            seen = Fraction(obj["values_exact"][a - 1][d - 1])
            assert seen == solve(BattleGame(a, d, choice="sees-roll")).value
            assert seen <= classic.value(a, d)


def test_table_no_stop_max_is_the_classic_table(capsys: pytest.CaptureFixture[str]) -> None:
    _, classic, _ = run(capsys, "risk table --attackers 6 --defenders 6 --json")
    _, fought, _ = run(capsys, "risk table --attackers 6 --defenders 6 --no-stop --json")
    assert json.loads(classic)["values"] == json.loads(fought)["values"]


def test_table_balance_csv(capsys: pytest.CaptureFixture[str]) -> None:
    out = output(
        capsys,
        "risk table --attackers 4 --defenders 3 --objective balance:2 --exact --format csv",
    )
    rows = [line.split(",") for line in out.splitlines()[1:]]
    assert all(Fraction(cell) >= 0 for row in rows for cell in row[1:])  # stopping at once is 0


def test_strategy_text_has_a_legend(capsys: pytest.CaptureFixture[str]) -> None:
    out = output(capsys, "risk strategy --attackers 12 --defenders 12 --choice sees-roll")
    assert "legend:" in out and "2<44" in out
    assert "second-highest die is 4 or more" in out


def test_strategy_json(capsys: pytest.CaptureFixture[str]) -> None:
    grid = "--attackers 4 --defenders 3"
    out = output(capsys, f"risk strategy {grid} --choice respond --objective keep:2 --exact --json")
    obj = json.loads(out)
    assert (obj["attackers"], obj["defenders"]) == ([1, 2, 3, 4], [1, 2, 3])
    assert (obj["choice"], obj["objective"]) == ("respond", "keep:2")
    cell = obj["cells"][3][2]
    assert (cell["attackers"], cell["defenders"]) == (4, 3)
    expected = solve(BattleGame(4, 3, objective=Objective("keep", 2), choice="respond")).value
    assert Fraction(cell["value_exact"]) == expected
    assert {r["attacker_dice"] for r in cell["defender"]["responses"]} == {1, 2, 3}
    assert obj["cells"][0][0]["code"] == "."


@pytest.mark.parametrize("fmt", ["csv", "latex", "html"])
def test_strategy_other_formats(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    out_file = tmp_path / f"s.{fmt}"
    command = "risk strategy --attackers 5 --defenders 5 --objective balance:0"
    status, _, _ = run(capsys, f"{command} --format {fmt} --out {out_file}")
    assert status == 0
    text = out_file.read_text()
    assert {"csv": "A\\D,1,2,3,4,5", "latex": "\\begin{tabular}", "html": "<table"}[fmt] in text
    assert "S" in text


def test_attacking_count_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    # Osborne (2003), Table 3: 0.568 at 10 v 10 attacking armies, both rolling the most dice.
    _, out, _ = run(capsys, "risk odds 10 10 --count attacking --choice max --json")
    assert json.loads(out)["value"] == pytest.approx(0.568, abs=5e-4)


@pytest.mark.parametrize("command", ["table", "strategy"])
def test_a_grid_takes_its_size_by_position_as_the_library_does(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # `strategy risk strategy 3 2` as `risk.strategy_matrix(3, 2)`: the same grid as the
    # options give, and the size given both ways is refused rather than one silently kept.
    by_position = output(capsys, f"risk {command} 4 3 --json")
    assert by_position == output(capsys, f"risk {command} --attackers 4 --defenders 3 --json")
    assert len(json.loads(by_position)["attackers"]) == 4
    assert output(capsys, f"risk {command} 4 --defenders 3 --json") == by_position
    for twice in ("4 --attackers 5", "--defenders 2 4 3"):
        status, out, err = run(capsys, f"risk {command} {twice}")
        assert status == 2 and out == "" and "given twice" in err

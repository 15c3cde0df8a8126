"""Strategy matrices: compact rules for the defender, codes, legends, and the Risk FAQ's rule.

Deep imports: the strategy matrix and its cell rules (:mod:`strategy.risk.play`), against the
optimal-play tables.
"""

from __future__ import annotations

import runpy
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from string import ascii_lowercase

import pytest

from strategy.risk import STOP, Battle, Choice, Objective, OptimalTable, Rules
from strategy.risk.optimal import optimal_table
from strategy.risk.play.cells import CellStrategy, by_roll_text, describe_cell, fit_rule
from strategy.risk.play.matrices import strategy_matrix
from strategy.risk.plays import OVER, CellPlay

ROOT = Path(__file__).resolve().parent.parent
PAIRS = [(high, second) for high in range(6, 0, -1) for second in range(high, 0, -1)]


def faq_rule(roll: tuple[int, ...]) -> int:
    """Risk FAQ: roll 2 dice "if the attacker's second die is 3 or less and 1 die if the
    attacker's second die is 4 or more"."""
    return 2 if roll[1] <= 3 else 1


def test_constant_rules_prefer_the_most_dice() -> None:
    assert fit_rule([((6, 5), (2,)), ((1, 1), (1, 2))]) == (
        "2",
        "2 dice whatever the attacker rolled",
    )
    assert fit_rule([((6, 5), (1, 2)), ((1, 1), (1, 2))])[0] == "2"  # type: ignore[index]


def test_the_faq_rule_is_a_corner_on_the_second_die() -> None:
    by_roll = [(roll, (faq_rule(roll),)) for roll in PAIRS]
    assert fit_rule(by_roll) == (
        "2<44",
        "2 dice unless the attacker's second-highest die is 4 or more",
    )


def test_a_corner_on_both_dice() -> None:
    # One die only against 6-6, 6-5, 6-4, 5-5 and 5-4: both dice must reach 5 and 4.
    low = {(6, 6), (6, 5), (6, 4), (5, 5), (5, 4)}
    by_roll = [(roll, (1,) if roll in low else (2,)) for roll in PAIRS]
    code, text = fit_rule(by_roll)  # type: ignore[misc]
    assert code == "2<54"
    assert (
        text == "2 dice unless the attacker's highest die is 5 or more and second-highest 4 or more"
    )


def test_ties_let_a_rule_fit() -> None:
    # Where both counts are optimal, either may be what the rule says.
    by_roll = [
        (roll, (1,) if roll[1] >= 4 else (1, 2) if roll == (3, 3) else (2,)) for roll in PAIRS
    ]
    assert fit_rule(by_roll) == (
        "2<44",
        "2 dice unless the attacker's second-highest die is 4 or more",
    )


def test_no_corner_fits_a_hole() -> None:
    # One die against 4-4 but two against 5-4 (seen at two defending armies): no corner.
    low = {(6, 6), (6, 5), (5, 5), (4, 4)}
    by_roll = [(roll, (1,) if roll in low else (2,)) for roll in PAIRS]
    assert fit_rule(by_roll) is None
    assert by_roll_text(by_roll) == "1 die on 6-6 6-5 5-5 4-4; 2 dice otherwise"


def test_three_defender_dice_name_the_lower_count() -> None:
    by_roll = [((6,), (1,)), ((5,), (3,)), ((1,), (3,))]
    assert fit_rule(by_roll) == (
        "3<6:1",
        "3 dice unless the attacker's die is 6 or more, then 1 die",
    )


def test_the_faq_rule_of_thumb_is_optimal_only_in_places() -> None:
    # Risk FAQ: a defender who sees the roll "should generally roll 2 dice if the attacker's
    # second die is 3 or less". Under optimal play (seed 003's Dutch rules) the rule is
    # optimal in some states and not in others; where it is, the matrix shows its code.
    table = optimal_table(30, 30, Battle.of(choice="sees-roll"))
    matrix = strategy_matrix(table)
    faq_cells, other_cells = set(), set()
    for row in matrix.cells:
        for cell in row:
            play = table.play(cell.attackers, cell.defenders)
            if play.over or play.dice is None or play.dice < 2 or cell.defenders < 2:
                continue
            by_roll = [(roll, best) for k, roll, best in play.responses if k == play.dice]
            optimal = all(faq_rule(roll) in best for roll, best in by_roll)
            (faq_cells if optimal else other_cells).add((cell.attackers, cell.defenders))
            assert (cell.code == "2<44") == optimal
    assert faq_cells and other_cells


def test_stop_codes_and_the_legend() -> None:
    table = optimal_table(12, 12, Battle.of(objective=Objective("balance", 2)))
    matrix = strategy_matrix(table)
    codes = {cell.code for row in matrix.cells for cell in row}
    assert {".", "S", "2"} <= codes
    assert set(dict(matrix.legend)) == codes
    for row in matrix.cells:
        for cell in row:
            assert (cell.code == "S") == table.play(cell.attackers, cell.defenders).stops


def test_unreachable_goal_makes_stopping_as_good_as_fighting() -> None:
    # keep:6 from 4 armies cannot succeed: every move is worth 0.
    table = optimal_table(4, 3, Battle.of(objective=Objective("keep", 6), choice="respond"))
    cell = strategy_matrix(table).cells[3][2]
    assert cell.code == "S=" and cell.attacker.startswith("stop, or attack")


def test_respond_shows_the_answer_and_fewer_attacker_dice() -> None:
    play = CellPlay((2,), responses=((1, (), (2,)), (2, (), (1, 2)), (3, (), (2,))))
    cell = describe_cell(play, Rules(), "respond", 10, 5)
    assert cell.code == "2:1|2"
    assert (
        cell.meaning
        == "the attacker rolls 2 dice (fewer than it may), the defender answers with 1 or 2 dice"
    )


def test_mixed_play_gets_a_letter() -> None:
    # Announce mixes have not been seen in Risk; a made-up one shows how they read.
    play = CellPlay(
        ("attack",),
        (),
        (Fraction(1, 3), Fraction(0), Fraction(2, 3)),
        (Fraction(1, 4), Fraction(3, 4)),
    )
    cell = describe_cell(play, Rules(), "announce", 10, 5)
    assert cell.code == ""
    assert (
        "1 die with probability 1/3" in cell.meaning
        and "2 dice with probability 3/4" in cell.meaning
    )
    table = optimal_table(3, 2, Battle.of(choice="announce"), exact=True)
    plays = tuple(
        tuple(play if (a, d) == (3, 2) else p for d, p in zip(table.defenders, row, strict=True))
        for a, row in zip(table.attackers, table.plays, strict=True)
    )
    mixed = strategy_matrix(replace(table, plays=plays))
    assert mixed.cells[2][1].code == "a" and dict(mixed.legend)["a"] == cell.meaning


def matrix_cell_by_cell(table: OptimalTable) -> tuple[list[list[CellStrategy]], dict[str, str]]:
    """Cells and legend with every cell described on its own, nothing shared."""
    letters: dict[str, str] = {}
    legend: dict[str, str] = {}
    rows = []
    for a in table.attackers:
        row = []
        for d in table.defenders:
            cell = describe_cell(table.play(a, d), table.rules, table.choice, a, d)
            if not cell.code:
                letter = letters.setdefault(cell.meaning, ascii_lowercase[len(letters)])
                cell = replace(cell, code=letter)
            legend.setdefault(cell.code, cell.meaning)
            row.append(cell)
        rows.append(row)
    return rows, legend


@pytest.mark.parametrize("choice", ["max", "respond", "announce", "sees-roll"])
@pytest.mark.parametrize(
    ("rules", "objective", "exact"),
    [
        (Rules(), Objective("capture"), False),
        (Rules(defender_dice=3), Objective("balance", 2), True),
    ],
)
def test_shared_descriptions_match_cell_by_cell(
    choice: Choice, rules: Rules, objective: Objective, exact: bool
) -> None:
    table = optimal_table(
        40, 40, Battle.of(rules=rules, objective=objective, choice=choice), exact=exact
    )
    matrix = strategy_matrix(table)
    cells, legend = matrix_cell_by_cell(table)
    assert [list(row) for row in matrix.cells] == cells
    assert dict(matrix.legend) == legend


def test_over_and_stop_cells() -> None:
    assert describe_cell(OVER, Rules(), "max", 1, 1).code == "."
    assert describe_cell(CellPlay((STOP,)), Rules(), "sees-roll", 5, 5).code == "S"


def test_example_script_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["risk_optimal_defender.py"])
    runpy.run_path(str(ROOT / "examples" / "risk_optimal_defender.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "2<44" in out and "stop" in out

"""The fast kernels against a plain memoised Fraction recursion written here, independently.

The reference follows the rules literally: from ``(A, D)`` each side rolls the most dice
it may (``rules.attacker_dice_for``, ``rules.defender_dice_for``) and the value is the
probability-weighted mean of the values after the roll; final states pay the objective.

Deep imports: the classic kernels and the dice, against a plain memoised recursion written here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import gcd

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine import TooLarge
from strategy.risk import BattleTable, Objective, Rules
from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.dice import rules_roll
from strategy.testing import risk_rules

sys.setrecursionlimit(10_000)

OBJECTIVES = (
    "capture",
    "signed",
    "attacker-left",
    "defender-left",
    "keep:1",
    "keep:4",
    "balance:0",
    "balance:5",
)


def reference(rules: Rules, objective: Objective) -> Callable[[int, int], Fraction]:
    """The value of ``objective`` at ``(A, D)`` by the textbook recursion, exact."""

    @cache
    def value(attackers: int, defenders: int) -> Fraction:
        attacker_dice = rules.attacker_dice_for(attackers)
        if defenders == 0 or attacker_dice == 0:
            return Fraction(objective.payoff(attackers, defenders))
        roll = rules_roll(rules, attacker_dice, rules.defender_dice_for(defenders))
        return sum(
            (
                Fraction(count, roll.total) * value(attackers - lost_a, defenders - lost_d)
                for lost_a, lost_d, count in roll.counts
            ),
            Fraction(0),
        )

    def with_offset(attackers: int, defenders: int) -> Fraction:
        return value(attackers, defenders) + objective.start_offset(attackers, defenders)

    return with_offset


def assert_table_equals_reference(table: BattleTable) -> None:
    expected = reference(table.rules, table.objective)
    for i, attackers in enumerate(table.attackers):
        for j, defenders in enumerate(table.defenders):
            value = table.values[i][j]
            assert isinstance(value, Fraction)
            assert value == expected(attackers, defenders), (attackers, defenders)
            assert gcd(value.numerator, value.denominator) == 1  # reduced, as Fraction keeps it


rules_strategy = risk_rules(max_dice=4, max_sides=8, max_stay_behind=2)
objective_strategy = st.sampled_from(OBJECTIVES).map(Objective.parse)


@pytest.mark.parametrize("metric", OBJECTIVES)
def test_exact_table_equals_reference_classic_30x30(metric: str) -> None:
    assert_table_equals_reference(battle_table(30, 30, Rules(), Objective.parse(metric)))


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, objective=objective_strategy)
def test_exact_table_equals_reference_30x30(rules: Rules, objective: Objective) -> None:
    assert_table_equals_reference(battle_table(30, 30, rules, objective))


@settings(max_examples=40, deadline=None)
@given(
    rules=rules_strategy,
    objective=objective_strategy,
    rows=st.integers(1, 12),
    columns=st.integers(1, 12),
)
def test_any_shape_equals_reference(
    rules: Rules, objective: Objective, rows: int, columns: int
) -> None:
    # Thin and tiny tables exercise the edges of the anti-diagonals and the block writer.
    exact = battle_table(rows, columns, rules, objective)
    assert_table_equals_reference(exact)
    floats = battle_table(rows, columns, rules, objective, exact=False)
    assert floats.as_array().shape == (rows, columns)
    assert_close(floats, exact)


def assert_close(floats: BattleTable, exact: BattleTable, tolerance: float = 1e-12) -> None:
    for row_f, row_e in zip(floats.values, exact.values, strict=True):
        for f, e in zip(row_f, row_e, strict=True):
            assert abs(f - float(e)) <= tolerance * max(1.0, abs(float(e)))


@pytest.mark.parametrize("metric", OBJECTIVES)
@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(defender_dice=3),
        Rules(count="attacking"),
        Rules(attacker_sides=8, ties="attacker", stay_behind=2),
    ],
)
def test_floats_agree_with_exact_to_1e_12_up_to_100x100(rules: Rules, metric: str) -> None:
    objective = Objective.parse(metric)
    exact = battle_table(100, 100, rules, objective)
    assert_close(battle_table(100, 100, rules, objective, exact=False), exact)


@settings(max_examples=5, deadline=None)
@given(rules=rules_strategy, objective=objective_strategy)
def test_float_table_equals_the_exact_recursion_50x50(rules: Rules, objective: Objective) -> None:
    # Fifty rows: a block of diagonals and part of the next, against the Fraction recursion.
    floats = battle_table(50, 50, rules, objective, exact=False).as_array()
    expected = reference(rules, objective)
    for a in range(1, 51):
        for d in range(1, 51):
            exact = float(expected(a, d))
            assert abs(floats[a - 1, d - 1] - exact) <= 1e-12 * max(1.0, abs(exact)), (a, d)


@pytest.mark.parametrize("shape", [(200, 3), (3, 200), (130, 70), (1, 150), (150, 1)])
def test_thin_float_tables(shape: tuple[int, int]) -> None:
    # Tables narrower than a block of diagonals are written row piece by row piece.
    for rules in (Rules(), Rules(attacker_dice=2, defender_dice=3, stay_behind=0)):
        assert_close(battle_table(*shape, rules, exact=False), battle_table(*shape, rules))


def test_large_float_table_spans_several_blocks() -> None:
    # 300 rows and columns: several 64-diagonal blocks, written row by row.
    floats = battle_table(300, 300, exact=False).as_array()
    exact = battle_table(300, 300)
    for a, d in ((1, 1), (2, 300), (300, 2), (150, 150), (300, 300), (299, 64), (64, 299)):
        assert floats[a - 1, d - 1] == pytest.approx(float(exact.value(a, d)), abs=1e-12)


@pytest.mark.parametrize("metric", ["capture", "signed", "keep:3", "balance:2"])
@pytest.mark.parametrize("rules", [Rules(), Rules(defender_dice=3), Rules(count="attacking")])
def test_one_float_cell_agrees_with_the_table(rules: Rules, metric: str) -> None:
    objective = Objective.parse(metric)
    table = battle_table(25, 25, rules, objective)
    for a in (1, 2, 3, 7, 25):
        for d in (1, 2, 9, 25):
            cell = battle_odds(a, d, rules, exact=False)
            assert cell.dropped_mass == 0.0  # nothing here is below 1e-300
            expected = float(table.value(a, d))
            assert cell.expectation(objective) == pytest.approx(expected, rel=1e-12, abs=1e-12)


@settings(max_examples=30, deadline=None)
@given(rules=rules_strategy, attackers=st.integers(1, 40), defenders=st.integers(0, 40))
def test_float_odds_agree_with_exact_odds(rules: Rules, attackers: int, defenders: int) -> None:
    attackers = max(attackers, rules.min_attackers)
    exact = battle_odds(attackers, defenders, rules)
    floats = battle_odds(attackers, defenders, rules, exact=False)
    assert floats.dropped_mass == 0.0
    assert [(a, d) for a, d, _ in floats.final_states] == [(a, d) for a, d, _ in exact.final_states]
    for (_, _, f), (_, _, e) in zip(floats.final_states, exact.final_states, strict=True):
        assert f == pytest.approx(float(e), rel=1e-12, abs=1e-300)


def test_dropped_mass_of_a_chain_of_one_die_battles() -> None:
    # One die each, one attacking army: capture needs D wins in a row (q = 15/36 each), so
    # after j wins the mass q**j sits at (1, D - j). With tolerance t the push drops exactly
    # the first such mass below t, and everything after it.
    rules = Rules(attacker_dice=1, defender_dice=1, count="attacking")
    q, tolerance, defenders = Fraction(15, 36), 1e-30, 200
    j = next(j for j in range(defenders) if q**j < Fraction(tolerance))
    odds = battle_odds(1, defenders, rules, exact=False, tolerance=tolerance)
    assert odds.dropped_mass == pytest.approx(float(q**j), rel=1e-13)
    assert odds.win_probability == 0.0  # the exact q**200 ~ 1e-76 lies within the dropped mass
    assert sum(p for _, _, p in odds.final_states) + odds.dropped_mass == pytest.approx(1, 1e-14)


def test_dropped_mass_bounds_the_error() -> None:
    exact = float(battle_odds(60, 60).win_probability)
    for tolerance in (1e-300, 1e-12, 1e-6, 1e-3):
        cell = battle_odds(60, 60, exact=False, tolerance=tolerance)
        assert abs(cell.win_probability - exact) <= cell.dropped_mass + 1e-14
        assert (cell.dropped_mass > 0) == (tolerance >= 1e-12)


def test_one_cell_of_a_huge_battle_in_memory_a_plus_d() -> None:
    cell = battle_odds(20_000, 20_000, exact=False)
    assert cell.win_probability == pytest.approx(1.0, abs=1e-12)
    assert 0 < cell.dropped_mass < 1e-290
    # A full roll costs the attacker 0.92 armies and the defender 1.08 on average: taking
    # 25,000 defenders costs about 21,300 attackers, more than 20,000 have.
    weak = battle_odds(20_000, 25_000, exact=False)
    assert weak.expectation(Objective("signed")) < 0


def test_progress_is_reported_up_to_the_end() -> None:
    calls: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        calls.append((done, total))

    for run in (
        lambda: battle_table(40, 30, exact=False, progress=progress),
        lambda: battle_table(40, 30, progress=progress),
        lambda: battle_odds(40, 30, progress=progress),
        lambda: battle_odds(40, 30, exact=False, progress=progress),
        lambda: battle_odds(4000, 3000, exact=False, progress=progress),
    ):
        calls.clear()
        run()
        assert calls and calls[-1][0] == calls[-1][1]
        assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_float_tables_hold_one_array() -> None:
    table = battle_table(4, 3, exact=False)
    array = table.as_array()
    assert array.dtype == np.float64 and not array.flags.writeable
    assert table.as_floats() == array.tolist()
    assert [list(row) for row in table.values] == array.tolist()
    assert table.values[1][0] == table.value(2, 1) == pytest.approx(15 / 36, rel=1e-15)
    assert table.values[1:3] == tuple(tuple(row) for row in array[1:3].tolist())
    again = battle_table(4, 3, exact=False)
    assert table == again and hash(table) == hash(again)
    np.testing.assert_allclose(battle_table(4, 3).as_array(), array, rtol=1e-15)


def test_too_large_requests_are_refused_up_front() -> None:
    with pytest.raises(TooLarge, match="needs about"):
        battle_odds(100_000, 100_000)
    with pytest.raises(TooLarge, match="needs about"):
        battle_table(300_000, 300_000, exact=False)
    with pytest.raises(ValueError, match="tolerance"):
        battle_odds(5, 5, exact=False, tolerance=-1.0)

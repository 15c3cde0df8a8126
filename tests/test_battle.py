"""Classic battles: published values, seed 003's exact values, and properties.

Deep imports: :mod:`strategy.risk.classic`, the classic kernels, against published and seed 003
values and properties (:func:`strategy.risk.odds` answers with them: ``tests/test_api.py``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.risk import Objective, Rules
from strategy.risk.classic import battle_odds, battle_table
from strategy.testing import risk_rules


def test_seed_003_exact_values() -> None:
    # Seed 003 (the Dutch Markov analysis): Pr(2,1) = 15/36,
    # Pr(3,1) = 15/36 * 91/216 + 125/216, Pr(4,1) = Pr(3,1) * 441/1296 + 855/1296,
    # and Pr(A,1) = Pr(A-1,1) * 441/1296 + 855/1296 for A >= 5; Pr(2,V) = Pr(2,V-1) * 55/216.
    table = battle_table(8, 5)
    p = Fraction(15, 36)
    assert table.value(2, 1) == p
    p = p * Fraction(91, 216) + Fraction(125, 216)
    assert table.value(3, 1) == p
    for attackers in range(4, 9):
        p = p * Fraction(441, 1296) + Fraction(855, 1296)
        assert table.value(attackers, 1) == p
    for defenders in range(2, 6):
        assert table.value(2, defenders) == table.value(2, defenders - 1) * Fraction(55, 216)


# Osborne (2003), Table 3, as recomputed by Höhle (2025), who states the values match;
# rows A = attacking armies (the `attacking` count), columns D = 1..10, three decimals.
OSBORNE = {
    1: [0.417, 0.106, 0.027, 0.007, 0.002, 0.000, 0.000, 0.000, 0.000, 0.000],
    2: [0.754, 0.363, 0.206, 0.091, 0.049, 0.021, 0.011, 0.005, 0.003, 0.001],
    3: [0.916, 0.656, 0.470, 0.315, 0.206, 0.134, 0.084, 0.054, 0.033, 0.021],
    4: [0.972, 0.785, 0.642, 0.477, 0.359, 0.253, 0.181, 0.123, 0.086, 0.057],
    5: [0.990, 0.890, 0.769, 0.638, 0.506, 0.397, 0.297, 0.224, 0.162, 0.118],
    6: [0.997, 0.934, 0.857, 0.745, 0.638, 0.521, 0.423, 0.329, 0.258, 0.193],
    7: [0.999, 0.967, 0.910, 0.834, 0.736, 0.640, 0.536, 0.446, 0.357, 0.287],
    8: [1.000, 0.980, 0.947, 0.888, 0.818, 0.730, 0.643, 0.547, 0.464, 0.380],
    9: [1.000, 0.990, 0.967, 0.930, 0.873, 0.808, 0.726, 0.646, 0.558, 0.480],
    10: [1.000, 0.994, 0.981, 0.954, 0.916, 0.861, 0.800, 0.724, 0.650, 0.568],
}


def test_osborne_table_3() -> None:
    table = battle_table(10, 10, Rules(count="attacking"), exact=False)
    for attackers, row in OSBORNE.items():
        for defenders, published in enumerate(row, start=1):
            assert abs(table.value(attackers, defenders) - published) <= 0.0005 + 1e-12


def test_hoehle_final_state_distribution_10_v_10() -> None:
    # Höhle (2025): final-state distribution of A = D = 10 (attacking count), three decimals.
    held = [0.042, 0.081, 0.072, 0.070, 0.056, 0.047, 0.031, 0.021, 0.009, 0.003]
    captured = [0.030, 0.059, 0.092, 0.096, 0.087, 0.077, 0.059, 0.039, 0.021, 0.007]
    odds = battle_odds(10, 10, Rules(count="attacking"), exact=False)
    final = {(a, d): p for a, d, p in odds.final_states}
    for defenders, published in enumerate(held, start=1):
        assert abs(final[(0, defenders)] - published) <= 0.0005 + 1e-12
    for attackers, published in enumerate(captured, start=1):
        assert abs(final[(attackers, 0)] - published) <= 0.0005 + 1e-12


def test_odds_agree_with_table_for_every_metric() -> None:
    for metric in ("capture", "signed", "attacker-left", "defender-left", "keep:3", "balance:2"):
        objective = Objective.parse(metric)
        table = battle_table(7, 6, objective=objective)
        for a in table.attackers:
            for d in table.defenders:
                assert battle_odds(a, d).expectation(objective) == table.value(a, d)


rules_strategy = risk_rules(max_dice=3, max_sides=8, max_stay_behind=1)


@settings(max_examples=30, deadline=None)
@given(rules=rules_strategy, attackers=st.integers(1, 9), defenders=st.integers(0, 9))
def test_final_states_sum_to_exactly_one(rules: Rules, attackers: int, defenders: int) -> None:
    odds = battle_odds(attackers, defenders, rules)
    assert sum(p for _, _, p in odds.final_states) == 1
    for a, d, p in odds.final_states:
        assert p > 0
        assert d == 0 or rules.attacker_dice_for(a) == 0


@settings(max_examples=25, deadline=None)
@given(rules=rules_strategy)
def test_capture_rises_with_attackers_and_falls_with_defenders(rules: Rules) -> None:
    table = battle_table(10, 10, rules)
    for i in range(10):
        for j in range(10):
            if i + 1 < 10:
                assert table.values[i + 1][j] >= table.values[i][j]
            if j + 1 < 10:
                assert table.values[i][j + 1] <= table.values[i][j]


@settings(max_examples=20, deadline=None)
@given(rules=rules_strategy, metric=st.sampled_from(["capture", "signed", "balance:3"]))
def test_exact_equals_float(rules: Rules, metric: str) -> None:
    objective = Objective.parse(metric)
    exact = battle_table(12, 12, rules, objective)
    floats = battle_table(12, 12, rules, objective, exact=False)
    for row_e, row_f in zip(exact.values, floats.values, strict=True):
        for e, f in zip(row_e, row_f, strict=True):
            assert abs(float(e) - f) <= 1e-12 * max(1.0, abs(float(e)))


@settings(max_examples=25, deadline=None)
@given(rules=rules_strategy, attackers=st.integers(0, 10), defenders=st.integers(0, 10))
def test_count_conventions_differ_by_one_attacker(
    rules: Rules, attackers: int, defenders: int
) -> None:
    attacking = Rules(**{**rules.__dict__, "count": "attacking"})
    territory = Rules(**{**rules.__dict__, "count": "territory", "stay_behind": 1})
    a = battle_odds(attackers, defenders, attacking)
    t = battle_odds(attackers + 1, defenders, territory)
    assert a.win_probability == t.win_probability
    shifted = {(x + 1, y, p) for x, y, p in a.final_states}
    assert shifted == set(t.final_states)


def test_bad_states_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        battle_odds(0, 3)
    with pytest.raises(ValueError, match="negative"):
        battle_odds(3, -1)
    with pytest.raises(ValueError, match="whole number"):
        battle_odds(2.5, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs about"):
        battle_table(10**6, 10**6, exact=False)

"""Invariants of the editions: modifiers, stop-until, retreat thresholds, Balanced Blitz,
checked against the plain models of ``tests/rgd_oracle.py`` and against each other.

Deep imports: the blitz, limit and classic kernels, against the plain models of
``tests/rgd_oracle.py`` and against each other.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.risk import Balance, Battle, Limit, Objective, Resolution, Rules
from strategy.risk.classic import battle_odds
from strategy.risk.limits import limited_odds, retreat_table, stop_until_table
from strategy.risk.variants.balanced_blitz import (
    balance_masses,
    balance_odds,
    balanced_win_chance,
    input_error,
)
from strategy.risk.variants.blitz import fewest_needed, fight_odds, fight_table
from strategy.risk.variants.grid import final_distributions
from tests.rgd_oracle import balanced_blitz, battle, ordered

SMG = Rules(count="attacking")
FAST = settings(max_examples=25, deadline=None)

modifier_sets = st.fixed_dictionaries(
    {
        "capital": st.booleans(),
        "wall": st.booleans(),
        "zombie_defender": st.booleans(),
        "zombie_attacker": st.booleans(),
    }
)
constants = st.tuples(
    st.sampled_from([0, 0.02, 0.05, 0.2]),
    st.sampled_from([1, 1.3, 2.5]),
    st.sampled_from([0, 0.1, 0.3]),
    st.sampled_from([1, 1.8, 3]),
)


def oracle_battle(
    attackers: int, defenders: int, rules: Rules, **limit: int
) -> dict[tuple[int, int], Fraction]:
    return battle(
        attackers,
        defenders,
        attack_cap=rules.attacker_dice,
        defend_cap=rules.defender_dice,
        ties_to_attacker=rules.ties == "attacker",
        **limit,
    )


@FAST
@given(modifier_sets, st.integers(1, 9), st.integers(1, 7))
def test_modifiers_are_the_plain_rules_they_stand_for(
    modifiers: dict[str, bool], attackers: int, defenders: int
) -> None:
    rules = SMG.with_modifiers(**modifiers)
    plain = Rules(
        attacker_dice=2 if modifiers["zombie_attacker"] else 3,
        defender_dice=2 + modifiers["capital"] + modifiers["wall"],
        ties="attacker" if modifiers["zombie_defender"] else "defender",
        count="attacking",
    )
    odds = battle_odds(attackers, defenders, rules)
    assert odds.final_states == battle_odds(attackers, defenders, plain).final_states
    assert dict((s[:2], s[2]) for s in odds.final_states) == oracle_battle(
        attackers, defenders, plain
    )


@st.composite
def limited_battles(
    draw: st.DrawFn, most_attackers: int, most_defenders: int, modifier: str
) -> tuple[int, int, int, Rules]:
    """Armies of a battle, a limit below the attackers, and the rules with ``modifier`` or not."""
    attackers = draw(st.integers(2, most_attackers))
    defenders = draw(st.integers(1, most_defenders))
    limit = draw(st.integers(0, attackers - 1))
    return attackers, defenders, limit, SMG.with_modifiers(**{modifier: draw(st.booleans())})


@FAST
@given(limited_battles(12, 7, "capital"))
def test_stop_until_is_the_smaller_battle(case: tuple[int, int, int, Rules]) -> None:
    attackers, defenders, stop, rules = case
    limited = fight_odds(attackers, defenders, Battle.of(rules=rules, stop_until=stop))
    smaller = battle_odds(attackers - stop, defenders, rules)
    assert limited.final_states == tuple((a + stop, d, p) for a, d, p in smaller.final_states)
    assert dict((s[:2], s[2]) for s in limited.final_states) == oracle_battle(
        attackers, defenders, rules, stop_until=stop
    )
    # In the territory count the same battle is one army larger.
    territory = replace(rules, count="territory")
    shifted = fight_odds(attackers + 1, defenders, Battle.of(rules=territory, stop_until=stop + 1))
    assert [p for *_, p in shifted.final_states] == [p for *_, p in limited.final_states]


@FAST
@given(limited_battles(10, 6, "zombie_attacker"))
def test_retreat_threshold_against_the_plain_recursion(case: tuple[int, int, int, Rules]) -> None:
    attackers, defenders, threshold, rules = case
    limit = Limit("retreat-at", threshold)
    exact = limited_odds(limit, attackers, defenders, rules, exact=True)
    expected = oracle_battle(attackers, defenders, rules, retreat_at=threshold)
    assert dict((s[:2], s[2]) for s in exact.final_states) == expected
    floats = limited_odds(limit, attackers, defenders, rules, exact=False)
    for a, d, p in floats.final_states:
        assert p == pytest.approx(float(expected[(a, d)]), rel=1e-13)


@pytest.mark.parametrize("count", ["attacking", "territory"])
def test_limited_tables_hold_each_battle(count: str) -> None:
    rules = Rules(count=count)  # type: ignore[arg-type]
    for objective in (Objective("capture"), Objective("signed"), Objective("balance", 2)):
        stops = stop_until_table(7, 5, rules, objective, 3, exact=True)
        retreats = retreat_table(7, 5, rules, objective, 3, exact=True)
        for a in range(1, 8):
            for d in range(1, 6):
                if a <= 3 or a <= rules.offset:
                    continue
                for table, kind in ((stops, "stop-until"), (retreats, "retreat-at")):
                    odds = limited_odds(Limit(kind, 3), a, d, rules, exact=True)  # type: ignore[arg-type]
                    assert table.value(a, d) == odds.expectation(objective)


#: Attackers, defenders, rules and the four Balanced Blitz constants.
BalancedCase = tuple[int, int, Rules, tuple[float, ...]]


@st.composite
def balanced_battles(draw: st.DrawFn, most: int) -> BalancedCase:
    """Armies up to ``most`` a side, rules with any modifiers, and Balanced Blitz constants."""
    attackers, defenders = draw(st.integers(1, most)), draw(st.integers(1, most))
    return attackers, defenders, SMG.with_modifiers(**draw(modifier_sets)), draw(constants)


@FAST
@given(balanced_battles(25))
def test_balanced_blitz_against_the_description(case: BalancedCase) -> None:
    attackers, defenders, rules, numbers = case
    balance = Balance(*(Fraction(str(x)) for x in numbers))
    balanced = balance_odds(battle_odds(attackers, defenders, rules), balance)
    masses, wins = ordered(
        {s[:2]: s[2] for s in battle_odds(attackers, defenders, rules).final_states},
        attackers,
        defenders,
    )
    expected = balanced_blitz(masses, wins, numbers)  # type: ignore[arg-type]
    ours = {s[:2]: s[2] for s in balanced.odds.final_states}
    states = [(attackers - i, 0) for i in range(attackers)]
    states += [(0, j) for j in range(1, defenders + 1)]
    for state, p in zip(states, expected, strict=True):
        assert ours.get(state, 0.0) == pytest.approx(p, abs=1e-12)


@FAST
@given(balanced_battles(40))
def test_balanced_distributions_and_win_chances(case: BalancedCase) -> None:
    attackers, defenders, rules, numbers = case
    balance = Balance(*(Fraction(str(x)) for x in numbers))
    true_random = battle_odds(attackers, defenders, rules)
    balanced = balance_odds(true_random, balance)
    assert sum(p for *_, p in balanced.odds.final_states) == pytest.approx(1, abs=1e-12)
    assert all(p > 0 for *_, p in balanced.odds.final_states)
    _, step2, step3, step4 = balanced.win_steps
    # Step 3 moves the win chance as its cut says; step 4 keeps it.
    c = float(balance.outcome_cutoff)
    assert step3 == pytest.approx(min(1.0, max(0.0, (step2 - c) / (1 - 2 * c))), abs=1e-12)
    assert step4 == pytest.approx(step3, abs=1e-12)
    assert balanced.odds.win_probability == pytest.approx(step4, abs=1e-12)
    # The scalar path (steps 1-3 on the win chance alone) agrees with the full one.
    scalar = float(balanced_win_chance(true_random.win_probability, balance))
    assert scalar == pytest.approx(step4, abs=1e-12)


@FAST
@given(st.lists(st.floats(0, 1), min_size=2, max_size=30), st.data(), constants)
def test_balanced_blitz_is_symmetric_in_the_roles(
    weights: list[float], data: st.DataObject, numbers: tuple[float, ...]
) -> None:
    total = sum(weights)
    if total == 0:
        return
    masses = np.array(weights) / total
    wins = data.draw(st.integers(1, len(weights) - 1))
    balance = Balance(*(Fraction(str(x)) for x in numbers))
    forward, _, _ = balance_masses(masses, wins, balance)
    backward, _, _ = balance_masses(masses[::-1].copy(), len(weights) - wins, balance)
    assert forward == pytest.approx(backward[::-1], abs=1e-12)


@FAST
@given(st.integers(1, 60), st.integers(1, 60), st.integers(0, 2**32 - 1))
def test_error_bounds_hold(attackers: int, defenders: int, seed: int) -> None:
    rules = SMG
    exact = battle_odds(attackers, defenders, rules)
    floats = battle_odds(attackers, defenders, rules, exact=False)
    # The float push's input bound holds against the exact odds.
    assert len(exact.final_states) == len(floats.final_states)
    pairs = zip(exact.final_states, floats.final_states, strict=True)
    gap = sum(abs(float(p) - q) for (*_, p), (*_, q) in pairs)
    assert gap <= input_error(floats)
    # Balanced from either, the two results lie within the sum of their bounds.
    from_exact, from_floats = balance_odds(exact), balance_odds(floats)
    a = {s[:2]: s[2] for s in from_exact.odds.final_states}
    b = {s[:2]: s[2] for s in from_floats.odds.final_states}
    distance = sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in a.keys() | b.keys())
    assert distance <= from_exact.error_bound + from_floats.error_bound
    # A perturbation of the input within a stated error moves the result within its bound.
    rng = np.random.default_rng(seed)
    masses = np.array([float(p) for *_, p in exact.final_states])
    wins = sum(1 for _, d, _ in exact.final_states if d == 0)
    noisy = masses * (1 + rng.uniform(-1e-6, 1e-6, masses.size))
    moved = float(np.abs(noisy - masses).sum())
    clean, _, _ = balance_masses(masses, wins)
    shaken, _, bound = balance_masses(noisy, wins, error=moved)
    assert float(np.abs(clean - shaken).sum()) <= bound


def test_all_start_distributions_are_each_battle() -> None:
    for rules in (Rules(), Rules().with_modifiers(capital=True, wall=True)):
        for n, d, captured, held in final_distributions(9, 7, rules):
            odds = battle_odds(n + 1, d, rules)
            for a, left, p in odds.final_states:
                got = captured[a - 1] if left == 0 else held[left]
                assert got == pytest.approx(float(p), rel=1e-13)
            assert captured.sum() + held.sum() == pytest.approx(1, abs=1e-13)


def test_balanced_tables_hold_each_battle() -> None:
    blitz = Battle.of(dice="balanced-blitz", stop_until=2, allow_stop=False)
    for objective in (Objective("capture"), Objective("attacker-left"), Objective("balance", 3)):
        table = fight_table(9, 6, replace(blitz, objective=objective))
        for a in range(3, 10):
            for d in range(1, 7):
                odds = fight_odds(a, d, blitz)
                assert table.value(a, d) == pytest.approx(
                    float(odds.expectation(objective)), abs=1e-11
                )


@FAST
@given(st.integers(1, 30), st.sampled_from(["0.3", "0.5", "0.8", "0.95"]))
def test_balanced_need_is_the_true_minimum(defenders: int, target: str) -> None:
    need = fewest_needed(Resolution("balanced-blitz"), (defenders,), Fraction(target), (SMG,))

    def win(attackers: int) -> float:
        return balance_odds(battle_odds(attackers, defenders, SMG)).odds.win_probability

    assert win(need.attackers) >= float(target) - 1e-12
    if need.attackers > 0:
        assert win(need.attackers - 1) < float(target) + 1e-12

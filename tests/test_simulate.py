"""The Monte Carlo simulator against the exact engines, with bounded false alarms.

False alarms. Each statistical check asks whether an exact value lies in a simulated
interval at level 1 - a, which a correct simulator and a correct engine fail with
probability at most a: exactly so for probabilities (Clopper-Pearson intervals cover at
least their level for every true value) and up to the normal approximation for means
(>= 10,000 battles whose outcomes are bounded by a few dozen armies). Each test below spends
its share of a family-wise budget of FAMILY_ALPHA = 1e-3 on its checks, split evenly among
them (Bonferroni), so the chance that a run with freshly drawn seeds fails anywhere is at
most 1e-3:

    random rules and states     4e-4 over 40 cases x 4 quantities
    fixed-dice policies         1e-4 over 6 starts x 2 policies x 4 quantities
    informed, mixing players    1e-4 over 2 policies x 2 starts
    optimal policies            1e-4 over 4 choice rules x 2 objectives
    interval coverage           < 1e-5 (a binomial tail, computed in the test)
    power checks                < 1e-20 (Hoeffding's inequality, see the test)

The seeds are fixed, so the suite never flakes; the budget is the chance that a correct
change that reshuffles the random stream would need new seeds.

Deep imports: the simulator (:mod:`strategy.risk.sampling`) and its dice policies, against the
exact kernels.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings

from strategy.risk import Battle, Objective, Rules
from strategy.risk.classic import battle_odds
from strategy.risk.optimal import optimal_table
from strategy.risk.play.dice_policy import Mixed, Seen, Sight, StatePolicy, optimal_policy
from strategy.risk.sampling import (
    Simulation,
    mean_interval,
    proportion_interval,
    simulate,
    simulate_table,
)
from strategy.testing import battles

QUANTITIES = tuple(Objective(k) for k in ("capture", "attacker-left", "defender-left", "signed"))


def level(alpha: float, checks: int) -> float:
    """The confidence of each of ``checks`` checks sharing a false-alarm budget ``alpha``."""
    return 1 - alpha / checks


def seed_of(*parts: object) -> int:
    """A fixed seed per case, the same in every run (``hash`` of a string is not)."""
    return zlib.crc32(repr(parts).encode())


def inside(result: Simulation, objective: Objective, exact: Fraction | float, conf: float) -> bool:
    return result.estimate(objective, conf).contains(exact)


def test_same_seed_same_output() -> None:
    policy = StatePolicy(lambda a, d: {1: 0.5, 2: 0.5} if a > 2 else 1, lambda a, d, s: 1)
    for kwargs in ({}, {"policy": policy}):
        first = simulate(9, 7, trials=5000, seed=11, **kwargs)
        assert first == simulate(9, 7, trials=5000, seed=11, **kwargs)
        assert first != simulate(9, 7, trials=5000, seed=12, **kwargs)
    assert simulate_table(4, 3, trials=50, seed=3) == simulate_table(4, 3, trials=50, seed=3)


def test_a_fresh_seed_is_recorded_and_repeats() -> None:
    result = simulate(6, 4, trials=300)
    assert result == simulate(6, 4, trials=300, seed=result.seed)


def test_final_states_are_ends_of_battles() -> None:
    rules = Rules(stay_behind=2)
    result = simulate(12, 9, rules, trials=20_000, seed=5)
    assert sum(n for *_, n in result.final_states) == 20_000
    for attackers, defenders, _ in result.final_states:
        assert defenders == 0 or rules.attacker_dice_for(attackers) == 0
        assert 2 <= attackers <= 12 and 0 <= defenders <= 9


@settings(max_examples=40, derandomize=True, database=None, deadline=None)
@given(battles(max_attackers=8, max_defenders=8))
def test_exact_values_lie_in_the_intervals(battle: tuple[Rules, int, int]) -> None:
    rules, attackers, defenders = battle
    result = simulate(attackers, defenders, rules, trials=20_000, seed=seed_of(*battle))
    odds = battle_odds(attackers, defenders, rules)
    conf = level(4e-4, 40 * len(QUANTITIES))
    for objective in QUANTITIES:
        assert inside(result, objective, odds.expectation(objective), conf), objective


@pytest.mark.parametrize("start", [(4, 2), (7, 5), (10, 10)])
def test_policies_that_fix_dice_are_smaller_rules(start: tuple[int, int]) -> None:
    # Always one attacking die is the battle of Rules(attacker_dice=1); likewise the defender.
    one_attacker = StatePolicy(lambda a, d: 1, lambda a, d, s: min(2, d))
    one_defender = StatePolicy(lambda a, d: min(3, a - 1), lambda a, d, s: 1)
    cases = ((one_attacker, Rules(attacker_dice=1)), (one_defender, Rules(defender_dice=1)))
    conf = level(1e-4, 6 * 2 * len(QUANTITIES))
    for policy, smaller in cases:
        result = simulate(*start, trials=20_000, seed=seed_of(start, smaller), policy=policy)
        odds = battle_odds(*start, smaller)
        for objective in QUANTITIES:
            assert inside(result, objective, odds.expectation(objective), conf), (
                smaller,
                objective,
            )


def enumerated_capture(
    rules: Rules,
    start: tuple[int, int],
    attacker: Callable[[int, int], Mixed],
    defender: Callable[[int, int, Seen], Mixed],
    sight: Sight,
) -> Fraction:
    """P(capture) by listing every roll of every die, one state at a time: no sorting
    network, no loss tables, no simulation."""

    def mix(choice: Mixed) -> list[tuple[int, Fraction]]:
        if isinstance(choice, int):
            return [(choice, Fraction(1))]
        return [(k, Fraction(p)) for k, p in choice.items() if p]

    @cache
    def value(a: int, d: int) -> Fraction:
        if d == 0:
            return Fraction(1)
        if rules.attacker_dice_for(a) == 0:
            return Fraction(0)
        total = Fraction(0)
        for k, pk in mix(attacker(a, d)):
            if k == 0:
                continue
            rolls = list(product(range(1, rules.attacker_sides + 1), repeat=k))
            for roll in rolls:
                top = tuple(sorted(roll, reverse=True))
                seen: Seen = top if sight == "roll" else k if sight == "count" else None
                for j, pj in mix(defender(a, d, seen)):
                    counts: dict[tuple[int, int], int] = {}
                    for defence in product(range(1, rules.defender_sides + 1), repeat=j):
                        low = sorted(defence, reverse=True)
                        won = sum(x > y for x, y in zip(top, low, strict=False))
                        lost = (min(k, j) - won, won)
                        counts[lost] = counts.get(lost, 0) + 1
                    share = pk * pj / (len(rolls) * rules.defender_sides**j)
                    total += share * sum(
                        n * value(a - la, d - ld) for (la, ld), n in counts.items()
                    )
        return total

    return value(*start)


def test_informed_and_mixing_players_match_an_enumeration() -> None:
    # The defender sees the roll and keeps a die back against two high attacking dice; the
    # attacker mixes its dice and stops when it is outnumbered by two.
    def sees_high_dice(a: int, d: int, seen: Seen) -> Mixed:
        return 1 if d == 1 or (isinstance(seen, tuple) and len(seen) > 1 and seen[1] >= 4) else 2

    def mixing(a: int, d: int) -> Mixed:
        if a < d - 1:
            return 0
        return 1 if a == 2 else {1: Fraction(1, 3), min(3, a - 1): Fraction(2, 3)}

    def answers_count(a: int, d: int, seen: Seen) -> Mixed:
        return 1 if seen == 3 else min(2, d)

    policies = (
        StatePolicy(lambda a, d: min(3, a - 1), sees_high_dice, "roll"),
        StatePolicy(mixing, answers_count, "count"),
    )
    conf = level(1e-4, 2 * 2)
    for policy in policies:
        for start in ((5, 3), (4, 5)):
            exact = enumerated_capture(
                Rules(), start, policy.attacker, policy.defender, policy.sight
            )
            result = simulate(
                *start, trials=40_000, seed=seed_of(start, policy.sight), policy=policy
            )
            assert result.win_probability.value != float(battle_odds(*start).win_probability)
            assert inside(result, Objective("capture"), exact, conf), (policy.sight, start)


@pytest.mark.parametrize("choice", ["max", "announce", "respond", "sees-roll"])
def test_optimal_policy_attains_the_optimal_value(choice: str) -> None:
    conf = level(1e-4, 4 * 2)
    for objective in (Objective("capture"), Objective("balance", 2)):
        table = optimal_table(8, 6, Battle.of(objective=objective, choice=choice))  # type: ignore[arg-type]
        policy = optimal_policy(table)
        result = simulate(8, 6, trials=20_000, seed=seed_of(choice, objective), policy=policy)
        assert inside(result, objective, table.value(8, 6), conf), objective


def test_the_checks_have_power() -> None:
    # The same checks catch the wrong tie rule: simulated with ties to the defender, the
    # exact values with ties to the attacker lie over 15 half-widths of a 95% interval away
    # here, so by Hoeffding's inequality a correct simulator passes them inside its
    # intervals with probability below 1e-20.
    conf = level(1e-4, 6 * 2 * len(QUANTITIES))
    for start in ((4, 2), (7, 5), (10, 10)):
        result = simulate(*start, trials=5000, seed=seed_of("power", start))
        wrong = battle_odds(*start, Rules(ties="attacker"))
        for objective in QUANTITIES:
            assert not inside(result, objective, wrong.expectation(objective), conf), objective


def test_clopper_pearson_covers_at_least_its_level() -> None:
    # Exact coverage: the binomial probability that the interval contains p.
    for n in (10, 37, 100):
        intervals = [proportion_interval(k, n) for k in range(n + 1)]
        for p in (0.01, 0.1, 0.3, 0.5, 0.77, 0.95):
            coverage = sum(
                comb(n, k) * p**k * (1 - p) ** (n - k)
                for k, interval in enumerate(intervals)
                if interval.contains(p)
            )
            assert coverage >= 0.95, (n, p, coverage)
            # Conservative, but not absurdly so away from the ends.
            assert coverage < 0.98 or n < 100 or p not in (0.3, 0.5), (n, p, coverage)


def binomial_tail(n: int, p: float, above: int) -> float:
    """P(Binomial(n, p) > above)."""
    return sum(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(above + 1, n + 1))


def test_intervals_cover_the_exact_values_about_95_percent_of_the_time() -> None:
    # 300 independent runs of 400 battles at 5 v 4. Clopper-Pearson intervals miss at most
    # 5% of the time; normal ones about 5% (say at most 6% at 400 battles). Then more than
    # 40 misses of one quantity has probability below 1e-6, so below 1e-5 for all four.
    assert binomial_tail(300, 0.06, 40) < 1e-6
    odds = battle_odds(5, 4)
    misses = dict.fromkeys(QUANTITIES, 0)
    for seed in range(300):
        result = simulate(5, 4, trials=400, seed=seed)
        for objective in QUANTITIES:
            misses[objective] += not inside(result, objective, odds.expectation(objective), 0.95)
    assert max(misses.values()) <= 40, misses


def test_mean_interval_of_zeros_and_ones_is_agresti_coull() -> None:
    # Agresti & Coull (1998): add z^2/2 successes and failures, then the Wald interval.
    z = 1.959963984540054
    for successes, n in ((0, 50), (7, 40), (33, 33)):
        p = (successes + z * z / 2) / (n + z * z)
        half = z * (p * (1 - p) / (n + z * z)) ** 0.5
        estimate = mean_interval(successes, successes, n, (0, 1))
        assert estimate.value == successes / n
        assert estimate.low == pytest.approx(max(0.0, p - half), abs=1e-12)
        assert estimate.high == pytest.approx(min(1.0, p + half), abs=1e-12)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: simulate(5, 3, trials=0), "trials must be a whole number >= 1"),
        (lambda: simulate(5, 3, trials=10, seed=-1), "seed must be a whole number >= 0"),
        (lambda: simulate(0, 3, trials=10), "attackers must be at least 1"),
        (lambda: simulate(5, -1, trials=10), "defenders must not be negative"),
        (lambda: proportion_interval(3, 10, confidence=1.0), "confidence must lie strictly"),
        (
            lambda: simulate(5, 3, trials=10, policy=StatePolicy(lambda a, d: 4, lambda *_: 1)),
            "a policy chose 4 dice where 0 to 3 are allowed",
        ),
        (
            lambda: simulate(
                5, 3, trials=10, policy=StatePolicy(lambda a, d: {1: 0.5}, lambda *_: 1)
            ),
            "probabilities sum to 0.5",
        ),
    ],
)
def test_bad_input_is_refused_with_a_message(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_stops_are_final_states() -> None:
    # An attacker that never attacks leaves every battle where it started.
    result = simulate(6, 3, trials=100, seed=1, policy=StatePolicy(lambda a, d: 0, lambda *_: 1))
    assert result.final_states == ((6, 3, 100),)
    assert result.estimate(Objective("signed")).value == -3
    assert np.isclose(result.win_probability.high, 1 - 0.025 ** (1 / 100))

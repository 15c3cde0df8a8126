"""Single-roll distributions: published counts, and brute force over every roll.

Deep imports: :mod:`strategy.risk.dice`, the dice kernel, against published counts and brute force
over every roll.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.risk.dice import roll_distribution, top_roll_counts

# Published counts of (attacker losses, defender losses) over all equally likely rolls.
# Osborne (2003) Table 2, as reproduced by Höhle (2025, "Risky Risk Results"), and Norvig's
# pytudes risk.ipynb test2() checked against datagenetics.com (November 2011).
PUBLISHED = [
    (3, 2, {(2, 0): 2275, (1, 1): 2611, (0, 2): 2890}, 7776),
    (2, 2, {(2, 0): 581, (1, 1): 420, (0, 2): 295}, 1296),
    (3, 1, {(1, 0): 441, (0, 1): 855}, 1296),
    (2, 1, {(1, 0): 91, (0, 1): 125}, 216),
    (1, 2, {(1, 0): 161, (0, 1): 55}, 216),
    (1, 1, {(1, 0): 21, (0, 1): 15}, 36),
    # 3 v 3 (Risiko, seed 001): the attacker wins 3, 2, 1, 0 pairs in 6420, 10017, 12348,
    # 17871 of 46656 rolls, the figures our issue 2 carries for the three-dice defender.
    (3, 3, {(0, 3): 6420, (1, 2): 10017, (2, 1): 12348, (3, 0): 17871}, 46656),
]


@pytest.mark.parametrize(("attack", "defend", "counts", "total"), PUBLISHED)
def test_published_single_roll_counts(
    attack: int, defend: int, counts: dict[tuple[int, int], int], total: int
) -> None:
    roll = roll_distribution(attack, defend)
    assert roll.total == total
    assert {(a, d): n for a, d, n in roll.counts} == counts


def brute_force(
    attack: int, defend: int, a_sides: int, d_sides: int, ties: str
) -> Counter[tuple[int, int]]:
    """Every roll listed and compared pair by pair: the definition, nothing clever."""
    losses: Counter[tuple[int, int]] = Counter()
    for a_roll in product(range(1, a_sides + 1), repeat=attack):
        for d_roll in product(range(1, d_sides + 1), repeat=defend):
            pairs = zip(sorted(a_roll, reverse=True), sorted(d_roll, reverse=True), strict=False)
            won = sum(a > d or (ties == "attacker" and a == d) for a, d in pairs)
            losses[(min(attack, defend) - won, won)] += 1
    return losses


@settings(max_examples=40, deadline=None)
@given(
    attack=st.integers(1, 3),
    defend=st.integers(1, 3),
    a_sides=st.integers(2, 6),
    d_sides=st.integers(2, 8),
    ties=st.sampled_from(["defender", "attacker"]),
)
def test_matches_brute_force(
    attack: int, defend: int, a_sides: int, d_sides: int, ties: str
) -> None:
    roll = roll_distribution(attack, defend, a_sides, d_sides, ties)  # type: ignore[arg-type]
    expected = brute_force(attack, defend, a_sides, d_sides, ties)
    assert {(a, d): n for a, d, n in roll.counts} == dict(expected)


@settings(max_examples=40, deadline=None)
@given(
    attack=st.integers(1, 5),
    defend=st.integers(1, 5),
    sides=st.integers(2, 12),
    ties=st.sampled_from(["defender", "attacker"]),
)
def test_probabilities_sum_to_exactly_one(attack: int, defend: int, sides: int, ties: str) -> None:
    roll = roll_distribution(attack, defend, sides, sides + 1, ties)  # type: ignore[arg-type]
    assert sum(p for _, _, p in roll.probabilities()) == Fraction(1)
    assert all(n > 0 for _, _, n in roll.counts)


@settings(max_examples=30, deadline=None)
@given(dice=st.integers(1, 4), sides=st.integers(2, 7), data=st.data())
def test_top_counts_match_sorted_rolls(dice: int, sides: int, data: st.DataObject) -> None:
    keep = data.draw(st.integers(1, dice))
    expected = Counter(
        tuple(sorted(roll, reverse=True)[:keep])
        for roll in product(range(1, sides + 1), repeat=dice)
    )
    counts = top_roll_counts(dice, sides, keep)
    assert {t: n for t, n in counts.items() if n} == dict(expected)


def test_three_v_three_with_twenty_faces_is_exact() -> None:
    # An independent count: with one die each, the attacker (ties to defender) wins
    # a pair in sum_{a} (a - 1) = 190 of 400 rolls; the 3 v 3 totals must use every roll.
    assert roll_distribution(1, 1, 20, 20).count(0, 1) == 190
    roll = roll_distribution(3, 3, 20, 20)
    assert roll.total == 20**6
    assert sum(n for _, _, n in roll.counts) == 20**6


def test_refuses_bad_dice() -> None:
    with pytest.raises(ValueError, match="at least one die"):
        roll_distribution(0, 2)

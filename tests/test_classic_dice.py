"""Seed 002's roll-or-stop dice game, against the optimal-stopping recurrence."""

from __future__ import annotations

from fractions import Fraction

import pytest

from strategy.classic import RollOrStop, analyse_dice
from strategy.engine import check_game


def stopping_values(rolls: int, sides: int) -> list[Fraction]:
    """Independent: with r rolls left worth v, a face f is kept iff f >= v (optimal stopping),
    so v(1) = mean face and v(r + 1) = E[max(face, v(r))]."""
    faces = range(1, sides + 1)
    values = [Fraction(sum(faces), sides)]
    for _ in range(rolls - 1):
        values.append(Fraction(sum(max(Fraction(f), values[-1]) for f in faces), sides))
    return values


@pytest.mark.parametrize(("rolls", "sides"), [(1, 6), (2, 6), (3, 6), (4, 6), (6, 20), (3, 2)])
def test_value_and_thresholds_follow_the_recurrence(rolls: int, sides: int) -> None:
    result = analyse_dice(rolls, sides)
    values = stopping_values(rolls, sides)
    assert result.value == values[-1]
    # After roll r, rolls - r remain, worth values[rolls - r - 1]: keep faces at least that.
    for roll, keep in enumerate(result.keep_from, start=1):
        continuation = values[rolls - roll - 1]
        assert keep == min(f for f in range(1, sides + 1) if f >= continuation)


def test_three_rolls_of_a_die_are_worth_14_over_3() -> None:
    # The classic puzzle: 7/2, then (4 + 5 + 6 + 3 * 7/2) / 6 = 17/4, then (5 + 6 + 4 * 17/4) / 6.
    assert analyse_dice(3).value == Fraction(14, 3)
    assert analyse_dice(3).keep_from == (5, 4)


def test_the_game_keeps_the_protocol() -> None:
    report = check_game(RollOrStop(3, 6), paths=30)
    assert report.ok, report.problems
    with pytest.raises(ValueError):
        RollOrStop(0, 6)

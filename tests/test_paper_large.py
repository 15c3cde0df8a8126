"""The large-battle limit slopes, checked against a from-scratch enumeration of the dice.

Deep imports: :mod:`strategy.paper.large`, the paper's limit slopes, under test.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from strategy.paper.large import limit_slope, sees_roll_slope
from strategy.risk import Rules


def _losses(attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, int]:
    """(attacker losses, defender losses) of one throw, ties to the defender."""
    pairs = zip(sorted(attack, reverse=True), sorted(defence, reverse=True), strict=False)
    won = sum(a > d for a, d in pairs)
    return min(len(attack), len(defence)) - won, won


def _drift(slope: Fraction, attacker_dice: int, defender_dice: int) -> Fraction:
    """E[slope * killed - lost] per roll when the defender, seeing the attacker's throw,
    answers with the dice (1..defender_dice) that make it smallest."""
    total = Fraction(0)
    for attack in product(range(1, 7), repeat=attacker_dice):
        answers = []
        for dice in range(1, defender_dice + 1):
            throws = list(product(range(1, 7), repeat=dice))
            value = sum(slope * d - a for a, d in (_losses(attack, t) for t in throws))
            answers.append(Fraction(value, len(throws)))
        total += min(answers)
    return total / 6**attacker_dice


def test_limit_slopes_are_loss_ratios() -> None:
    for defender_dice in (2, 3):
        throws = list(product(range(1, 7), repeat=3 + defender_dice))
        lost = killed = 0
        for throw in throws:
            a, d = _losses(throw[:3], throw[3:])
            lost, killed = lost + a, killed + d
        assert limit_slope(Rules(defender_dice=defender_dice)) == Fraction(lost, killed)


def test_sees_roll_slope_zeroes_the_attackers_best_drift() -> None:
    slope, dice, _ = sees_roll_slope(Rules())
    # At the limit slope the attacker's best number of dice breaks exactly even and the
    # others lose ground: the slope is the root of the drift game.
    assert _drift(slope, dice, 2) == 0
    assert all(_drift(slope, k, 2) < 0 for k in (1, 2, 3) if k != dice)

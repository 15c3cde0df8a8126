"""Exact distributions of one roll of the dice.

Each side's dice are sorted high to low and the top dice are paired; each pair's
loser loses one army. Rather than listing every roll (``sides ** dice`` of
them), the joint distribution of a side's top dice is counted with order
statistics: the number of rolls whose sorted top values are ``t`` follows from
how many dice equal the smallest kept value and how many fall below it.

Counts are integers over the number of equally likely rolls, so every
probability is exact.

>>> roll = roll_distribution(3, 2)
>>> roll.total, roll.count(2, 0), roll.count(1, 1), roll.count(0, 2)
(7776, 2275, 2611, 2890)
>>> roll.probability(0, 2)
Fraction(1445, 3888)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

import numpy as np

from strategy.engine.errors import InputError
from strategy.risk.rules import Rules, Ties

#: Refuse pairings larger than this: they would take minutes, not milliseconds.
MAX_PAIRINGS = 50_000_000


@dataclass(frozen=True)
class RollDistribution:
    """How many of the ``total`` equally likely rolls cost each side how many armies.

    ``counts`` holds ``(attacker_losses, defender_losses, rolls)`` triples with
    ``rolls > 0``, sorted by attacker losses (most first).

    >>> roll_distribution(1, 1).counts
    ((1, 0, 21), (0, 1, 15))
    """

    attacker_dice: int
    defender_dice: int
    counts: tuple[tuple[int, int, int], ...]
    total: int

    def count(self, attacker_losses: int, defender_losses: int) -> int:
        """The number of rolls with exactly these losses."""
        return sum(n for a, d, n in self.counts if (a, d) == (attacker_losses, defender_losses))

    def probability(self, attacker_losses: int, defender_losses: int) -> Fraction:
        """The exact probability of exactly these losses."""
        return Fraction(self.count(attacker_losses, defender_losses), self.total)

    def probabilities(self) -> tuple[tuple[int, int, Fraction], ...]:
        """``(attacker_losses, defender_losses, probability)`` triples, exact.

        >>> sum(p for _, _, p in roll_distribution(2, 2).probabilities())
        Fraction(1, 1)
        """
        return tuple((a, d, Fraction(n, self.total)) for a, d, n in self.counts)


def top_roll_counts(dice: int, sides: int, keep: int) -> dict[tuple[int, ...], int]:
    """How many of the ``sides ** dice`` rolls have each sorted top-``keep`` tuple.

    >>> top_roll_counts(2, 6, 1)[(6,)]
    11
    >>> sum(top_roll_counts(3, 20, 2).values()) == 20 ** 3
    True
    """
    if not 1 <= keep <= dice:
        raise InputError(f"keep must be from 1 to {dice}, not {keep}")
    counts: dict[tuple[int, ...], int] = {}
    for top in combinations_with_replacement(range(sides, 0, -1), keep):
        counts[top] = _rolls_with_top(top, dice)
    return counts


def _rolls_with_top(top: tuple[int, ...], dice: int) -> int:
    # Dice above the smallest kept value are exactly those in `top`; dice equal to it
    # are the kept ties plus `extra` more; the rest lie strictly below it.
    low = top[-1]
    ties = top.count(low)
    above = [top.count(v) for v in set(top) if v > low]
    fixed = prod(factorial(m) for m in above)
    total = 0
    for extra in range(dice - len(top) + 1):
        below = dice - len(top) - extra
        arrangements = factorial(dice) // (fixed * factorial(ties + extra) * factorial(below))
        total += arrangements * (low - 1) ** below
    return total


@cache
def roll_distribution(
    attacker_dice: int,
    defender_dice: int,
    attacker_sides: int = 6,
    defender_sides: int = 6,
    ties: Ties = "defender",
) -> RollDistribution:
    """The exact loss distribution of one roll: ``attacker_dice`` against ``defender_dice``.

    >>> roll_distribution(3, 3).counts
    ((3, 0, 17871), (2, 1, 12348), (1, 2, 10017), (0, 3, 6420))
    >>> roll_distribution(1, 1, ties="attacker").counts
    ((1, 0, 15), (0, 1, 21))
    """
    if attacker_dice < 1 or defender_dice < 1:
        raise InputError("each side must roll at least one die")
    pairs = min(attacker_dice, defender_dice)
    attack = top_roll_counts(attacker_dice, attacker_sides, pairs)
    defend = top_roll_counts(defender_dice, defender_sides, pairs)
    if len(attack) * len(defend) > MAX_PAIRINGS:
        raise InputError(
            f"{attacker_dice}d{attacker_sides} v {defender_dice}d{defender_sides} has "
            f"{len(attack) * len(defend):,} pairings of sorted rolls; at most "
            f"{MAX_PAIRINGS:,} are supported"
        )
    wins = _attacker_wins(np.array(list(attack)), np.array(list(defend)), ties)
    defend_total = defender_sides**defender_dice
    weights = np.array(list(defend.values()), dtype=np.int64 if defend_total < 2**62 else object)
    attack_weights = list(attack.values())
    counts = []
    for won in range(pairs + 1):
        # Per attacker tuple, the defender rolls it beats `won` times; int64 is exact here
        # because each row sums to at most defender_sides ** defender_dice.
        per_row = (wins == won).astype(weights.dtype) @ weights
        n = sum(int(w) * int(r) for w, r in zip(attack_weights, per_row.tolist(), strict=True))
        if n:
            counts.append((pairs - won, won, n))
    total = attacker_sides**attacker_dice * defend_total
    assert sum(n for _, _, n in counts) == total
    return RollDistribution(attacker_dice, defender_dice, tuple(counts), total)


def _attacker_wins(
    attack: np.ndarray[tuple[int, int], np.dtype[np.int64]],
    defend: np.ndarray[tuple[int, int], np.dtype[np.int64]],
    ties: Ties,
) -> np.ndarray[tuple[int, int], np.dtype[np.int64]]:
    """Pairs won by the attacker, for every (attacker tuple, defender tuple)."""
    a = attack[:, None, :]
    d = defend[None, :, :]
    beats = a >= d if ties == "attacker" else a > d
    result: np.ndarray[tuple[int, int], np.dtype[np.int64]] = beats.sum(axis=2)
    return result


def rules_roll(rules: Rules, attacker_dice: int, defender_dice: int) -> RollDistribution:
    """The roll distribution under ``rules`` when each side rolls the given dice.

    >>> rules_roll(Rules(defender_sides=8), 1, 1).total
    48
    """
    return roll_distribution(
        attacker_dice, defender_dice, rules.attacker_sides, rules.defender_sides, rules.ties
    )

"""One roll of the dice, and every view of it the kernels need: the one home of the dice.

Each side's dice are sorted high to low and the top dice are paired; each pair's
loser loses one army (:func:`beats` is that rule, coded once). Rather than listing every
roll (``sides ** dice`` of them), the joint distribution of a side's top dice is counted
with order statistics: the number of rolls whose sorted top values are ``t`` follows from
how many dice equal the smallest kept value and how many fall below it.

Counts are integers over the number of equally likely rolls, so every probability is
exact. The views: counts (:func:`roll_distribution`, :func:`rules_roll`), floats
(:func:`float_rolls`), integers over powers of the faces' primes (:func:`exact_rolls`),
the attacker's top dice a defender who sees the roll answers (:func:`attacker_tops`,
:func:`seen_roll_losses`, :func:`roll_outcomes`), and a whole round's options as integer
weights over its successors (:func:`round_moves`).

>>> roll = roll_distribution(3, 2)
>>> roll.total, roll.count(2, 0), roll.count(1, 1), roll.count(0, 2)
(7776, 2275, 2611, 2890)
>>> roll.probability(0, 2)
Fraction(1445, 3888)
>>> # Two defender dice against a 6 and a 5: the attacker loses both pairs only to
>>> # 6-6 or 6-5 (3 of 36 rolls) and wins both unless a die shows 6 or both show 5 (24).
>>> seen_roll_losses(Rules(), (6, 5), 2)
((2, 0, 3), (1, 1, 9), (0, 2, 24))
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, gcd, lcm, prod
from typing import Any

import numpy as np

from strategy.engine.errors import InputError
from strategy.engine.numbers import prime_factors, strip_prime
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


def beats(ties: Ties, attacker: Any, defender: Any) -> Any:
    """Whether the attacker's die beats the defender's it is paired with: a tie goes to the
    defender unless ``ties`` gives it to the attacker. Dice or whole numpy arrays of them.

    >>> beats("defender", 4, 4), beats("attacker", 4, 4), beats("defender", np.array([5, 3]), 3)
    (False, True, array([ True, False]))
    """
    return attacker >= defender if ties == "attacker" else attacker > defender


def _attacker_wins(
    attack: np.ndarray[tuple[int, int], np.dtype[np.int64]],
    defend: np.ndarray[tuple[int, int], np.dtype[np.int64]],
    ties: Ties,
) -> np.ndarray[tuple[int, int], np.dtype[np.int64]]:
    """Pairs won by the attacker, for every (attacker tuple, defender tuple)."""
    a = attack[:, None, :]
    d = defend[None, :, :]
    result: np.ndarray[tuple[int, int], np.dtype[np.int64]] = beats(ties, a, d).sum(axis=2)
    return result


def rules_roll(rules: Rules, attacker_dice: int, defender_dice: int) -> RollDistribution:
    """The roll distribution under ``rules`` when each side rolls the given dice.

    >>> rules_roll(Rules(defender_sides=8), 1, 1).total
    48
    """
    return roll_distribution(
        attacker_dice, defender_dice, rules.attacker_sides, rules.defender_sides, rules.ties
    )


#: ``(attacker losses, defender losses, count)`` triples.
Losses = tuple[tuple[int, int, int], ...]
#: An expectation as ``(successor index, weight)`` pairs: sum of weight * value, over the scale.
Weights = tuple[tuple[int, int], ...]
Roll = tuple[int, ...]


@cache
def attacker_tops(rules: Rules, dice: int, keep: int) -> tuple[tuple[Roll, int], ...]:
    """The attacker's sorted top ``keep`` dice when rolling ``dice``, with their counts.

    Counts are out of ``attacker_sides ** dice`` rolls, highest tuples first.

    >>> attacker_tops(Rules(attacker_sides=2), 2, 2)
    (((2, 2), 1), ((2, 1), 2), ((1, 1), 1))
    """
    return tuple(top_roll_counts(dice, rules.attacker_sides, keep).items())


@cache
def top_outcomes(rules: Rules, dice: int, keep: int) -> tuple[tuple[Roll, Fraction], ...]:
    """:func:`attacker_tops` with exact probabilities (one shared tuple per argument).

    >>> top_outcomes(Rules(), 1, 1)[0]
    ((6,), Fraction(1, 6))
    """
    total = rules.attacker_sides**dice
    return tuple((top, Fraction(n, total)) for top, n in attacker_tops(rules, dice, keep))


@cache
def seen_roll_losses(rules: Rules, top: Roll, defender_dice: int) -> Losses:
    """Loss counts, out of ``defender_sides ** defender_dice``, given the attacker's top dice.

    ``top`` is sorted high to low and holds at least as many dice as are paired.

    >>> seen_roll_losses(Rules(), (1,), 1)  # a 1 never beats the defender (ties to defender)
    ((1, 0, 6),)
    """
    pairs = min(len(top), defender_dice)
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for defence, n in top_roll_counts(defender_dice, rules.defender_sides, pairs).items():
        won = sum(beats(rules.ties, a, d) for a, d in zip(top, defence, strict=False))
        counts[(pairs - won, won)] += n
    return tuple(
        (lost_a, lost_d, n) for (lost_a, lost_d), n in sorted(counts.items(), reverse=True)
    )


@cache
def roll_outcomes(
    rules: Rules, attacker_dice: int, defender_dice: int, top: Roll = ()
) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """``((attacker losses, defender losses), probability)`` of one roll, exact.

    Without ``top`` the attacker's dice are random too; with it they are known.
    The same tuple object is returned on every call, so a solver can cache it.

    >>> roll_outcomes(Rules(), 1, 1)
    (((1, 0), Fraction(7, 12)), ((0, 1), Fraction(5, 12)))
    """
    if top:
        total = rules.defender_sides**defender_dice
        losses = seen_roll_losses(rules, top, defender_dice)
    else:
        roll = rules_roll(rules, attacker_dice, defender_dice)
        total, losses = roll.total, roll.counts
    return tuple(((lost_a, lost_d), Fraction(n, total)) for lost_a, lost_d, n in losses)


@dataclass(frozen=True)
class Round:
    """One round's options from a state allowing up to ``attacker_dice`` v ``defender_dice``.

    ``rolls[k - 1][j - 1]`` weighs the successors when ``k`` dice meet ``j``.
    ``seen[k - 1]`` lists, for each top roll of ``k`` attacker dice, that roll and
    its weights for each ``j``; within one roll they compare the defender's options,
    and summing the defender's choice over the rolls gives the expectation.
    Every weight is out of ``scale``.

    >>> rnd = round_moves(Rules(), 2, 1)
    >>> rnd.scale, rnd.rolls[1][0]  # 2 v 1 dice: attacker loses in 91 of 216 rolls
    (216, ((0, 91), (1, 125)))
    """

    attacker_dice: int
    defender_dice: int
    successors: tuple[tuple[int, int], ...]
    scale: int
    rolls: tuple[tuple[Weights, ...], ...]
    seen: tuple[tuple[tuple[Roll, tuple[Weights, ...]], ...], ...]


@cache
def round_moves(rules: Rules, attacker_dice: int, defender_dice: int) -> Round:
    """The :class:`Round` of ``rules`` for up to ``attacker_dice`` v ``defender_dice``.

    >>> rnd = round_moves(Rules(), 3, 2)
    >>> sum(w for _, ws in rnd.seen[2] for w in (w for _, w in ws[1])) == rnd.scale
    True
    """
    a_sides, d_sides = rules.attacker_sides, rules.defender_sides
    successors = tuple(
        (pairs - won, won)
        for pairs in range(1, min(attacker_dice, defender_dice) + 1)
        for won in range(pairs + 1)
    )
    index = {successor: i for i, successor in enumerate(successors)}

    def weights(losses: Losses, factor: int) -> Weights:
        return tuple((index[(lost_a, lost_d)], n * factor) for lost_a, lost_d, n in losses)

    rolls = tuple(
        tuple(
            weights(
                rules_roll(rules, k, j).counts,
                a_sides ** (attacker_dice - k) * d_sides ** (defender_dice - j),
            )
            for j in range(1, defender_dice + 1)
        )
        for k in range(1, attacker_dice + 1)
    )
    seen = tuple(
        tuple(
            (
                top,
                tuple(
                    weights(
                        seen_roll_losses(rules, top, j),
                        count * a_sides ** (attacker_dice - k) * d_sides ** (defender_dice - j),
                    )
                    for j in range(1, defender_dice + 1)
                ),
            )
            for top, count in attacker_tops(rules, k, min(k, defender_dice))
        )
        for k in range(1, attacker_dice + 1)
    )
    scale = a_sides**attacker_dice * d_sides**defender_dice
    return Round(attacker_dice, defender_dice, successors, scale, rolls, seen)


#: One roll's ``(attacker_losses, defender_losses, probability)`` triples.
Outcomes = tuple[tuple[int, int, float], ...]


@cache
def float_rolls(rules: Rules) -> dict[tuple[int, int], Outcomes]:
    """Each ``(attacker dice, defender dice)`` pair's outcomes, probabilities as floats.

    >>> float_rolls(Rules())[(1, 1)]
    ((1, 0, 0.5833333333333334), (0, 1, 0.4166666666666667))
    """
    return {
        (a, b): tuple((la, ld, n / roll.total) for la, ld, n in roll.counts)
        for a in range(1, rules.attacker_dice + 1)
        for b in range(1, rules.defender_dice + 1)
        for roll in (rules_roll(rules, a, b),)
    }


#: One roll's ``(attacker_losses, defender_losses, count over its denominator)`` triples.
ScaledOutcomes = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class ExactRolls:
    """Every roll's probabilities as integer counts over ``prod(p ** e_p)``.

    >>> rolls = exact_rolls(Rules())
    >>> rolls.primes, rolls.outcomes[(3, 1)], rolls.exponents[(3, 1)]  # 441/1296 = 49/144
    ((2, 3), ((1, 0, 49), (0, 1, 95)), (4, 2))
    """

    primes: tuple[int, ...]
    outcomes: dict[tuple[int, int], ScaledOutcomes]
    exponents: dict[tuple[int, int], tuple[int, ...]]


@cache
def exact_rolls(rules: Rules) -> ExactRolls:
    """The rolls of ``rules``, each over its smallest denominator."""
    primes = tuple(p for p, _ in prime_factors(lcm(rules.attacker_sides, rules.defender_sides)))
    outcomes, exponents = {}, {}
    for a in range(1, rules.attacker_dice + 1):
        for b in range(1, rules.defender_dice + 1):
            roll = rules_roll(rules, a, b)
            common = gcd(roll.total, *(n for _, _, n in roll.counts))
            outcomes[(a, b)] = tuple((la, ld, n // common) for la, ld, n in roll.counts)
            denominator = roll.total // common
            exponents[(a, b)] = tuple(strip_prime(denominator, p, denominator)[1] for p in primes)
    return ExactRolls(primes, outcomes, exponents)

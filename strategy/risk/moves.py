"""Every way one round of a battle can go, as exact counts ready for a dynamic programme.

A round starts from a state where the attacker may roll up to ``K`` dice and the
defender up to ``J``. Whatever the dice counts ``k <= K`` and ``j <= J``, the
round ends in one of a few *successors*: the attacker loses ``l_a`` armies and
the defender ``l_d``, with ``l_a + l_d = min(k, j)``. A :class:`Round` lists
those successors once and expresses each option's expectation as integer
weights over them, all out of one common ``scale``, so a dynamic programme can
compare options with integer arithmetic and divide once per state.

When the defender sees the attacker's roll (``sees-roll``), what matters is the
attacker's sorted top dice, as many as the defender could pair against; given
them, the defender's dice decide the losses (:func:`seen_roll_losses`).

>>> from strategy.risk.rules import Rules
>>> # Two defender dice against a 6 and a 5: the attacker loses both pairs only to
>>> # 6-6 or 6-5 (3 of 36 rolls) and wins both unless a die shows 6 or both show 5 (24).
>>> seen_roll_losses(Rules(), (6, 5), 2)
((2, 0, 3), (1, 1, 9), (0, 2, 24))
>>> round_moves(Rules(), 3, 2).successors
((1, 0), (0, 1), (2, 0), (1, 1), (0, 2))
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from strategy.risk.dice import rules_roll, top_roll_counts
from strategy.risk.rules import Rules

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
        won = sum(
            a > d or (a == d and rules.ties == "attacker")
            for a, d in zip(top, defence, strict=False)
        )
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

"""Plain, independent models of RGD's dice for the tests: every roll listed, every battle
recursed, Balanced Blitz's four steps written out once more from the research notes'
description (section 1.1), all without the package's kernels.

Armies are counted as SMG counts them: the attacking troops, the one left behind not
counted.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product


@cache
def roll(
    attacker_dice: int, defender_dice: int, ties_to_attacker: bool = False
) -> dict[tuple[int, int], Fraction]:
    """P(attacker loses i, defender loses j) of one roll, every roll of the dice listed."""
    counts: dict[tuple[int, int], int] = {}
    for faces in product(range(1, 7), repeat=attacker_dice + defender_dice):
        attack = sorted(faces[:attacker_dice], reverse=True)
        defend = sorted(faces[attacker_dice:], reverse=True)
        lost_a = lost_d = 0
        for a, d in zip(attack, defend, strict=False):
            if a > d or (ties_to_attacker and a == d):
                lost_d += 1
            else:
                lost_a += 1
        counts[(lost_a, lost_d)] = counts.get((lost_a, lost_d), 0) + 1
    total = 6 ** (attacker_dice + defender_dice)
    return {k: Fraction(v, total) for k, v in counts.items()}


def battle(
    attackers: int,
    defenders: int,
    *,
    attack_cap: int = 3,
    defend_cap: int = 2,
    ties_to_attacker: bool = False,
    stop_until: int = 0,
    retreat_at: int | None = None,
) -> dict[tuple[int, int], Fraction]:
    """Final states ``(attackers, defenders)`` with their probabilities. Stop-until caps
    the dice at ``attackers - stop_until``; a retreat rolls full dice while above it."""

    @cache
    def go(a: int, d: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
        if d == 0 or (retreat_at is not None and a <= retreat_at):
            return (((a, d), Fraction(1)),)
        dice = min(attack_cap, a - stop_until)
        if dice <= 0:
            return (((a, d), Fraction(1)),)
        ends: dict[tuple[int, int], Fraction] = {}
        for (la, ld), p in roll(dice, min(defend_cap, d), ties_to_attacker).items():
            for state, q in go(a - la, d - ld):
                ends[state] = ends.get(state, Fraction(0)) + p * q
        return tuple(ends.items())

    return dict(go(attackers, defenders))


def win_chance(attackers: int, defenders: int) -> float:
    """P(capture) of the plain 3 v 2 battle in floats, by the same recursion."""

    @cache
    def go(a: int, d: int) -> float:
        if d == 0:
            return 1.0
        if a == 0:
            return 0.0
        outcomes = roll(min(3, a), min(2, d)).items()
        return sum(float(p) * go(a - la, d - ld) for (la, ld), p in outcomes)

    return go(attackers, defenders)


def ordered(
    final: dict[tuple[int, int], Fraction], attackers: int, defenders: int
) -> tuple[list[float], int]:
    """SMG's outcome list, attacker's best first, zeros included, and how many are wins."""
    wins = [final.get((attackers - lost, 0), Fraction(0)) for lost in range(attackers)]
    losses = [final.get((0, left), Fraction(0)) for left in range(1, defenders + 1)]
    return [float(p) for p in wins + losses], attackers


def balanced_blitz(
    masses: list[float],
    wins: int,
    constants: tuple[float, float, float, float] = (0.05, 1.3, 0.1, 1.8),
) -> list[float]:
    """The four steps of section 1.1, entry by entry, as SMG's description has them."""
    win_cut, win_power, outcome_cut, outcome_power = constants
    out = list(masses)

    def rescale(low: int, high: int, target: float) -> None:
        total = sum(out[low:high])
        for i in range(low, high):
            out[i] = 0.0 if target <= 0 else out[i] * target / total

    win = sum(out[:wins])
    loss = sum(out[wins:])
    if win <= win_cut:
        rescale(0, wins, 0.0)
        rescale(wins, len(out), 1.0)
    elif loss <= win_cut:
        rescale(0, wins, 1.0)
        rescale(wins, len(out), 0.0)
    win, loss = sum(out[:wins]), sum(out[wins:])
    if 0 < win < 1:
        new_win = win**win_power / (win**win_power + loss**win_power)
        rescale(0, wins, new_win)
        rescale(wins, len(out), 1 - new_win)
    for indices in (range(len(out)), range(len(out) - 1, -1, -1)):
        running = 0.0
        for i in indices:
            running += out[i]
            if running <= outcome_cut:
                out[i] = 0.0
            else:
                out[i] = running - outcome_cut
                break
    total = sum(out)
    out = [x / total for x in out]
    for low, high in ((0, wins), (wins, len(out))):
        target = sum(out[low:high])
        if target > 0:
            powered = [x**outcome_power for x in out[low:high]]
            scale = target / sum(powered)
            out[low:high] = [x * scale for x in powered]
    return out

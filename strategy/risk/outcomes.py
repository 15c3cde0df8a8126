"""Tail probabilities of a battle's end, the questions players ask of a calculator.

Minerva asks for the probability of winning "with at least X troops left" and of
wearing the defender down to N; sipolac/risk prints both as cumulative tables.
Each is a sum over a final-state distribution, in the count the rules use.

>>> from strategy.risk.classic import battle_odds
>>> finals = battle_odds(3, 1).final_states  # capture with 3: 125/216; with 2: 15/36 * 91/216
>>> capture_with_at_least(finals, 3)
Fraction(125, 216)
>>> defender_down_to(finals, 0) == battle_odds(3, 1).win_probability
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from strategy.engine.numbers import Value
from strategy.engine.probability import at_most_one, probability_sum

#: ``(attackers, defenders, probability)`` of each end of one battle, in the rules' count.
FinalStates = Sequence[tuple[int, int, Value]]


def _zero(final_states: FinalStates) -> Value:
    """Zero of the distribution's number type (exact or float)."""
    return final_states[0][2] * 0


def capture_with_at_least(final_states: FinalStates, armies: int) -> Value:
    """P(the attacker captures with at least ``armies`` left in the attacking territory)."""
    winning = (p for a, d, p in final_states if d == 0 and a >= armies)
    return probability_sum(winning, _zero(final_states))


def defender_down_to(final_states: FinalStates, armies: int) -> Value:
    """P(the defender ends with at most ``armies`` left; 0 means captured)."""
    return probability_sum((p for _, d, p in final_states if d <= armies), _zero(final_states))


@dataclass(frozen=True)
class Cumulative:
    """Both tails at every count: ``attacker[k]`` is P(capture with >= k left) and
    ``defender[k]`` is P(defender down to <= k), each as ``(k, probability)``.

    >>> from strategy.risk.classic import battle_odds
    >>> cumulative(battle_odds(2, 1).final_states).defender
    ((0, Fraction(5, 12)), (1, Fraction(1, 1)))
    """

    attacker: tuple[tuple[int, Value], ...]
    defender: tuple[tuple[int, Value], ...]


def cumulative(final_states: FinalStates) -> Cumulative:
    """Both cumulative tables over the counts the distribution reaches, each a running
    sum: linear in the final states, not quadratic (a long battle has thousands)."""
    zero = _zero(final_states)
    by_attackers: dict[int, Value] = {}
    by_defenders: dict[int, Value] = {}
    for a, d, p in final_states:
        if d == 0:
            by_attackers[a] = by_attackers.get(a, zero) + p
        by_defenders[d] = by_defenders.get(d, zero) + p
    return Cumulative(
        _running(sorted(by_attackers.items(), reverse=True), zero),
        _running(sorted(by_defenders.items()), zero),
    )


def _running(masses: list[tuple[int, Value]], zero: Value) -> tuple[tuple[int, Value], ...]:
    total = zero
    sums = []
    for k, p in masses:
        total += p
        sums.append((k, at_most_one(total)))
    return tuple(sums)

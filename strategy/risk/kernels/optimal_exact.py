"""The exact kernel of the optimal-play tables: one state at a time, over common denominators.

Every round removes at least one army, so one pass over the grid (increasing ``A``, then
``D``) solves every state. Each state's options are integer weights over its few
successor states (:func:`strategy.risk.dice.round_moves`); the successors' values are put over one
common denominator, so every comparison is between integers and each state costs one
reduction. How a round is fought depends on the battle's choice rule: the most dice,
an answer to the attacker's count or roll, or a matrix game (solved exactly).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NamedTuple

from strategy.engine.matrix_game import solve_matrix_game
from strategy.risk.battle import Battle
from strategy.risk.choices import ATTACK, STOP, ChoiceRule, Move
from strategy.risk.dice import Round, Weights, round_moves
from strategy.risk.kernels.geometry import Progress
from strategy.risk.plays import OVER, CellPlay, Response, Value

#: A value times a common denominator: an integer, or the Fraction a matrix game returns.
Scaled = int | Fraction


class _Fight(NamedTuple):
    """A state's fighting options (scaled values) and the play behind them."""

    options: Sequence[tuple[Move, Scaled]]
    responses: tuple[Response, ...] = ()
    attacker_mix: tuple[Value, ...] = ()
    defender_mix: tuple[Value, ...] = ()


def exact_grid(
    max_attackers: int, max_defenders: int, battle: Battle, progress: Progress | None = None
) -> tuple[list[list[Fraction]], list[list[CellPlay]]]:
    """Exact ``values[A][D]`` (without the start offset) and plays for 0 <= A, D <= max.

    >>> from strategy.risk.battle import Battle
    >>> values, plays = exact_grid(2, 1, Battle())
    >>> values[2][1], plays[2][1].attacker  # seed 003: Pr(2,1) = 15/36
    (Fraction(5, 12), (1,))
    """
    rules, objective, allow_stop = battle.rules, battle.objective, battle.allow_stop
    fight = _fight_for(battle.choice)
    interned: dict[CellPlay, CellPlay] = {OVER: OVER}
    values: list[list[Fraction]] = []
    plays: list[list[CellPlay]] = []
    for a in range(max_attackers + 1):
        row: list[Fraction] = []
        row_plays: list[CellPlay] = []
        most_attacking = rules.attacker_dice_for(a)
        for d in range(max_defenders + 1):
            stop = objective.payoff(a, d)
            if d == 0 or most_attacking == 0:
                row.append(Fraction(stop))
                row_plays.append(OVER)
                continue
            rnd = round_moves(rules, most_attacking, rules.defender_dice_for(d))
            numbers, denominator = _common_scale(
                [
                    (row if lost_a == 0 else values[a - lost_a])[d - lost_d]
                    for lost_a, lost_d in rnd.successors
                ],
                rnd.scale,
            )
            found = fight(rnd, numbers)
            options = [*found.options, *([(STOP, stop * denominator)] if allow_stop else [])]
            best, chosen = _best([value for _, value in options], True)
            row.append(Fraction(best) / denominator)
            play = CellPlay(
                tuple(options[i][0] for i in chosen),
                found.responses,
                found.attacker_mix,
                found.defender_mix,
            )
            row_plays.append(interned.setdefault(play, play))
        values.append(row)
        plays.append(row_plays)
        if progress is not None:
            progress(a, max_attackers)
    return values, plays


def _common_scale(values: list[Fraction], scale: int) -> tuple[list[int], int]:
    """The successors' values as integer numerators over one denominator (times ``scale``),
    so comparisons and sums need no Fraction arithmetic."""
    common = math.lcm(*(v.denominator for v in values))
    return [v.numerator * (common // v.denominator) for v in values], common * scale


def _expect(weights: Weights, numbers: Sequence[Scaled]) -> Scaled:
    return sum(weight * numbers[i] for i, weight in weights)


def _best(values: list[Scaled], maximise: bool) -> tuple[Scaled, tuple[int, ...]]:
    """The best value and the indices of all values equal to it."""
    best = max(values) if maximise else min(values)
    return best, tuple(i for i, v in enumerate(values) if v == best)


def _defend(values: list[Scaled]) -> tuple[Scaled, tuple[int, ...]]:
    """The defender's best value and every optimal number of dice (1-based)."""
    best, chosen = _best(values, False)
    return best, tuple(i + 1 for i in chosen)


def _fight_max(rnd: Round, numbers: list[int]) -> _Fight:
    most = rnd.attacker_dice
    return _Fight(((most, _expect(rnd.rolls[most - 1][rnd.defender_dice - 1], numbers)),))


def _fight_respond(rnd: Round, numbers: list[int]) -> _Fight:
    options: list[tuple[Move, Scaled]] = []
    responses: list[Response] = []
    for k, row in enumerate(rnd.rolls, start=1):
        value, answers = _defend([_expect(w, numbers) for w in row])
        options.append((k, value))
        responses.append((k, (), answers))
    return _Fight(options, tuple(responses))


def _fight_sees_roll(rnd: Round, numbers: list[int]) -> _Fight:
    options: list[tuple[Move, Scaled]] = []
    responses: list[Response] = []
    for k, tops in enumerate(rnd.seen, start=1):
        total: Scaled = 0
        for top, row in tops:
            value, answers = _defend([_expect(w, numbers) for w in row])
            total += value
            responses.append((k, top, answers))
        options.append((k, total))
    return _Fight(options, tuple(responses))


def _fight_announce(rnd: Round, numbers: list[int]) -> _Fight:
    matrix = [[_expect(w, numbers) for w in row] for row in rnd.rolls]
    solution = solve_matrix_game(matrix, exact=True)
    value = Fraction(solution.value)  # exact=True: already a Fraction
    return _Fight(((ATTACK, value),), (), solution.row_strategy, solution.column_strategy)


def _fight_for(choice: ChoiceRule) -> Callable[[Round, list[int]], _Fight]:
    """How a round is fought under ``choice``: who picks dice, knowing what."""
    if choice.fixed:
        return _fight_max
    if choice.simultaneous:
        return _fight_announce
    return _fight_sees_roll if choice.defender_sees_roll else _fight_respond

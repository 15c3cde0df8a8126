"""Optimal play in a Risk battle: one dynamic programme over the grid of states.

Every round removes at least one army, so the value of ``(A, D)`` depends only
on states with fewer armies, and one pass over the grid (increasing ``A``, then
``D``) solves every state. At each state the attacker may stop (unless told
not to) or fight; how a fight is played depends on the timing rule
(:mod:`strategy.risk.choices`):

* ``max``: both sides roll the most dice; the only choice is whether to stop;
* ``respond``: the attacker picks ``k`` dice, the defender answers knowing ``k``;
* ``announce``: both pick at once, a zero-sum matrix game (possibly mixed);
* ``sees-roll``: the attacker picks ``k`` and rolls; the defender sees the dice.

Each state's options are integer weights over its few successor states
(:mod:`strategy.risk.moves`). In exact mode the successors' values are put over
one common denominator, so every comparison is between integers and each state
costs one reduction. In float mode whole anti-diagonals of states are solved at
once with numpy (:mod:`strategy.risk.kernels.optimal_float`); the tests hold the two
equal to the generic solver.

The value of the fight to the end, both rolling the most dice, is the classic table:

>>> from strategy.risk.battle import battle_table
>>> optimal_table(6, 6, allow_stop=False, exact=True).values == battle_table(6, 6).values
True
>>> odds = optimal_odds(3, 2, choice="sees-roll", exact=True)
>>> odds.value < battle_table(3, 2).value(3, 2)  # a defender who sees the dice does better
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from strategy.engine.errors import InputError
from strategy.engine.matrix_game import solve_matrix_game
from strategy.engine.resources import require
from strategy.risk.battle import CAPTURE, BattleTable, table_memory
from strategy.risk.choices import Choice, choice_rule
from strategy.risk.kernels.optimal_float import (
    PlayRows,
    Progress,
    float_grid,
    float_grid_memory,
    separable,
)
from strategy.risk.moves import Round, Weights, round_moves
from strategy.risk.objectives import Objective
from strategy.risk.plays import ATTACK, OVER, STOP, CellPlay, Move, Response, Value
from strategy.risk.rules import DEFAULT_RULES, Rules, check_table_size

__all__ = [
    "ATTACK",
    "OPTIMISED",
    "OVER",
    "STOP",
    "CellPlay",
    "Move",
    "OptimalOdds",
    "OptimalTable",
    "Response",
    "Value",
    "check_objective",
    "optimal_odds",
    "optimal_table",
]

#: A value times a common denominator: an integer, or the Fraction a matrix game returns.
Scaled = int | Fraction
#: Objectives a player can pursue; ``attacker-left`` and ``defender-left`` only describe
#: the battle fought to the end.
OPTIMISED = ("capture", "signed", "keep", "balance")


@dataclass(frozen=True)
class OptimalTable(BattleTable):
    """Values under optimal play over a grid, and how to play at every state.

    ``plays[i][j]`` is the play at the ``i``-th attacker count and ``j``-th defender
    count; float tables decode it from compact arrays when it is read.

    >>> table = optimal_table(4, 3, choice="sees-roll")
    >>> table.choice, table.play(4, 3).attacker
    ('sees-roll', (3,))
    """

    choice: Choice
    allow_stop: bool
    plays: Sequence[Sequence[CellPlay]]

    def play(self, attackers: int, defenders: int) -> CellPlay:
        """Optimal play at one cell, looked up by army counts."""
        row, column = self.attackers.index(attackers), self.defenders.index(defenders)
        if isinstance(self.plays, PlayRows):
            return self.plays.grid.play(attackers, defenders)
        return self.plays[row][column]


@dataclass(frozen=True)
class OptimalOdds:
    """One battle under optimal play: its value and both sides' first choices.

    >>> optimal_odds(2, 1).value  # one die each: seed 003's 15/36
    0.4166666666666667
    """

    rules: Rules
    objective: Objective
    choice: Choice
    allow_stop: bool
    attackers: int
    defenders: int
    value: Value
    play: CellPlay
    exact: bool


def check_objective(objective: Objective, choice: Choice, allow_stop: bool) -> None:
    """Refuse an unknown choice rule, and an objective nobody can optimise under these options.

    >>> check_objective(Objective("attacker-left"), "max", allow_stop=False)  # the classic
    >>> check_objective(Objective("attacker-left"), "sees-roll", allow_stop=False)
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: objective 'attacker-left' only describes ...
    """
    choice_rule(choice)
    if objective.kind not in OPTIMISED and (choice != "max" or allow_stop):
        raise InputError(
            f"objective {objective.label!r} only describes the battle fought to the end with "
            "the most dice (choice max, no stopping); players optimise capture, signed, "
            "keep:K or balance:T"
        )


def optimal_table(
    max_attackers: int,
    max_defenders: int,
    rules: Rules = DEFAULT_RULES,
    objective: Objective = CAPTURE,
    choice: Choice = "max",
    *,
    allow_stop: bool = True,
    exact: bool = False,
    progress: Progress | None = None,
) -> OptimalTable:
    """Values and optimal play for attackers 1..``max_attackers``, defenders 1..``max_defenders``.

    ``progress(done, total)``, if given, is called now and then while the table is
    computed (a progress bar such as ``strategy.engine.progress.ProgressBar`` can draw it). A
    table too large for this machine's memory is refused before any work
    (:class:`strategy.engine.resources.TooLarge`, with the size it would need).

    >>> table = optimal_table(3, 2, exact=True)
    >>> table.value(2, 1), table.play(2, 1).attacker  # seed 003: Pr(2,1) = 15/36
    (Fraction(5, 12), (1,))
    """
    check_table_size(max_attackers, max_defenders)
    _admit(max_attackers, max_defenders, rules, objective, choice, allow_stop, exact)
    rows, columns = range(1, max_attackers + 1), range(1, max_defenders + 1)
    values: tuple[tuple[Value, ...], ...]
    plays: Sequence[Sequence[CellPlay]]
    if exact:
        exact_values, exact_plays = _solve_exact(
            max_attackers, max_defenders, rules, objective, choice, allow_stop, progress
        )
        values = tuple(
            tuple(exact_values[a][d] + objective.start_offset(a, d) for d in columns) for a in rows
        )
        plays = tuple(tuple(exact_plays[a][d] for d in columns) for a in rows)
    else:
        grid = float_grid(
            max_attackers,
            max_defenders,
            rules,
            objective,
            choice,
            allow_stop=allow_stop,
            progress=progress,
        )
        row_offset, column_offset = separable(
            objective.start_offset, max_attackers, max_defenders, 0
        )
        array = grid.values[1:, 1:] + np.add.outer(row_offset[1:], column_offset[1:])
        values, plays = tuple(map(tuple, array.tolist())), PlayRows(grid)
    return OptimalTable(
        rules=rules,
        objective=objective,
        attackers=tuple(rows),
        defenders=tuple(columns),
        values=values,
        exact=exact,
        choice=choice,
        allow_stop=allow_stop,
        plays=plays,
    )


def optimal_odds(
    attackers: int,
    defenders: int,
    rules: Rules = DEFAULT_RULES,
    objective: Objective = CAPTURE,
    choice: Choice = "max",
    *,
    allow_stop: bool = True,
    exact: bool = False,
) -> OptimalOdds:
    """The value of one battle under optimal play, and how each side starts.

    >>> optimal_odds(4, 2, objective=Objective("balance", 0), exact=True).value >= 0
    True
    """
    rules.check_state(attackers, defenders)
    _admit(attackers, defenders, rules, objective, choice, allow_stop, exact)
    value: Value
    if defenders == 0 or rules.attacker_dice_for(attackers) == 0:
        # Already over: no roll, no choice; the kernels' grids start at one army a side.
        payoff = objective.payoff(attackers, defenders)
        value, play = (Fraction(payoff) if exact else float(payoff)), OVER
    elif exact:
        values, plays = _solve_exact(
            attackers, defenders, rules, objective, choice, allow_stop, None
        )
        value, play = values[attackers][defenders], plays[attackers][defenders]
    else:
        grid = float_grid(attackers, defenders, rules, objective, choice, allow_stop=allow_stop)
        value, play = float(grid.values[attackers, defenders]), grid.play(attackers, defenders)
    return OptimalOdds(
        rules,
        objective,
        choice,
        allow_stop,
        attackers,
        defenders,
        value + objective.start_offset(attackers, defenders),
        play,
        exact,
    )


def _admit(
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    choice: Choice,
    allow_stop: bool,
    exact: bool,
) -> None:
    """Refuse, before any work, what nobody can optimise or this machine cannot hold."""
    check_objective(objective, choice, allow_stop)
    seconds = 0.0
    if exact:
        cells = (max_attackers + 1) * (max_defenders + 1)
        needed = table_memory(max_attackers, max_defenders, rules, exact=True) + 16 * cells
        # Each cell's integers grow with the battle: measured 0.2 to 1.6 us per cell and
        # army at 80 x 80 (sees-roll the dearest, a reduction per roll the defender sees).
        per_cell = 1.6e-6 if choice == "sees-roll" else 0.5e-6
        seconds = per_cell * cells * (max_attackers + max_defenders)
    else:
        needed = float_grid_memory(max_attackers, max_defenders, rules, choice)
    kind = "exact" if exact else "float"
    what = f"a {max_attackers} x {max_defenders} {kind} table of optimal play"
    require(what, memory=needed, seconds=seconds)


class _Fight(NamedTuple):
    """A state's fighting options (scaled values) and the play behind them."""

    options: Sequence[tuple[Move, Scaled]]
    responses: tuple[Response, ...] = ()
    attacker_mix: tuple[Value, ...] = ()
    defender_mix: tuple[Value, ...] = ()


def _solve_exact(
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    choice: Choice,
    allow_stop: bool,
    progress: Progress | None,
) -> tuple[list[list[Fraction]], list[list[CellPlay]]]:
    """Exact ``values[A][D]`` (without the start offset) and plays for 0 <= A, D <= max."""
    fight = _FIGHTS[choice]
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


_FIGHTS: dict[Choice, Callable[[Round, list[int]], _Fight]] = {
    "max": _fight_max,
    "respond": _fight_respond,
    "sees-roll": _fight_sees_roll,
    "announce": _fight_announce,
}

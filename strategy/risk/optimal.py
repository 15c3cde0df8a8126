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
costs one reduction; in float mode the same code runs on floats.

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
from typing import NamedTuple, cast

from strategy.matrix_game import solve_matrix_game
from strategy.resources import require_memory
from strategy.risk.battle import CAPTURE, BattleTable, table_memory
from strategy.risk.choices import Choice, choice_rule
from strategy.risk.moves import Roll, Round, Weights, round_moves
from strategy.risk.objectives import Objective
from strategy.risk.rules import DEFAULT_RULES, Rules
from strategy.solve import FLOAT_TIE_TOLERANCE

Value = Fraction | float
#: A value times a common denominator: an integer (exact), a float, or the Fraction a
#: matrix game returns.
Scaled = int | float | Fraction
#: An attacker's move: a number of dice, ``ATTACK`` (``announce``: fight, the dice are
#: chosen in the matrix game) or ``STOP``.
Move = int | str
STOP = "stop"
ATTACK = "attack"
#: Objectives a player can pursue; ``attacker-left`` and ``defender-left`` only describe
#: the battle fought to the end.
OPTIMISED = ("capture", "signed", "keep", "balance")
#: The defender's best answers: ``(attacker dice, attacker's top roll or (), defender dice)``.
Response = tuple[int, Roll, tuple[int, ...]]


@dataclass(frozen=True)
class CellPlay:
    """Optimal play at one state.

    ``attacker`` holds every optimal move, in the order the battle game lists them
    (dice counts, or ``ATTACK``, then ``STOP``); it is empty where the battle is over.
    ``responses`` holds the defender's optimal answers (every tie) to each attacker
    dice count (``respond``) or each attacker roll (``sees-roll``). Under
    ``announce`` the mixes are an equilibrium of the stage game: the probabilities
    of rolling 1, 2, … dice.

    >>> play = optimal_odds(5, 3, choice="respond").play
    >>> play.attacker, play.response(3)
    ((3,), (2,))
    """

    attacker: tuple[Move, ...]
    responses: tuple[Response, ...] = ()
    attacker_mix: tuple[Value, ...] = ()
    defender_mix: tuple[Value, ...] = ()

    @property
    def over(self) -> bool:
        """Whether the battle is over here (no one moves)."""
        return not self.attacker

    @property
    def stops(self) -> bool:
        """Whether stopping is the attacker's only optimal move."""
        return self.attacker == (STOP,)

    @property
    def dice(self) -> int | None:
        """The most dice among the attacker's optimal pure choices (None if it stops or mixes)."""
        counts = [move for move in self.attacker if isinstance(move, int)]
        return max(counts) if counts else None

    def response(self, attacker_dice: int, roll: Roll = ()) -> tuple[int, ...]:
        """The defender's optimal dice counts against ``attacker_dice`` (and ``roll``)."""
        for dice, seen, answers in self.responses:
            if dice == attacker_dice and seen == roll:
                return answers
        raise KeyError(f"no response recorded for {attacker_dice} dice and roll {roll}")


OVER = CellPlay(())


@dataclass(frozen=True)
class OptimalTable(BattleTable):
    """Values under optimal play over a grid, and how to play at every state.

    >>> table = optimal_table(4, 3, choice="sees-roll")
    >>> table.choice, table.play(4, 3).attacker
    ('sees-roll', (3,))
    """

    choice: Choice
    allow_stop: bool
    plays: tuple[tuple[CellPlay, ...], ...]

    def play(self, attackers: int, defenders: int) -> CellPlay:
        """Optimal play at one cell, looked up by army counts."""
        return self.plays[self.attackers.index(attackers)][self.defenders.index(defenders)]


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
    """Refuse an objective nobody can optimise under these options.

    >>> check_objective(Objective("attacker-left"), "max", allow_stop=False)  # the classic
    >>> check_objective(Objective("attacker-left"), "sees-roll", allow_stop=False)
    Traceback (most recent call last):
    ...
    ValueError: objective 'attacker-left' only describes the battle fought to the end ...
    """
    if objective.kind not in OPTIMISED and (choice != "max" or allow_stop):
        raise ValueError(
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
) -> OptimalTable:
    """Values and optimal play for attackers 1..``max_attackers``, defenders 1..``max_defenders``.

    >>> table = optimal_table(3, 2, exact=True)
    >>> table.value(2, 1), table.play(2, 1).attacker  # seed 003: Pr(2,1) = 15/36
    (Fraction(5, 12), (1,))
    """
    for name, size in (("max_attackers", max_attackers), ("max_defenders", max_defenders)):
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"{name} must be a whole number >= 1, not {size!r}")
    values, plays = _solve_grid(
        max_attackers, max_defenders, rules, objective, choice, allow_stop, exact
    )
    rows, columns = range(1, max_attackers + 1), range(1, max_defenders + 1)
    return OptimalTable(
        rules=rules,
        objective=objective,
        attackers=tuple(rows),
        defenders=tuple(columns),
        values=tuple(
            tuple(values[a][d] + objective.start_offset(a, d) for d in columns) for a in rows
        ),
        exact=exact,
        choice=choice,
        allow_stop=allow_stop,
        plays=tuple(tuple(plays[a][d] for d in columns) for a in rows),
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
    values, plays = _solve_grid(attackers, defenders, rules, objective, choice, allow_stop, exact)
    value = values[attackers][defenders] + objective.start_offset(attackers, defenders)
    return OptimalOdds(
        rules,
        objective,
        choice,
        allow_stop,
        attackers,
        defenders,
        value,
        plays[attackers][defenders],
        exact,
    )


class _Fight(NamedTuple):
    """A state's fighting options (scaled values) and the play behind them."""

    options: Sequence[tuple[Move, Scaled]]
    responses: tuple[Response, ...] = ()
    attacker_mix: tuple[Value, ...] = ()
    defender_mix: tuple[Value, ...] = ()


def _solve_grid(
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    choice: Choice,
    allow_stop: bool,
    exact: bool,
) -> tuple[list[list[Value]], list[list[CellPlay]]]:
    """``values[A][D]`` (without the start offset) and plays for 0 <= A, D <= max."""
    choice_rule(choice)
    check_objective(objective, choice, allow_stop)
    cells = (max_attackers + 1) * (max_defenders + 1)
    kind = "exact" if exact else "float"
    require_memory(
        table_memory(max_attackers, max_defenders, rules, exact=exact) + 16 * cells,
        f"a {max_attackers} x {max_defenders} {kind} table of optimal play",
    )
    fight = _FIGHTS[choice]
    interned: dict[CellPlay, CellPlay] = {OVER: OVER}
    values: list[list[Value]] = []
    plays: list[list[CellPlay]] = []
    for a in range(max_attackers + 1):
        row: list[Value] = []
        row_plays: list[CellPlay] = []
        most_attacking = rules.attacker_dice_for(a)
        for d in range(max_defenders + 1):
            stop = objective.payoff(a, d)
            if d == 0 or most_attacking == 0:
                row.append(Fraction(stop) if exact else float(stop))
                row_plays.append(OVER)
                continue
            rnd = round_moves(rules, most_attacking, rules.defender_dice_for(d))
            numbers, denominator = _common_scale(
                [
                    (row if lost_a == 0 else values[a - lost_a])[d - lost_d]
                    for lost_a, lost_d in rnd.successors
                ],
                rnd.scale,
                exact,
            )
            found = fight(rnd, numbers, exact)
            options = [*found.options, *([(STOP, stop * denominator)] if allow_stop else [])]
            best, chosen = _best([value for _, value in options], True, exact)
            row.append(Fraction(best) / denominator if exact else best / denominator)
            play = CellPlay(
                tuple(options[i][0] for i in chosen),
                found.responses,
                found.attacker_mix,
                found.defender_mix,
            )
            row_plays.append(interned.setdefault(play, play))
        values.append(row)
        plays.append(row_plays)
    return values, plays


def _common_scale(values: list[Value], scale: int, exact: bool) -> tuple[list[Scaled], int | float]:
    """The successors' values as numbers over one denominator (times ``scale``).

    Exact values become integer numerators over their least common denominator, so
    comparisons and sums need no Fraction arithmetic; floats stay as they are.
    """
    if not exact:
        return list(values), float(scale)
    fractions = cast(list[Fraction], values)
    common = math.lcm(*(v.denominator for v in fractions))
    return [v.numerator * (common // v.denominator) for v in fractions], common * scale


def _expect(weights: Weights, numbers: list[Scaled]) -> Scaled:
    return sum(weight * numbers[i] for i, weight in weights)


def _best(values: list[Scaled], maximise: bool, exact: bool) -> tuple[Scaled, tuple[int, ...]]:
    """The best value and the indices of all values that tie with it (floats: within round-off)."""
    best = max(values) if maximise else min(values)
    if exact:
        return best, tuple(i for i, v in enumerate(values) if v == best)
    tolerance = FLOAT_TIE_TOLERANCE * max(abs(float(v)) for v in values)
    return best, tuple(i for i, v in enumerate(values) if abs(float(v) - best) <= tolerance)


def _defend(values: list[Scaled], exact: bool) -> tuple[Scaled, tuple[int, ...]]:
    """The defender's best value and every optimal number of dice (1-based)."""
    best, chosen = _best(values, False, exact)
    return best, tuple(i + 1 for i in chosen)


def _fight_max(rnd: Round, numbers: list[Scaled], exact: bool) -> _Fight:
    most = rnd.attacker_dice
    return _Fight(((most, _expect(rnd.rolls[most - 1][rnd.defender_dice - 1], numbers)),))


def _fight_respond(rnd: Round, numbers: list[Scaled], exact: bool) -> _Fight:
    options: list[tuple[Move, Scaled]] = []
    responses: list[Response] = []
    for k, row in enumerate(rnd.rolls, start=1):
        value, answers = _defend([_expect(w, numbers) for w in row], exact)
        options.append((k, value))
        responses.append((k, (), answers))
    return _Fight(options, tuple(responses))


def _fight_sees_roll(rnd: Round, numbers: list[Scaled], exact: bool) -> _Fight:
    options: list[tuple[Move, Scaled]] = []
    responses: list[Response] = []
    for k, tops in enumerate(rnd.seen, start=1):
        total: Scaled = 0
        for top, row in tops:
            value, answers = _defend([_expect(w, numbers) for w in row], exact)
            total += value
            responses.append((k, top, answers))
        options.append((k, total))
    return _Fight(options, tuple(responses))


def _fight_announce(rnd: Round, numbers: list[Scaled], exact: bool) -> _Fight:
    matrix = [[_expect(w, numbers) for w in row] for row in rnd.rolls]
    solution = solve_matrix_game(matrix, exact=exact)
    return _Fight(((ATTACK, solution.value),), (), solution.row_strategy, solution.column_strategy)


_FIGHTS: dict[Choice, Callable[[Round, list[Scaled], bool], _Fight]] = {
    "max": _fight_max,
    "respond": _fight_respond,
    "sees-roll": _fight_sees_roll,
    "announce": _fight_announce,
}

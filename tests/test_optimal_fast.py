"""The vectorised float tables and the exact tables against the generic solver, state by state.

The generic solver (:func:`strategy.engine.solve.solve` on :class:`BattleGame`) is the reference:
every value and every optimal move (ties included) of every state up to 30 x 30, for every
choice rule and objective (``attacker-left`` and ``defender-left`` describe only the battle
fought to the end, so only there). Exact tables must equal the exact solver. Float values must be
within 1e-12 of the exact ones, and float moves those of the solver in float mode: options
whose values differ by less than ``FLOAT_TIE_TOLERANCE`` (relative) count as tied in floats,
so near certain captures, where the exact odds of two dice counts may differ by 1e-20,
floats call them tied. Floats and exact tables choose the same moves except exactly there,
which a check written here in exact arithmetic confirms: on one 100 x 100 sweep (the Dutch
rules' defender, ``sees-roll`` under ``capture``: about 650 such states), and on 50 x 50 for
every other game, which keeps the suite fast.

Deep imports: the float and exact optimal-play kernels, against the generic solver, state by state.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine import FLOAT_TIE_TOLERANCE, Result, TooLarge
from strategy.risk import (
    Battle,
    BattleGame,
    Choice,
    Objective,
    OptimalTable,
    Rules,
)
from strategy.risk.dice import roll_outcomes, top_outcomes
from strategy.risk.kernels.optimal_float import PlayRows
from strategy.risk.optimal import optimal_odds, optimal_table
from strategy.risk.plays import CellPlay, Response, Value
from strategy.testing import objectives, risk_rules
from tests.helpers import CHOICES, OBJECTIVES, assert_matches_solver, close, solve_every_start

SOLVER_SIZE = 30
FLOAT_SIZE = 100
#: The one game swept at FLOAT_SIZE; the others at SWEEP_SIZE.
FULL_SWEEP = ("sees-roll", "capture", True)
SWEEP_SIZE = 50


def same_mix(fast: tuple[Value, ...], exact: tuple[Value, ...]) -> bool:
    return len(fast) == len(exact) and all(close(x, y) for x, y in zip(fast, exact, strict=True))


def same_play(fast: CellPlay, exact: CellPlay) -> bool:
    """Equal moves and answers; mixes equal up to round-off."""
    return (
        fast.attacker == exact.attacker
        and fast.responses == exact.responses
        and same_mix(fast.attacker_mix, exact.attacker_mix)
        and same_mix(fast.defender_mix, exact.defender_mix)
    )


#: The battle fought to the end, both sides rolling the most dice: the only game these
#: objectives describe.
FOUGHT = (("max", "attacker-left", False), ("max", "defender-left", False))
GAMES = [(c, o, True) for c in CHOICES for o in OBJECTIVES] + list(FOUGHT)


@cache
def solved(
    choice: Choice, objective: str, allow_stop: bool, exact: bool
) -> tuple[BattleGame, Result[Any, Any]]:
    # Cached: a game's exact and float tables are both checked against its one exact solve.
    parsed = Objective.parse(objective)
    return solve_every_start(SOLVER_SIZE, Rules(), parsed, choice, allow_stop, exact=exact)


@pytest.mark.parametrize(("choice", "objective", "allow_stop"), GAMES)
@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
def test_tables_equal_the_generic_solver_up_to_30_by_30(
    choice: Choice, objective: str, allow_stop: bool, exact: bool
) -> None:
    game, reference = solved(choice, objective, allow_stop, True)
    result = reference if exact else solved(choice, objective, allow_stop, False)[1]
    table = optimal_table(SOLVER_SIZE, SOLVER_SIZE, game.battle, exact=exact)
    assert_matches_solver(table, game, reference, result)


@pytest.mark.parametrize(("choice", "objective", "allow_stop"), GAMES)
def test_floats_agree_with_exact_up_to_100_by_100(
    choice: Choice, objective: str, allow_stop: bool
) -> None:
    side = FLOAT_SIZE if (choice, objective, allow_stop) == FULL_SWEEP else SWEEP_SIZE
    battle = Battle.of(objective=objective, choice=choice, allow_stop=allow_stop)
    exact = optimal_table(side, side, battle, exact=True)
    fast = optimal_table(side, side, battle)
    assert_floats_agree(fast, exact)


def assert_floats_agree(fast: OptimalTable, exact: OptimalTable) -> None:
    for a in exact.attackers:
        for d in exact.defenders:
            assert close(fast.value(a, d), exact.value(a, d)), (a, d)
            play = fast.play(a, d)
            assert same_play(play, exact.play(a, d)) or same_play(play, tied(exact, a, d)), (a, d)


def tied(table: OptimalTable, a: int, d: int) -> CellPlay:
    """The exact play at ``(a, d)`` with options closer than the float tie tolerance counted
    as tied: what floats should choose. Values are counted without the start offset, as the
    tables compare them."""
    rules, objective = table.rules, table.objective
    kmax, jmax = rules.attacker_dice_for(a), rules.defender_dice_for(d)

    def worth(attackers: int, defenders: int) -> Fraction:
        if defenders == 0 or rules.attacker_dice_for(attackers) == 0:
            return Fraction(objective.payoff(attackers, defenders))
        cell = Fraction(table.value(attackers, defenders))
        return cell - objective.start_offset(attackers, defenders)

    # The kernel's round-off is relative to the successors' values an option weighs.
    scale = max(
        abs(worth(a - la, d - ld))
        for k in range(1, kmax + 1)
        for j in range(1, jmax + 1)
        for (la, ld), _ in roll_outcomes(rules, k, j)
    )

    def roll(k: int, j: int, top: tuple[int, ...] = ()) -> Fraction:
        outcomes = roll_outcomes(rules, k, j, top)
        return sum((p * worth(a - la, d - ld) for (la, ld), p in outcomes), Fraction(0))

    def near_best(values: list[Fraction], pick: Any) -> tuple[Fraction, tuple[int, ...]]:
        return near(values, pick, scale)

    responses: list[Response] = []
    options: list[Fraction] = []
    mixes: tuple[tuple[Value, ...], ...] = ((), ())
    if table.choice.name == "max":
        options.append(roll(kmax, jmax))
    elif table.choice.name == "announce":
        value, *saddle = near_saddle(
            [[roll(k, j) for j in range(1, jmax + 1)] for k in range(1, kmax + 1)]
        )
        options.append(value)
        mixes = tuple(saddle)
    for k in range(1, kmax + 1):
        if table.choice.name == "respond":
            value, answers = near_best([roll(k, j) for j in range(1, jmax + 1)], min)
            options.append(value)
            responses.append((k, (), answers))
        elif table.choice.name == "sees-roll":
            total = Fraction(0)
            for top, p in top_outcomes(rules, k, min(k, jmax)):
                value, answers = near_best([roll(k, j, top) for j in range(1, jmax + 1)], min)
                total += p * value
                responses.append((k, top, answers))
            options.append(total)
    if table.allow_stop:
        options.append(Fraction(objective.payoff(a, d)))
    moves = BattleGame(a, d, rules, objective, table.choice, allow_stop=table.allow_stop)
    legal = moves.legal_actions(moves.initial_state())
    chosen = near_best(options, max)[1]
    return CellPlay(tuple(legal[i - 1] for i in chosen), tuple(responses), *mixes)


def near(values: list[Fraction], pick: Any, scale: Fraction) -> tuple[Fraction, tuple[int, ...]]:
    """The best value and the 1-based positions of the values within the tie tolerance,
    relative to the values themselves and to ``scale``, the successors' largest value."""
    best = pick(values)
    tolerance = FLOAT_TIE_TOLERANCE * max(scale, *(abs(v) for v in values))
    return best, tuple(i for i, v in enumerate(values, 1) if abs(v - best) <= tolerance)


def near_saddle(matrix: list[list[Fraction]]) -> tuple[Fraction, tuple[int, ...], tuple[int, ...]]:
    """A stage game's value and pure strategies (first near-best row and column), when its
    maximin and minimax agree within the tie tolerance."""
    row_minima = [min(row) for row in matrix]
    column_maxima = [max(column) for column in zip(*matrix, strict=True)]
    tolerance = FLOAT_TIE_TOLERANCE * max(abs(v) for row in matrix for v in row)
    lower, upper = max(row_minima), min(column_maxima)
    assert upper - lower <= tolerance, "not a near-saddle point"
    row = next(i for i, v in enumerate(row_minima) if v >= lower - tolerance)
    column = next(i for i, v in enumerate(column_maxima) if v <= upper + tolerance)
    return (
        lower,
        tuple(int(i == row) for i in range(len(matrix))),
        tuple(int(j == column) for j in range(len(matrix[0]))),
    )


@settings(max_examples=60, deadline=None)
@given(
    risk_rules(max_dice=3, max_sides=4),
    st.sampled_from(CHOICES),
    objectives().filter(lambda o: o.kind not in ("attacker-left", "defender-left")),
    st.booleans(),
    st.integers(1, 9),
    st.integers(1, 9),
)
def test_floats_agree_with_exact_under_any_rules(
    rules: Rules, choice: Choice, objective: Objective, allow_stop: bool, rows: int, columns: int
) -> None:
    # Editions move the edges of the grid (fewer dice near them) and the grid need not be square.
    size = (rows + rules.offset, columns)
    battle = Battle.of(rules=rules, objective=objective, choice=choice, allow_stop=allow_stop)
    exact = optimal_table(*size, battle, exact=True)
    fast = optimal_table(*size, battle)
    assert_floats_agree(fast, exact)


def test_one_battle_reads_the_same_cell_as_the_table() -> None:
    table = optimal_table(9, 7, Battle.of(objective=Objective("balance", 2), choice="sees-roll"))
    odds = optimal_odds(9, 7, Battle.of(objective=Objective("balance", 2), choice="sees-roll"))
    assert odds.value == table.value(9, 7) and odds.play == table.play(9, 7)
    assert optimal_odds(9, 7, Battle.of(choice="announce"), exact=True).value == Fraction(
        optimal_table(9, 7, Battle.of(choice="announce"), exact=True).value(9, 7)
    )


def test_float_plays_read_like_the_exact_rows() -> None:
    exact = optimal_table(6, 4, Battle.of(choice="respond"), exact=True)
    fast = optimal_table(6, 4, Battle.of(choice="respond"))
    assert fast.plays == exact.plays and exact.plays == fast.plays
    assert len(fast.plays) == 6 and len(fast.plays[0]) == 4
    assert fast.plays[1:3] == exact.plays[1:3] and list(fast.plays)[-1] == exact.plays[-1]
    not_plays: object = "not plays"
    assert fast.plays != exact.plays[:-1] and fast.plays != not_plays
    assert fast.plays[2][1] is fast.play(3, 2)  # decoded plays are shared, not rebuilt
    assert repr(fast.plays) == "PlayRows(6 x 4)" and hash(fast.plays) == hash(fast.plays)
    with pytest.raises(ValueError):
        fast.play(7, 1)


@pytest.mark.parametrize("choice", CHOICES)
def test_rows_decode_like_single_cells(choice: Choice) -> None:
    plays = optimal_table(40, 40, Battle.of(defender_dice=3, choice=choice)).plays
    assert isinstance(plays, PlayRows)
    grid = plays.grid
    for a in range(41):
        assert grid.row_plays(a, 0, 41) == tuple(grid.play(a, d) for d in range(41))
        assert grid.row_plays(a, 7, 12) == tuple(grid.play(a, d) for d in range(7, 12))


def test_progress_is_reported_up_to_the_end() -> None:
    calls: list[tuple[int, int]] = []
    optimal_table(
        300, 200, Battle.of(choice="sees-roll"), progress=lambda *call: calls.append(call)
    )
    done = [d for d, _ in calls]
    assert 10 <= len(calls) <= 500 and done == sorted(done)
    assert calls[-1][0] == calls[-1][1] == calls[0][1]


def test_an_interrupted_table_leaves_nothing_behind() -> None:
    # Ctrl-C arrives as KeyboardInterrupt wherever the loop is; here, at a progress report.
    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        optimal_table(200, 200, Battle.of(choice="announce"), progress=interrupt)
    again = optimal_table(20, 20, Battle.of(choice="announce"))
    assert again.value(20, 20) == pytest.approx(float(optimal_odds(20, 20, exact=True).value))


def test_a_table_too_large_is_refused_with_its_size() -> None:
    with pytest.raises(TooLarge, match=r"1000000 x 1000000 float table .* needs about .* TiB"):
        optimal_table(10**6, 10**6, Battle.of(choice="sees-roll"))

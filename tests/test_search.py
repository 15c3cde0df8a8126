"""Alpha-beta with a transposition table against brute force and the backward-induction solver."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings

from strategy import solve
from strategy.classic import LINES, Board, TicTacToe
from strategy.engine import GameError, MoveOrdering, NodeKind, alphabeta, iterative_deepening
from strategy.testing import TreeGame, brute_force_value, small_games

decision_games = small_games(max_depth=5, max_width=3, kinds=[NodeKind.MAX, NodeKind.MIN])


@settings(max_examples=200, deadline=None)
@given(decision_games)
def test_alphabeta_equals_brute_force_and_finds_every_best_move(game: TreeGame) -> None:
    result = alphabeta(game)
    assert result.value == brute_force_value(game)
    solved = solve(game)
    assert result.best_actions == solved.optimal_actions.get(0, ())


@settings(max_examples=100, deadline=None)
@given(decision_games)
def test_every_state_searched_on_its_own_agrees(game: TreeGame) -> None:
    solved = solve(game)
    for state, value in solved.values.items():
        assert alphabeta(game, state).value == value


def test_pruning_and_the_table_save_work_on_tic_tac_toe() -> None:
    # The full tree has 549 946 nodes (Schaefer 2002: 255 168 games); 5 478 distinct positions.
    result = alphabeta(TicTacToe())
    assert result.value == 0
    assert result.positions_searched < 5478


def test_exact_fractions_survive() -> None:
    game = TreeGame.from_spec(("max", {"a": ("pay", "1/3"), "b": ("pay", "2/7")}))
    assert alphabeta(game).value == Fraction(1, 3)


def test_chance_is_refused() -> None:
    game = TreeGame.from_spec(("chance", [("1/2", ("pay", 1)), ("1/2", ("pay", 0))]))
    with pytest.raises(GameError, match="deterministic"):
        alphabeta(game)


class _Loop:
    """Two states that lead to each other."""

    def initial_state(self) -> int:
        return 0

    def kind(self, state: int) -> NodeKind:
        return NodeKind.MAX if state == 0 else NodeKind.MIN

    def legal_actions(self, state: int) -> tuple[int, ...]:
        return (1 - state,)

    def child(self, state: int, action: int) -> int:
        return action


class _Chain:
    """A forced line of 20 000 moves ending in a payoff of 5: deep, but no recursion."""

    def initial_state(self) -> int:
        return 0

    def kind(self, state: int) -> NodeKind:
        return NodeKind.TERMINAL if state == 20_000 else NodeKind.MAX

    def returns(self, state: int) -> int:
        return 5

    def legal_actions(self, state: int) -> tuple[int, ...]:
        return (1,)

    def child(self, state: int, action: int) -> int:
        return state + action


def test_cycles_are_refused() -> None:
    with pytest.raises(GameError, match="cycle"):
        alphabeta(_Loop())  # type: ignore[arg-type]


def test_deep_games_do_not_hit_the_recursion_limit() -> None:
    assert alphabeta(_Chain()).value == 5  # type: ignore[arg-type]


# --- move ordering, payoff bounds and iterative deepening ----------------------------------

ORDERINGS: tuple[MoveOrdering[int, Any], ...] = (
    MoveOrdering(),  # table moves and history
    MoveOrdering(table_move=False, history=False, key=lambda state, action: -hash(action) % 5),
    MoveOrdering(key=lambda state, action: (state * 7 + hash(action)) % 3),
)


@settings(max_examples=150, deadline=None)
@given(decision_games)
def test_ordering_and_payoff_bounds_change_no_result(game: TreeGame) -> None:
    expected = solve(game)
    payoffs = [game.returns(s) for s in expected.values if game.kind(s) is NodeKind.TERMINAL]
    for ordering in (None, *ORDERINGS):
        for bounds in (None, (min(payoffs) - 1, max(payoffs)), (min(payoffs), max(payoffs) + 1)):
            if bounds is not None and bounds[0] >= bounds[1]:
                continue
            result = alphabeta(game, ordering=ordering, payoffs=bounds)
            assert result.value == expected.value
            assert result.best_actions == expected.optimal_actions.get(0, ())


def depth_limited(game: TreeGame, state: int, depth: int, evaluate: Any) -> Any:
    """Plain depth-limited minimax, no pruning and no memo."""
    kind = game.kind(state)
    if kind is NodeKind.TERMINAL:
        return game.returns(state)
    if depth == 0:
        return evaluate(state)
    values = [
        depth_limited(game, game.child(state, a), depth - 1, evaluate)
        for a in game.legal_actions(state)
    ]
    return max(values) if kind is NodeKind.MAX else min(values)


@settings(max_examples=150, deadline=None)
@given(decision_games)
def test_iterative_deepening_ends_exact(game: TreeGame) -> None:
    def evaluate(state: int) -> Fraction:
        return Fraction(state % 5 - 2, 3)  # a heuristic in (-1, 1), unrelated to the payoffs

    result = iterative_deepening(game, evaluate, ordering=MoveOrdering())
    solved = solve(game)
    assert result.exact and result.value == solved.value
    assert result.best_actions == solved.optimal_actions.get(0, ())
    depths = [step.depth for step in result.iterations]
    assert depths == list(range(1, len(depths) + 1))
    assert [step.proven for step in result.iterations] == [False] * (len(depths) - 1) + [True]
    # Depth 1 sees only the start's children, which no table can have answered yet.
    assert result.iterations[0].value == depth_limited(game, 0, 1, evaluate)


def test_each_deepening_step_is_the_depth_limited_value_on_tic_tac_toe() -> None:
    # On tic-tac-toe a state's depth is its number of marks, so every search to depth d
    # is exactly the depth-d minimax with the heuristic at the horizon.
    game = TicTacToe()

    def evaluate(board: Any) -> Fraction:
        open_lines = {
            mark: sum(all(board.cells[i] in (mark, ".") for i in line) for line in LINES)
            for mark in "XO"
        }
        return Fraction(open_lines["X"] - open_lines["O"], 9)

    @cache
    def limited(board: Any, depth: int) -> Fraction | int:
        kind = game.kind(board)
        if kind is NodeKind.TERMINAL:
            return game.returns(board)
        if depth == 0:
            return evaluate(board)
        values = [limited(game.child(board, a), depth - 1) for a in game.legal_actions(board)]
        return max(values) if kind is NodeKind.MAX else min(values)

    start = Board.parse("X.. ... ...")
    result = iterative_deepening(game, evaluate, TicTacToe(start).initial_state())
    assert [step.value for step in result.iterations] == [
        limited(start, step.depth) for step in result.iterations
    ]
    assert result.exact and result.value == 0 and len(result.iterations) == 8
    shallow = iterative_deepening(game, evaluate, start, max_depth=2)
    assert not shallow.exact and shallow.value == limited(start, 2)
    expected = [
        a for a in game.legal_actions(start) if limited(game.child(start, a), 1) == shallow.value
    ]
    assert list(shallow.best_actions) == expected


def test_ordering_saves_positions_on_tic_tac_toe() -> None:
    plain = alphabeta(TicTacToe())
    ordered = alphabeta(TicTacToe(), ordering=MoveOrdering(), payoffs=(-1, 1))
    assert ordered.value == plain.value == 0
    assert ordered.positions_searched < plain.positions_searched


def test_payoffs_outside_the_bounds_are_refused() -> None:
    game = TreeGame.from_spec(("max", {"a": ("pay", 3), "b": ("pay", 5)}))
    with pytest.raises(GameError, match="outside the payoff bounds"):
        alphabeta(game, payoffs=(0, 4))
    with pytest.raises(ValueError, match="low < high"):
        alphabeta(game, payoffs=(1, 1))
    with pytest.raises(ValueError, match="max_depth"):
        iterative_deepening(game, lambda state: 0, max_depth=0)


def test_progress_hears_of_every_move_at_the_start() -> None:
    heard: list[tuple[int, int]] = []
    alphabeta(TicTacToe(), progress=lambda done, total: heard.append((done, total)))
    assert heard == [(done, 9) for done in range(1, 10)]
    steps: list[tuple[int, int]] = []
    iterative_deepening(
        TicTacToe(), lambda board: 0, max_depth=9, progress=lambda d, n: steps.append((d, n))
    )
    assert steps == [(d, 9) for d in range(1, 10)]

"""Alpha-beta with a transposition table against brute force and the backward-induction solver."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from strategy.classic.tictactoe import TicTacToe
from strategy.engine.game import GameError, NodeKind
from strategy.engine.search import alphabeta
from strategy.engine.solve import solve
from strategy.engine.testing import TreeGame, brute_force_value, small_games

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

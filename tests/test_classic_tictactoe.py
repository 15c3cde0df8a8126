"""Tic-tac-toe: published counts and the known draw, by the engine and by alpha-beta."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy import solve
from strategy.classic import Board, TicTacToe
from strategy.engine import NodeKind, alphabeta

GAME = TicTacToe()
SOLVED = solve(GAME)


def test_tic_tac_toe_is_a_draw() -> None:
    # Known since at least Berlekamp, Conway & Guy, Winning Ways (1982): best play draws.
    result = alphabeta(GAME)
    assert result.value == 0
    assert result.best_actions == tuple(range(1, 10))  # every first move holds the draw
    assert solve(GAME).value == 0


def test_positions_and_games_counts() -> None:
    # Schaefer (2002), also Wikipedia "Tic-tac-toe": 5 478 legal positions reachable in play;
    # 255 168 complete games, of which X wins 131 184, O wins 77 904, 46 080 are drawn.
    assert solve(GAME).states_visited == 5478

    @cache
    def games(board: Board) -> tuple[int, int, int]:
        if GAME.kind(board) is NodeKind.TERMINAL:
            payoff = GAME.returns(board)
            return (int(payoff == 1), int(payoff == -1), int(payoff == 0))
        x_wins = o_wins = draws = 0
        for cell in GAME.legal_actions(board):
            x, o, d = games(GAME.child(board, cell))
            x_wins, o_wins, draws = x_wins + x, o_wins + o, draws + d
        return (x_wins, o_wins, draws)

    assert games(Board()) == (131_184, 77_904, 46_080)


def test_replies_to_the_centre_and_to_opposite_corners() -> None:
    # After X takes the centre only a corner draws for O; after X-corner, O-centre, X-opposite
    # corner, O must take an edge (a corner loses to a fork). Standard openings (Wikipedia).
    assert alphabeta(TicTacToe(Board.parse("....X...."))).best_actions == (1, 3, 7, 9)
    assert alphabeta(TicTacToe(Board.parse("X.. .O. ..X"))).best_actions == (2, 4, 6, 8)


def test_finished_and_forced_positions() -> None:
    won = alphabeta(TicTacToe(Board.parse("XXX OO. ...")))
    assert (won.value, won.best_actions) == (1, ())
    assert alphabeta(TicTacToe(Board.parse("XX. OO. ..."))).best_actions == (3,)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), max_size=9))
def test_alphabeta_equals_the_solver_on_random_positions(cells: list[int]) -> None:
    board = Board()
    for cell in cells:
        if GAME.kind(board) is NodeKind.TERMINAL:
            break
        if cell in board.empty_cells:
            board = board.play(cell)
    # Positions reached in play are among those the solver valued from the empty board.
    searched = alphabeta(TicTacToe(board))
    assert searched.value == SOLVED.values[board]
    assert searched.best_actions == SOLVED.optimal_actions.get(board, ())


@pytest.mark.parametrize(
    "text", ["XXXX.....", "OO.......", "XXX OOO ...", "X.O", "XO?......", "XXX OO. O.."]
)
def test_impossible_positions_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Board.parse(text)

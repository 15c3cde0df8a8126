"""Tic-tac-toe by alpha-beta search with a transposition table.

Run: python examples/classic_tictactoe.py
"""

from strategy.classic.tictactoe import Board, TicTacToe
from strategy.engine.search import alphabeta

result = alphabeta(TicTacToe())
print(f"empty board: value {result.value} (a draw), {result.positions_searched} positions searched")

reply = alphabeta(TicTacToe(Board.parse("....X....")))
print(f"X took the centre: O's only drawing replies are the corners {reply.best_actions}")

trap = alphabeta(TicTacToe(Board.parse("X.. .O. ..X")))
print(f"X in opposite corners, O centre: O must play an edge {trap.best_actions}")

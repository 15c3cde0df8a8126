"""Matrix games: matching pennies and rock-paper-scissors, solved exactly.

Run: python examples/classic_matrix.py
"""

from strategy.engine.matrix_game import solve_matrix_game

games = {
    "matching pennies": [[1, -1], [-1, 1]],
    "rock-paper-scissors": [[0, -1, 1], [1, 0, -1], [-1, 1, 0]],
}
for name, matrix in games.items():
    solution = solve_matrix_game(matrix)
    row = ", ".join(str(p) for p in solution.row_strategy)
    print(f"{name}: value {solution.value}, row player mixes ({row})")

"""The coin game and Stone Games III and VII: dynamic programming, checked by alpha-beta.

Run: python examples/classic_stones.py
"""

from strategy.classic.stones import RowGame, solve_row
from strategy.engine.search import alphabeta

for rule, row in (("coins", (8, 15, 3, 7)), ("iii", (1, 2, 3, 7)), ("vii", (5, 3, 1, 4, 2))):
    solution = solve_row(row, rule)
    searched = alphabeta(RowGame(row, rule))
    print(
        f"{rule} {row}: first player {solution.first_score}, second {solution.second_score}, "
        f"margin {solution.margin} (alpha-beta agrees: {searched.value == solution.margin}), "
        f"winner {solution.winner}"
    )

"""Alpha-beta on tic-tac-toe and on Connect Four's small boards: time and positions searched.

Tic-tac-toe: :func:`strategy.engine.search.alphabeta` from the empty board against a plain
memoised negamax over strings (the baseline, written here), medians of ``--repeats`` runs.

Connect Four: each board solved by alpha-beta with the moves in column order ("plain"),
with the game's move ordering ("ordered": table moves, then threats made, then the centre,
then the history heuristic) and by iterative deepening with that ordering; all with the
payoff window [-1, 1]. Prints positions searched, seconds, and the ratio to plain. Run from
the repository root (``PYTHONPATH=.`` unless the package is installed)::

    python benchmarks/bench_search.py [--repeats 5] [--boards 4x4,5x4,4x5,6x4]
"""

from __future__ import annotations

import argparse
from functools import cache

from common import machine, median_seconds

from strategy.classic.connect4 import METHODS, OUTCOMES, solve_connect4
from strategy.classic.tictactoe import LINES, TicTacToe
from strategy.engine.search import alphabeta

#: J. Tromp, "John's Connect Four Playground" (tromp.github.io/c4/c4.html), results by board
#: size (width, height): +1 first player wins, -1 second player wins, 0 draw.
TROMP = {(4, 4): 0, (5, 4): 0, (6, 4): -1, (7, 4): 0, (4, 5): 0, (5, 5): 0, (4, 6): 0, (5, 6): 0}


@cache
def negamax(cells: str) -> int:
    """The baseline: the value for the player to move, by memoised negamax over strings."""
    mover = "X" if cells.count("X") == cells.count("O") else "O"
    other = "O" if mover == "X" else "X"
    if any(all(cells[i] == other for i in line) for line in LINES):
        return -1  # the previous move made a line
    if "." not in cells:
        return 0
    return max(
        -negamax(cells[:i] + mover + cells[i + 1 :]) for i, c in enumerate(cells) if c == "."
    )


def tic_tac_toe(repeats: int) -> None:
    def baseline() -> int:
        negamax.cache_clear()
        return negamax("." * 9)

    ours = median_seconds(lambda: alphabeta(TicTacToe()), repeats)
    theirs = median_seconds(baseline, repeats)
    result = alphabeta(TicTacToe())
    assert result.value == baseline() == 0
    print(
        f"tic-tac-toe: alphabeta {ours:.4f} s ({result.positions_searched:,} positions, every "
        f"best move); memoised negamax {theirs:.4f} s (value only); ratio {theirs / ours:.2f}"
    )


def connect_four(boards: list[tuple[int, int]]) -> None:
    header = f"{'board':<6} {'outcome':<20} {'search':<10} {'positions':>11} {'seconds':>8}"
    print(f"{header} {'vs plain':>9}")
    for width, height in boards:
        solution = solve_connect4(width, height, methods=METHODS)
        published = TROMP.get((width, height))
        agrees = (
            "not in Tromp's table"
            if published is None
            else (
                "as Tromp's table" if published == solution.value else "DIFFERS from Tromp's table"
            )
        )
        print(f"{width}x{height}: {solution.outcome}, {agrees}; best first {solution.best_moves}")
        plain = solution.counts[0]
        for count in solution.counts:
            ratio = plain.positions_searched / count.positions_searched
            print(
                f"{width}x{height:<4} {OUTCOMES[solution.value]:<20} {count.method:<10} "
                f"{count.positions_searched:>11,} {count.seconds:>8.2f} {ratio:>8.2f}x"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--boards", default="4x4,5x4,4x5,6x4", help="widthxheight, comma-separated")
    arguments = parser.parse_args()
    boards = [tuple(map(int, b.split("x"))) for b in arguments.boards.split(",")]
    print(f"machine: {machine()}; medians of {arguments.repeats} runs")
    tic_tac_toe(arguments.repeats)
    connect_four(boards)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()

"""The classic games of seed 002 on the engine, one module each.

* :mod:`~strategy.classic.nim` - Nim and misère Nim (Bouton's formulas);
* :mod:`~strategy.classic.octal` - octal games such as Kayles, with their periods;
* :mod:`~strategy.classic.subtraction` - subtraction games and the Bash game;
* :mod:`~strategy.classic.grundys_game` - Grundy's game, by the rare-value method;
* :mod:`~strategy.classic.tictactoe` - tic-tac-toe for the solver and alpha-beta;
* :mod:`~strategy.classic.connect4` - Connect Four on small boards, as bitboards;
* :mod:`~strategy.classic.stones` - the coin game and Stone Games III and VII;
* :mod:`~strategy.classic.dice_game` - seed 002's roll-or-stop dice game;
* :mod:`~strategy.classic.pig` - Pig, a game whose states repeat;
* :mod:`~strategy.classic.base` - what the game classes share.

The games and their analyses are named here and load on first use:

>>> from strategy import classic
>>> classic.analyse_nim((3, 4, 5)).nim_sum
2
>>> {"TicTacToe", "OctalGame", "solve_pig"} <= set(dir(classic))
True
"""

from __future__ import annotations

from strategy._lazy import lazy_package

#: Each exported name and the module it lives in (loaded on first use), by module.
EXPORTS, __getattr__, __dir__ = lazy_package(
    __name__,
    {
        "nim": "NimAnalysis NimMove analyse_nim nim_moves",
        "octal": "OctalAnalysis OctalGame Periodicity analyse_octal find_periodicity",
        "subtraction": "SubtractionGame bash_winning_take",
        "grundys_game": "GrundysGame HeapValues analyse_grundys_game",
        "tictactoe": "LINES Board TicTacToe",
        "connect4": "Connect4 Connect4Solution solve_connect4",
        "stones": "RowGame RowSolution RowState row_moves solve_row",
        "dice_game": "DiceAnalysis DiceState RollOrStop analyse_dice",
        "pig": "PigGame PigSolution PigState solve_pig",
    },
)

__all__ = sorted(EXPORTS)

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

from typing import TYPE_CHECKING

from strategy._lazy import lazy_package

if TYPE_CHECKING:
    from strategy.classic.connect4 import Connect4 as Connect4
    from strategy.classic.connect4 import Connect4Solution as Connect4Solution
    from strategy.classic.connect4 import solve_connect4 as solve_connect4
    from strategy.classic.dice_game import DiceAnalysis as DiceAnalysis
    from strategy.classic.dice_game import DiceState as DiceState
    from strategy.classic.dice_game import RollOrStop as RollOrStop
    from strategy.classic.dice_game import analyse_dice as analyse_dice
    from strategy.classic.grundys_game import GrundysGame as GrundysGame
    from strategy.classic.grundys_game import HeapValues as HeapValues
    from strategy.classic.grundys_game import analyse_grundys_game as analyse_grundys_game
    from strategy.classic.nim import NimAnalysis as NimAnalysis
    from strategy.classic.nim import NimMove as NimMove
    from strategy.classic.nim import analyse_nim as analyse_nim
    from strategy.classic.nim import nim_moves as nim_moves
    from strategy.classic.octal import OctalAnalysis as OctalAnalysis
    from strategy.classic.octal import OctalGame as OctalGame
    from strategy.classic.octal import Periodicity as Periodicity
    from strategy.classic.octal import analyse_octal as analyse_octal
    from strategy.classic.octal import find_periodicity as find_periodicity
    from strategy.classic.pig import PigGame as PigGame
    from strategy.classic.pig import PigSolution as PigSolution
    from strategy.classic.pig import PigState as PigState
    from strategy.classic.pig import solve_pig as solve_pig
    from strategy.classic.stones import RowGame as RowGame
    from strategy.classic.stones import RowSolution as RowSolution
    from strategy.classic.stones import RowState as RowState
    from strategy.classic.stones import row_moves as row_moves
    from strategy.classic.stones import solve_row as solve_row
    from strategy.classic.subtraction import SubtractionGame as SubtractionGame
    from strategy.classic.subtraction import bash_winning_take as bash_winning_take
    from strategy.classic.tictactoe import LINES as LINES
    from strategy.classic.tictactoe import Board as Board
    from strategy.classic.tictactoe import TicTacToe as TicTacToe

#: Each export and the module it lives in (loaded on first use), as imported above.
EXPORTS, __getattr__, __dir__ = lazy_package(__name__, __file__)

__all__ = sorted(EXPORTS)

"""The classic games of seed 002 on the engine, one module each.

* :mod:`~strategy.classic.nim` - Nim and misère Nim (Bouton's formulas);
* :mod:`~strategy.classic.octal` - octal games such as Kayles, with their periods;
* :mod:`~strategy.classic.subtraction` - subtraction games and the Bash game;
* :mod:`~strategy.classic.tictactoe` - tic-tac-toe for the solver and alpha-beta;
* :mod:`~strategy.classic.connect4` - Connect Four on small boards, as bitboards;
* :mod:`~strategy.classic.stones` - the coin game and Stone Games III and VII;
* :mod:`~strategy.classic.dice_game` - seed 002's roll-or-stop dice game;
* :mod:`~strategy.classic.pig` - Pig, a game whose states repeat;
* :mod:`~strategy.classic.base` - what the game classes share.
"""

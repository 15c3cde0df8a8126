"""Gambit's solvers on ``strategy``'s exported games, exactly: a check from outside.

:func:`gambit_value` reads ``.efg`` or ``.nfg`` text with pygambit (the ``gambit`` extra)
and returns the maximiser's payoff in an equilibrium found by Gambit's rational linear
program (``lp``, the default) or its linear complementarity solver (``lcp``). In a zero-sum
game every equilibrium pays the value, so the number is comparable with
:func:`~strategy.engine.solve.solve` and
:func:`~strategy.engine.matrix_game.solve_matrix_game`. Gambit's exact solvers are slow on
trees: a battle tree of a few hundred nodes takes seconds.

>>> from strategy.interop.nfg import NormalFormGame
>>> gambit_value(NormalFormGame.of([[2, -1], [-1, 1]]).to_nfg())
Fraction(1, 5)
"""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Literal

from strategy.engine.errors import InputError
from strategy.engine.extras import require

__all__ = ["gambit_value"]

Solver = Literal["lp", "lcp"]


def gambit_value(text: str, *, solver: Solver = "lp") -> Fraction:
    """The first player's equilibrium payoff in the game of ``.efg`` or ``.nfg`` ``text``.

    >>> gambit_value("NFG 1 R", solver="lcp")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: Gambit cannot read the game: ...
    """
    gambit = require("pygambit", "gambit", "solving with Gambit")
    reader = gambit.read_efg if text.lstrip().startswith("EFG") else gambit.read_nfg
    try:
        game = reader(io.StringIO(text))
    except ValueError as error:
        raise InputError(f"Gambit cannot read the game: {error}") from None
    players = list(game.players)  # pygambit 17 names players by their labels
    if len(players) != 2:
        raise InputError(f"the game has {len(players)} players; a value needs two")
    solve = gambit.nash.lp_solve if solver == "lp" else gambit.nash.lcp_solve
    result = solve(game, rational=True)
    # lcp on a strategic game lists every equilibrium it reached; the others return one.
    found = getattr(result, "equilibria", None)
    equilibrium = found[0] if found is not None else result.equilibrium
    return Fraction(equilibrium.payoffs[players[0]])

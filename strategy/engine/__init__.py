"""The game-agnostic core: the game protocol, solvers, searches and their helpers.

Nothing here imports any other part of ``strategy``: games and presentation sit on top.
What a user calls is named here and loads on first use, so ``import strategy.engine`` stays
light; the modules behind the names are the implementation. The solvers named like their
modules (``solve``, ``value_iteration``, ``mcts``) are exported by :mod:`strategy` instead,
so a module and a function never share a name here:

>>> from strategy import engine
>>> engine.nim_sum([1, 2, 3]), engine.mex({0, 1, 3})
(0, 2)
>>> {"alphabeta", "Game", "InputError"} <= set(dir(engine))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategy._lazy import lazy_package

if TYPE_CHECKING:
    from strategy.engine.conformance import ConformanceReport as ConformanceReport
    from strategy.engine.conformance import check_game as check_game
    from strategy.engine.errors import InputError as InputError
    from strategy.engine.extras import MissingExtra as MissingExtra
    from strategy.engine.game import Game as Game
    from strategy.engine.game import GameError as GameError
    from strategy.engine.game import NodeKind as NodeKind
    from strategy.engine.game import check_chance_outcomes as check_chance_outcomes
    from strategy.engine.heap_grundy import HeapRules as HeapRules
    from strategy.engine.impartial import Grundy as Grundy
    from strategy.engine.impartial import ImpartialGame as ImpartialGame
    from strategy.engine.impartial import SumMove as SumMove
    from strategy.engine.impartial import mex as mex
    from strategy.engine.impartial import nim_sum as nim_sum
    from strategy.engine.impartial import sum_grundy as sum_grundy
    from strategy.engine.impartial import sum_winning_moves as sum_winning_moves
    from strategy.engine.matrix_game import MatrixSolution as MatrixSolution
    from strategy.engine.matrix_game import solve_matrix_game as solve_matrix_game
    from strategy.engine.mcts import MctsResult as MctsResult
    from strategy.engine.outcomes import terminal_distribution as terminal_distribution
    from strategy.engine.rare_values import grundy_values as grundy_values
    from strategy.engine.registry import Parameter as Parameter
    from strategy.engine.registry import RegisteredGame as RegisteredGame
    from strategy.engine.registry import discover as discover
    from strategy.engine.registry import load_game as load_game
    from strategy.engine.registry import register_game as register_game
    from strategy.engine.registry import registered as registered
    from strategy.engine.registry import unregister_game as unregister_game
    from strategy.engine.resources import Budget as Budget
    from strategy.engine.resources import OutOfTime as OutOfTime
    from strategy.engine.resources import TooLarge as TooLarge
    from strategy.engine.resources import use_budget as use_budget
    from strategy.engine.search import DeepeningResult as DeepeningResult
    from strategy.engine.search import MoveOrdering as MoveOrdering
    from strategy.engine.search import SearchResult as SearchResult
    from strategy.engine.search import alphabeta as alphabeta
    from strategy.engine.search import iterative_deepening as iterative_deepening
    from strategy.engine.solve import FLOAT_TIE_TOLERANCE as FLOAT_TIE_TOLERANCE
    from strategy.engine.solve import Result as Result
    from strategy.engine.value_iteration import CyclicResult as CyclicResult
    from strategy.engine.value_iteration import solve_exactly as solve_exactly

#: Each export and the module it lives in (loaded on first use), as imported above.
EXPORTS, __getattr__, __dir__ = lazy_package(__name__, __file__)

__all__ = sorted(EXPORTS)

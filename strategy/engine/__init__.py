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

from strategy._lazy import lazy_package

#: Each exported name and the module it lives in (loaded on first use), by module.
EXPORTS, __getattr__, __dir__ = lazy_package(
    __name__,
    {
        "game": "Game GameError NodeKind check_chance_outcomes",
        "solve": "FLOAT_TIE_TOLERANCE Result",
        "search": "DeepeningResult MoveOrdering SearchResult alphabeta iterative_deepening",
        "value_iteration": "CyclicResult solve_exactly",
        "mcts": "MctsResult",
        "matrix_game": "MatrixSolution solve_matrix_game",
        "impartial": "Grundy ImpartialGame SumMove mex nim_sum sum_grundy sum_winning_moves",
        "heap_grundy": "HeapRules",
        "rare_values": "grundy_values",
        "conformance": "ConformanceReport check_game",
        "outcomes": "terminal_distribution",
        "registry": "Parameter RegisteredGame discover load_game register_game registered"
        " unregister_game",
        "errors": "InputError",
        "resources": "Budget OutOfTime TooLarge use_budget",
        "extras": "MissingExtra",
    },
)

__all__ = sorted(EXPORTS)

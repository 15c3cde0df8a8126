"""Optimal play in a Risk battle: one dynamic programme over the grid of states.

Every round removes at least one army, so the value of ``(A, D)`` depends only
on states with fewer armies, and one pass over the grid solves every state. At each
state the attacker may stop (unless told not to) or fight; how a fight is played
depends on the timing rule (:mod:`strategy.risk.choices`):

* ``max``: both sides roll the most dice; the only choice is whether to stop;
* ``respond``: the attacker picks ``k`` dice, the defender answers knowing ``k``;
* ``announce``: both pick at once, a zero-sum matrix game (possibly mixed);
* ``sees-roll``: the attacker picks ``k`` and rolls; the defender sees the dice.

The exact kernel (:mod:`strategy.risk.kernels.optimal_exact`) solves one state at a
time over common denominators; the float kernel
(:mod:`strategy.risk.kernels.optimal_float`) whole anti-diagonals at once with numpy;
the tests hold both equal to the generic solver. :func:`strategy.risk.api.table` and
:func:`strategy.risk.api.odds` choose between these and the classic kernels.

The value of the fight to the end, both rolling the most dice, is the classic table:

>>> from strategy.risk.classic import battle_table
>>> optimal_table(6, 6, Battle(allow_stop=False), exact=True).values == battle_table(6, 6).values
True
>>> odds = optimal_odds(3, 2, Battle.of(choice="sees-roll"), exact=True)
>>> odds.value < battle_table(3, 2).value(3, 2)  # a defender who sees the dice does better
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from strategy.engine.resources import grid_what, require
from strategy.risk.battle import DEFAULT_BATTLE, Battle
from strategy.risk.classic import table_memory
from strategy.risk.kernels.optimal_exact import exact_grid
from strategy.risk.kernels.optimal_float import PlayRows, Progress, float_grid, float_grid_memory
from strategy.risk.plays import OVER, CellPlay
from strategy.risk.results import BattleOdds, Value
from strategy.risk.rules import check_table_size
from strategy.risk.tables import OptimalTable

__all__ = ["optimal_odds", "optimal_table", "optimal_table_memory"]


def optimal_table(
    max_attackers: int,
    max_defenders: int,
    battle: Battle = DEFAULT_BATTLE,
    *,
    exact: bool = False,
    progress: Progress | None = None,
) -> OptimalTable:
    """Values and optimal play for attackers 1..``max_attackers``, defenders 1..``max_defenders``.

    ``progress(done, total)``, if given, is called now and then while the table is
    computed (a progress bar such as ``strategy.engine.progress.ProgressBar`` can draw it). A
    table too large for this machine's memory is refused before any work
    (:class:`strategy.engine.resources.TooLarge`, with the size it would need).

    >>> table = optimal_table(3, 2, exact=True)
    >>> table.value(2, 1), table.play(2, 1).attacker  # seed 003: Pr(2,1) = 15/36
    (Fraction(5, 12), (1,))
    """
    check_table_size(max_attackers, max_defenders)
    _admit(max_attackers, max_defenders, battle, exact)
    objective = battle.objective
    rows, columns = range(1, max_attackers + 1), range(1, max_defenders + 1)
    values: tuple[tuple[Value, ...], ...]
    plays: Sequence[Sequence[CellPlay]]
    if exact:
        exact_values, exact_plays = exact_grid(max_attackers, max_defenders, battle, progress)
        values = tuple(
            tuple(exact_values[a][d] + objective.start_offset(a, d) for d in columns) for a in rows
        )
        plays = tuple(tuple(exact_plays[a][d] for d in columns) for a in rows)
    else:
        grid = float_grid(max_attackers, max_defenders, battle, progress)
        row_offset, column_offset = objective.split("start_offset", max_attackers, max_defenders)
        array = grid.values[1:, 1:] + np.add.outer(row_offset[1:], column_offset[1:])
        values, plays = tuple(map(tuple, array.tolist())), PlayRows(grid)
    return OptimalTable(battle, tuple(rows), tuple(columns), values, exact, plays)


def optimal_odds(
    attackers: int, defenders: int, battle: Battle = DEFAULT_BATTLE, *, exact: bool = False
) -> BattleOdds:
    """The value of one battle under optimal play, and how each side starts.

    >>> optimal_odds(4, 2, Battle.of(objective="balance:0"), exact=True).value >= 0
    True
    """
    battle.rules.check_state(attackers, defenders)
    _admit(attackers, defenders, battle, exact)
    value: Value
    if defenders == 0 or battle.rules.attacker_dice_for(attackers) == 0:
        # Already over: no roll, no choice; the kernels' grids start at one army a side.
        payoff = battle.objective.payoff(attackers, defenders)
        value, play = (Fraction(payoff) if exact else float(payoff)), OVER
    elif exact:
        values, plays = exact_grid(attackers, defenders, battle)
        value, play = values[attackers][defenders], plays[attackers][defenders]
    else:
        grid = float_grid(attackers, defenders, battle)
        value, play = float(grid.values[attackers, defenders]), grid.play(attackers, defenders)
    value += battle.objective.start_offset(attackers, defenders)
    return BattleOdds(
        battle, attackers, defenders, (), exact, method="optimal", solved=(value, play)
    )


def optimal_table_memory(
    max_attackers: int, max_defenders: int, battle: Battle, *, exact: bool
) -> int:
    """Bytes a table of optimal play needs: the exact kernel's cells of fractions and plays,
    or the float kernel's arrays (:func:`~strategy.risk.kernels.optimal_float.float_grid_memory`).

    >>> optimal_table_memory(100, 100, Battle(), exact=False) < optimal_table_memory(
    ...     100, 100, Battle(), exact=True)
    True
    """
    if exact:
        cells = (max_attackers + 1) * (max_defenders + 1)
        return table_memory(max_attackers, max_defenders, battle.rules, exact=True) + 16 * cells
    return float_grid_memory(max_attackers, max_defenders, battle.rules, battle.choice)


def _admit(max_attackers: int, max_defenders: int, battle: Battle, exact: bool) -> None:
    """Refuse, before any work, what this machine cannot hold or compute in time."""
    needed = optimal_table_memory(max_attackers, max_defenders, battle, exact=exact)
    seconds = 0.0
    if exact:
        # Each cell's integers grow with the battle: measured 0.2 to 1.6 us per cell and
        # army at 80 x 80 (sees-roll the dearest, a reduction per roll the defender sees).
        per_cell = 1.6e-6 if battle.choice.defender_sees_roll else 0.5e-6
        cells = (max_attackers + 1) * (max_defenders + 1)
        seconds = per_cell * cells * (max_attackers + max_defenders)
    kind = "exact" if exact else "float"
    what = f"a {max_attackers} x {max_defenders} {kind} table of optimal play"
    cells = (max_attackers + 1) * (max_defenders + 1)
    require(grid_what(what, cells, needed), memory=needed, seconds=seconds)

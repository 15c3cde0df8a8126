"""The geometry both table kernels share: anti-diagonals, their edges, the final payoffs.

Internally the attacker is counted by the armies that may attack (``n = A - rules.offset``).
A roll from ``(n, d)`` removes ``min(attacker dice, defender dice)`` armies, so every state
on the anti-diagonal ``u = n + d`` depends only on the few anti-diagonals just below it.
In the *interior* (``n >= attacker_dice`` and ``d >= defender_dice``) both sides roll all
their dice, so a whole stretch of a diagonal follows from one diagonal ``k`` below by one
vectorised step; the few *edge* cells near ``n = 0`` or ``d = 0`` are summed one by one.

>>> from strategy.risk.rules import Rules
>>> list(table_diagonals(2, 3, Rules()))[3]  # u = 4: cells (2, 2) and (1, 3), both edges
Diagonal(u=4, lo=2, hi=3, first=2, last=3, i0=2, i1=1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeVar

import numpy as np

from strategy.risk.objectives import Objective
from strategy.risk.rules import Rules

#: Called as ``progress(done, total)`` while a long computation runs.
Progress = Callable[[int, int], None]
#: How many progress calls a long loop makes at most.
PROGRESS_STEPS = 500

Cell = TypeVar("Cell", bound=np.generic)


class Diagonal(NamedTuple):
    """The cells ``(u - d, d)`` of one anti-diagonal of a table, as ranges of ``d``.

    ``lo..hi``: every cell in the table (final states included); ``first..last``: the
    cells where a roll is possible; ``i0..i1``: the interior cells (empty if ``i0 > i1``).
    """

    u: int
    lo: int
    hi: int
    first: int
    last: int
    i0: int
    i1: int


def table_diagonals(max_n: int, columns: int, rules: Rules) -> Iterator[Diagonal]:
    """The anti-diagonals ``u = 1..max_n + columns`` of the states ``n <= max_n, d <= columns``."""
    for u in range(1, max_n + columns + 1):
        lo, hi = max(0, u - max_n), min(columns, u)
        yield Diagonal(
            u,
            lo,
            hi,
            max(1, lo),
            min(hi, u - 1),
            max(rules.defender_dice, lo),
            min(hi, u - rules.attacker_dice),
        )


def edge_cells(first: int, last: int, i0: int, i1: int) -> Iterator[int]:
    """The defender counts in ``first..last`` outside the interior ``i0..i1`` (inclusive).

    >>> list(edge_cells(1, 6, 2, 4)), list(edge_cells(1, 3, 3, 2))
    ([1, 5, 6], [1, 2, 3])
    """
    if i0 > i1:
        yield from range(first, last + 1)
        return
    yield from range(first, i0)
    yield from range(i1 + 1, last + 1)


def edge_order(max_n: int, columns: int, rules: Rules) -> Iterator[tuple[int, int]]:
    """The edge cells ``(n, d)`` of a table, each after every edge cell it reads.

    Edge rows (``n < attacker_dice``) read only edge rows below them, edge columns
    (``d < defender_dice``) only edge columns to their left or edge rows: both strips
    can be computed before the interior, one cell at a time.

    >>> list(edge_order(3, 2, Rules()))  # rows n = 1, 2, then column d = 1
    [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1)]
    """
    for n in range(1, min(rules.attacker_dice - 1, max_n) + 1):
        for d in range(1, columns + 1):
            yield n, d
    for d in range(1, min(rules.defender_dice - 1, columns) + 1):
        for n in range(rules.attacker_dice, max_n + 1):
            yield n, d


def anti_diagonal(
    table: np.ndarray[tuple[int, int], np.dtype[Cell]], offset: int, diagonal: Diagonal
) -> np.ndarray[tuple[int], np.dtype[Cell]]:
    """A view of ``table`` (``[A-1, D-1]``) on the cells ``first..last`` of ``diagonal``,
    from the largest ``d`` down: assign ``cells[last : first - 1 : -1]`` to it."""
    columns = table.shape[1]
    flat = table.reshape(-1)
    u, first, last = diagonal.u, diagonal.first, diagonal.last
    start = (u - last + offset - 1) * columns + last - 1
    stop = (u - first + offset - 1) * columns + first - 1
    # Neighbours on an anti-diagonal lie columns - 1 apart; one column has one cell per diagonal.
    return flat[start : stop + 1 : max(columns - 1, 1)]


def progress_step(total: int) -> int:
    """Report progress every this many steps of ``total``."""
    return max(1, total // PROGRESS_STEPS)


def tick(progress: Progress | None, done: int, total: int) -> None:
    """Call ``progress(done, total)`` about ``PROGRESS_STEPS`` times in a loop, and at its end.

    >>> tick(lambda done, total: print(f"{done}/{total}"), 7, 7)
    7/7
    """
    if progress is not None and (done % progress_step(total) == 0 or done == total):
        progress(done, total)


def captured_payoffs(rules: Rules, objective: Objective, max_n: int) -> list[int]:
    """Payoff of each captured final state ``(n, 0)``, ``n = 0..max_n``."""
    return [objective.payoff(n + rules.offset, 0) for n in range(max_n + 1)]


def held_payoffs(rules: Rules, objective: Objective, max_d: int) -> list[int]:
    """Payoff of each final state ``(0, d)`` the defender holds, ``d = 0..max_d``."""
    return [objective.payoff(rules.offset, d) for d in range(max_d + 1)]


def spent_rows(rules: Rules, objective: Objective, rows: int, columns: int) -> list[list[int]]:
    """Payoffs of the table rows ``A = 1..min(rows, offset)``, whose armies cannot attack.

    >>> spent_rows(Rules(), Objective("signed"), 5, 3)
    [[-1, -2, -3]]
    """
    return [
        [objective.payoff(attackers, d) for d in range(1, columns + 1)]
        for attackers in range(1, min(rows, rules.offset) + 1)
    ]

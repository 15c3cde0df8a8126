"""The float table kernel: a whole table anti-diagonal by anti-diagonal.

Geometry is in :mod:`strategy.risk.kernels.geometry`. In the interior a diagonal follows from the
one ``k`` below by a single ``np.correlate`` with the full roll's probabilities, which
numpy runs in C; the edge strips are computed first, cell by cell, and copied in. Diagonals
are computed into a block of them (:class:`_DiagonalBlock`) and the block written to the
table's rows at once.

>>> from strategy.risk.objectives import Objective
>>> from strategy.risk.rules import Rules
>>> table = float_table(3, 2, Rules(), Objective("capture"))
>>> table[:, 0].round(6).tolist()  # Pr(1,1), Pr(2,1), Pr(3,1) of seed 003
[0.0, 0.416667, 0.754244]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from strategy.risk.dice import float_rolls
from strategy.risk.kernels import geometry
from strategy.risk.kernels.geometry import Progress
from strategy.risk.kernels.rows import LazyRows
from strategy.risk.objectives import Objective
from strategy.risk.rules import Rules

# numpy.typing.NDArray[np.float64] spelled as numpy.typing defines it: importing
# numpy.typing would cost every command's start-up.
FloatArray = np.ndarray[tuple[Any, ...], np.dtype[np.float64]]


def full_roll_kernel(rules: Rules) -> FloatArray:
    """``kernel[j]`` = P(the defender loses ``j`` of the ``k`` armies a full roll removes)."""
    outcomes = float_rolls(rules)[(rules.attacker_dice, rules.defender_dice)]
    kernel = np.zeros(min(rules.attacker_dice, rules.defender_dice) + 1)
    for _, lost_d, p in outcomes:
        kernel[lost_d] = p
    return kernel


def float_table(
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    progress: Progress | None = None,
) -> FloatArray:
    """``table[A-1, D-1]``: the value of ``objective`` at A attackers, D defenders."""
    table = np.empty((max_attackers, max_defenders))
    for row, payoffs in enumerate(
        geometry.spent_rows(rules, objective, max_attackers, max_defenders)
    ):
        table[row] = payoffs
    max_n = max_attackers - rules.offset
    if max_n >= 1:
        _fill_by_diagonals(table, max_n, rules, objective, progress)
    rows, columns = objective.split("start_offset", max_attackers, max_defenders)
    if any(rows) or any(columns):
        table += np.add.outer(np.array(rows[1:], np.float64), np.array(columns[1:], np.float64))
    return table


def _fill_by_diagonals(
    table: FloatArray, max_n: int, rules: Rules, objective: Objective, progress: Progress | None
) -> None:
    """Fill the rows of ``table`` whose armies may attack (``n = 1..max_n``)."""
    ad, dd = rules.attacker_dice, rules.defender_dice
    k = min(ad, dd)
    columns = table.shape[1]
    captured = geometry.captured_payoffs(rules, objective, max_n)
    held = geometry.held_payoffs(rules, objective, columns)
    # A full roll from (n, d) leads to (n - k + j, d - j) with probability kernel[j]: on the
    # diagonal k below, indexed by n, a correlation with the kernel.
    kernel = full_roll_kernel(rules)
    edges = _float_edges(max_n, columns, rules, captured, held)
    block = _DiagonalBlock(table, rules.offset, max_n, k)
    total = max_n + columns
    for diagonal in geometry.table_diagonals(max_n, columns, rules):
        u, lo, hi, first, last, i0, i1 = diagonal
        cur, source = block.next(u)  # diagonals u and u - k, indexed by n
        if lo == 0:
            cur[u] = captured[u]
        if hi == u:
            cur[0] = held[u]
        if i0 <= i1:
            cur[u - i1 : u - i0 + 1] = np.correlate(source[u - i1 - k : u - i0 + 1], kernel)
        for d in geometry.edge_cells(first, last, i0, i1):
            cur[u - d] = edges[(u - d, d)]
        geometry.tick(progress, u, total)
    block.flush()


def _float_edges(
    max_n: int, columns: int, rules: Rules, captured: list[int], held: list[int]
) -> dict[tuple[int, int], float]:
    """Every edge cell, where a side rolls fewer than all its dice, one by one."""
    ad, dd = rules.attacker_dice, rules.defender_dice
    rolls = float_rolls(rules)
    edges: dict[tuple[int, int], float] = {}

    def value(n: int, d: int) -> float:
        return captured[n] if d == 0 else held[d] if n == 0 else edges[(n, d)]

    for n, d in geometry.edge_order(max_n, columns, rules):
        edges[(n, d)] = sum(
            p * value(n - la, d - ld) for la, ld, p in rolls[(min(ad, n), min(dd, d))]
        )
    return edges


class _DiagonalBlock:
    """The anti-diagonals being computed, a block of them at a time, then written as rows.

    Row ``k + j`` of ``rows`` is diagonal ``u0 + j`` indexed by ``n``, and rows ``0..k-1``
    keep the last ``k`` diagonals of the block before, which the first ones read: so each
    diagonal is computed in place, contiguously, and written to the table once, when the
    block is full. Writing one anti-diagonal straight into the table would touch a cache
    line and a memory page per row; a block of ``BLOCK`` diagonals fills ``BLOCK``
    neighbouring cells of each row instead, several times faster on a large table.
    """

    BLOCK = 64

    def __init__(self, table: FloatArray, offset: int, max_n: int, k: int) -> None:
        self.table, self.offset, self.max_n, self.k = table, offset, max_n, k
        self.rows = np.zeros((k + self.BLOCK, max_n + 1))
        self.u0, self.size = 1, 0

    def next(self, u: int) -> tuple[FloatArray, FloatArray]:
        """The row for diagonal ``u`` (the next one) and the row of diagonal ``u - k``."""
        if self.size == self.BLOCK:
            self.flush()
            self.rows[: self.k] = self.rows[self.BLOCK :]
            self.u0, self.size = u, 0
        self.size += 1
        return self.rows[self.k + self.size - 1], self.rows[self.size - 1]

    def flush(self) -> None:
        """Write the block's diagonals to the table."""
        u0, size, columns, k = self.u0, self.size, self.table.shape[1], self.k
        row = self.offset - 1  # table row of n = 0
        # Rows whose cells on all the block's diagonals lie in the table are written at once:
        # their cells sit columns - 1 apart row to row and contiguously along a row.
        full = max(1, u0 + size - 1 - columns), min(self.max_n, u0 - 1)
        if full[0] <= full[1]:
            n = full[0]
            start = (n + row) * columns + u0 - n - 1
            itemsize = self.table.itemsize
            view = np.lib.stride_tricks.as_strided(
                self.table.reshape(-1)[start:],
                shape=(full[1] - full[0] + 1, size),
                strides=((columns - 1) * itemsize, itemsize),
                writeable=True,
            )
            view[:] = self.rows[k : k + size, full[0] : full[1] + 1].T
        partial = range(max(1, u0 - columns), min(self.max_n, u0 + size - 1) + 1)
        for n in partial:
            if full[0] <= n <= full[1]:
                continue
            j0, j1 = max(0, n + 1 - u0), min(size - 1, n + columns - u0)
            if j0 <= j1:
                d0 = u0 + j0 - n
                self.table[n + row, d0 - 1 : d0 + j1 - j0] = self.rows[k + j0 : k + j1 + 1, n]


class FloatRows(LazyRows[float]):
    """The rows of a float table kept as one numpy array; a row becomes a tuple when read.

    >>> rows = FloatRows(np.array([[0.5, 0.25], [1.0, 0.75]]))
    >>> rows[1], len(rows), list(rows)[0]
    ((1.0, 0.75), 2, (0.5, 0.25))
    """

    def __init__(self, array: FloatArray) -> None:
        array.flags.writeable = False
        self.array = array

    def __len__(self) -> int:
        return int(self.array.shape[0])

    def row(self, index: int) -> tuple[float, ...]:
        """Row ``index`` of the array as a tuple of floats."""
        return tuple(self.array[index].tolist())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FloatRows):
            return NotImplemented
        return bool(np.array_equal(self.array, other.array))

    def __hash__(self) -> int:
        return hash((self.array.shape, self.array.tobytes()))

    def __repr__(self) -> str:
        return f"FloatRows({self.array!r})"

"""Grundy's game (Grundy 1939): split one heap into two unequal heaps; who cannot, loses.

Heaps of 1 and 2 cannot be split unequally, so they are dead. A heap's Grundy value is
``G(n) = mex{G(a) xor G(n - a) : 1 <= a < n / 2}`` (OEIS A002188), computed by the
rare-value method of :mod:`strategy.engine.rare_values`. Whether the sequence is ever periodic
is open (Winning Ways, ch. 4, conjectures it is; Flammenkamp has computed 2^35 values without
finding a period), so no period is claimed: the values are the answer, and a sum of heaps is
won or lost by their nim-sum.

>>> game = analyse_grundys_game(20)
>>> game.values[:10]
(0, 0, 0, 1, 0, 2, 1, 0, 2, 1)
>>> game.winning_splits(9)
((2, 7), (3, 6))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from strategy.classic.base import register_heap_game
from strategy.engine.errors import InputError
from strategy.engine.heap_grundy import HeapRules, require_time, require_values_memory
from strategy.engine.rare_values import (
    Sparse,
    estimated_seconds,
    rare_grundy_values,
    sparse_statistics,
)

__all__ = ["PROBE_HEAPS", "RULES", "GrundysGame", "analyse_grundys_game"]

#: A move takes nothing and leaves two unequal non-empty heaps.
RULES = HeapRules(two=(0,), unequal=True)
#: Heaps computed (in a fraction of a second) before the time the rest would take is weighed.
PROBE_HEAPS = 8191


@dataclass(frozen=True)
class GrundysGame:
    """The Grundy values of heaps 0 to ``len(values) - 1`` of Grundy's game.

    >>> GrundysGame((0, 0, 0, 1)).lost_heaps
    (0, 1, 2)
    """

    values: tuple[int, ...]

    @property
    def sparse(self) -> Sparse:
        """The rare mask, the rare heaps and the largest value (Flammenkamp's statistics).

        >>> game = analyse_grundys_game(240)  # Flammenkamp: the first 12 at heap 181
        >>> game.sparse.largest == max(game.values), game.sparse.largest_at
        (True, 181)
        """
        return sparse_statistics(self.values)

    @property
    def lost_heaps(self) -> tuple[int, ...]:
        """The heaps of value 0: the player to move on one such heap alone loses."""
        return tuple(heap for heap, value in enumerate(self.values) if value == 0)

    def winning_splits(self, heap: int) -> tuple[tuple[int, int], ...]:
        """Every split of ``heap`` into two heaps whose values cancel (none if ``heap`` is lost).

        >>> analyse_grundys_game(10).winning_splits(10)
        ()
        """
        if not 0 <= heap < len(self.values):
            raise InputError(f"heap {heap} is outside the computed heaps 0..{len(self.values) - 1}")
        values = self.values
        return tuple(
            (small, heap - small)
            for small in range(1, (heap + 1) // 2)
            if values[small] == values[heap - small]
        )

    def as_json(self) -> dict[str, object]:
        """The values as a JSON-ready dict.

        >>> GrundysGame((0, 0, 0, 1)).as_json()
        {'game': "Grundy's game", 'values': [0, 0, 0, 1]}
        """
        return {"game": "Grundy's game", "values": list(self.values)}


def analyse_grundys_game(
    up_to: int,
    *,
    progress: Callable[[int, int], None] | None = None,
    max_seconds: float | None = None,
) -> GrundysGame:
    """The Grundy values of heaps 0..``up_to``, by the rare-value method.

    Raises :class:`~strategy.engine.resources.TooLarge` up front when they would not fit in
    memory or, with ``max_seconds``, when the heaps after the first ``PROBE_HEAPS`` would take
    longer than that (no period shortens the work).

    >>> analyse_grundys_game(10**8, max_seconds=60)
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: Grundy's game to heap 100,000,000 would take about ...
    """
    if up_to < 0:
        raise InputError(f"up_to must not be negative, not {up_to}")
    require_values_memory(up_to)
    values = rare_grundy_values(RULES, min(up_to, PROBE_HEAPS))
    if max_seconds is not None:
        seconds = estimated_seconds(RULES, up_to, values)
        require_time(seconds, f"Grundy's game to heap {up_to:,}", max_seconds)
    values = rare_grundy_values(RULES, up_to, known=values, progress=progress)
    return GrundysGame(tuple(values.tolist()))


register_heap_game(
    "grundy",
    lambda: RULES.moves,
    summary="Grundy's game (split a heap into two unequal heaps) on the given heaps",
    example="7",
    title=lambda heaps, misere: f"Grundy's game on {' '.join(map(str, heaps))}",
)

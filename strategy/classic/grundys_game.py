"""Grundy's game (Grundy 1939): split one heap into two unequal heaps; who cannot, loses.

Heaps of 1 and 2 cannot be split unequally, so they are dead. A heap's Grundy value is
``G(n) = mex{G(a) xor G(n - a) : 1 <= a < n / 2}`` (OEIS A002188), computed by the
rare-value method of :mod:`strategy.engine.rare_values`. Whether the sequence is ever periodic
is open (Winning Ways, ch. 4, conjectures it is; Flammenkamp has computed 2^35 values without
finding a period), so no period is claimed: the values are the answer, and a sum of heaps is
won or lost by their nim-sum. They are held one byte a heap while below 256 (the largest to
2^21 heaps is 231; the first 256 is at heap 7,250,049), two bytes after, so hundreds of
millions of heaps fit where a tuple of ints would not.

>>> game = analyse_grundys_game(20)
>>> game.values[:10]
(0, 0, 0, 1, 0, 2, 1, 0, 2, 1)
>>> game.winning_splits(9)
((2, 7), (3, 6))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

import numpy as np
import numpy.typing as npt

from strategy.classic.base import register_heap_game
from strategy.engine.errors import InputError
from strategy.engine.heap_grundy import HeapRules, Values, require_time
from strategy.engine.rare_values import (
    CHUNK,
    Sparse,
    compact_values,
    estimated_seconds,
    grundy_values,
    require_compact_memory,
    sparse_statistics,
)

__all__ = ["PROBE_HEAPS", "RULES", "GrundysGame", "HeapValues", "analyse_grundys_game"]

#: A move takes nothing and leaves two unequal non-empty heaps.
RULES = HeapRules(two=(0,), unequal=True)
#: Heaps computed (in a fraction of a second) before the time the rest would take is weighed.
PROBE_HEAPS = 8191


class HeapValues(Sequence[int]):
    """Grundy values of heaps 0, 1, ... read like a tuple of ints, held in a compact numpy
    array (the narrowest unsigned type that holds them); a slice is a tuple.

    >>> values = HeapValues([0, 0, 0, 1, 0, 2])
    >>> values[5], values[-3:], len(values), values.array.dtype
    (2, (1, 0, 2), 6, dtype('uint8'))
    """

    __slots__ = ("_array",)

    def __init__(self, values: npt.ArrayLike) -> None:
        array = compact_values(values)
        array.flags.writeable = False
        self._array = array

    @property
    def array(self) -> Values:
        """The values as a read-only numpy array."""
        return self._array

    def __len__(self) -> int:
        return len(self._array)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        if isinstance(index, slice):
            return tuple(self._array[index].tolist())
        return int(self._array[index])

    def __iter__(self) -> Iterator[int]:
        # A chunk at a time: a list of every value would take 8 bytes a heap.
        for start in range(0, len(self._array), CHUNK):
            yield from self._array[start : start + CHUNK].tolist()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HeapValues):
            return NotImplemented
        return bool(np.array_equal(self._array, other._array))

    def __hash__(self) -> int:
        # Equal values are held in the same type, hence the same bytes.
        return hash(self._array.tobytes())

    def __repr__(self) -> str:
        shown = ", ".join(map(str, self[:8])) + (", ..." if len(self) > 8 else "")
        return f"HeapValues([{shown}]) ({len(self):,} heaps)"


@dataclass(frozen=True, init=False)
class GrundysGame:
    """The Grundy values of heaps 0 to ``len(values) - 1`` of Grundy's game.

    >>> GrundysGame((0, 0, 0, 1)).lost_heaps
    (0, 1, 2)
    """

    values: HeapValues

    def __init__(self, values: npt.ArrayLike | HeapValues) -> None:
        held = values if isinstance(values, HeapValues) else HeapValues(values)
        object.__setattr__(self, "values", held)

    @property
    def sparse(self) -> Sparse:
        """The rare mask, the rare heaps and the largest value (Flammenkamp's statistics).

        >>> game = analyse_grundys_game(240)  # Flammenkamp: the first 12 at heap 181
        >>> game.sparse.largest == max(game.values), game.sparse.largest_at
        (True, 181)
        """
        return sparse_statistics(self.values.array)

    @property
    def lost_heaps(self) -> tuple[int, ...]:
        """The heaps of value 0: the player to move on one such heap alone loses."""
        return tuple(np.flatnonzero(self.values.array == 0).tolist())

    def winning_splits(self, heap: int) -> tuple[tuple[int, int], ...]:
        """Every split of ``heap`` into two heaps whose values cancel (none if ``heap`` is lost).

        >>> analyse_grundys_game(10).winning_splits(10)
        ()
        """
        if not 0 <= heap < len(self.values):
            raise InputError(f"heap {heap} is outside the computed heaps 0..{len(self.values) - 1}")
        values, half = self.values.array, (heap - 1) // 2
        # Splits small + (heap - small) for small = 1..half, the larger heaps falling.
        smalls = np.flatnonzero(values[1 : half + 1] == values[heap - half : heap][::-1]) + 1
        return tuple((small, heap - small) for small in smalls.tolist())

    def as_json(self) -> dict[str, object]:
        """The values as a JSON-ready dict.

        >>> GrundysGame((0, 0, 0, 1)).as_json()
        {'game': "Grundy's game", 'values': [0, 0, 0, 1]}
        """
        return {"game": "Grundy's game", "values": self.values.array.tolist()}


def analyse_grundys_game(
    up_to: int,
    *,
    progress: Callable[[int, int], None] | None = None,
    max_seconds: float | None = None,
) -> GrundysGame:
    """The Grundy values of heaps 0..``up_to``, by the rare-value method.

    Raises :class:`~strategy.engine.resources.TooLarge` up front when they would not fit in
    memory (:func:`~strategy.engine.rare_values.compact_bytes`: 3 bytes a heap) or, with
    ``max_seconds``, when the heaps after the first ``PROBE_HEAPS`` would take longer than
    that (no period shortens the work).

    >>> analyse_grundys_game(10**8, max_seconds=60)
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: Grundy's game to heap 100,000,000 would take about ...
    """
    if up_to < 0:
        raise InputError(f"up_to must not be negative, not {up_to}")
    require_compact_memory(up_to, f"the Grundy values of {up_to + 1:,} heaps")
    values = grundy_values(RULES, min(up_to, PROBE_HEAPS))
    if max_seconds is not None:
        seconds = estimated_seconds(RULES, up_to, values)
        require_time(seconds, f"Grundy's game to heap {up_to:,}", max_seconds)
    values = grundy_values(RULES, up_to, known=values, progress=progress)
    return GrundysGame(HeapValues(values))


register_heap_game(
    "grundy",
    lambda: RULES.moves,
    summary="Grundy's game (split a heap into two unequal heaps) on the given heaps",
    example="7",
    title=lambda heaps, misere: f"Grundy's game on {' '.join(map(str, heaps))}",
)

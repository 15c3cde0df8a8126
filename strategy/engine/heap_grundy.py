"""Grundy values of heap games, fast: the mex recurrence with numpy doing the inner loops.

In a heap game a move takes some tokens from one heap and leaves no heap, one smaller heap or
two non-empty heaps; which takes allow which is the game's :class:`HeapRules`. Octal games
(Guy & Smith 1956), subtraction games and Grundy's game (split a heap into two unequal heaps,
Berlekamp, Conway & Guy, *Winning Ways*, ch. 4) are all heap games, and a heap's Grundy value is
``G(n) = mex{G(a) xor G(b) : a move from n leaves heaps a and b}`` (a missing heap counts 0).

The splits are what cost: a heap of ``n`` has about ``n / 2`` of them per splitting take. For
each heap one numpy expression XORs the values of all the splits at once and one ``bincount``
finds their mex, so a heap costs about a nanosecond per split instead of a Python loop's
fraction of a microsecond.

>>> kayles = HeapRules(one=(1, 2), two=(1, 2), empty=frozenset({1, 2}))  # octal 0.77
>>> recurrence_values(kayles, 12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> recurrence_values(HeapRules(two=(0,), unequal=True), 10).tolist()  # Grundy's game
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from strategy.engine.errors import InputError
from strategy.engine.resources import TooLarge, require_memory

__all__ = [
    "HeapRules",
    "Values",
    "estimated_seconds",
    "fill_values",
    "new_values",
    "recurrence_values",
    "require_time",
    "require_values_memory",
]

Values = npt.NDArray[np.unsignedinteger]

# Measured on a shared 2-core machine (see benchmarks/bench_classic_games.py), with a margin:
# the recurrence's cost per split examined and per heap, for refusing requests up front.
SECONDS_PER_SPLIT = 2.5e-9
SECONDS_PER_HEAP = 1.5e-5
SECONDS_PER_TAKE = 1e-7
# Memory per heap of a caller's results: this array, a tuple of the values and a list while
# converting, and some of the values as int objects.
BYTES_PER_HEAP = 48


@dataclass(frozen=True)
class HeapRules:
    """Which takes may leave no heap (``empty``), one heap (``one``) or two heaps (``two``).

    A take in ``empty`` removes a whole heap of exactly that many tokens; a take in ``one``
    leaves one smaller non-empty heap; a take in ``two`` leaves two non-empty heaps, which
    must differ in size when ``unequal`` is set. Only ``two`` may hold the take 0 (a split
    without removing anything): a take of 0 leaving one heap would leave the heap as it was.

    >>> HeapRules(one=(3, 1, 3)).one
    (1, 3)
    >>> list(HeapRules(two=(1,)).options(5))  # 0.4: take one token, leave two heaps
    [(1, 3), (2, 2)]
    """

    one: tuple[int, ...] = ()
    two: tuple[int, ...] = ()
    empty: frozenset[int] = frozenset()
    unequal: bool = False

    def __post_init__(self) -> None:
        one, two = tuple(sorted(set(self.one))), tuple(sorted(set(self.two)))
        if not (one or two or self.empty):
            raise InputError("a heap game needs at least one move")
        if any(take < 1 for take in (*one, *self.empty)) or any(take < 0 for take in two):
            raise InputError(
                "takes must be whole numbers, at least 1 (at least 0 for a split into two heaps)"
            )
        object.__setattr__(self, "one", one)
        object.__setattr__(self, "two", two)
        object.__setattr__(self, "empty", frozenset(self.empty))

    @property
    def max_take(self) -> int:
        """The most tokens one move removes (the ``t`` of the Guy-Smith periodicity theorem)."""
        return max((*self.one, *self.two, *self.empty))

    def options(self, heap: int) -> Iterator[tuple[int, ...]]:
        """The heaps one move from ``heap`` can leave, smaller heap first.

        >>> list(HeapRules(one=(1,), empty=frozenset({2})).options(2))
        [(1,), ()]
        """
        for take in self.one:
            if take < heap:
                yield (heap - take,)
        if heap in self.empty:
            yield ()
        for take in self.two:
            rest = heap - take
            for smaller in range(1, _splits(rest, self.unequal) + 1):
                yield (smaller, rest - smaller)

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The positions (sorted tuples of non-empty heaps) one move from ``position``: the
        game as a whole, for the generic impartial engine (the recurrence needs only single
        heaps).

        >>> sorted(set(HeapRules(one=(1, 2), empty=frozenset({1, 2})).moves((1, 3))))
        [(1, 1), (1, 2), (3,)]
        """
        for index, heap in enumerate(position):
            others = position[:index] + position[index + 1 :]
            for left in self.options(heap):
                yield tuple(sorted(others + left))

    def splits(self, up_to: int) -> int:
        """How many two-heap options the recurrence looks at for heaps 0 to ``up_to``.

        >>> HeapRules(two=(0,), unequal=True).splits(6)  # 3: 1+2; 4: 1+3; 5: 1+4, 2+3; 6: ...
        6
        """
        total = 0
        for take in self.two:
            # Sum of rest // 2 (or (rest - 1) // 2) for rest = 0 .. up_to - take, in closed form.
            last = up_to - take - (1 if self.unequal else 0)
            if last >= 0:
                total += (last // 2) * ((last + 1) // 2)
        return total


def _splits(rest: int, unequal: bool) -> int:
    """The number of ways to split ``rest`` tokens into two non-empty heaps, smaller first."""
    return max((rest - 1) // 2 if unequal else rest // 2, 0)


def estimated_seconds(rules: HeapRules, up_to: int, known: int = 0) -> float:
    """About how long the full recurrence takes for heaps ``known`` to ``up_to``.

    >>> round(estimated_seconds(HeapRules(two=(3,)), 100_000))  # Treblecross (0.007)
    8
    """
    heaps = max(up_to + 1 - known, 0)
    if not rules.two:
        return heaps * (len(rules.one) + 2) * SECONDS_PER_TAKE
    splits = rules.splits(up_to) - rules.splits(known - 1)
    return splits * SECONDS_PER_SPLIT + heaps * SECONDS_PER_HEAP


def require_values_memory(up_to: int) -> None:
    """Raise ``TooLarge`` if the values of heaps 0..``up_to`` would not fit in memory.

    >>> require_values_memory(10**12)
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: a table of the Grundy values of 1,000,000,000,001 heaps ...
    """
    what = f"a table of the Grundy values of {up_to + 1:,} heaps"
    require_memory((up_to + 1) * BYTES_PER_HEAP, what)


def require_time(seconds: float, what: str, limit: float) -> None:
    """Raise ``TooLarge`` if work estimated at ``seconds`` would take more than ``limit``.

    ``what`` names the work in the message.

    >>> grundys_game = HeapRules(two=(0,), unequal=True)
    >>> require_time(estimated_seconds(grundys_game, 10**6), "Grundy's game to 10^6", 60)
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: Grundy's game to 10^6 would take about ... min ...
    """
    if seconds > limit:
        raise TooLarge(
            f"{what} would take about {_duration(seconds)} (the limit is {_duration(limit)}); "
            "ask for fewer heaps",
            "time",
            "--time-limit SECONDS",
        )


def _duration(seconds: float) -> str:
    """``'45 s'``, ``'12 min'`` or ``'3.5 h'``."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def recurrence_values(rules: HeapRules, up_to: int, known: Values | None = None) -> Values:
    """The Grundy values of heaps 0 to ``up_to`` by the full recurrence, every split of every
    heap: the reference the faster :func:`strategy.engine.rare_values.grundy_values` is held
    to. ``known`` holds the values of heaps ``0 .. len(known) - 1`` already, which are kept.

    >>> subtraction = HeapRules(one=(1, 3, 4), empty=frozenset({1, 3, 4}))
    >>> first = recurrence_values(subtraction, 7)
    >>> recurrence_values(subtraction, 14, first).tolist()
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0]
    """
    values = new_values(rules, up_to, known)
    fill_values(rules, values, 0 if known is None else len(known), up_to)
    return values[: up_to + 1]


def new_values(rules: HeapRules, up_to: int, known: Values | None = None) -> Values:
    """An array for the values of heaps 0 to ``up_to``, wide enough for any of them, holding
    ``known`` at its start and zeros after.

    >>> new_values(HeapRules(one=(1,)), 3, np.array([0, 1], dtype=np.uint16)).tolist()
    [0, 1, 0, 0]
    """
    if up_to < 0:
        raise InputError(f"up_to must not be negative, not {up_to}")
    start = 0 if known is None else len(known)
    # A mex is at most the number of options, so this bounds every value.
    most = len(rules.one) + 1 + len(rules.two) * (up_to // 2 + 1)
    dtype = np.uint16 if most < 1 << 16 else np.uint32
    values: Values = np.zeros(max(up_to + 1, start), dtype=dtype)
    if known is not None:
        values[:start] = known
    return values


def fill_values(rules: HeapRules, values: Values, start: int, up_to: int) -> None:
    """Heaps ``start..up_to`` of ``values`` by the recurrence, from the values before them.

    >>> values = new_values(HeapRules(two=(0,), unequal=True), 6)  # Grundy's game
    >>> fill_values(HeapRules(two=(0,), unequal=True), values, 0, 6)
    >>> values.tolist()
    [0, 0, 0, 1, 0, 2, 1]
    """
    fill = _fill_with_splits if rules.two else _fill_without_splits
    fill(rules, values, start, up_to)


def _fill_without_splits(rules: HeapRules, values: Values, start: int, up_to: int) -> None:
    """Heaps ``start..up_to`` of a game without splits: a plain loop over the takes."""
    known: list[int] = values[:start].tolist()
    takes, empty = rules.one, rules.empty
    for heap in range(start, up_to + 1):
        seen = {known[heap - take] for take in takes[: bisect.bisect_left(takes, heap)]}
        if heap in empty:
            seen.add(0)
        value = 0
        while value in seen:
            value += 1
        known.append(value)
    values[start : up_to + 1] = known[start:]


def _fill_with_splits(rules: HeapRules, values: Values, start: int, up_to: int) -> None:
    """Heaps ``start..up_to``: per heap, one XOR and one ``bincount`` per splitting take."""
    # Every value so far is below `bound`, a power of two, so the XOR of two is too and the
    # mex is at most `bound`: counts[bound] is always 0.
    bound = 1 << int(values[:start].max(initial=0)).bit_length()
    known: list[int] = values[:start].tolist()  # for the single options, read one by one
    one, empty = rules.one, rules.empty
    two = [(take, rules.unequal) for take in rules.two]
    for heap in range(start, up_to + 1):
        counts = None
        for take, unequal in two:
            rest = heap - take
            half = _splits(rest, unequal)
            if half:
                # Splits (a, rest - a) for a = 1..half: the small heaps rising, the large falling.
                xor = values[1 : half + 1] ^ values[rest - 1 : rest - half - 1 : -1]
                found = np.bincount(xor, minlength=bound + 1)
                counts = found if counts is None else counts + found
        if counts is None:
            counts = np.zeros(bound + 1, dtype=np.intp)
        single = [known[heap - take] for take in one[: bisect.bisect_left(one, heap)]]
        if heap in empty:
            single.append(0)
        if single:
            counts[single] = 1
        value = int((counts == 0).argmax())
        if value >= bound:
            bound <<= 1
        values[heap] = value
        known.append(value)

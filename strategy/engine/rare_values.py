"""Grundy values of heap games by the rare-value method (Flammenkamp; Gangolli & Plambeck 1989).

For a bit mask ``m``, call a value *rare* when ``v & m`` has an even number of bits and
*common* otherwise. Parity is linear under XOR, so a split into heaps ``a + b`` has a common
value exactly when one of ``G(a)``, ``G(b)`` is rare and the other common. In many octal games
and in Grundy's game, with the right mask, rare values stop appearing after a while: the
common values among a heap's options then come from the few splits with a rare heap, and
the rare values below the mex are found among a sample of the other splits (the rest are
searched only for a rare value the sample missed). A heap then costs about the number of
rare heaps instead of its size.

This is exact for *any* mask (only the speed depends on the choice): a common value is an
option only if a split with a rare heap gives it, and every such split is examined; a rare
value is taken as missing only after every split is examined. The mask is the one that makes
the fewest heaps rare, found from the counts of the values by a Walsh-Hadamard transform, and
it is chosen again as the computation grows. Where no mask makes rare heaps scarce, heaps are
computed by the full recurrence of :mod:`strategy.engine.heap_grundy`, which is also the
reference the tests compare against.

>>> from strategy.engine.heap_grundy import recurrence_values
>>> grundys_game = HeapRules(two=(0,), unequal=True)
>>> values = grundy_values(grundys_game, 20_000)
>>> values[:10].tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
>>> bool((values == recurrence_values(grundys_game, 20_000)).all())
True
>>> sparse_statistics(values)
Sparse(mask=254, rare=..., last_rare=..., largest=..., largest_at=...)
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from strategy.engine import heap_grundy
from strategy.engine.errors import InputError
from strategy.engine.heap_grundy import HeapRules, Values, fill_values, new_values
from strategy.engine.resources import human_bytes, require_memory

__all__ = [
    "Sparse",
    "compact_bytes",
    "compact_values",
    "estimated_seconds",
    "fill_rare",
    "grundy_values",
    "rare_mask",
    "require_compact_memory",
    "sparse_statistics",
]

Progress = Callable[[int, int], None]

# Heaps below this are computed by the full recurrence: the method needs values to choose a
# mask from, and splits long enough to hold a block and its sample (see _room).
FIRST_HEAPS = 4096
# Heaps computed at once: their splits between heaps known before the block are examined
# by numpy together; only splits reaching into the block are left to the per-heap loop.
BLOCK = 256
# Splits of each heap examined by numpy to find the rare values below its mex: this many per
# value below the block's bound, enough to meet each rare value, and at most SAMPLE.
SAMPLE_PER_VALUE = 16
SAMPLE = 4096
# A mask separates the values when at most this share of the later half of them is rare;
# the rare method is then used where it costs less than the full recurrence, with this many
# rare heaps at most (a block holds a row per rare heap).
RARE_SHARE = 1 / 8
MOST_RARE = 60_000
# The mask is chosen again when the heaps grow by this factor.
RECHECK = 1.5
# Measured on a shared 2-core machine (benchmarks/bench_octal.py), with a margin: the rare
# method's cost per heap and per split with a rare heap, for estimates up front.
SECONDS_PER_HEAP = 2e-5
SECONDS_PER_RARE_SPLIT = 5e-8
# numpy's bincount and index arithmetic copy their input to 8-byte integers: they see at most
# this many heaps at a time, so that the values (one byte a heap while they are below 256)
# stay the largest array, and a search for a missing rare value looks at stretches of at most
# this many splits.
CHUNK = 1 << 20
# Memory up front: a byte a heap, and two more for the copy should a value pass 255; and the
# arrays of a chunk, of a block and of the first heaps' recurrence besides.
COMPACT_BYTES_PER_HEAP = 3
COMPACT_OVERHEAD = 256 * 1024**2
# The first splits looked at one stretch at a time when a rare value is searched for (the
# first stretch holds the block's sample again).
FIRST_SCAN = 4096


@dataclass(frozen=True)
class Sparse:
    """The sparse statistics of a table of Grundy values, as Flammenkamp's tables give them.

    ``mask`` is the rare mask (rare values have an even number of its bits), ``rare`` the
    number of heaps with a rare value (heap 0 among them, as in the tables) and ``last_rare``
    the last of them, ``largest`` the largest value and ``largest_at`` its first heap.

    >>> dawsons_chess = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    >>> sparse_statistics(dawsons_chess)  # mask 6: the 0s and 1s are rare
    Sparse(mask=6, rare=8, last_rare=14, largest=5, largest_at=15)
    """

    mask: int
    rare: int
    last_rare: int
    largest: int
    largest_at: int


def rare_mask(values: npt.ArrayLike) -> int:
    """The non-zero mask under which the fewest of ``values`` are rare (the least such mask).

    The number of values with an even number of bits of ``m`` is ``(N + H[m]) / 2``, where
    ``H`` is the Walsh-Hadamard transform of the counts of the values; 1 when all are 0.

    >>> rare_mask([0, 1, 2, 4, 7, 1, 2])  # 1, 2, 4 and 7 have 1 or 3 of the bits of 7
    7
    """
    array = np.asarray(values)
    counts = np.zeros(1, dtype=np.int64)
    for start in range(0, len(array), CHUNK):
        found = np.bincount(array[start : start + CHUNK])
        counts = np.pad(counts, (0, max(len(found) - len(counts), 0)))
        counts[: len(found)] += found
    size = 1 << max(int(len(counts) - 1).bit_length(), 1)
    spectrum = np.zeros(size, dtype=np.int64)
    spectrum[: len(counts)] = counts
    half = 1
    while half < size:
        pairs = spectrum.reshape(-1, 2, half)
        low, high = pairs[:, 0, :].copy(), pairs[:, 1, :]
        pairs[:, 0, :] += high
        pairs[:, 1, :] = low - high
        half *= 2
    return int(np.argmin(spectrum[1:])) + 1


def _rare(values: npt.NDArray[np.integer], mask: int) -> npt.NDArray[np.bool_]:
    """Which of ``values`` are rare under ``mask``."""
    parity = np.zeros(len(values), dtype=np.uint8)
    # The bits of the mask above the values' type are 0 in every value.
    masked = values & (mask & np.iinfo(values.dtype).max)
    while masked.any():
        parity ^= (masked & 1).astype(np.uint8)
        masked = masked >> 1
    rare: npt.NDArray[np.bool_] = parity == 0
    return rare


def _rare_heaps(
    values: npt.NDArray[np.integer], mask: int, start: int = 0
) -> Iterator[npt.NDArray[np.intp]]:
    """The rare heaps of ``values`` under ``mask`` from heap ``start`` on, a chunk at a time."""
    for first in range(start, len(values), CHUNK):
        yield np.flatnonzero(_rare(values[first : first + CHUNK], mask)) + first


def sparse_statistics(values: npt.ArrayLike, mask: int | None = None) -> Sparse:
    """The rare mask (``mask`` if given), rare heaps, and largest value of a table of values.

    >>> sparse_statistics([0, 0, 0, 1, 0, 2, 1, 0], mask=2)  # only 2 is common
    Sparse(mask=2, rare=7, last_rare=7, largest=2, largest_at=5)
    """
    array = np.asarray(values)
    if array.dtype.kind != "u":
        array = compact_values(array)
    chosen = rare_mask(array) if mask is None else mask
    count, last = 0, 0
    for rare in _rare_heaps(array, chosen):
        count += len(rare)
        last = int(rare[-1]) if len(rare) else last
    return Sparse(
        chosen,
        count,
        last,
        int(array.max(initial=0)),
        int(np.argmax(array)) if len(array) else 0,
    )


def compact_values(values: npt.ArrayLike, size: int | None = None) -> Values:
    """``values`` in the narrowest unsigned type that holds them (at least one byte), in an
    array of ``size`` (zeros after them) or of their own length (a view of ``values`` when
    they are such an array already).

    >>> compact_values([0, 3, 255]).dtype, compact_values([256]).dtype
    (dtype('uint8'), dtype('uint16'))
    >>> compact_values([1, 2], size=4).tolist()
    [1, 2, 0, 0]
    """
    array = np.asarray(values)
    largest = int(array.max(initial=0))
    if array.dtype == _holding(largest) and size in (None, len(array)):
        return array.view()  # no copy: tens of millions of heaps are in memory once only
    compact: Values = np.zeros(
        len(array) if size is None else max(size, len(array)), dtype=_holding(largest)
    )
    compact[: len(array)] = array
    return compact


def _holding(largest: int) -> np.dtype[np.unsignedinteger]:
    """The narrowest unsigned type that holds ``largest``."""
    for dtype in (np.uint8, np.uint16, np.uint32):
        if largest <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    return np.dtype(np.uint64)


def require_compact_memory(up_to: int, what: str) -> None:
    """Raise ``TooLarge`` when the compact values of heaps 0..``up_to`` would not fit, with
    the rule the size comes from.

    >>> require_compact_memory(2**40, "2^40 heaps")
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: 2^40 heaps (3 B a heap and ...) needs about 3.0 TiB of ...
    """
    rule = f"{COMPACT_BYTES_PER_HEAP} B a heap and {human_bytes(COMPACT_OVERHEAD)}"
    require_memory(compact_bytes(up_to), f"{what} ({rule})")


def compact_bytes(up_to: int) -> int:
    """The memory :func:`grundy_values` plans for heaps 0..``up_to`` at most.

    >>> compact_bytes(2**30 - 1) / 1024**3  # 3 GiB, and 0.25 GiB of working arrays
    3.25
    """
    return (up_to + 1) * COMPACT_BYTES_PER_HEAP + COMPACT_OVERHEAD


def estimated_seconds(rules: HeapRules, up_to: int, known: Values) -> float:
    """About how long :func:`grundy_values` takes for heaps ``len(known)..up_to``.

    The rare heaps among ``known`` stand for those to come; without a mask that separates
    them, this is the full recurrence's estimate.

    >>> grundys_game = HeapRules(two=(0,), unequal=True)
    >>> known = grundy_values(grundys_game, 8191)
    >>> estimated_seconds(grundys_game, 2**21, known) < heap_grundy.estimated_seconds(
    ...     grundys_game, 2**21, len(known)) / 10
    True
    """
    heaps = up_to + 1 - len(known)
    full = heap_grundy.estimated_seconds(rules, up_to, len(known))
    if heaps <= 0 or not rules.two or len(known) < FIRST_HEAPS:
        return full
    rare = _rare_count(known)
    if rare is None:
        return full
    return min(full, heaps * _seconds_per_heap(rules, rare))


def grundy_values(
    rules: HeapRules,
    up_to: int,
    *,
    known: Values | None = None,
    progress: Progress | None = None,
) -> Values:
    """The Grundy values of heaps 0 to ``up_to``: by the rare-value method where it pays,
    by the full recurrence elsewhere (the values are the same either way).

    ``known`` holds the values of heaps ``0 .. len(known) - 1`` already, which are kept (this
    is how a computation is resumed). ``progress(done, total)`` counts heaps. The values are
    held in the narrowest unsigned type that holds them, one byte a heap while they are below
    256, and widened when a larger one appears.

    >>> from strategy.engine.heap_grundy import recurrence_values
    >>> octal_45 = HeapRules(two=(1, 2), empty=frozenset({2}))  # 0.45
    >>> rare = grundy_values(octal_45, 6000)
    >>> bool((rare == recurrence_values(octal_45, 6000)).all()), int(rare.max())
    (True, 8)
    """
    if up_to < 0:
        raise InputError(f"up_to must not be negative, not {up_to}")
    values = compact_values(np.zeros(0, np.uint8) if known is None else known, up_to + 1)
    heap = 0 if known is None else len(known)
    first = min(FIRST_HEAPS if rules.two else up_to + 1, up_to + 1)
    if heap < first:
        values = _by_recurrence(rules, values, heap, first - 1)
        heap = first
    while heap <= up_to:
        end = min(up_to, int(heap * RECHECK))
        rare = _rare_count(values[:heap])
        if rare is not None and _pays(rules, heap, rare):
            stop = fill_rare(rules, values, heap, end, rare_mask(values[:heap]), progress=progress)
            if stop <= end:  # the value of heap `stop` does not fit
                values = values.astype(_holding(np.iinfo(values.dtype).max + 1))
            heap = stop
            continue
        # No mask separates the values, or the full recurrence still costs less: it runs in
        # stretches, for progress (long ones: each starts by reading the values so far).
        stretch = max(BLOCK, heap // 16)
        for start in range(heap, end + 1, stretch):
            values = _by_recurrence(rules, values, start, min(start + stretch - 1, end))
            if progress is not None:
                progress(min(start + stretch, end + 1), up_to + 1)
        heap = end + 1
    if progress is not None:
        progress(up_to + 1, up_to + 1)
    return values[: up_to + 1]


def _by_recurrence(rules: HeapRules, values: Values, start: int, end: int) -> Values:
    """``values`` with heaps ``start..end`` filled by the full recurrence, widened if a value
    needs it (the recurrence works in a type wide enough for any value, on a copy of the
    heaps up to ``end``: it costs far more than the copy)."""
    wide = new_values(rules, end, values[:start])
    fill_values(rules, wide, start, end)
    largest = int(wide[start:].max(initial=0))
    if largest > np.iinfo(values.dtype).max:
        values = values.astype(_holding(largest))
    values[start : end + 1] = wide[start:]
    return values


def _rare_count(values: Values) -> int | None:
    """How many of ``values`` are rare under their best mask, or ``None`` when no mask
    separates them (many rare values late, or too many rare heaps for a block)."""
    mask, half = rare_mask(values), len(values) // 2
    rare = later = 0
    for heaps in _rare_heaps(values, mask):
        rare += len(heaps)
        later += int(np.count_nonzero(heaps >= half))
    if later > RARE_SHARE * (len(values) - half) or rare > MOST_RARE:
        return None
    return rare


def _seconds_per_heap(rules: HeapRules, rare: int) -> float:
    """About how long the rare method takes per heap with ``rare`` rare heaps."""
    return SECONDS_PER_HEAP + rare * len(rules.two) * SECONDS_PER_RARE_SPLIT


def _pays(rules: HeapRules, heap: int, rare: int) -> bool:
    """Whether the rare method costs less than the full recurrence at ``heap`` (and fits)."""
    if _room(rules, heap, BLOCK) < SAMPLE_PER_VALUE:
        return False
    full = heap_grundy.SECONDS_PER_HEAP + len(rules.two) * heap / 2 * heap_grundy.SECONDS_PER_SPLIT
    return _seconds_per_heap(rules, rare) < full


def fill_rare(
    rules: HeapRules,
    values: Values,
    start: int,
    end: int,
    mask: int,
    *,
    progress: Progress | None = None,
    block: int = BLOCK,
    sample: int = SAMPLE,
) -> int:
    """Heaps ``start..end`` of ``values`` by the rare method under ``mask``, from the values
    before them: exact for any mask, fast for one that makes few heaps rare. Returns the
    first heap not filled: ``end + 1``, or a heap whose value ``values``' type cannot hold.

    ``block`` heaps are done at once, with up to ``sample`` splits each looked at by numpy
    (fewer while the heaps leave less room: a block and its sample take up to half the
    heaps known); ``start`` must be at least ``2 * (block + 1) + k + 2`` for the largest
    splitting take ``k``.

    >>> grundys_game = HeapRules(two=(0,), unequal=True)
    >>> values = new_values(grundys_game, 300)
    >>> fill_values(grundys_game, values, 0, 199)
    >>> fill_rare(grundys_game, values, 200, 300, mask=1, block=16, sample=32)  # a poor mask
    301
    >>> values[290:].tolist() == heap_grundy.recurrence_values(grundys_game, 300)[290:].tolist()
    True
    """
    if not rules.two or _room(rules, start, block) < 1:
        raise InputError(
            f"the rare method needs splits and {2 * (block + 1) + 2:,} heaps or more known"
        )
    rare_list: list[int] = np.concatenate(list(_rare_heaps(values[:start], mask, 1))).tolist()
    largest = int(values[:start].max())
    for first in range(start, end + 1, block):
        last = min(first + block - 1, end)
        rare_array = np.asarray(rare_list, dtype=np.intp)
        # Every value so far is below `bound`, a power of two, and so is the XOR of two.
        bound = 1 << largest.bit_length()
        found, stop = _block(rules, values, (first, last), mask, rare_array, bound, sample)
        if stop <= last:
            return stop
        rare_list.extend(found)
        largest = max(largest, int(values[first : last + 1].max()))
        if progress is not None:
            progress(last + 1, len(values))
    return end + 1


def _room(rules: HeapRules, first: int, block: int) -> int:
    """How many splits of each heap of a block starting at ``first`` may be sampled: their
    larger heaps, from the middle of the first heap on, must lie below the block."""
    return (first - max(rules.two) - 2) // 2 - block


def _block(
    rules: HeapRules,
    values: Values,
    block: tuple[int, int],
    mask: int,
    rare: npt.NDArray[np.intp],
    bound: int,
    sample: int,
) -> tuple[list[int], int]:
    """Heaps ``first..last`` of the ``block``; returns those of them that are rare, and the
    first heap not filled (``last + 1``, or one whose value ``values``' type cannot hold)."""
    first, last = block
    heaps = np.arange(first, last + 1)
    sample = min(SAMPLE_PER_VALUE * bound, sample, _room(rules, first, len(heaps)))
    seen = _seen_before(rules, values, heaps, bound, rare, sample)
    rows, free = np.nonzero(~seen)
    splits = np.searchsorted(rows, np.arange(len(heaps) + 1)).tolist()
    free_values: list[int] = free.tolist()
    # The per-heap loop reads Python lists: the heaps just before the block and in it, and
    # the small heaps a split with a heap of the block leaves beside it.
    behind = max((*rules.one, *rules.two)) + 1
    recent = values[first - behind : first].tolist()
    small = values[: last - first + 1].tolist()
    small_rare = rare[: np.searchsorted(rare, last - first + 1)].tolist()
    found: list[int] = []
    top = int(np.iinfo(values.dtype).max)
    for row, heap in enumerate(range(first, last + 1)):
        options = _options_in_block(rules, heap, first, behind, recent, small, small_rare, found)
        candidates = itertools.chain(
            free_values[splits[row] : splits[row + 1]], itertools.count(bound)
        )
        value = _mex(rules, values, heap, mask, options, candidates, (first, last, sample))
        if value > top:
            return [], heap
        values[heap] = value
        recent.append(value)
        if not (value & mask).bit_count() & 1:
            found.append(heap - first + behind)
    return [first - behind + at for at in found], last + 1


def _seen_before(
    rules: HeapRules,
    values: Values,
    heaps: npt.NDArray[np.intp],
    bound: int,
    rare: npt.NDArray[np.intp],
    sample: int,
) -> npt.NDArray[np.bool_]:
    """Per heap of a block, which values below ``bound`` its splits between heaps known before
    the block give: all splits with a rare heap, and ``sample`` of the others."""
    first, last = int(heaps[0]), int(heaps[-1])
    # Column `bound` collects the splits that do not exist.
    seen = np.zeros((len(heaps), bound + 1), dtype=np.bool_)
    flat = seen.reshape(-1)
    row = (np.arange(len(heaps), dtype=np.intp) * (bound + 1))[:, None]
    for take in rules.two:
        rest = heaps[:, None] - take
        # Rare heaps r from `low` to `high` - 1 leave 1 <= rest - r < first in every row.
        low = int(np.searchsorted(rare, last - take - first + 1))
        high = int(np.searchsorted(rare, first - take))
        inner = rare[low:high]
        # In `intp`: `bound` may not fit the values' type.
        xor = (values[inner][None, :] ^ values[rest - inner[None, :]]).astype(np.intp)
        if rules.unequal:
            # The split into two equal heaps r + r is no move.
            rows = 2 * inner - (first - take)
            equal = (rows >= 0) & (rows < len(heaps))
            xor[rows[equal], np.flatnonzero(equal)] = bound
        flat[row + xor] = True
        edge = np.concatenate([rare[:low], rare[high:]])
        other = rest - edge[None, :]
        absent = (other < 1) | (other >= first) | (rules.unequal & (other == edge[None, :]))
        xor = (values[edge][None, :] ^ values[np.clip(other, 0, first - 1)]).astype(np.intp)
        xor[absent] = bound
        flat[row + xor] = True
        # A sample of splits a + b with b below the block for every heap of it: a quarter with
        # a from the smallest such heaps, the rest with a just below the middle of the first
        # heap (where the values are like those to come; the small heaps' values are what a
        # periodic tail cannot give).
        few, middle = _sample_starts(rules, first, last, take)
        quarter = sample // 4
        for smallest, size in ((few, quarter), (middle - (sample - quarter) + 1, sample - quarter)):
            # Row i pairs a = smallest + size - 1 - k with b = first + i - take - a, for k
            # below size: windows of the values against the a's, reversed.
            start = first - take - smallest - size + 1
            larger = np.lib.stride_tricks.sliding_window_view(
                values[start : start + len(heaps) - 1 + size], size
            )
            smaller = values[smallest : smallest + size][::-1]
            flat[row + (larger ^ smaller[None, :])] = True
    return seen[:, :bound]


def _middle(rules: HeapRules, heap: int, take: int) -> int:
    """The smaller heap of the most even split of ``heap`` by ``take``."""
    rest = heap - take
    return (rest - 1) // 2 if rules.unequal else rest // 2


def _sample_starts(rules: HeapRules, first: int, last: int, take: int) -> tuple[int, int]:
    """The smallest heap a split by ``take`` of every heap of the block ``first..last`` may
    leave with the other below the block, and the middle of the block's first heap."""
    return max(last - take - first + 1, 1), _middle(rules, first, take)


def _options_in_block(
    rules: HeapRules,
    heap: int,
    first: int,
    behind: int,
    recent: list[int],
    small: list[int],
    small_rare: list[int],
    found: list[int],
) -> set[int]:
    """The option values of ``heap`` that :func:`_seen_before` cannot know: single heaps left,
    and splits with a rare heap whose other heap lies in the block, which starts at ``first``.

    ``recent`` holds the values of the ``behind`` heaps before the block and those of the
    block so far; ``found`` its rare heaps (as indices into ``recent``), which pair with
    ``small`` heaps, and the ``small_rare`` heaps pair with heaps of the block."""
    at = heap - first + behind
    options = {recent[at - take] for take in rules.one}
    if heap in rules.empty:
        options.add(0)
    for take in rules.two:
        rest = at - take
        # A split's smaller heap up to this leaves its larger one in the block.
        reach = bisect.bisect_right(small_rare, rest - behind)
        options.update([small[heap] ^ recent[rest - heap] for heap in small_rare[:reach]])
        options.update([small[rest - heap] ^ recent[heap] for heap in found if heap < rest])
    return options


def _mex(
    rules: HeapRules,
    values: Values,
    heap: int,
    mask: int,
    options: set[int],
    candidates: Iterator[int],
    block: tuple[int, int, int],
) -> int:
    """The least value that is no option among ``candidates``: the values below the block's
    bound that :func:`_seen_before` did not see, and then every value above it. ``block``
    holds the block's first and last heap and the number of splits sampled."""
    # Rare candidates are put aside up to the first common one that is no option (every split
    # that could give a common value has been examined), then searched for all at once.
    pending: list[int] = []
    for value in candidates:
        if value in options:
            continue
        if (value & mask).bit_count() & 1:
            missing = _not_given(rules, values, heap, pending, block) if pending else []
            return min(missing, default=value)
        pending.append(value)
    raise AssertionError("the candidates never end")


def _not_given(
    rules: HeapRules, values: Values, heap: int, wanted: list[int], block: tuple[int, int, int]
) -> list[int]:
    """Those of ``wanted`` that no split of ``heap`` gives, looking at ever more splits, from
    both ends of those the sample left out (``block``: its first and last heap, the sample)."""
    wanted_set = set(wanted)
    first, last, sample = block
    for take in rules.two:
        rest = heap - take
        few, middle = _sample_starts(rules, first, last, take)
        stretches = [(middle + 1, _middle(rules, heap, take)), (1, few - 1)]
        low, high, size = few + sample // 4, middle - (sample - sample // 4), FIRST_SCAN
        while low <= high:
            stretches.append((low, min(low + size - 1, high)))
            low += size
            if low <= high:
                stretches.append((max(high - size + 1, low), high))
                high -= size
            size = min(4 * size, CHUNK)
        for low, high in stretches:
            # Splits (a, rest - a) for a in low..high.
            xor = values[low : high + 1] ^ values[rest - high : rest - low + 1][::-1]
            wanted_set.difference_update(np.flatnonzero(np.bincount(xor)).tolist())
            if not wanted_set:
                return []
    return sorted(wanted_set)

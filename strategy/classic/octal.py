"""Octal games (Guy & Smith 1956): take-away games on heaps named by a code like ``0.77``.

In the code ``0.d1d2d3...`` the octal digit ``dk`` says what a player may do by removing ``k``
tokens from one heap: bit 1 allows it when that empties the heap, bit 2 when it leaves one
smaller heap, bit 4 when it leaves two non-empty heaps. Kayles is ``0.77`` (knock down one or
two adjacent pins from a row), Dawson's Kayles ``0.07``; a subtraction game is the code with
digit 3 at each number that may be taken.

The Grundy value of a heap follows from the recurrence ``G(n) = mex{G(a) xor G(b) : n -> a + b}``
(computed by :mod:`strategy.engine.heap_grundy`), and many octal games become periodic. Guy and
Smith's periodicity theorem (1956; *Winning Ways*, ch. 4) makes that a proof: if ``G(n + p) =
G(n)`` for all ``n0 <= n < 2 n0 + p + k``, with ``k`` the most tokens one move removes, then it
holds for all ``n >= n0``. Once it is proven, every further value is a copy, so
:func:`analyse_octal` computes heaps by the recurrence only until the proof is in.

>>> kayles = OctalGame.parse("0.77")
>>> kayles.grundy_values(12)
(0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4)
>>> result = analyse_octal("0.137", 1_000_000)  # Dawson's chess: period 34 from heap 52
>>> result.period, result.proven, result.computed, result.values[999_999]
(34, True, 256, 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass

import numpy as np
import numpy.typing as npt

from strategy.classic.base import register_heap_game
from strategy.engine.display import Summarised
from strategy.engine.errors import InputError, echo
from strategy.engine.heap_grundy import HeapRules, Values, require_time, require_values_memory
from strategy.engine.progress import duration_text
from strategy.engine.rare_values import (
    Sparse,
    estimated_seconds,
    grundy_values,
    sparse_statistics,
)
from strategy.engine.registry import Parameter
from strategy.engine.resources import require_memory

__all__ = [
    "OctalAnalysis",
    "OctalGame",
    "Periodicity",
    "analyse_octal",
    "find_periodicity",
]

_CODE = re.compile(r"0?\.([0-7]*[1-7])0*")

# Evidence asked of a period the theorem cannot yet confirm: the repeating tail must span
# this many periods and this share of the computed heaps, so that a coincidence over a short
# stretch (the last dozen values repeating) is not reported.
_APPARENT_REPEATS = 3
_APPARENT_SHARE = 0.5
# A period the values show over this share of them says where the next stretch ends.
_STRETCH_SHARE = 0.25
# Memory per heap computed beyond those shown (the array of values, a copy while it grows).
BYTES_PER_COMPUTED_HEAP = 8
# Periods whose tail fails at one of this many last heaps are dropped all at once.
_PREFILTER = 32
# Heaps are computed in stretches ending here, then at twice that and so on, and the
# periodicity theorem is tried at the end of each.
_FIRST_STRETCH = 255
# Heaps computed before a request's time estimate is weighed (a fraction of a second): a
# period proven by then answers any number of heaps by copying.
PROBE_HEAPS = 8191


@dataclass(frozen=True)
class OctalGame:
    """An octal game: ``digits[k - 1]`` is the octal digit for removing ``k`` tokens.

    >>> OctalGame.parse(".07").digits
    (0, 7)
    >>> list(OctalGame.parse("0.07").heap_options(5))
    [(3,), (1, 2)]
    """

    digits: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.digits or not self.digits[-1] or any(not 0 <= d <= 7 for d in self.digits):
            raise InputError(f"octal digits {self.digits} must be 0-7 and end in a non-zero digit")

    @classmethod
    def parse(cls, code: str) -> OctalGame:
        """The game of a code such as ``"0.77"`` or ``".137"`` (trailing zeros are ignored).

        >>> OctalGame.parse("0.4")
        OctalGame(digits=(4,))
        """
        match = _CODE.fullmatch(code.strip())
        if match is None:
            raise InputError(
                f"{echo(code)} is not an octal game code: write 0. followed by octal digits 0-7, "
                "not all zero (Kayles is 0.77)"
            )
        return cls(tuple(int(digit) for digit in match.group(1)))

    @property
    def code(self) -> str:
        """The canonical code, such as ``"0.77"``."""
        return "0." + "".join(str(digit) for digit in self.digits)

    @property
    def max_take(self) -> int:
        """The most tokens a single move removes."""
        return len(self.digits)

    @property
    def rules(self) -> HeapRules:
        """The moves the digits allow, for the recurrence.

        >>> OctalGame.parse("0.137").rules
        HeapRules(one=(2, 3), two=(3,), empty=frozenset({1, 2, 3}), unequal=False)
        """
        takes = tuple(enumerate(self.digits, start=1))
        return HeapRules(
            one=tuple(take for take, digit in takes if digit & 2),
            two=tuple(take for take, digit in takes if digit & 4),
            empty=frozenset(take for take, digit in takes if digit & 1),
        )

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        """The heaps a move on one heap of ``heap`` tokens can leave, smaller heap first.

        >>> list(OctalGame.parse("0.77").heap_options(3))
        [(2,), (1,), (1, 1)]
        """
        return self.rules.options(heap)

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The positions (sorted tuples of non-empty heaps) one move from ``position``.

        >>> sorted(set(OctalGame.parse("0.77").moves((1, 3))))
        [(1, 1), (1, 1, 1), (1, 2), (3,)]
        """
        return self.rules.moves(position)

    def grundy_values(self, up_to: int) -> tuple[int, ...]:
        """The Grundy values of single heaps of 0 to ``up_to`` tokens (by the rare-value method).

        >>> OctalGame.parse("0.333").grundy_values(9)  # the Bash game: take 1, 2 or 3
        (0, 1, 2, 3, 0, 1, 2, 3, 0, 1)
        """
        return tuple(grundy_values(self.rules, up_to).tolist())


@dataclass(frozen=True)
class Periodicity:
    """``values[n + period] == values[n]`` for every ``n >= preperiod``.

    ``proven`` says the computed values satisfy the periodicity theorem, so the period holds
    for all heaps; otherwise it is only what the computed values show.

    >>> Periodicity(preperiod=0, period=4, proven=True).period
    4
    """

    preperiod: int
    period: int
    proven: bool


def find_periodicity(
    values: Sequence[int] | Values, max_take: int, *, share: float = _APPARENT_SHARE
) -> Periodicity | None:
    """The least period of ``values`` with its least preperiod, proven if the data allow.

    ``max_take`` is the ``k`` of the periodicity theorem. A proven period is the true least
    period of the whole infinite sequence. Without proof, a period is reported only when its
    repeating tail spans at least three periods and ``share`` of the values (half, unless
    told); otherwise the result is ``None``.

    >>> find_periodicity(OctalGame.parse("0.333").grundy_values(20), 3)
    Periodicity(preperiod=0, period=4, proven=True)
    >>> find_periodicity([0, 1, 2, 3, 4, 5], 1) is None
    True
    >>> find_periodicity([5, 4, 3, 2, 1, 0] * 4 + [1, 2] * 6, 1) is None  # a short tail
    True
    """
    array = np.asarray(values)
    length = len(array)
    # A proof needs 2 * period + max_take <= length, an apparent period 3 * period <= length.
    periods = np.arange(1, max((length - max_take) // 2, length // _APPARENT_REPEATS) + 1)
    # A period reported repeats over at least the last `depth` heaps (its tail, less one
    # period, spans half the values if proven and 2/3 of `share` of them if apparent): drop
    # the periods that fail there, all at once, before looking at each of the rest.
    depth = min(_PREFILTER, int(min(0.5, 2 * share / 3) * length))
    for heap in range(length - 1, length - 1 - depth, -1):
        periods = periods[periods <= heap]
        periods = periods[array[heap - periods] == array[heap]]
    apparent: Periodicity | None = None
    while periods.size:
        period, periods = int(periods[0]), periods[1:]
        start = _periodic_from(array, period)
        if 2 * start + 2 * period + max_take <= length:
            return Periodicity(start, period, proven=True)
        tail = length - start
        if apparent is None and tail >= max(_APPARENT_REPEATS * period, share * length):
            apparent = Periodicity(start, period, proven=False)
        if tail >= 3 * period:
            # A multiple q of this period with q + period <= tail repeats from no earlier heap
            # (the last heap where this period fails would fail q too), so it is not proven,
            # and apparent only if this one is: skip them (0.376's period 4 has half a million
            # multiples to look at otherwise).
            periods = periods[(periods % period != 0) | (periods > tail - period)]
    return apparent


def _periodic_from(array: npt.NDArray[np.integer], period: int) -> int:
    """The least ``n0`` with ``array[n + period] == array[n]`` for ``n0 <= n < len - period``."""
    # Compare ever longer stretches at once, going back from the end.
    high = len(array) - period - 1
    stretch = 64
    while high >= 0:
        low = max(high - stretch + 1, 0)
        differ = np.flatnonzero(array[low : high + 1] != array[low + period : high + 1 + period])
        if differ.size:
            return low + int(differ[-1]) + 1
        high, stretch = low - 1, stretch * 4
    return 0


@dataclass(frozen=True, repr=False)
class OctalAnalysis(Summarised):
    """An octal game's Grundy values for heaps 0 to ``len(values) - 1`` and their period.

    ``preperiod`` and ``period`` are ``None`` when no period shows in the computed values.
    ``computed`` heaps (0 to ``computed - 1``, perhaps more than are shown when a proof was
    sought further) came from the recurrence; the rest are copies by a proven period.
    ``sparse`` holds the sparse statistics of the computed heaps. ``code`` is ``None`` for a
    game whose code would be unwieldy (a subtraction game taking a million).

    >>> analyse_octal("0.07", 300).preperiod
    53
    """

    code: str | None
    values: tuple[int, ...]
    preperiod: int | None
    period: int | None
    proven: bool
    computed: int
    sparse: Sparse

    def as_json(self) -> dict[str, object]:
        """The analysis as a JSON-ready dict.

        >>> sorted(analyse_octal("0.3", 5).as_json())
        ['code', 'computed', 'period', 'preperiod', 'proven', 'sparse', 'values']
        """
        return {
            "code": self.code,
            "values": list(self.values),
            "preperiod": self.preperiod,
            "period": self.period,
            "proven": self.proven,
            "computed": self.computed,
            "sparse": asdict(self.sparse),
        }


Progress = Callable[[int, int], None]


def analyse_octal(
    game: str | OctalGame | HeapRules,
    up_to: int,
    *,
    progress: Progress | None = None,
    max_seconds: float | None = None,
    prove_to: int | None = None,
    notice: Callable[[str], None] | None = None,
) -> OctalAnalysis:
    """Grundy values of heaps 0..``up_to`` of an octal game and their period, computed until
    the period is proven. ``game`` is its code, an :class:`OctalGame`, or its
    :class:`~strategy.engine.heap_grundy.HeapRules` (a game whose code is too long to write).

    Heaps 0..``up_to`` are computed and count as evidence, and with ``prove_to`` heaps beyond
    them up to that one, as far as a proof needs: a period needing more stays unproven.
    Stretch by stretch the values are computed (by the rare-value method of
    :mod:`strategy.engine.rare_values`) and the periodicity theorem is tried; once it holds,
    the remaining heaps are copied. A stretch ends at twice the last one, or, when the values
    so far repeat over a quarter of them, at the heap that would prove that period.
    ``progress(done, total)`` counts heaps, of those to the end of the stretch. Raises
    :class:`~strategy.engine.resources.TooLarge` up front when the values would not fit in
    memory, and, with ``max_seconds``, when no period is proven within the first
    ``PROBE_HEAPS`` heaps and the rest would take longer than that; ``notice(text)`` is then
    told the estimate, once.

    >>> result = analyse_octal("0.77", 300)  # Kayles (Guy & Smith 1956)
    >>> result.preperiod, result.period, result.proven
    (71, 12, True)
    >>> analyse_octal("0.16", 10, prove_to=20_000).proven  # heaps past 20,000 are needed
    False
    >>> analyse_octal(HeapRules(one=(1, 3, 4), empty=frozenset({1, 3, 4})), 70).period
    7
    >>> analyse_octal("0.007", 10**6, max_seconds=60)
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: 0.007 shows no proven period by heap 8,191, and heaps ...
    """
    if isinstance(game, HeapRules):
        rules, code = game, None
    else:
        octal = OctalGame.parse(game) if isinstance(game, str) else game
        rules, code = octal.rules, octal.code
    if rules.unequal or 0 in rules.two:
        raise InputError("the periodicity theorem is for octal games, which always take a token")
    if up_to < 0:
        raise InputError(f"up_to must not be negative, not {up_to}")
    limit = up_to if prove_to is None else max(up_to, prove_to)
    require_values_memory(up_to)
    require_memory(BYTES_PER_COMPUTED_HEAP * (limit + 1), f"the values of {limit + 1:,} heaps")
    values: Values | None = None
    end = min(_FIRST_STRETCH, limit)
    # Progress counts the heaps of the stretch under way: how far a proof needs is unknown.
    report = None if progress is None else (lambda done, _: progress(done, end + 1))
    while True:
        if max_seconds is not None and values is not None and len(values) > PROBE_HEAPS:
            seconds = estimated_seconds(rules, limit, values)
            what = (
                f"{code or 'this game'} shows no proven period by heap {len(values) - 1:,}, "
                f"and heaps up to {limit:,}"
            )
            require_time(seconds, what, max_seconds)
            if notice is not None:
                notice(f"{what} would take about {duration_text(seconds)} at most")
                notice = None
        values = grundy_values(rules, end, known=values, progress=report)
        found = find_periodicity(values, rules.max_take)
        if end == limit or (found is not None and found.proven):
            break
        end = min(_next_end(values, rules.max_take), limit)
    computed = len(values)
    sparse = sparse_statistics(values)
    if found is None:
        shown = tuple(values[: up_to + 1].tolist())
        return OctalAnalysis(code, shown, None, None, False, computed, sparse)
    if found.proven and computed <= up_to:
        values = _copy_period(values, found, up_to)
    shown = tuple(values[: up_to + 1].tolist())
    return OctalAnalysis(code, shown, found.preperiod, found.period, found.proven, computed, sparse)


def _next_end(values: Values, max_take: int) -> int:
    """Where the next stretch of heaps ends: twice as far, or sooner where a period the values
    show would be proven."""
    end = 2 * len(values) - 1
    seen = find_periodicity(values, max_take, share=_STRETCH_SHARE)
    if seen is not None:
        # The theorem asks 2 * n0 + 2 * p + k heaps, numbered 0 on.
        end = min(end, 2 * seen.preperiod + 2 * seen.period + max_take - 1)
    return max(end, len(values))


def _copy_period(values: Values, found: Periodicity, up_to: int) -> Values:
    """``values`` extended to heaps 0..``up_to`` by repeating the proven period."""
    start, period = found.preperiod, found.period
    block = values[start : start + period]
    offset = (len(values) - start) % period
    tail = np.resize(np.roll(block, -offset), up_to + 1 - len(values))
    return np.concatenate([values, tail])


register_heap_game(
    "octal",
    lambda code: OctalGame.parse(code).rules.moves,
    summary="an octal game by its code (Kayles is 0.77) on the given heaps",
    parameters=(Parameter("code", "the code, such as 0.77 (Kayles)", default="0.77", kind=str),),
    example="2 3 --code 0.07",
    title=lambda heaps, code, misere: f"octal {code} on {' '.join(map(str, heaps))}",
)

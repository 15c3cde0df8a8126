"""Octal games (Guy & Smith 1956): take-away games on heaps named by a code like ``0.77``.

In the code ``0.d1d2d3...`` the octal digit ``dk`` says what a player may do by removing ``k``
tokens from one heap: bit 1 allows it when that empties the heap, bit 2 when it leaves one
smaller heap, bit 4 when it leaves two non-empty heaps. Kayles is ``0.77`` (knock down one or
two adjacent pins from a row), Dawson's Kayles ``0.07``; a subtraction game is the code with
digit 3 at each number that may be taken.

The Grundy value of a heap follows from the recurrence ``G(n) = mex{G(a) xor G(b) : n -> a + b}``
and every finite octal game that has been computed long enough becomes periodic. Guy and
Smith's periodicity theorem makes that a proof: if ``G(n + p) = G(n)`` for all ``n0 <= n <
2 n0 + p + k``, with ``k`` the most tokens one move removes, then it holds for all ``n >= n0``.

>>> kayles = OctalGame.parse("0.77")
>>> kayles.grundy_values(12)
(0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4)
>>> analyse_octal("0.77", 300).period
12
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from strategy.engine.errors import InputError
from strategy.engine.impartial import mex, nim_sum

__all__ = ["OctalAnalysis", "OctalGame", "Periodicity", "analyse_octal", "find_periodicity"]

_CODE = re.compile(r"0?\.([0-7]*[1-7])0*")

# Evidence asked of a period the theorem cannot yet confirm: the repeating tail must span
# this many periods, so a coincidence over a short stretch is not reported.
_APPARENT_REPEATS = 3


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
                f"{code!r} is not an octal game code: write 0. followed by octal digits 0-7, "
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

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        """The heaps a move on one heap of ``heap`` tokens can leave, smaller heap first.

        >>> list(OctalGame.parse("0.77").heap_options(3))
        [(2,), (1, 1), (1,)]
        """
        for take, digit in enumerate(self.digits, start=1):
            rest = heap - take
            if digit & 1 and rest == 0:
                yield ()
            if digit & 2 and rest > 0:
                yield (rest,)
            if digit & 4:
                for smaller in range(1, rest // 2 + 1):
                    yield (smaller, rest - smaller)

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The positions (sorted tuples of non-empty heaps) one move from ``position``.

        This is the game as a whole, for the generic Grundy engine; the recurrence in
        :meth:`grundy_values` needs only single heaps.

        >>> sorted(set(OctalGame.parse("0.77").moves((1, 3))))
        [(1, 1), (1, 1, 1), (1, 2), (3,)]
        """
        for index, heap in enumerate(position):
            others = position[:index] + position[index + 1 :]
            for left in self.heap_options(heap):
                yield tuple(sorted(others + left))

    def grundy_values(self, up_to: int) -> tuple[int, ...]:
        """The Grundy values of single heaps of 0 to ``up_to`` tokens, by the recurrence.

        >>> OctalGame.parse("0.333").grundy_values(9)  # the Bash game: take 1, 2 or 3
        (0, 1, 2, 3, 0, 1, 2, 3, 0, 1)
        """
        if up_to < 0:
            raise InputError(f"up_to must not be negative, not {up_to}")
        values: list[int] = []
        for heap in range(up_to + 1):
            values.append(mex(nim_sum(values[h] for h in left) for left in self.heap_options(heap)))
        return tuple(values)


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


def find_periodicity(values: Sequence[int], max_take: int) -> Periodicity | None:
    """The least period of ``values`` with its least preperiod, proven if the data allow.

    ``max_take`` is the ``k`` of the periodicity theorem. A proven period is the true least
    period of the whole infinite sequence. Without proof, a period is reported only when its
    repeating tail spans at least three periods; otherwise the result is ``None``.

    >>> find_periodicity(OctalGame.parse("0.333").grundy_values(20), 3)
    Periodicity(preperiod=0, period=4, proven=True)
    >>> find_periodicity([0, 1, 2, 3, 4, 5], 1) is None
    True
    """
    length = len(values)
    apparent: Periodicity | None = None
    for period in range(1, length // 2 + 1):
        start = _periodic_from(values, period)
        if 2 * start + 2 * period + max_take <= length:
            return Periodicity(start, period, proven=True)
        if apparent is None and length - start >= _APPARENT_REPEATS * period:
            apparent = Periodicity(start, period, proven=False)
    return apparent


def _periodic_from(values: Sequence[int], period: int) -> int:
    """The least ``n0`` with ``values[n + period] == values[n]`` for ``n0 <= n < len - period``."""
    for n in range(len(values) - period - 1, -1, -1):
        if values[n] != values[n + period]:
            return n + 1
    return 0


@dataclass(frozen=True)
class OctalAnalysis:
    """An octal game's Grundy values for heaps 0 to ``len(values) - 1`` and their period.

    ``preperiod`` and ``period`` are ``None`` when no period shows in the computed values.

    >>> analyse_octal("0.07", 300).preperiod
    53
    """

    code: str
    values: tuple[int, ...]
    preperiod: int | None
    period: int | None
    proven: bool

    def as_json(self) -> dict[str, object]:
        """The analysis as a JSON-ready dict.

        >>> sorted(analyse_octal("0.3", 5).as_json())
        ['code', 'period', 'preperiod', 'proven', 'values']
        """
        return {
            "code": self.code,
            "values": list(self.values),
            "preperiod": self.preperiod,
            "period": self.period,
            "proven": self.proven,
        }


def analyse_octal(game: str | OctalGame, up_to: int) -> OctalAnalysis:
    """Grundy values of heaps 0..``up_to`` of ``game`` (a code or an OctalGame) and their period.

    >>> result = analyse_octal("0.77", 300)  # Kayles (Guy & Smith 1956)
    >>> result.preperiod, result.period, result.proven
    (71, 12, True)
    """
    octal = OctalGame.parse(game) if isinstance(game, str) else game
    values = octal.grundy_values(up_to)
    found = find_periodicity(values, octal.max_take)
    if found is None:
        return OctalAnalysis(octal.code, values, None, None, False)
    return OctalAnalysis(octal.code, values, found.preperiod, found.period, found.proven)

"""Exact values as integers over powers of a few primes, and their reduction to ``Fraction``.

A roll's probabilities are counts over a denominator whose primes are those of the dice's
faces (2 and 3 for six-sided dice). The kernels keep each value as an integer numerator
over ``prod(p ** e_p)``: adding such values needs no gcd, only shifting one numerator by
powers of these primes, and reducing one at the end needs only to divide out a few of
them. Numerators stay Python integers: exact at any size.

>>> powers = Powers((2, 3))
>>> reduce_scalar(12, (3, 1), powers)  # 12 / (2**3 * 3)
Fraction(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import prod
from typing import Any

import numpy as np

from strategy.engine.numbers import strip_prime
from strategy.risk.kernels.rows import LazyRows

# numpy.typing.NDArray spelled as numpy.typing defines it (importing numpy.typing would
# cost every command's start-up).
ObjectArray = np.ndarray[tuple[Any, ...], np.dtype[np.object_]]
IntArray = np.ndarray[tuple[Any, ...], np.dtype[np.int64]]


def coprime_fraction(numerator: int, denominator: int) -> Fraction:
    """The ``Fraction`` of a coprime pair (``denominator > 0``), without its gcd.

    ``Fraction(n, d)`` always runs a gcd, tens of microseconds at thousands of digits,
    although the kernels know the pair is coprime; the two slots are filled directly
    instead (Python 3.12 does the same in its private ``Fraction._from_coprime_ints``).

    >>> coprime_fraction(-3, 4)
    Fraction(-3, 4)
    """
    value = object.__new__(Fraction)
    value._numerator = numerator  # type: ignore[attr-defined]
    value._denominator = denominator  # type: ignore[attr-defined]
    return value


_fractions = np.frompyfunc(coprime_fraction, 2, 1)
_bit_length = np.frompyfunc(int.bit_length, 1, 1)


class Powers:
    """``p ** e`` for each prime ``p``, grown on demand, for scalars and whole arrays.

    >>> powers = Powers((2, 3))
    >>> powers.scalar((3, 1)), powers.vector(np.array([[1, 0, 40], [0, 2, 1]])).tolist()
    (24, [2, 9, 3298534883328])
    """

    #: Products of powers below this are looked up in one table (for up to three primes).
    SMALL = 16

    def __init__(self, primes: tuple[int, ...]) -> None:
        self.primes = primes
        self._lists = [[1] for _ in primes]
        self._tables: list[ObjectArray] = []
        self._small: ObjectArray | None = None
        if len(primes) <= 3:
            grid = np.indices((self.SMALL,) * len(primes)).reshape(len(primes), -1).T
            small = [prod(p**e for p, e in zip(primes, row, strict=True)) for row in grid.tolist()]
            self._small = np.array(small, dtype=object).reshape((self.SMALL,) * len(primes))

    def _grow(self, most: int) -> None:
        if most < len(self._lists[0]):
            return
        most = max(most, 2 * len(self._lists[0]))
        for p, powers in zip(self.primes, self._lists, strict=True):
            while len(powers) <= most:
                powers.append(powers[-1] * p)
        self._tables = [np.array(powers, dtype=object) for powers in self._lists]

    def scalar(self, exponents: Sequence[int]) -> int:
        """``prod(p ** e)`` over the primes."""
        if not any(exponents):
            return 1
        self._grow(max(exponents))
        return prod(powers[e] for powers, e in zip(self._lists, exponents, strict=True))

    def vector(self, exponents: IntArray) -> ObjectArray:
        """``prod(p ** e)`` over the first axis of ``exponents`` (one entry per prime)."""
        most = int(exponents.max())
        if self._small is not None and most < self.SMALL:
            looked_up: ObjectArray = self._small[tuple(exponents)]
            return looked_up
        self._grow(most)
        result: ObjectArray | None = None
        for table, p, row in zip(self._tables, self.primes, exponents, strict=True):
            if p != 2:
                result = table[row] if result is None else result * table[row]
        if self.primes[0] != 2:
            assert result is not None
            return result
        # Shifting beats multiplying by a power of two.
        ones: ObjectArray = np.ones(exponents.shape[1:], dtype=object)
        shifted: ObjectArray = (ones if result is None else result) << exponents[0]
        return shifted


def reduce_scalar(numerator: int, exponents: Sequence[int], powers: Powers) -> Fraction:
    """The reduced ``Fraction`` of ``numerator / prod(p ** e)``."""
    left = list(exponents)
    for i, p in enumerate(powers.primes):
        numerator, v = strip_prime(numerator, p, left[i])
        left[i] -= v
    return coprime_fraction(numerator, powers.scalar(left) if numerator else 1)


def reduced_fractions(
    numerators: ObjectArray, exponents: IntArray, powers: Powers, shifts: IntArray | None = None
) -> ObjectArray:
    """``numerators / prod(p ** exponents) + shifts`` as reduced fractions, element by element.

    ``exponents`` has one row per prime; the arrays are changed in place.

    >>> reduced_fractions(
    ...     np.array([12, 0, 5], dtype=object), np.array([[3, 1, 0], [1, 4, 0]]), Powers((2, 3))
    ... ).tolist()
    [Fraction(1, 2), Fraction(0, 1), Fraction(5, 1)]
    """
    for i, p in enumerate(powers.primes):
        if p == 2:
            lowest_bit = np.asarray(_bit_length(numerators & -numerators), dtype=np.int64) - 1
            twos = np.clip(lowest_bit, 0, exponents[i])
            numerators[:] = numerators >> twos
            exponents[i] -= twos
            continue
        # Few numerators share a factor p with the denominator, and rarely more than once.
        cells = np.flatnonzero((numerators % p == 0) & (exponents[i] > 0))
        while cells.size:
            numerators[cells] //= p
            exponents[i, cells] -= 1
            cells = cells[(numerators[cells] % p == 0) & (exponents[i, cells] > 0)]
    denominators = powers.vector(exponents)
    denominators[numerators == 0] = 1
    if shifts is not None:
        numerators = numerators + shifts.astype(object) * denominators
    return np.asarray(_fractions(numerators, denominators), dtype=object)


class ScaledRows(LazyRows[Fraction]):
    """Rows of a table of exact values: ``head`` rows of fractions, then rows of numerators
    over prime powers (plus integer ``shifts``), each reduced to fractions when first read.

    Reducing is most of the cost of an exact table, and floats need none of it.

    >>> numerators, exponents = np.array([[12]], dtype=object), np.array([[[3]], [[1]]])
    >>> rows = ScaledRows([(Fraction(0),)], numerators, exponents, Powers((2, 3)))
    >>> rows, rows.floats().tolist()  # 12 / (2**3 * 3)
    (((Fraction(0, 1),), (Fraction(1, 2),)), [[0.0], [0.5]])
    """

    def __init__(
        self,
        head: Sequence[tuple[Fraction, ...]],
        numerators: ObjectArray,
        exponents: IntArray,
        powers: Powers,
        shifts: IntArray | None = None,
    ) -> None:
        self.head = tuple(head)
        self.numerators, self.exponents, self.powers, self.shifts = (
            numerators,
            exponents,
            powers,
            shifts,
        )
        self._rows: list[tuple[Fraction, ...] | None] = [None] * len(numerators)

    def __len__(self) -> int:
        return len(self.head) + len(self._rows)

    def row(self, index: int) -> tuple[Fraction, ...]:
        """Row ``index``: a head row as given, a later one reduced once and kept."""
        if index < len(self.head):
            return self.head[index]
        row = index - len(self.head)
        cached = self._rows[row]
        if cached is None:
            shifts = None if self.shifts is None else self.shifts[row]
            fractions = reduced_fractions(
                self.numerators[row].copy(), self.exponents[:, row].copy(), self.powers, shifts
            )
            cached = self._rows[row] = tuple(fractions.tolist())
        return cached

    def floats(self) -> np.ndarray[tuple[Any, ...], np.dtype[np.float64]]:
        """All values as floats (correctly rounded), without reducing any fraction."""
        columns = self.numerators.shape[1] if len(self._rows) else len(self.head[0])
        floats = np.empty((len(self), columns))
        for i, row in enumerate(self.head):
            floats[i] = [float(v) for v in row]
        if self._rows:
            denominators = self.powers.vector(self.exponents.reshape(len(self.exponents), -1))
            numerators = self.numerators.reshape(-1)
            if self.shifts is not None:
                numerators = numerators + self.shifts.reshape(-1).astype(object) * denominators
            floats[len(self.head) :] = (numerators / denominators).reshape(len(self._rows), -1)
        return floats

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(
            tuple(mine) == tuple(theirs) for mine, theirs in zip(self, other, strict=True)
        )

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

"""Dense numbers for the attacker's armies on a set of territories: the level solver's slots.

The armies on ``parts`` territories, each from 0 to ``total`` and all of them at most
``total``, are numbered 0, 1, ... in lexicographic order without gaps
(``C(total + parts, parts)`` of them): the combinatorial number system, worked out for
whole arrays of army vectors at once with one table look-up per territory.

>>> ranking = Ranking(2, 2)
>>> ranking.count, ranking.all().tolist()
(6, [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [2, 0]])
>>> ranking.rank(ranking.all()).tolist()
[0, 1, 2, 3, 4, 5]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, cached_property
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

#: Whole numbers of any width: army vectors are kept in 16 bits.
Ints = NDArray[np.signedinteger[Any]]


class Ranking:
    """Army vectors of ``parts`` territories summing to at most ``total``, ranked densely."""

    def __init__(self, parts: int, total: int) -> None:
        self.parts, self.total = parts, total
        self.count = comb(total + parts, parts)
        self.below = _below(parts, total)
        # ``below[i]`` flat: one index into it is much quicker than two (numpy's take).
        self.flat = self.below.reshape(len(self.below), -1)
        self.width = self.below.shape[2]

    @cached_property
    def _table(self) -> list[list[list[int]]]:
        # ``below`` as Python lists: one look-up in them is a tenth of one into numpy's.
        table: list[list[list[int]]] = self.below.tolist()
        return table

    def rank_one(self, armies: Sequence[int]) -> int:
        """The number of one army vector, in Python's integers (for one state asked for
        at a time; :meth:`rank` numbers whole arrays).

        >>> Ranking(2, 2).rank_one((1, 1))
        4
        """
        found, left = 0, self.total
        for part, a in zip(self._table, armies, strict=False):
            found += part[left][a]
            left -= a
        return found

    def rank(self, armies: NDArray[np.integer]) -> Ints:
        """The number of each row of ``armies`` (one column per territory)."""
        if self.parts == 0:
            return np.zeros(armies.shape[0], np.int64)
        # The first part leaves the total (no sum yet); the last one's number is its armies
        # whatever is left (one vector for each of 0, 1, ...): both a step or two short.
        found: Ints = np.zeros(armies.shape[0], np.int64)
        left: Ints | int = self.total
        for i in range(self.parts - 1):
            column = armies[:, i].astype(np.int64, copy=False)
            found += self.flat[i].take(left * self.width + column)
            left = left - column
        found += armies[:, -1]
        return found

    def all(self) -> Ints:
        """Every army vector, in the order of their numbers."""
        return _vectors(self.parts, self.total)

    def sums(self) -> Ints:
        """The armies of every vector, in the order of their numbers."""
        return _sums(self.parts, self.total)


@cache
def _below(parts: int, total: int) -> Ints:
    """``below[i, R, a]``: the vectors whose part i is under a, given the parts before i
    leave R (made once for each shape: Asia's 1,346 groups share a few dozen)."""
    below = np.zeros((max(parts, 1), total + 1, total + 2), np.int64)
    for i in range(parts):
        rest = parts - 1 - i
        for left in range(total + 1):
            sizes = [comb(left - a + rest, rest) for a in range(left + 1)]
            below[i, left, 1 : left + 2] = np.cumsum(sizes)
    return below


@cache
def _vectors(parts: int, total: int) -> Ints:
    """The army vectors of ``parts`` territories summing to at most ``total``, in order
    (kept: each size is asked for again by many groups; callers do not write to it), in
    16 bits where the armies fit: North America's eight live territories make 3 million."""
    kind = np.int16 if total < 2**15 else np.int64
    if parts == 0:
        return np.zeros((1, 0), kind)
    blocks = []
    for first in range(total + 1):
        rest = _vectors(parts - 1, total - first)
        blocks.append(np.column_stack([np.full(len(rest), first, kind), rest]))
    found: Ints = np.concatenate(blocks)
    return found


@cache
def _sums(parts: int, total: int) -> Ints:
    """:meth:`Ranking.sums`, made once for each shape (groups share it, as they share the
    vectors: kept per group, Asia's would take gigabytes)."""
    vectors = _vectors(parts, total)
    found: Ints = vectors.sum(axis=1, dtype=vectors.dtype)
    return found

"""Nim: take any number of counters from one heap; whoever takes the last counter wins.

Bouton (1901): the player to move loses exactly when the nim-sum (XOR) of the heaps is 0, and
wins by moving some heap ``h`` to ``h xor s`` where ``s`` is the nim-sum. Misère Nim (whoever
takes the last counter loses) is played the same way until every heap has at most one counter;
there the player to move wins exactly when the number of one-counter heaps is even.

>>> analysis = analyse_nim((3, 4, 5))
>>> analysis.nim_sum, analysis.first_player_wins
(2, True)
>>> analysis.winning_moves
(NimMove(heap=1, take=2, leaves=1),)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from strategy.classic.base import register_heap_game
from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.engine.impartial import nim_sum

__all__ = ["NimAnalysis", "NimMove", "analyse_nim", "nim_moves"]


@dataclass(frozen=True)
class NimMove:
    """Take ``take`` counters from heap number ``heap`` (counting from 1), leaving ``leaves``.

    >>> NimMove(heap=2, take=3, leaves=1)
    NimMove(heap=2, take=3, leaves=1)
    """

    heap: int
    take: int
    leaves: int


@dataclass(frozen=True, repr=False)
class NimAnalysis(Summarised):
    """Who wins a Nim position with best play, and every winning move of the player to move.

    >>> analyse_nim((1, 1), misere=True).first_player_wins
    True
    """

    heaps: tuple[int, ...]
    misere: bool
    nim_sum: int
    first_player_wins: bool
    winning_moves: tuple[NimMove, ...]

    def as_json(self) -> dict[str, object]:
        """The analysis as a JSON-ready dict.

        >>> analyse_nim((1, 2)).as_json()["winning_moves"]
        [{'heap': 2, 'take': 1, 'leaves': 1}]
        """
        return {
            "heaps": list(self.heaps),
            "misere": self.misere,
            "nim_sum": self.nim_sum,
            "first_player_wins": self.first_player_wins,
            "winning_moves": [
                {"heap": move.heap, "take": move.take, "leaves": move.leaves}
                for move in self.winning_moves
            ],
        }


def analyse_nim(heaps: Iterable[int], *, misere: bool = False) -> NimAnalysis:
    """Solve the Nim position ``heaps`` (normal play, or misère with ``misere=True``).

    >>> analyse_nim((1, 3, 5, 7)).first_player_wins  # the Marienbad rows: nim-sum 0
    False
    >>> analyse_nim((2, 1), misere=True).winning_moves  # leave a single one-counter heap
    (NimMove(heap=1, take=2, leaves=0),)
    """
    heaps = tuple(heaps)
    if any(heap < 0 for heap in heaps):
        raise InputError(f"heap sizes must not be negative: {heaps}")
    total = nim_sum(heaps)
    big = [index for index, heap in enumerate(heaps) if heap > 1]
    if misere and len(big) <= 1:
        ones = sum(1 for heap in heaps if heap == 1)
        if big:
            # One heap above 1: cut it to 0 or 1 so that an odd number of single counters remain.
            index = big[0]
            leave = 1 if ones % 2 == 0 else 0
            move = NimMove(index + 1, heaps[index] - leave, leave)
            return NimAnalysis(heaps, misere, total, True, (move,))
        if ones % 2 == 1:
            return NimAnalysis(heaps, misere, total, False, ())
        moves = tuple(NimMove(i + 1, 1, 0) for i, heap in enumerate(heaps) if heap == 1)
        return NimAnalysis(heaps, misere, total, True, moves)
    moves = tuple(
        NimMove(index + 1, heap - (heap ^ total), heap ^ total)
        for index, heap in enumerate(heaps)
        if heap ^ total < heap
    )
    return NimAnalysis(heaps, misere, total, total != 0, moves)


def nim_moves(heaps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every position one Nim move from ``heaps``, for the generic impartial engine.

    >>> list(nim_moves((2, 1)))
    [(1, 1), (0, 1), (2, 0)]
    """
    for index, heap in enumerate(heaps):
        for leaves in range(heap - 1, -1, -1):
            yield (*heaps[:index], leaves, *heaps[index + 1 :])


register_heap_game(
    "nim",
    lambda: nim_moves,
    summary="Nim from the given heaps",
    example="1 2 3",
    title=lambda heaps, misere: f"Nim {' '.join(map(str, heaps))}" + (" misère" if misere else ""),
    states=lambda heaps, misere: math.prod(heap + 1 for heap in heaps),
)

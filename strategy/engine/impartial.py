"""Impartial games: mex, Grundy values, nim-sums and the Sprague-Grundy theory of sums.

An impartial game is given by a *move function*: a position maps to the positions one move
away, the same for both players. Under normal play the player who cannot move loses, and a
position is lost for the player to move exactly when its Grundy value is 0. The Grundy value
of a sum of games (a move is a move in one component) is the nim-sum (XOR) of the values of
its components (Sprague 1935, Grundy 1939).

>>> def bash(n):  # take 1, 2 or 3 counters from one heap
...     return [n - take for take in (1, 2, 3) if take <= n]
>>> grundy = Grundy(bash)
>>> [grundy(n) for n in range(9)]
[0, 1, 2, 3, 0, 1, 2, 3, 0]
>>> sum_grundy(grundy, (5, 6))
3
>>> sum_winning_moves(grundy, bash, (5, 6))
(SumMove(component=0, position=2), SumMove(component=1, position=5))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from strategy.engine.game import GameError, NodeKind, state_text

__all__ = [
    "Grundy",
    "ImpartialGame",
    "SumMove",
    "mex",
    "nim_sum",
    "sum_grundy",
    "sum_winning_moves",
]

P = TypeVar("P", bound=Hashable)


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least non-negative integer not among ``values``.

    >>> mex([0, 1, 3]), mex([]), mex([1, 2])
    (2, 0, 0)
    """
    seen = set(values)
    result = 0
    while result in seen:
        result += 1
    return result


def nim_sum(values: Iterable[int]) -> int:
    """The nim-sum (bitwise XOR) of non-negative integers; 0 for none.

    >>> nim_sum([3, 4, 5])
    2
    """
    result = 0
    for value in values:
        result ^= value
    return result


class Grundy(Generic[P]):
    """The Grundy values of the game given by ``moves``, each computed once and remembered.

    The traversal is iterative, so positions may be arbitrarily far from the end of play.
    A position reachable from itself makes the game loopy, outside this theory: that raises
    :class:`~strategy.engine.game.GameError`.

    >>> grundy = Grundy(lambda n: range(n))  # one Nim heap: take any number
    >>> grundy(7), grundy.known
    (7, 8)
    >>> grundy.winning_moves(7)
    (0,)
    """

    def __init__(self, moves: Callable[[P], Iterable[P]]) -> None:
        self._moves = moves
        self._memo: dict[P, int] = {}

    @property
    def known(self) -> int:
        """How many positions have a remembered value."""
        return len(self._memo)

    def __call__(self, position: P) -> int:
        memo = self._memo
        if position in memo:
            return memo[position]
        # Each frame: a position, its options not yet looked at, and the values seen so far.
        stack: list[tuple[P, Iterator[P], set[int]]] = [
            (position, iter(self._moves(position)), set())
        ]
        on_path = {position}
        while stack:
            current, options, seen = stack[-1]
            for option in options:
                value = memo.get(option)
                if value is not None:
                    seen.add(value)
                    continue
                if option in on_path:
                    raise GameError(
                        f"position {state_text(option)} can be reached from itself: "
                        "Grundy values need a game that always ends"
                    )
                on_path.add(option)
                stack.append((option, iter(self._moves(option)), set()))
                break
            else:
                stack.pop()
                on_path.discard(current)
                memo[current] = mex(seen)
                if stack:
                    stack[-1][2].add(memo[current])
        return memo[position]

    def winning_moves(self, position: P) -> tuple[P, ...]:
        """The options of ``position`` with Grundy value 0, in the order ``moves`` lists them.

        >>> Grundy(lambda n: [n - t for t in (1, 2) if t <= n]).winning_moves(4)
        (3,)
        """
        return tuple(option for option in self._moves(position) if self(option) == 0)


def sum_grundy(grundy: Callable[[P], int], components: Iterable[P]) -> int:
    """The Grundy value of the sum of games ``components``: the nim-sum of theirs.

    >>> sum_grundy(lambda heap: heap, [1, 2, 3])  # Nim heaps are their own values
    0
    """
    return nim_sum(grundy(component) for component in components)


@dataclass(frozen=True)
class SumMove(Generic[P]):
    """A move in a sum of games: ``component`` (an index) moves to ``position``.

    >>> SumMove(component=2, position=1)
    SumMove(component=2, position=1)
    """

    component: int
    position: P


def sum_winning_moves(
    grundy: Callable[[P], int], moves: Callable[[P], Iterable[P]], components: Sequence[P]
) -> tuple[SumMove[P], ...]:
    """Every move of the sum ``components`` that leaves nim-sum 0 (all of them, in order).

    A move in component ``i`` wins exactly when it reaches a position of value
    ``grundy(components[i]) ^ total``; there are none when ``total`` is already 0.

    >>> sum_winning_moves(lambda heap: heap, lambda heap: range(heap), (3, 4, 5))
    (SumMove(component=0, position=1),)
    """
    values = [grundy(component) for component in components]
    total = nim_sum(values)
    if total == 0:
        return ()
    return tuple(
        SumMove(index, option)
        for index, component in enumerate(components)
        for option in moves(component)
        if grundy(option) == values[index] ^ total
    )


@dataclass(frozen=True)
class ImpartialGame(Generic[P]):
    """An impartial game as a :class:`~strategy.engine.game.Game` for the generic solvers.

    A state is ``(position, maximiser_to_move)``. The maximiser moves first. A position without
    moves ends play: under normal play the player to move there has lost, under misère play
    (``misere=True``) won. The payoff is +1 when the maximiser wins and -1 otherwise.

    >>> from strategy.engine.solve import solve
    >>> game = ImpartialGame(lambda n: [n - t for t in (1, 2) if t <= n], start=3)
    >>> solve(game).value  # 3 is a multiple of 3: the first player loses
    Fraction(-1, 1)
    """

    moves: Callable[[P], Iterable[P]]
    start: P
    misere: bool = False

    def initial_state(self) -> tuple[P, bool]:
        """The start position, maximiser to move."""
        return (self.start, True)

    def kind(self, state: tuple[P, bool]) -> NodeKind:
        """TERMINAL without moves, else MAX or MIN by who is to move."""
        if not self.legal_actions(state):
            return NodeKind.TERMINAL
        return NodeKind.MAX if state[1] else NodeKind.MIN

    def returns(self, state: tuple[P, bool]) -> int:
        """+1 if the maximiser has won at this end of play, else -1."""
        mover_wins = self.misere
        return 1 if mover_wins == state[1] else -1

    def legal_actions(self, state: tuple[P, bool]) -> Sequence[P]:
        """The positions one move away (an action names the position it leads to)."""
        return tuple(self.moves(state[0]))

    def child(self, state: tuple[P, bool], action: P) -> tuple[P, bool]:
        """Move to ``action``; the other player is to move."""
        return (action, not state[1])

    def chance_outcomes(self, state: tuple[P, bool]) -> Sequence[tuple[P, Fraction]]:
        """Never called: impartial games have no chance states."""
        raise GameError(f"impartial games have no chance states ({state_text(state)})")

    def joint_actions(self, state: tuple[P, bool]) -> tuple[Sequence[P], Sequence[P]]:
        """Never called: players of an impartial game move in turn."""
        raise GameError(f"impartial games have no simultaneous states ({state_text(state)})")

"""Games on a row of numbers where both players score: the coin game and the stone games.

Two players alternately remove numbers from a row and score points; each wants to end as
far ahead as possible. The rules differ in what a move removes and what it scores:

* ``coins``: take the number at either end and score it (the "optimal strategy for a game"
  of seed 002, LeetCode 486/877);
* ``iii``: take the first 1, 2 or 3 numbers and score their sum (Stone Game III, LeetCode 1406);
* ``vii``: remove the number at either end and score the sum of those left (Stone Game VII,
  LeetCode 1690).

:func:`solve_row` finds the first player's best margin by dynamic programming over the
sub-rows that play can reach (O(n) of them for ``iii``, O(n^2) for the others);
:class:`RowGame` is the same game for the generic solvers, with the running margin in the
state, to check the dynamic programme on small rows.

>>> solve_row((8, 15, 3, 7), "coins").first_score
22
>>> solve_row((1, 2, 3, 7), "iii").winner
'second'
>>> solve_row((5, 3, 1, 4, 2), "vii").margin
6
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from strategy.classic.base import GameDefaults
from strategy.engine.display import Summarised
from strategy.engine.errors import InputError, echo
from strategy.engine.game import NodeKind
from strategy.engine.registry import Parameter, register_game

__all__ = ["RULES", "RowGame", "RowSolution", "RowState", "row_moves", "solve_row"]

#: The rule names, with what a move may remove.
RULES = {
    "coins": "take the number at either end and score it",
    "iii": "take the first 1, 2 or 3 numbers and score their sum",
    "vii": "remove the number at either end and score the sum of those left",
}

# A move: (action, first index left, end index left, points scored).
Move = tuple[str, int, int, int]


def row_moves(rule: str, prefix: Sequence[int], lo: int, hi: int) -> list[Move]:
    """The moves on the sub-row ``lo:hi`` under ``rule``; ``prefix`` holds the row's prefix sums.

    >>> row_moves("coins", (0, 4, 6, 7), 0, 3)
    [('left', 1, 3, 4), ('right', 0, 2, 1)]
    """
    if lo >= hi:
        return []
    if rule == "coins":
        return [
            ("left", lo + 1, hi, prefix[lo + 1] - prefix[lo]),
            ("right", lo, hi - 1, prefix[hi] - prefix[hi - 1]),
        ]
    if rule == "iii":
        return [
            (str(k), lo + k, hi, prefix[lo + k] - prefix[lo]) for k in (1, 2, 3) if lo + k <= hi
        ]
    if rule == "vii":
        return [
            ("left", lo + 1, hi, prefix[hi] - prefix[lo + 1]),
            ("right", lo, hi - 1, prefix[hi - 1] - prefix[lo]),
        ]
    raise InputError(f"unknown rule {echo(rule)}: choose one of {', '.join(RULES)}")


def _prefix_sums(values: Iterable[int]) -> tuple[int, ...]:
    return (0, *accumulate(values))


@dataclass(frozen=True, repr=False)
class RowSolution(Summarised):
    """The value of a row game with best play by both sides.

    ``margin`` is the first player's score minus the second's; the scores are those of one
    optimal line of play (for ``vii`` other optimal lines may score differently, with the
    same margin). ``best_moves`` lists every optimal first move.

    >>> solve_row((1, 5, 2), "coins")
    RowSolution(rule='coins', margin=-2, first_score=3, second_score=5,
                best_moves=('left', 'right'))
    """

    rule: str
    margin: int
    first_score: int
    second_score: int
    best_moves: tuple[str, ...]

    @property
    def winner(self) -> str:
        """``"first"``, ``"second"`` or ``"tie"``."""
        return "first" if self.margin > 0 else "second" if self.margin < 0 else "tie"


def solve_row(values: Sequence[int], rule: str) -> RowSolution:
    """Solve the row game ``rule`` on ``values`` by dynamic programming.

    >>> solve_row((1, 2, 3, -9), "iii").winner  # LeetCode 1406, example 2
    'first'
    """
    if rule not in RULES:
        raise InputError(f"unknown rule {echo(rule)}: choose one of {', '.join(RULES)}")
    prefix = _prefix_sums(values)
    reachable = {(0, len(values))}
    frontier = [(0, len(values))]
    while frontier:
        lo, hi = frontier.pop()
        for _, next_lo, next_hi, _ in row_moves(rule, prefix, lo, hi):
            if (next_lo, next_hi) not in reachable:
                reachable.add((next_lo, next_hi))
                frontier.append((next_lo, next_hi))
    # Every move shortens the row, so shorter rows are solved first. For each sub-row: the
    # mover's best margin, the mover's points and the other player's, along one best line.
    best: dict[tuple[int, int], tuple[int, int, int]] = {}
    for lo, hi in sorted(reachable, key=lambda interval: interval[1] - interval[0]):
        options = [
            (points - best[nlo, nhi][0], points + best[nlo, nhi][2], best[nlo, nhi][1])
            for _, nlo, nhi, points in row_moves(rule, prefix, lo, hi)
        ]
        best[lo, hi] = max(options, key=lambda option: option[0], default=(0, 0, 0))
    margin, first, second = best[0, len(values)]
    best_moves = tuple(
        action
        for action, nlo, nhi, points in row_moves(rule, prefix, 0, len(values))
        if points - best[nlo, nhi][0] == margin
    )
    return RowSolution(rule, margin, first, second, best_moves)


@dataclass(frozen=True)
class RowState:
    """A position of a :class:`RowGame`: the sub-row ``lo:hi`` left, the first player's lead
    so far, and whether the first player is to move.

    >>> RowState(0, 3, 0, True).hi
    3
    """

    lo: int
    hi: int
    margin: int
    first_to_move: bool


@dataclass(frozen=True)
class RowGame(GameDefaults):
    """A row game for the generic solvers: the first player maximises the final margin.

    >>> from strategy.engine.search import alphabeta
    >>> alphabeta(RowGame((8, 15, 3, 7), "coins")).value  # first 22, second 11
    11
    """

    values: tuple[int, ...]
    rule: str
    _prefix: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise InputError(f"unknown rule {echo(self.rule)}: choose one of {', '.join(RULES)}")
        object.__setattr__(self, "_prefix", _prefix_sums(self.values))

    def initial_state(self) -> RowState:
        """The whole row, first player to move."""
        return RowState(0, len(self.values), 0, True)

    def _moves(self, state: RowState) -> list[Move]:
        return row_moves(self.rule, self._prefix, state.lo, state.hi)

    def kind(self, state: RowState) -> NodeKind:
        """TERMINAL when no move is left, else MAX (first player) or MIN (second)."""
        if not self._moves(state):
            return NodeKind.TERMINAL
        return NodeKind.MAX if state.first_to_move else NodeKind.MIN

    def returns(self, state: RowState) -> int:
        """The first player's final margin."""
        return state.margin

    def legal_actions(self, state: RowState) -> Sequence[str]:
        """The names of the moves (``left``/``right``, or how many to take)."""
        return [action for action, *_ in self._moves(state)]

    def child(self, state: RowState, action: str) -> RowState:
        """Make the move named ``action``."""
        for name, lo, hi, points in self._moves(state):
            if name == action:
                gain = points if state.first_to_move else -points
                return RowState(lo, hi, state.margin + gain, not state.first_to_move)
        raise ValueError(f"{action!r} is not a legal move in {state}")


register_game(
    "stones",
    lambda rule, values: RowGame(values, rule),
    summary="the coin game or Stone Game III or VII on a row (payoff: the first player's lead)",
    parameters=(
        Parameter("rule", "which game", default="coins", kind=str, choices=tuple(RULES)),
        Parameter("values", "the row", many=True, positional=True),
    ),
    example="8 15 3 7 --rule coins",
    title=lambda rule, values: f"{rule} on {' '.join(map(str, values))}",
)

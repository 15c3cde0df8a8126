"""Tic-tac-toe as a game for the engine: X (the maximiser) moves first, O minimises.

A position is a :class:`Board` of nine cells numbered 1 to 9 row by row; an action is the
number of the empty cell the player to move marks. The payoff is +1 when X has three in a
row, -1 when O has, 0 for a full board without a line. With best play the game is a draw.

>>> from strategy.engine.search import alphabeta
>>> result = alphabeta(TicTacToe())
>>> result.value, result.best_actions
(0, (1, 2, 3, 4, 5, 6, 7, 8, 9))
>>> alphabeta(TicTacToe(Board.parse("XX. OO. ...")) ).best_actions  # X completes the top row
(3,)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from strategy.classic.base import GameDefaults
from strategy.engine.errors import InputError, echo
from strategy.engine.game import NodeKind
from strategy.engine.registry import Parameter, register_game

__all__ = ["LINES", "Board", "TicTacToe"]

#: The eight lines of three cells (0-based indices into :attr:`Board.cells`).
LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
_EMPTY_MARKS = ".-_"
# The lines through each cell: a mark can only complete one of these.
_LINES_THROUGH = tuple(tuple(line for line in LINES if i in line) for i in range(9))
_OTHER = {"X": "O", "O": "X"}


@dataclass(frozen=True)
class Board:
    """Nine cells, each ``"X"``, ``"O"`` or ``"."``, row by row.

    A board is validated once, when it is made from cells; :meth:`play` makes its children
    without validating again (a legal move from a legal board is legal), and whose turn it
    is and who has won are computed once per board, when first asked.

    >>> Board.parse("x.o/.x./..o").rows()
    ('X.O', '.X.', '..O')
    """

    cells: str = "." * 9

    def __post_init__(self) -> None:
        if len(self.cells) != 9 or set(self.cells) - set("XO."):
            raise InputError(f"a board is nine cells of X, O or '.', not {echo(self.cells)}")
        x, o = self.cells.count("X"), self.cells.count("O")
        if x - o not in (0, 1):
            raise InputError(
                f"X moves first, so X has as many marks as O or one more ({x} X, {o} O)"
            )
        x_won, o_won = self._has_line("X"), self._has_line("O")
        if (x_won and o_won) or (x_won and x == o) or (o_won and x > o):
            raise InputError(
                f"{echo(self.cells)} cannot arise: play stops at the first line of three"
            )

    @classmethod
    def parse(cls, text: str) -> Board:
        """A board from nine marks: X, O (either case) and one of ``.-_`` for empty.

        Spaces, slashes and newlines between the marks are ignored, so rows may be separated.

        >>> Board.parse("X-- -O- --X").cells
        'X...O...X'
        """
        marks = [c for c in text.upper() if c not in " /\n\t"]
        if len(marks) != 9 or any(c not in "XO" + _EMPTY_MARKS for c in marks):
            raise InputError(
                f"{echo(text)} is not a tic-tac-toe position: give nine marks X, O or . "
                "(rows may be separated by spaces or /), e.g. 'X.O/.X./..O'"
            )
        return cls("".join("." if c in _EMPTY_MARKS else c for c in marks))

    def rows(self) -> tuple[str, str, str]:
        """The three rows as strings."""
        return (self.cells[0:3], self.cells[3:6], self.cells[6:9])

    def _has_line(self, mark: str) -> bool:
        cells = self.cells
        return any(cells[a] == cells[b] == cells[c] == mark for a, b, c in LINES)

    @cached_property
    def winner(self) -> str | None:
        """``"X"`` or ``"O"`` if that player has three in a row, else ``None``.

        >>> Board("XXXOO....").winner
        'X'
        """
        for mark in "XO":
            if self._has_line(mark):
                return mark
        return None

    @cached_property
    def to_move(self) -> str:
        """Whose turn it is: X when the marks are level, else O."""
        return "X" if self.cells.count("X") == self.cells.count("O") else "O"

    @cached_property
    def empty_cells(self) -> tuple[int, ...]:
        """The numbers (1 to 9) of the empty cells.

        >>> Board("XO.......").empty_cells
        (3, 4, 5, 6, 7, 8, 9)
        """
        return tuple(i + 1 for i, c in enumerate(self.cells) if c == ".")

    def play(self, cell: int) -> Board:
        """The board after the player to move marks ``cell`` (1 to 9)."""
        if not 1 <= cell <= 9 or self.cells[cell - 1] != ".":
            raise InputError(f"cell {cell} is not an empty cell 1-9 of {echo(self.cells)}")
        if self.winner is not None:
            raise InputError(f"{echo(self.cells)} is finished: {self.winner} has three in a row")
        mark = self.to_move
        cells = self.cells[: cell - 1] + mark + self.cells[cell:]
        child = object.__new__(Board)
        # The way frozen dataclasses set fields, skipping __post_init__'s checks; the cached
        # properties are filled in directly, from the move (only its lines can be new).
        object.__setattr__(child, "cells", cells)
        winner = None
        for a, b, c in _LINES_THROUGH[cell - 1]:
            if cells[a] == cells[b] == cells[c]:
                winner = mark
                break
        child.__dict__["winner"] = winner
        child.__dict__["to_move"] = _OTHER[mark]
        return child


@dataclass(frozen=True)
class TicTacToe(GameDefaults):
    """The game from ``start`` (default: the empty board), for :func:`strategy.engine.solve.solve`
    and :func:`strategy.engine.search.alphabeta`.

    >>> from strategy.engine.solve import solve
    >>> solve(TicTacToe()).states_visited  # every position reachable in play
    5478
    """

    start: Board = Board()

    def initial_state(self) -> Board:
        """The start board."""
        return self.start

    def kind(self, state: Board) -> NodeKind:
        """TERMINAL after a line or on a full board, else MAX for X and MIN for O."""
        if state.winner is not None or "." not in state.cells:
            return NodeKind.TERMINAL
        return NodeKind.MAX if state.to_move == "X" else NodeKind.MIN

    def returns(self, state: Board) -> int:
        """+1 if X has a line, -1 if O has, else 0."""
        winner = state.winner
        return 0 if winner is None else (1 if winner == "X" else -1)

    def legal_actions(self, state: Board) -> Sequence[int]:
        """The empty cells, in order."""
        return state.empty_cells

    def child(self, state: Board, action: int) -> Board:
        """Mark cell ``action`` for the player to move."""
        return state.play(action)


def tictactoe_game(position: str = ".........") -> TicTacToe:
    """Tic-tac-toe from ``position``, nine marks X, O or . (rows may be split by /).

    >>> tictactoe_game("XX./OO./...").start.to_move
    'X'
    """
    return TicTacToe(Board.parse(position))


register_game(
    "tictactoe",
    tictactoe_game,
    summary="tic-tac-toe from a position (cells 1-9 row by row; payoff +1 if X wins)",
    parameters=(
        Parameter(
            "position",
            "nine marks X, O or ., rows may be split by / (default: the empty board)",
            default=".........",
            kind=str,
            positional=True,
        ),
    ),
    example="'X.O/.X./...'",
    payoffs=(-1.0, 1.0),
    title=lambda position: f"tic-tac-toe {Board.parse(position).cells}",
    label=lambda board: "/".join(board.rows()),
    attributes=lambda board: {"to_move": board.to_move},
)

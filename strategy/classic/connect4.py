"""Connect Four on a board of any size, as bitboards, solved by alpha-beta.

Players drop stones into columns (numbered 1 to ``width`` from the left); a stone falls to the
lowest empty cell. Four in a row, column or diagonal wins; a full board without one is a
draw. The first player maximises: the payoff is +1 if the first player wins, -1 if the second
does, 0 for a draw.

A position is two integers (John Tromp's layout): the stones of the player to move, and all
stones. Column ``c`` holds bits ``c * (height + 1)`` upwards, with one empty bit above its
top cell, so that shifting by 1, ``height``, ``height + 1`` and ``height + 2`` walks a
column, a diagonal, a row and the other diagonal without wrapping; four in a line is then
eight shifts and ands, and a move is one addition.

:func:`solve_connect4` searches the start with :func:`strategy.engine.search.alphabeta`, with
the moves in column order and with :data:`the game's ordering <Connect4.ordering>`, and by
:func:`~strategy.engine.search.iterative_deepening`, and reports the positions each searched.

>>> solution = solve_connect4(4, 4, methods=("plain",))  # Tromp's table: 4 x 4 is a draw
>>> solution.outcome
'draw'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from strategy.classic.base import GameDefaults
from strategy.engine.errors import InputError, echo
from strategy.engine.game import NodeKind
from strategy.engine.registry import Parameter, register_game
from strategy.engine.search import MoveOrdering, alphabeta, iterative_deepening

__all__ = [
    "EMPTY",
    "METHODS",
    "PAYOFFS",
    "Connect4",
    "Connect4Solution",
    "MethodCount",
    "Position",
    "solve_connect4",
]

#: The searches :func:`solve_connect4` can run: alpha-beta in column order, alpha-beta with the
#: game's move ordering, and iterative deepening with it.
METHODS = ("plain", "ordered", "deepening")
OUTCOMES = {1: "first player wins", 0: "draw", -1: "second player wins"}
#: The least and most a game pays; every search starts with this window.
PAYOFFS = (-1, 1)


class Position(NamedTuple):
    """The stones of the player to move (``mover``) and all stones (``mask``), as bitboards.

    A named tuple: the search hashes and compares positions often, and tuples do both in C.

    >>> Position(0, 0)
    Position(mover=0, mask=0)
    """

    mover: int
    mask: int


# Children are made with tuple.__new__, skipping the named tuple's keyword handling.
_position = tuple.__new__

#: The empty board, on any size.
EMPTY = Position(0, 0)


@dataclass(frozen=True)
class Connect4(GameDefaults):
    """Connect Four on ``width`` columns of ``height`` cells, from ``start`` (default: empty).

    >>> game = Connect4(4, 4)
    >>> board = game.play("2233")  # moves by column, as on Tromp's and Pons' pages
    >>> game.legal_actions(board), game.kind(board)
    ((1, 2, 3, 4), <NodeKind.MAX: 'max'>)
    >>> game.kind(game.play("223344"))  # the first player has not won yet: 1 would complete
    <NodeKind.MAX: 'max'>
    >>> game.returns(game.play("2233441"))
    1
    """

    width: int = 7
    height: int = 6
    start: Position = EMPTY
    _bottoms: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _tops: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _full: int = field(init=False, repr=False, compare=False)
    _top_cells: int = field(init=False, repr=False, compare=False)
    _moves: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _shifts: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)
    _centre: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise InputError(f"a board needs at least one column and row, not {self.shape}")
        step = self.height + 1
        bottoms = tuple(1 << (c * step) for c in range(self.width))
        tops = tuple(b << (self.height - 1) for b in bottoms)
        # Frozen: derived tables are set the way dataclasses set fields.
        object.__setattr__(self, "_bottoms", bottoms)
        object.__setattr__(self, "_tops", tops)
        object.__setattr__(self, "_full", sum(bottoms) * ((1 << self.height) - 1))
        object.__setattr__(self, "_top_cells", sum(tops))
        object.__setattr__(self, "_moves", {})
        # Up a column, and along the rising diagonal, a row and the falling diagonal.
        object.__setattr__(self, "_shifts", (1, step - 1, step, step + 1))
        # A small preference for central columns, in (-1/2, 0], indexed by column 1..width.
        centre = tuple(
            -abs(2 * c - self.width - 1) / (2 * self.width + 2) for c in range(1, self.width + 1)
        )
        object.__setattr__(self, "_centre", (0.0, *centre))

    @property
    def shape(self) -> str:
        """``"width x height"``."""
        return f"{self.width} x {self.height}"

    def initial_state(self) -> Position:
        """The start position."""
        return self.start

    def play(self, moves: Iterable[int | str], position: Position | None = None) -> Position:
        """The position after ``moves`` (columns 1 to ``width``, e.g. ``"4453"``) from
        ``position`` (default: the start); ``ValueError`` on a full column or a finished game."""
        position = self.start if position is None else position
        for move in moves:
            if not isinstance(move, int) and not move.isdigit():
                raise InputError(f"{echo(move)} is not a column number 1-{self.width}")
            column = int(move)
            if self.kind(position) is NodeKind.TERMINAL:
                raise InputError(f"the game is over before the move in column {column}")
            if column not in self.legal_actions(position):
                raise InputError(
                    f"column {column} is not a column 1-{self.width} with an empty cell"
                )
            position = self.child(position, column)
        return position

    def kind(self, state: Position) -> NodeKind:
        """TERMINAL after four in a line or on a full board; else MAX for the first player."""
        mover, mask = state
        if self._won(mover ^ mask) or mask == self._full:
            return NodeKind.TERMINAL
        return NodeKind.MAX if mask.bit_count() % 2 == 0 else NodeKind.MIN

    def returns(self, state: Position) -> int:
        """+1 if the first player has four in a line, -1 if the second has, else 0."""
        mover, mask = state
        if not self._won(mover ^ mask):
            return 0
        return 1 if mask.bit_count() % 2 == 1 else -1  # the last stone decided it

    def legal_actions(self, state: Position) -> tuple[int, ...]:
        """The columns with an empty cell, left to right."""
        tops = state.mask & self._top_cells
        moves = self._moves.get(tops)
        if moves is None:
            moves = tuple(c + 1 for c, top in enumerate(self._tops) if not tops & top)
            self._moves[tops] = moves
        return moves

    def child(self, state: Position, action: int) -> Position:
        """Drop a stone in column ``action``: the opponent moves next."""
        mover, mask = state
        return _position(Position, (mover ^ mask, mask | (mask + self._bottoms[action - 1])))

    def _won(self, stones: int) -> bool:
        """Whether ``stones`` hold four in a line (Tromp's eight shifts and ands)."""
        up, rising, across, falling = self._shifts
        pairs = stones & (stones >> across)
        if pairs & (pairs >> 2 * across):
            return True
        pairs = stones & (stones >> rising)
        if pairs & (pairs >> 2 * rising):
            return True
        pairs = stones & (stones >> falling)
        if pairs & (pairs >> 2 * falling):
            return True
        pairs = stones & (stones >> up)
        return bool(pairs & (pairs >> 2 * up))

    def threats(self, stones: int, mask: int) -> int:
        """The empty cells (as a bitboard) where one more stone of ``stones`` makes four.

        >>> game = Connect4(4, 4)
        >>> bin(game.threats(0b111, 0b111))  # three up the first column: its top cell
        '0b1000'
        """
        found = (stones << 1) & (stones << 2) & (stones << 3)  # the cell above three
        for shift in self._shifts[1:]:
            # Three in a line with the gap at either end or either inner cell.
            pairs = (stones << shift) & (stones << 2 * shift)
            found |= pairs & ((stones << 3 * shift) | (stones >> shift))
            pairs = (stones >> shift) & (stones >> 2 * shift)
            found |= pairs & ((stones >> 3 * shift) | (stones << shift))
        return found & (self._full ^ mask)

    def move_preference(self, state: Position, action: int) -> float:
        """How good ``action`` looks to the mover, for move ordering: a win first, then moves
        that make the most threats, then central columns."""
        mover, mask = state
        dropped = mask | (mask + self._bottoms[action - 1])
        mine = mover | (dropped ^ mask)
        if self._won(mine):
            return 1000.0
        return self.threats(mine, dropped).bit_count() + self._centre[action]

    def evaluate(self, state: Position) -> float:
        """A heuristic for a position at the horizon of a depth-limited search: the first
        player's threats less the second's, scaled into (-1, 1) so a proven win counts more."""
        mover, mask = state
        other = mover ^ mask
        first, second = (mover, other) if mask.bit_count() % 2 == 0 else (other, mover)
        margin = self.threats(first, mask).bit_count() - self.threats(second, mask).bit_count()
        return margin / (self.width * self.height + 1)

    @property
    def ordering(self) -> MoveOrdering[Position, int]:
        """Table moves first, then :meth:`move_preference`, then the history heuristic."""
        return MoveOrdering(key=self.move_preference)


@dataclass(frozen=True)
class MethodCount:
    """One search of the start: its value and best moves, positions searched, and seconds."""

    method: str
    value: int
    best_moves: tuple[int, ...]
    positions_searched: int
    seconds: float = field(compare=False)


@dataclass(frozen=True)
class Connect4Solution:
    """The value of Connect Four on a board, its best first moves, and what each search cost.

    >>> solve_connect4(4, 1, methods=("ordered",)).value  # a row of four cells, two each
    0
    """

    width: int
    height: int
    value: int
    best_moves: tuple[int, ...]
    counts: tuple[MethodCount, ...]

    @property
    def outcome(self) -> str:
        """``"first player wins"``, ``"draw"`` or ``"second player wins"``."""
        return OUTCOMES[self.value]


def solve_connect4(
    width: int,
    height: int,
    *,
    methods: Iterable[str] = METHODS,
    progress: Callable[[str], Callable[[int, int], None] | None] | None = None,
) -> Connect4Solution:
    """Solve Connect Four on ``width`` x ``height`` from the empty board with each of ``methods``.

    Every method must find the same value and best moves (they are checked to); each
    reports the positions it searched. ``progress(method)`` may give a ``progress(done,
    total)`` callback for that method's search.

    >>> [c.method for c in solve_connect4(4, 1).counts]  # no four fits: a draw
    ['plain', 'ordered', 'deepening']
    """
    chosen = tuple(methods)
    unknown = set(chosen) - set(METHODS)
    if unknown or not chosen:
        raise InputError(f"methods are some of {', '.join(METHODS)}, not {sorted(unknown)}")
    game = Connect4(width, height)
    counts = []
    for method in chosen:
        callback = progress(method) if progress else None
        began = time.perf_counter()
        if method == "deepening":
            deepened = iterative_deepening(
                game,
                game.evaluate,
                ordering=game.ordering,
                payoffs=PAYOFFS,
                max_depth=width * height,
                progress=callback,
            )
            value, best, searched = (
                deepened.value,
                deepened.best_actions,
                deepened.positions_searched,
            )
        else:
            ordering = game.ordering if method == "ordered" else None
            result = alphabeta(game, ordering=ordering, payoffs=PAYOFFS, progress=callback)
            value, best, searched = result.value, result.best_actions, result.positions_searched
        seconds = time.perf_counter() - began
        counts.append(MethodCount(method, int(value), best, searched, seconds))
    if len({(c.value, c.best_moves) for c in counts}) > 1:
        raise RuntimeError(f"the searches disagree on {game.shape}: {counts}")
    return Connect4Solution(width, height, counts[0].value, counts[0].best_moves, tuple(counts))


#: The largest board solved exactly on request: the full solve keeps every position.
EXACT_CELLS = 16
#: The longest side offered to the registry's tools (7 x 6 is the classic board).
MAX_SIDE = 10

register_game(
    "connect4",
    Connect4,
    summary="Connect Four on a small board (payoff +1 if the first player wins)",
    parameters=(
        Parameter("width", "columns (4)", default=4, minimum=1, maximum=MAX_SIDE),
        Parameter("height", "rows (4)", default=4, minimum=1, maximum=MAX_SIDE),
    ),
    example="--width 4 --height 3",
    payoffs=(-1.0, 1.0),
    title=lambda width, height: f"Connect Four {width} x {height}",
    exact_limit=lambda width, height: (
        f"an exact solve of Connect Four is limited to {EXACT_CELLS} cells"
        if width * height > EXACT_CELLS
        else None
    ),
)

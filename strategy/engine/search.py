"""Alpha-beta search with a transposition table, move ordering and iterative deepening.

The search visits MAX, MIN and TERMINAL states only (a chance or simultaneous state is a
:class:`~strategy.engine.game.GameError`: solve such games with
:func:`strategy.engine.solve.solve`). It is fail-soft and iterative, so deep games do not hit
Python's recursion limit, and it remembers for every finished state the bounds it proved on
its value, which answers transpositions (the same position reached by different move orders)
without searching them again.

Alpha-beta prunes most when the best move comes first. A :class:`MoveOrdering` tries first
the move that was best when the state was last searched, then the moves that refuted windows
most often elsewhere (the history heuristic), then a game's own static preference.
:func:`iterative_deepening` searches to depth 1, 2, 3, ... with a heuristic at the horizon,
each search ordered by the ones before, until a search never reaches the horizon: its value
is then exact.

>>> from strategy.engine.testing import TreeGame
>>> game = TreeGame.from_spec(("max", {
...     "a": ("min", {"x": ("pay", 3), "y": ("pay", 5)}),
...     "b": ("min", {"x": ("pay", 2), "y": ("pay", 9)}),
...     "c": ("min", {"x": ("pay", 3), "y": ("pay", 4)})}))
>>> result = alphabeta(game)
>>> result.value, result.best_actions
(3, ('a', 'c'))
>>> deepened = iterative_deepening(game, lambda state: 0)
>>> deepened.value, deepened.exact, [step.depth for step in deepened.iterations]
(3, True, [1, 2])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar

from strategy.engine.display import Summarised
from strategy.engine.game import Game, GameError, NodeKind, state_text

__all__ = ["DeepeningResult", "Iteration", "MoveOrdering", "SearchResult", "alphabeta"]
__all__ += ["iterative_deepening"]

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)

Bound = Fraction | float  # a value, or an infinite bound of the search window
Progress = Callable[[int, int], None]
_UNLIMITED = math.inf


@dataclass(frozen=True)
class MoveOrdering(Generic[S, A]):
    """Which moves alpha-beta tries first; the game's order breaks the remaining ties.

    ``table_move``: first the move that was best (or refuted the window) when the same
    state was searched before. ``history``: then the moves that refuted windows most often
    anywhere (counted per action and mover; Schaeffer 1989). ``key(state, action)``: the
    game's static preference, higher first for the player to move, used before the history.

    >>> from strategy.engine.testing import TreeGame
    >>> game = TreeGame.from_spec(("max", {"a": ("pay", 1), "b": ("pay", 2)}))
    >>> prefer_b = MoveOrdering(key=lambda state, action: action == "b")
    >>> alphabeta(game, ordering=prefer_b).value
    2
    """

    key: Callable[[S, A], float] | None = None
    table_move: bool = True
    history: bool = True


@dataclass(frozen=True, repr=False)
class SearchResult(Summarised, Generic[S, A]):
    """What :func:`alphabeta` found from ``start``.

    ``best_actions`` holds every optimal action at ``start`` in the game's order (empty at a
    terminal state). ``positions_searched`` counts the states whose children were generated or
    whose payoff was read, over all the searches the call made; answers from the table are free.

    >>> from strategy.engine.testing import TreeGame
    >>> alphabeta(TreeGame.from_spec(("min", {"l": ("pay", 1), "r": ("pay", 1)})))
    SearchResult(start=0, value=1, best_actions=('l', 'r'), positions_searched=3)
    """

    start: S
    value: Fraction | int
    best_actions: tuple[A, ...]
    positions_searched: int = field(compare=False)


@dataclass(frozen=True)
class Iteration(Generic[A]):
    """One search of :func:`iterative_deepening`: to ``depth`` moves, and what it found.

    ``proven`` says the search never reached its horizon, so ``value`` is exact.

    >>> Iteration(depth=2, value=0, best_action=5, positions_searched=40, proven=False).depth
    2
    """

    depth: int
    value: Fraction | float
    best_action: A | None
    positions_searched: int
    proven: bool


@dataclass(frozen=True)
class DeepeningResult(Generic[S, A]):
    """What :func:`iterative_deepening` found: the last search's value and best moves.

    ``exact`` when the last search never reached its horizon; otherwise ``value`` is the
    depth-limited value with the heuristic at the horizon. ``best_actions`` lists every move
    at ``start`` that reaches ``value`` at that depth; ``positions_searched`` sums all searches.

    >>> from strategy.engine.testing import TreeGame
    >>> iterative_deepening(TreeGame.from_spec(("pay", 4)), lambda state: 0).value
    4
    """

    start: S
    value: Fraction | float
    best_actions: tuple[A, ...]
    exact: bool
    iterations: tuple[Iteration[A], ...] = field(repr=False)
    positions_searched: int = field(compare=False)


@dataclass(slots=True)
class _Frame(Generic[S, A]):
    """A state being searched: its window (as entered, as narrowed), best so far, moves left."""

    state: S
    maximise: bool
    depth: float
    entry_alpha: Bound
    entry_beta: Bound
    alpha: Bound
    beta: Bound
    best: Bound
    best_action: A | None
    moves: list[A]  # still to search, last first
    action: A | None = None  # the move being searched
    proven: bool = True
    # The moves after the table move are sorted only if the table move did not cut off.
    unsorted: bool = False


class _Searcher(Generic[S, A]):
    """One game's search state: tables, move-ordering memory, count of positions searched."""

    def __init__(
        self,
        game: Game[S, A],
        ordering: MoveOrdering[S, A] | None = None,
        evaluate: Callable[[S], Bound] | None = None,
        payoffs: tuple[Bound, Bound] | None = None,
    ) -> None:
        self.game = game
        self.ordering = ordering
        self.evaluate = evaluate
        # Known payoff bounds start every search with a finite window: a win then ends the
        # search of its parent at once, instead of the parent looking for a bigger win.
        self.low, self.high = payoffs or (-math.inf, math.inf)
        if not self.low < self.high:
            raise ValueError(f"payoff bounds need low < high, not {payoffs}")
        # Proven (lower, upper) bounds on finished states' values, from searches that never
        # reached a horizon; bounds of depth-limited searches hold only for the same depth.
        self.table: dict[S, tuple[Bound, Bound]] = {}
        self.limited: dict[tuple[S, float], tuple[Bound, Bound]] = {}
        self.best_moves: dict[S, A] = {}
        self.history: dict[tuple[bool, object], int] = {}
        self.searched = 0

    def value(
        self,
        root: S,
        alpha: Bound | None = None,
        beta: Bound | None = None,
        depth: float = _UNLIMITED,
        progress: Progress | None = None,
    ) -> tuple[Bound, bool, A | None]:
        """The fail-soft value of ``root`` in ``(alpha, beta)`` (default: the payoff bounds) to
        ``depth`` moves, whether it is proven (no horizon reached), and the move that gave it."""
        alpha = self.low if alpha is None else alpha
        beta = self.high if beta is None else beta
        answer = self._enter(root, alpha, beta, depth)
        if not isinstance(answer, _Frame):
            return answer[0], answer[1], None
        game_child = self.game.child
        remember = self.ordering is not None and self.ordering.table_move
        count = self.ordering is not None and self.ordering.history
        history = self.history
        top = answer
        total = len(top.moves)
        stack = [answer]
        on_path = {root}
        result: Bound = 0
        proven = True
        while True:
            frame = stack[-1]
            if frame.moves and frame.alpha < frame.beta:
                if frame.unsorted and frame.action is not None:
                    rest = frame.moves[::-1]  # in the game's order, for the sort's ties
                    frame.moves = self._ordered(frame.state, frame.maximise, rest)[::-1]
                    frame.unsorted = False
                action = frame.moves.pop()
                next_state = game_child(frame.state, action)
                if next_state in on_path:
                    raise GameError(
                        f"the game has a cycle through state {state_text(next_state)}; "
                        "alpha-beta needs a game that always ends"
                    )
                frame.action = action
                entered = self._enter(next_state, frame.alpha, frame.beta, frame.depth - 1)
                if isinstance(entered, _Frame):
                    stack.append(entered)
                    on_path.add(next_state)
                    continue
                result, proven = entered
            else:
                stack.pop()
                on_path.discard(frame.state)
                result, proven = frame.best, frame.proven
                self._store(frame, result)
                if remember and frame.best_action is not None:
                    self.best_moves[frame.state] = frame.best_action
                if not stack:
                    return result, proven, frame.best_action
                frame = stack[-1]
                action = frame.action  # type: ignore[assignment]  # set when it was pushed
            frame.proven = frame.proven and proven
            if frame.maximise:
                if result > frame.best:
                    frame.best, frame.best_action = result, action
                frame.alpha = max(frame.alpha, result)
            else:
                if result < frame.best:
                    frame.best, frame.best_action = result, action
                frame.beta = min(frame.beta, result)
            if count and frame.alpha >= frame.beta:
                key = (frame.maximise, action)
                history[key] = history.get(key, 0) + 1
            if progress is not None and frame is top:
                progress(total - len(top.moves), total)

    def _enter(
        self, state: S, alpha: Bound, beta: Bound, depth: float
    ) -> tuple[Bound, bool] | _Frame[S, A]:
        """A value (and whether it is proven) if a table or the rules settle ``state``, else
        a frame to search it."""
        bounds = self.table.get(state)
        if bounds is not None:
            settled, alpha, beta = _within(bounds, alpha, beta)
            if settled is not None:
                return settled, True
        if depth != _UNLIMITED:
            bounds = self.limited.get((state, depth))
            if bounds is not None:
                settled, alpha, beta = _within(bounds, alpha, beta)
                if settled is not None:
                    return settled, False
        self.searched += 1
        game = self.game
        kind = game.kind(state)
        if kind is NodeKind.TERMINAL:
            payoff = game.returns(state)
            if not self.low <= payoff <= self.high:
                raise GameError(
                    f"terminal state {state_text(state)} pays {payoff}, outside the payoff "
                    f"bounds [{self.low}, {self.high}] given to the search"
                )
            self.table[state] = (payoff, payoff)
            return payoff, True
        if kind is not NodeKind.MAX and kind is not NodeKind.MIN:
            raise GameError(
                f"state {state_text(state)} is a {kind.value} state: alpha-beta searches "
                "deterministic games only; use strategy.engine.solve.solve"
            )
        if depth <= 0:
            assert self.evaluate is not None  # only depth-limited searches reach a horizon
            return self.evaluate(state), False
        actions = game.legal_actions(state)
        if not actions:
            raise GameError(f"{kind.value} state {state_text(state)}: no legal actions")
        maximise = kind is NodeKind.MAX
        best = -math.inf if maximise else math.inf
        ordering = self.ordering
        first = self.best_moves.get(state) if ordering and ordering.table_move else None
        if first is not None:
            moves = [a for a in reversed(actions) if a != first]
            moves.append(first)  # moves are popped from the end
            frame = _Frame(state, maximise, depth, alpha, beta, alpha, beta, best, None, moves)
            frame.unsorted = True
            return frame
        moves = self._ordered(state, maximise, actions) if ordering else list(actions)
        moves.reverse()
        return _Frame(state, maximise, depth, alpha, beta, alpha, beta, best, None, moves)

    def _ordered(self, state: S, maximise: bool, actions: Sequence[A]) -> list[A]:
        """``actions`` best-first; the sort is stable, so ties keep the game's order.

        The table move, if any, is tried before these (see :meth:`_enter`).
        """
        ordering = self.ordering
        assert ordering is not None
        moves = list(actions)
        key, history = ordering.key, self.history if ordering.history else None
        if key is not None and history:
            moves.sort(key=lambda a: (key(state, a), history.get((maximise, a), 0)), reverse=True)
        elif key is not None:
            moves.sort(key=lambda a: key(state, a), reverse=True)
        elif history:
            moves.sort(key=lambda a: history.get((maximise, a), 0), reverse=True)
        return moves

    def _store(self, frame: _Frame[S, A], value: Bound) -> None:
        """Remember what a search in the frame's entry window proved about its state."""
        if frame.proven:
            known = self.table.get(frame.state, (self.low, self.high))
            self.table[frame.state] = _narrowed(known, frame, value)
        else:
            key = (frame.state, frame.depth)
            known = self.limited.get(key, (self.low, self.high))
            self.limited[key] = _narrowed(known, frame, value)

    def best_actions(self, root: S, value: Bound, depth: float) -> tuple[A, ...]:
        """Every move at ``root`` that reaches ``value``, each tested with a null window.

        The window for "does this move reach ``value``?" reaches from just short of
        ``value`` to ``value``: any window edge strictly short of it gives the right answer,
        and the narrower the window, the more the test prunes.
        """
        game = self.game
        kind = game.kind(root)
        best: list[A] = []
        if kind is NodeKind.MAX or kind is NodeKind.MIN:
            maximise = kind is NodeKind.MAX
            # At a payoff bound a window would be empty; every move reaches the bound.
            trivial = value <= self.low if maximise else value >= self.high
            edge = _just_past(value, -math.inf if maximise else math.inf)
            for action in game.legal_actions(root):
                child = game.child(root, action)
                if trivial:
                    reached = True
                elif maximise:
                    reached = self.value(child, edge, value, depth - 1)[0] >= value
                else:
                    reached = self.value(child, value, edge, depth - 1)[0] <= value
                if reached:
                    best.append(action)
        return tuple(best)


def _just_past(value: Bound, towards: float) -> float:
    """The float next to ``value`` in the direction of ``towards``, strictly past ``value``."""
    edge = math.nextafter(float(value), towards)
    while (edge >= value) if towards < value else (edge <= value):
        edge = math.nextafter(edge, towards)  # float(value) rounded the wrong way
    return edge


def _within(
    bounds: tuple[Bound, Bound], alpha: Bound, beta: Bound
) -> tuple[Bound | None, Bound, Bound]:
    """What known ``bounds`` on a value say in the window ``(alpha, beta)``: the value to
    return if they settle it (fail-soft), else ``None`` and the window they narrow it to."""
    lower, upper = bounds
    if lower >= beta or lower == upper:
        return lower, alpha, beta
    if upper <= alpha:
        return upper, alpha, beta
    return None, max(alpha, lower), min(beta, upper)


def _narrowed(
    bounds: tuple[Bound, Bound], frame: _Frame[S, A], value: Bound
) -> tuple[Bound, Bound]:
    """``bounds`` tightened by a fail-soft ``value`` found in the frame's entry window."""
    lower, upper = bounds
    if value > frame.entry_alpha:
        lower = max(lower, value)
    if value < frame.entry_beta:
        upper = min(upper, value)
    return lower, upper


def alphabeta(
    game: Game[S, A],
    start: S | None = None,
    *,
    ordering: MoveOrdering[S, A] | None = None,
    payoffs: tuple[Bound, Bound] | None = None,
    progress: Progress | None = None,
) -> SearchResult[S, A]:
    """The minimax value of ``start`` (default: the initial state) and all its best moves.

    The value comes from one full-window search (moves in the game's order, or best-first by
    ``ordering``); then each move at ``start`` is tested with a window that only asks whether
    it reaches that value, so ties are all reported. ``payoffs=(low, high)``, the least and
    most any terminal state pays, starts the search with that window rather than an infinite
    one, so that a move reaching a bound ends its parent's search. ``progress(done, total)``
    hears of each move at ``start`` the first search finishes. Raises
    :class:`~strategy.engine.game.GameError` on chance or simultaneous states and on cycles.

    >>> from strategy.engine.testing import TreeGame
    >>> alphabeta(TreeGame.from_spec(("pay", 4))).best_actions
    ()
    """
    root: S = game.initial_state() if start is None else start
    searcher = _Searcher(game, ordering, payoffs=payoffs)
    value = searcher.value(root, progress=progress)[0]
    assert isinstance(value, Fraction | int)  # a full window always gives an exact value
    best = searcher.best_actions(root, value, _UNLIMITED)
    return SearchResult(root, value, best, searcher.searched)


def iterative_deepening(
    game: Game[S, A],
    evaluate: Callable[[S], Bound],
    start: S | None = None,
    *,
    max_depth: int | None = None,
    ordering: MoveOrdering[S, A] | None = None,
    payoffs: tuple[Bound, Bound] | None = None,
    progress: Progress | None = None,
) -> DeepeningResult[S, A]:
    """Alpha-beta to depth 1, 2, ... from ``start``, valuing horizon states by ``evaluate``.

    Each search keeps the transposition table of proven values and the move-ordering memory
    (best moves, history) of the searches before it (``ordering`` defaults to
    :class:`MoveOrdering` with table moves and history). It stops at the first search that
    never reaches its horizon (its value is exact) or after ``max_depth``. ``evaluate`` should
    lie strictly between the payoffs of a loss and a win, so that proven results dominate;
    ``payoffs`` is as for :func:`alphabeta`. ``progress(depth, max_depth)`` hears of each
    finished search when ``max_depth`` is given.

    >>> from strategy.classic.tictactoe import TicTacToe
    >>> result = iterative_deepening(TicTacToe(), lambda board: 0)
    >>> result.value, result.exact, len(result.best_actions)
    (0, True, 9)
    """
    if max_depth is not None and max_depth < 1:
        raise ValueError(f"max_depth must be at least 1, not {max_depth}")
    root: S = game.initial_state() if start is None else start
    searcher = _Searcher(game, ordering or MoveOrdering(), evaluate, payoffs)
    iterations: list[Iteration[A]] = []
    depth = 0
    value: Bound = 0
    proven = False
    while not proven and (max_depth is None or depth < max_depth):
        depth += 1
        searcher.limited.clear()  # bounds at the last depth hold for no other depth
        before = searcher.searched
        value, proven, action = searcher.value(root, depth=depth)
        iterations.append(Iteration(depth, value, action, searcher.searched - before, proven))
        if progress is not None and max_depth is not None:
            progress(depth, max_depth)
    best = searcher.best_actions(root, value, _UNLIMITED if proven else depth)
    return DeepeningResult(root, value, best, proven, tuple(iterations), searcher.searched)

"""Alpha-beta search with a transposition table for deterministic two-player zero-sum games.

The search visits MAX, MIN and TERMINAL states only (a chance or simultaneous state is a
:class:`~strategy.engine.game.GameError`: solve such games with
:func:`strategy.engine.solve.solve`). It is fail-soft and iterative, so deep games do not hit
Python's recursion limit, and it remembers
for every finished state the bounds it proved on its value, which answers transpositions (the
same position reached by different move orders) without searching them again.

>>> from strategy.engine.testing import TreeGame
>>> game = TreeGame.from_spec(("max", {
...     "a": ("min", {"x": ("pay", 3), "y": ("pay", 5)}),
...     "b": ("min", {"x": ("pay", 2), "y": ("pay", 9)}),
...     "c": ("min", {"x": ("pay", 3), "y": ("pay", 4)})}))
>>> result = alphabeta(game)
>>> result.value, result.best_actions
(3, ('a', 'c'))
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar

from strategy.engine.display import Summarised
from strategy.engine.game import Game, GameError, NodeKind, state_text

__all__ = ["SearchResult", "alphabeta"]

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)

Bound = Fraction | float  # a value, or an infinite bound of the search window


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


@dataclass
class _Frame(Generic[S, A]):
    """A state being searched: its window (as entered, as narrowed), best value, children left."""

    state: S
    maximise: bool
    entry_alpha: Bound
    entry_beta: Bound
    alpha: Bound
    beta: Bound
    best: Bound
    children: list[S]


class _Searcher(Generic[S, A]):
    """One game's search state: the transposition table and the count of positions searched."""

    def __init__(self, game: Game[S, A]) -> None:
        self.game = game
        # Proven (lower, upper) bounds on each finished state's value.
        self.table: dict[S, tuple[Bound, Bound]] = {}
        self.searched = 0

    def value(self, root: S, alpha: Bound = -math.inf, beta: Bound = math.inf) -> Bound:
        """The fail-soft alpha-beta value of ``root`` in the window ``(alpha, beta)``."""
        answer = self._enter(root, alpha, beta)
        if not isinstance(answer, _Frame):
            return answer
        stack = [answer]
        on_path = {root}
        result: Bound = 0
        while stack:
            frame = stack[-1]
            if frame.children and frame.alpha < frame.beta:
                next_state = frame.children.pop()
                if next_state in on_path:
                    raise GameError(
                        f"the game has a cycle through state {state_text(next_state)}; "
                        "alpha-beta needs a game that always ends"
                    )
                entered = self._enter(next_state, frame.alpha, frame.beta)
                if isinstance(entered, _Frame):
                    stack.append(entered)
                    on_path.add(next_state)
                    continue
                result = entered
            else:
                stack.pop()
                on_path.discard(frame.state)
                result = frame.best
                self._store(frame.state, result, frame.entry_alpha, frame.entry_beta)
                if not stack:
                    break
                frame = stack[-1]
            if frame.maximise:
                frame.best = max(frame.best, result)
                frame.alpha = max(frame.alpha, result)
            else:
                frame.best = min(frame.best, result)
                frame.beta = min(frame.beta, result)
        return result

    def _enter(self, state: S, alpha: Bound, beta: Bound) -> Bound | _Frame[S, A]:
        """A value if the table or the rules settle ``state``, else a frame to search it."""
        bounds = self.table.get(state)
        if bounds is not None:
            lower, upper = bounds
            if lower >= beta or lower == upper:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        self.searched += 1
        game = self.game
        kind = game.kind(state)
        if kind is NodeKind.TERMINAL:
            payoff = game.returns(state)
            self.table[state] = (payoff, payoff)
            return payoff
        if kind is not NodeKind.MAX and kind is not NodeKind.MIN:
            raise GameError(
                f"state {state_text(state)} is a {kind.value} state: alpha-beta searches "
                "deterministic games only; use strategy.engine.solve.solve"
            )
        actions = game.legal_actions(state)
        if not actions:
            raise GameError(f"{kind.value} state {state_text(state)}: no legal actions")
        # Children are popped from the end, so reverse them to search in the game's order.
        children = [game.child(state, action) for action in reversed(actions)]
        maximise = kind is NodeKind.MAX
        best = -math.inf if maximise else math.inf
        return _Frame(state, maximise, alpha, beta, alpha, beta, best, children)

    def _store(self, state: S, value: Bound, alpha: Bound, beta: Bound) -> None:
        """Remember what a search in the window ``(alpha, beta)`` proved about ``state``."""
        lower, upper = self.table.get(state, (-math.inf, math.inf))
        if value > alpha:
            lower = max(lower, value)
        if value < beta:
            upper = min(upper, value)
        self.table[state] = (lower, upper)


def alphabeta(game: Game[S, A], start: S | None = None) -> SearchResult[S, A]:
    """The minimax value of ``start`` (default: the initial state) and all its best moves.

    The value comes from one full-window search; then each move at ``start`` is tested with
    a window that only asks whether it reaches that value, so ties are all reported.
    Raises :class:`~strategy.engine.game.GameError` on chance or simultaneous states and on cycles.

    >>> from strategy.engine.testing import TreeGame
    >>> alphabeta(TreeGame.from_spec(("pay", 4))).best_actions
    ()
    """
    root: S = game.initial_state() if start is None else start
    searcher = _Searcher(game)
    value = searcher.value(root)
    assert isinstance(value, Fraction | int)  # a full window always gives an exact value
    kind = game.kind(root)
    best: list[A] = []
    if kind is NodeKind.MAX or kind is NodeKind.MIN:
        for action in game.legal_actions(root):
            child = game.child(root, action)
            if kind is NodeKind.MAX and searcher.value(child, -math.inf, value) >= value:
                best.append(action)
            if kind is NodeKind.MIN and searcher.value(child, value, math.inf) <= value:
                best.append(action)
    return SearchResult(root, value, tuple(best), searcher.searched)

"""A depth-first walk that finishes each state after all the states it leads to.

Backward induction over a state graph that always ends needs its states children first;
a recursion would pass Python's stack on long games, so the walk keeps its own stack.

>>> finished = []
>>> post_order(4, lambda n: (None, [n - 1, n - 2] if n > 1 else []),
...            lambda n, _: finished.append(n), done=finished)
>>> finished
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Container, Hashable, Iterable
from typing import TypeVar

S = TypeVar("S", bound=Hashable)
K = TypeVar("K")


def post_order(
    root: S,
    expand: Callable[[S], tuple[K, Iterable[S]]],
    finish: Callable[[S, K], object],
    *,
    done: Container[S],
) -> None:
    """Visit every state reachable from ``root`` once. ``expand(state)`` returns what to
    keep of the state and the states it leads to; ``finish(state, kept)`` runs once each of
    those is in ``done``, and must put ``state`` there.

    A state met again before its own finish (a game that can reach a state from itself) is
    finished with a child not yet done: ``finish`` may check for that.

    >>> depth = {}
    >>> post_order("abc", lambda s: (s[1:], [s[1:]] if s else []),
    ...            lambda s, rest: depth.update({s: depth.get(rest, -1) + 1}), done=depth)
    >>> depth["abc"]
    3
    """
    pending: dict[S, K] = {}
    stack = [root]
    while stack:
        state = stack[-1]
        if state in done:
            stack.pop()
            continue
        if state not in pending:
            pending[state], children = expand(state)
            stack.extend(child for child in children if child not in done)
            continue
        stack.pop()
        finish(state, pending.pop(state))

"""Monte Carlo tree search (UCT) with chance nodes, seeded and reproducible, on any game.

Each playout walks down a tree of the states met so far: at a decision state it takes each
action once, then the action with the best upper confidence bound (UCB1; Kocsis &
Szepesvári 2006), from the mover's side; at a chance state it samples an outcome with its
exact probability. It adds one new state to the tree, plays on from there uniformly at
random to the end of the game, and adds the payoff to every tree state it passed. The tree
follows histories, not positions, so games whose states repeat (Pig) need no special care.

The estimate is the mean payoff of all playouts; as playouts grow, UCT plays the tree ever
closer to optimally and the estimate tends to the game's value (for games without
decisions it is plain Monte Carlo, with Hoeffding's bound). The recommended move is the
one tried most often. Simultaneous moves are refused: solve stage games with
:func:`strategy.engine.solve.solve`.

>>> from strategy.engine.testing import TreeGame
>>> game = TreeGame.from_spec(("max", {"safe": ("pay", "1/2"), "coin": ("chance", [
...     ("1/2", ("pay", 0)), ("1/2", ("pay", 1))]), "bad": ("pay", 0)}))
>>> result = mcts(game, playouts=2000, seed=1)
>>> result.best_action in ("safe", "coin"), round(result.value, 1)
(True, 0.5)
>>> result == mcts(game, playouts=2000, seed=1)  # the same seed, the same search
True
"""

from __future__ import annotations

import bisect
import math
import random
import secrets
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from strategy.engine.errors import InputError
from strategy.engine.game import Game, GameError, NodeKind, check_chance_outcomes, state_text

__all__ = ["DEFAULT_EXPLORATION", "MctsResult", "mcts"]

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)

#: UCB1's constant: sqrt(2) for payoffs scaled into [0, 1] (Auer et al. 2002).
DEFAULT_EXPLORATION = math.sqrt(2)
#: A playout longer than this is taken for a game that does not end.
MAX_PLAYOUT_MOVES = 100_000

Observer = Callable[[Sequence[tuple[Any, Any]], float], None]


@dataclass(frozen=True)
class MctsResult(Generic[S, A]):
    """What :func:`mcts` found from ``start``.

    ``value`` is the mean payoff to the maximiser over the ``playouts``. At a decision start,
    ``visits`` and ``means`` give each action's playouts and their mean payoff, and
    ``best_action`` is the action tried most often (ties: the better mean, then the game's
    order); at a chance start they are per outcome and ``best_action`` is ``None``.

    >>> from strategy.engine.testing import TreeGame
    >>> mcts(TreeGame.from_spec(("pay", 3)), playouts=5, seed=0)
    MctsResult(start=0, value=3.0, best_action=None, playouts=5, seed=0, exploration=1.414...,
               tree_size=1)
    """

    start: S
    value: float
    best_action: A | None
    visits: Mapping[A, int] = field(repr=False)
    means: Mapping[A, float] = field(repr=False)
    playouts: int
    seed: int
    exploration: float
    tree_size: int


class _Node:
    """A tree state: its kind, its children so far, and the playouts through it."""

    __slots__ = (
        "children",
        "kind",
        "maximise",
        "outcomes",
        "payoff",
        "state",
        "total",
        "untried",
        "visits",
    )

    def __init__(self, state: Any, kind: NodeKind) -> None:
        self.state = state
        self.kind = kind
        self.maximise = kind is NodeKind.MAX
        self.children: dict[Any, _Node] = {}
        self.untried: list[Any] = []
        self.outcomes: tuple[Sequence[Any], list[float]] | None = None
        self.payoff = 0.0
        self.visits = 0
        self.total = 0.0


class _Search(Generic[S, A]):
    """One search: the game, the random stream, the payoff scale and the tree."""

    def __init__(
        self,
        game: Game[S, A],
        rng: random.Random,
        exploration: float,
        payoffs: tuple[float, float] | None,
    ) -> None:
        self.game = game
        self.rng = rng
        self.exploration = exploration
        # Without known bounds, UCB scales payoffs by the range seen so far.
        self.fixed = payoffs is not None
        self.low, self.high = payoffs if payoffs is not None else (math.inf, -math.inf)
        self.size = 0
        self.prepared: dict[int, tuple[object, tuple[Sequence[Any], list[float]]]] = {}

    def node(self, state: S) -> _Node:
        """A new tree node for ``state``."""
        kind = self.game.kind(state)
        node = _Node(state, kind)
        self.size += 1
        if kind is NodeKind.TERMINAL:
            node.payoff = self._payoff(state)
        elif kind is NodeKind.CHANCE:
            node.outcomes = self._outcomes(state)
        elif kind is NodeKind.MAX or kind is NodeKind.MIN:
            node.untried = list(self._actions(state, kind))
            self.rng.shuffle(node.untried)  # first tries in random order, not the game's
        else:
            raise _unsupported(state, kind)
        return node

    def playout(self, root: _Node, decisions: list[tuple[Any, Any]] | None) -> float:
        """One playout from ``root``: select, expand one node, play on at random, back up."""
        node = root
        path = [root]
        while True:
            kind = node.kind
            if kind is NodeKind.TERMINAL:
                payoff = node.payoff
                break
            if kind is NodeKind.CHANCE:
                assert node.outcomes is not None
                key = _sample(node.outcomes, self.rng)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = self.node(self.game.child(node.state, key))
                    path.append(child)
                    payoff = self._rollout(child.state, decisions)
                    break
                node = child
                path.append(node)
                continue
            if node.untried:
                action = node.untried.pop()
                child = node.children[action] = self.node(self.game.child(node.state, action))
            else:
                action, child = self._select(node)
            if decisions is not None:
                decisions.append((node.state, action))
            path.append(child)
            if child.visits == 0:
                payoff = self._rollout(child.state, decisions)
                break
            node = child
        if not self.fixed:
            self.low, self.high = min(self.low, payoff), max(self.high, payoff)
        for passed in path:
            passed.visits += 1
            passed.total += payoff
        return payoff

    def _select(self, node: _Node) -> tuple[Any, _Node]:
        """The child with the best UCB1 score for the mover (payoffs scaled into [0, 1])."""
        span = self.high - self.low
        scale = 1 / span if span > 0 else 1.0
        low, high = self.low, self.high
        spread = self.exploration * math.sqrt(math.log(node.visits))
        best_score = -math.inf
        chosen: tuple[Any, _Node] | None = None
        for action, child in node.children.items():
            mean = child.total / child.visits
            gain = (mean - low if node.maximise else high - mean) * scale
            score = gain + spread / math.sqrt(child.visits)
            if score > best_score:
                best_score, chosen = score, (action, child)
        assert chosen is not None  # a fully expanded decision node has children
        return chosen

    def _rollout(self, state: S, decisions: list[tuple[Any, Any]] | None) -> float:
        """Play uniformly at random from ``state`` to the end; the payoff to the maximiser."""
        game, rng = self.game, self.rng
        for _ in range(MAX_PLAYOUT_MOVES):
            kind = game.kind(state)
            if kind is NodeKind.TERMINAL:
                return self._payoff(state)
            if kind is NodeKind.CHANCE:
                state = game.child(state, _sample(self._outcomes(state), rng))
            elif kind is NodeKind.MAX or kind is NodeKind.MIN:
                actions = self._actions(state, kind)
                action = actions[int(rng.random() * len(actions))]
                if decisions is not None:
                    decisions.append((state, action))
                state = game.child(state, action)
            else:
                raise _unsupported(state, kind)
        raise GameError(
            f"a random playout ran {MAX_PLAYOUT_MOVES:,} moves without ending (now at "
            f"{state_text(state)}); MCTS needs a game that ends under random play"
        )

    def _payoff(self, state: S) -> float:
        payoff = float(self.game.returns(state))
        if self.fixed and not self.low <= payoff <= self.high:
            raise GameError(
                f"terminal state {state_text(state)} pays {payoff}, outside the payoff bounds "
                f"[{self.low}, {self.high}] given to MCTS"
            )
        return payoff

    def _actions(self, state: S, kind: NodeKind) -> Sequence[A]:
        actions = self.game.legal_actions(state)
        if not actions:
            raise GameError(f"{kind.value} state {state_text(state)}: no legal actions")
        return actions

    def _outcomes(self, state: S) -> tuple[Sequence[Any], list[float]]:
        """The outcomes and their cumulative float probabilities, checked once per list."""
        outcomes = self.game.chance_outcomes(state)
        cached = self.prepared.get(id(outcomes))
        if cached is not None and cached[0] is outcomes:
            return cached[1]
        check_chance_outcomes(state, outcomes)
        cumulative, running = [], Fraction(0)
        for _, probability in outcomes:
            running += probability  # exact, so the last entry is exactly 1
            cumulative.append(float(running))
        prepared = ([outcome for outcome, _ in outcomes], cumulative)
        if type(outcomes) is tuple and len(self.prepared) < 64:
            # Holding the tuple keeps its id from being reused while it is cached.
            self.prepared[id(outcomes)] = (outcomes, prepared)
        return prepared


def _sample(prepared: tuple[Sequence[Any], list[float]], rng: random.Random) -> Any:
    outcomes, cumulative = prepared
    return outcomes[min(bisect.bisect_right(cumulative, rng.random()), len(outcomes) - 1)]


def _unsupported(state: object, kind: object) -> GameError:
    if kind is NodeKind.SIMULTANEOUS:
        return GameError(
            f"state {state_text(state)} is a simultaneous state: MCTS handles alternating "
            "moves and chance only; solve stage games with strategy.engine.solve.solve"
        )
    return GameError(f"state {state_text(state)}: kind() returned {kind!r}, not a NodeKind")


def mcts(
    game: Game[S, A],
    start: S | None = None,
    *,
    playouts: int = 10_000,
    seed: int | None = None,
    exploration: float = DEFAULT_EXPLORATION,
    payoffs: tuple[float, float] | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_playout: Observer | None = None,
) -> MctsResult[S, A]:
    """Search ``game`` from ``start`` (default: its initial state) with ``playouts`` playouts.

    ``seed`` fixes the random stream (``None`` draws one, recorded in the result), so a
    search repeats exactly. ``exploration`` is UCB1's constant for payoffs scaled into
    [0, 1]; ``payoffs=(low, high)`` gives the scale (default: the least and most payoff seen
    so far). ``progress(done, total)`` hears of the playouts done; ``on_playout(decisions,
    payoff)`` of each playout: every ``(state, action)`` it chose, in the tree and after.

    >>> from strategy.classic.tictactoe import TicTacToe
    >>> result = mcts(TicTacToe(), playouts=3000, seed=7)
    >>> result.best_action, result.visits[result.best_action] > 3000 / 9
    (5, True)
    """
    if playouts < 1:
        raise InputError(f"playouts must be at least 1, not {playouts}")
    if not exploration >= 0:
        raise InputError(f"exploration must be a number >= 0, not {exploration}")
    if payoffs is not None and not payoffs[0] < payoffs[1]:
        raise InputError(f"payoff bounds need low < high, not {payoffs}")
    if seed is None:
        seed = secrets.randbits(63)
    elif seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, not {seed}")
    root_state: S = game.initial_state() if start is None else start
    search = _Search(game, random.Random(seed), exploration, payoffs)
    root = search.node(root_state)
    every = max(1, playouts // 100)
    for done in range(1, playouts + 1):
        decisions: list[tuple[Any, Any]] | None = [] if on_playout is not None else None
        payoff = search.playout(root, decisions)
        if on_playout is not None:
            assert decisions is not None
            on_playout(decisions, payoff)
        if progress is not None and (done % every == 0 or done == playouts):
            progress(done, playouts)
    if root.kind is NodeKind.CHANCE:
        assert root.outcomes is not None
        keys: Sequence[Any] = root.outcomes[0]
    elif root.kind is NodeKind.TERMINAL:
        keys = ()
    else:
        keys = game.legal_actions(root_state)
    # In the game's order, leaving out outcomes never drawn.
    visits = {key: root.children[key].visits for key in keys if key in root.children}
    means = {key: root.children[key].total / count for key, count in visits.items()}
    best = None
    if root.kind is NodeKind.MAX or root.kind is NodeKind.MIN:
        sign = 1 if root.maximise else -1
        best = max(visits, key=lambda a: (visits[a], sign * means[a]))  # max keeps the first
    return MctsResult(
        start=root_state,
        value=root.total / root.visits,
        best_action=best,
        visits=MappingProxyType(visits),
        means=MappingProxyType(means),
        playouts=playouts,
        seed=seed,
        exploration=exploration,
        tree_size=search.size,
    )

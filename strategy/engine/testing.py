"""Small explicit games and hypothesis strategies for testing solvers and user games.

:class:`TreeGame` is a game given as an explicit list of nodes (states are node numbers);
:func:`small_games` draws random finite acyclic ones with every node kind, exact chance
probabilities, shared subtrees (so memos matter) and deliberate ties; :func:`brute_force_value`
is a plain recursive expectiminimax, with no memo, to cross-check faster solvers.

This module imports ``hypothesis`` (a test extra), so ``import strategy`` does not import it.
:mod:`strategy.testing` gathers these and the Risk strategies in one place for users.

>>> from hypothesis import given, settings
>>> from strategy.engine.solve import solve
>>> @settings(max_examples=20, deadline=None)
... @given(small_games(max_depth=3))
... def test_solve_matches_brute_force(game):
...     assert solve(game).value == brute_force_value(game)
>>> test_solve_matches_brute_force()
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from hypothesis import strategies as st

from strategy.engine.game import Game, NodeKind
from strategy.engine.matrix_game import solve_matrix_game

__all__ = [
    "TreeGame",
    "TreeNode",
    "brute_force_value",
    "small_games",
]

_DECISION_KINDS = (NodeKind.CHANCE, NodeKind.MAX, NodeKind.MIN, NodeKind.SIMULTANEOUS)
_SPEC_KINDS = {"max": NodeKind.MAX, "min": NodeKind.MIN}


@dataclass(frozen=True)
class TreeNode:
    """One state of a :class:`TreeGame`; which fields matter depends on ``kind``.

    ``actions`` are the legal actions (MAX/MIN), the chance outcomes (CHANCE) or the row
    player's actions (SIMULTANEOUS); ``columns`` are the column player's actions;
    ``children`` holds the node number reached by each action (row-major for SIMULTANEOUS).

    >>> TreeNode(NodeKind.TERMINAL, payoff=Fraction(1, 2)).payoff
    Fraction(1, 2)
    """

    kind: NodeKind
    payoff: Fraction | int = 0
    actions: tuple[Hashable, ...] = ()
    children: tuple[int, ...] = ()
    probabilities: tuple[Fraction, ...] = ()
    columns: tuple[Hashable, ...] = ()


@dataclass(frozen=True)
class TreeGame:
    """A game stored as explicit nodes; node 0 is the start and states are node numbers.

    Nodes may share children, so the state graph is any DAG. Build small ones by hand with
    :meth:`from_spec`, random ones with :func:`small_games`.

    >>> game = TreeGame.from_spec(("max", {"left": ("pay", 1), "right": ("pay", 2)}))
    >>> game.legal_actions(0), game.child(0, "right"), game.returns(2)
    (('left', 'right'), 2, 2)
    """

    nodes: tuple[TreeNode, ...]

    @classmethod
    def from_spec(cls, spec: Sequence[Any]) -> TreeGame:
        """Build a tree from nested tuples, numbering nodes in preorder.

        ``("pay", x)`` is a terminal paying ``x`` (an int, a Fraction or a string such as
        ``"1/2"``); ``("max", {action: spec})`` and ``("min", {action: spec})`` are decision
        nodes; ``("chance", [(probability, spec), ...])`` has outcomes ``0, 1, ...``;
        ``("simultaneous", {row: {column: spec}})`` is a stage game.

        >>> game = TreeGame.from_spec(("chance", [("1/4", ("pay", 1)), ("3/4", ("pay", 0))]))
        >>> game.chance_outcomes(0)
        ((0, Fraction(1, 4)), (1, Fraction(3, 4)))
        """
        nodes: list[TreeNode | None] = []

        def build(node_spec: Sequence[Any]) -> int:
            index = len(nodes)
            nodes.append(None)  # reserve the preorder number before the children take theirs
            tag, body = node_spec
            if tag == "pay":
                payoff = body if isinstance(body, int) else Fraction(body)
                node = TreeNode(NodeKind.TERMINAL, payoff=payoff)
            elif tag == "chance":
                node = TreeNode(
                    NodeKind.CHANCE,
                    actions=tuple(range(len(body))),
                    probabilities=tuple(Fraction(p) for p, _ in body),
                    children=tuple(build(sub) for _, sub in body),
                )
            elif tag == "simultaneous":
                columns = tuple(next(iter(body.values())))
                node = TreeNode(
                    NodeKind.SIMULTANEOUS,
                    actions=tuple(body),
                    columns=columns,
                    children=tuple(build(body[r][c]) for r in body for c in columns),
                )
            else:
                node = TreeNode(
                    _SPEC_KINDS[tag],
                    actions=tuple(body),
                    children=tuple(build(sub) for sub in body.values()),
                )
            nodes[index] = node
            return index

        build(spec)
        return cls(tuple(node for node in nodes if node is not None))

    def initial_state(self) -> int:
        """Node 0."""
        return 0

    def kind(self, state: int) -> NodeKind:
        """The node's kind."""
        return self.nodes[state].kind

    def returns(self, state: int) -> Fraction | int:
        """The terminal node's payoff."""
        return self.nodes[state].payoff

    def legal_actions(self, state: int) -> Sequence[Hashable]:
        """The decision node's actions."""
        return self.nodes[state].actions

    def chance_outcomes(self, state: int) -> Sequence[tuple[Hashable, Fraction]]:
        """The chance node's ``(outcome, probability)`` pairs."""
        node = self.nodes[state]
        return tuple(zip(node.actions, node.probabilities, strict=True))

    def joint_actions(self, state: int) -> tuple[Sequence[Hashable], Sequence[Hashable]]:
        """The simultaneous node's row and column actions."""
        node = self.nodes[state]
        return node.actions, node.columns

    def child(self, state: int, action: Hashable) -> int:
        """The node an action leads to (a ``(row, column)`` pair at simultaneous nodes)."""
        node = self.nodes[state]
        if node.kind is NodeKind.SIMULTANEOUS:
            row, column = cast(tuple[Hashable, Hashable], action)
            position = node.actions.index(row) * len(node.columns) + node.columns.index(column)
            return node.children[position]
        return node.children[node.actions.index(action)]


@st.composite
def small_games(
    draw: st.DrawFn,
    max_depth: int = 4,
    max_width: int = 3,
    kinds: Collection[NodeKind] = _DECISION_KINDS,
    payoffs: st.SearchStrategy[Fraction | int] | None = None,
) -> TreeGame:
    """Random finite acyclic games of at most ``max_depth`` moves.

    Nodes are laid out in levels of 1 to ``max_width`` nodes; a non-terminal node's children
    are drawn from deeper levels (half from the next one), so paths have different lengths
    and subtrees are shared. Non-terminal nodes take their kind from ``kinds`` (non-terminal
    kinds); each has 1 to ``max_width`` actions (rows and columns at simultaneous nodes).
    Chance probabilities are exact and sum to 1. ``payoffs`` defaults to small integers and
    halves, so ties are common.

    >>> from hypothesis import find
    >>> game = find(small_games(kinds=[NodeKind.CHANCE]), lambda g: g.kind(0) is NodeKind.CHANCE)
    >>> sum(p for _, p in game.chance_outcomes(0))
    Fraction(1, 1)
    """
    payoffs = payoffs or st.one_of(
        st.integers(-2, 2), st.integers(-4, 4).map(lambda n: Fraction(n, 2))
    )
    widths = [1] + [draw(st.integers(1, max_width)) for _ in range(max_depth)]
    starts = [sum(widths[:level]) for level in range(len(widths) + 1)]
    nodes: list[TreeNode] = []
    choices = st.sampled_from(sorted(kinds, key=lambda k: k.value))
    for level, width in enumerate(widths):
        for _ in range(width):
            # The start is never terminal (a one-state game tests nothing); later nodes are
            # terminal one time in five, so paths have different lengths.
            if level == max_depth or (level > 0 and draw(st.integers(0, 4)) == 0):
                nodes.append(TreeNode(NodeKind.TERMINAL, payoff=draw(payoffs)))
                continue
            node_kind = draw(choices)
            count = draw(st.integers(1, max_width))
            columns: tuple[Hashable, ...] = ()
            probabilities: tuple[Fraction, ...] = ()
            if node_kind is NodeKind.SIMULTANEOUS:
                columns = tuple(range(draw(st.integers(1, max_width))))
            if node_kind is NodeKind.CHANCE:
                weights = [draw(st.integers(1, 4)) for _ in range(count)]
                probabilities = tuple(Fraction(w, sum(weights)) for w in weights)
            # Half the children come from the next level, so that paths tend to be long.
            deeper = st.one_of(
                st.integers(starts[level + 1], starts[level + 2] - 1),
                st.integers(starts[level + 1], starts[-1] - 1),
            )
            children = tuple(draw(deeper) for _ in range(count * max(1, len(columns))))
            nodes.append(
                TreeNode(node_kind, 0, tuple(range(count)), children, probabilities, columns)
            )
    return TreeGame(tuple(nodes))


def brute_force_value(game: Game[Any, Any], start: Any = None) -> Fraction:
    """The exact value by plain recursive expectiminimax, written independently of solve().

    No memo, so exponential in the depth: for small games only. Simultaneous nodes are
    solved with :func:`~strategy.engine.matrix_game.solve_matrix_game`, the one piece shared with
    solve() (and tested on its own).

    >>> brute_force_value(TreeGame.from_spec(("min", {"a": ("pay", 2), "b": ("pay", "1/3")})))
    Fraction(1, 3)
    """

    def value(state: Any) -> Fraction:
        node_kind = game.kind(state)
        if node_kind is NodeKind.TERMINAL:
            return Fraction(game.returns(state))
        if node_kind is NodeKind.CHANCE:
            return sum(
                (p * value(game.child(state, o)) for o, p in game.chance_outcomes(state)),
                Fraction(0),
            )
        if node_kind is NodeKind.MAX:
            return max(value(game.child(state, a)) for a in game.legal_actions(state))
        if node_kind is NodeKind.MIN:
            return min(value(game.child(state, a)) for a in game.legal_actions(state))
        rows, columns = game.joint_actions(state)
        matrix = [[value(game.child(state, (r, c))) for c in columns] for r in rows]
        return Fraction(solve_matrix_game(matrix).value)

    return value(game.initial_state() if start is None else start)

"""Where play ends when both sides follow a solved policy: the distribution of terminal states.

The solver says what each state is worth and how to play; this module plays it out. From
the start, probability flows along the policy's action at decision states, along every
outcome at chance states, and, at simultaneous states, along every pair of actions in
proportion to the two equilibrium mixes. States are visited in topological order, so the
mass of a state reached by several paths is gathered before it moves on. Exact results
give exact probabilities that sum to exactly 1.

>>> from strategy.engine.solve import solve
>>> from strategy.engine.testing import TreeGame
>>> game = TreeGame.from_spec(  # a fair coin paying 0 or 1 (worth 1/2) beats a sure 1/3
...     ("max", {"coin": ("chance", [("1/2", ("pay", 0)), ("1/2", ("pay", 1))]),
...              "sure": ("pay", "1/3")}))
>>> ends = terminal_distribution(game, solve(game))
>>> sorted((game.returns(state), p) for state, p in ends.items())
[(0, Fraction(1, 2)), (1, Fraction(1, 2))]
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, TypeVar

from strategy.engine.game import Game, NodeKind
from strategy.engine.solve import Result, Value

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)


def _moves(game: Game[S, A], result: Result[S, A], state: S) -> list[tuple[S, Value]]:
    """The states play moves to from ``state``, with the probability of each."""
    kind = game.kind(state)
    if kind is NodeKind.TERMINAL:
        return []
    if kind is NodeKind.CHANCE:
        one: Value = Fraction(1) if result.exact else 1.0
        return [(game.child(state, o), p * one) for o, p in game.chance_outcomes(state)]
    if kind is NodeKind.SIMULTANEOUS:
        rows, columns = game.joint_actions(state)
        mix = result.mixed[state]
        step: Any = game.child  # at simultaneous states the action is a (row, column) pair
        return [
            (step(state, (row, column)), p * q)
            for row, p in zip(rows, mix.row_strategy, strict=True)
            for column, q in zip(columns, mix.column_strategy, strict=True)
            if p and q
        ]
    return [(game.child(state, result.policy[state]), Fraction(1) if result.exact else 1.0)]


def terminal_distribution(game: Game[S, A], result: Result[S, A]) -> dict[S, Value]:
    """Each terminal state play reaches from ``result.start`` under ``result``'s policy
    (its first optimal action at each decision), with its probability."""
    moves: dict[S, list[tuple[S, Value]]] = {}
    order: list[S] = []
    # Depth-first post-order over the states the policy reaches; reversed, it is topological.
    stack: list[tuple[S, bool]] = [(result.start, False)]
    while stack:
        state, expanded = stack.pop()
        if expanded:
            order.append(state)
            continue
        if state in moves:
            continue
        moves[state] = _moves(game, result, state)
        stack.append((state, True))
        stack.extend((child, False) for child, _ in moves[state] if child not in moves)
    mass: dict[S, Value] = {result.start: Fraction(1) if result.exact else 1.0}
    ends: dict[S, Value] = {}
    for state in reversed(order):
        here = mass.pop(state)
        if not moves[state]:
            ends[state] = here
        for child, p in moves[state]:
            mass[child] = mass.get(child, 0) + here * p
    return ends

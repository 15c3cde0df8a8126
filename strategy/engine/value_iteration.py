"""Games whose states repeat: value iteration in floats, and exact values by policy iteration.

Backward induction (:func:`strategy.engine.solve.solve`) needs an acyclic game. In a game such as
Pig a state can come back (both players roll a 1), so its values solve a fixed-point system
instead. Both methods here assume that play ends with probability 1 whatever the players do
(a *stopping game*); then the system has exactly one solution, the value of the game.

* :func:`value_iteration` sweeps Gauss-Seidel updates in floats until no value changes by
  more than ``tolerance`` in a sweep.
* :func:`solve_exactly` starts from the policy value iteration suggests, evaluates it exactly
  (a sparse linear system over ``Fraction``, solved one strongly connected block at a time),
  and improves it until no player wants to change: the values then satisfy the optimality
  equations exactly, which certifies them.

>>> from strategy.engine.testing import TreeGame
>>> game = TreeGame.from_spec(("chance", [("1/2", ("pay", 1)), ("1/2", ("pay", 0))]))
>>> solve_exactly(game).value
Fraction(1, 2)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from strategy.engine.display import Summarised
from strategy.engine.game import Game, GameError, NodeKind, check_chance_outcomes, state_text

__all__ = ["CyclicResult", "solve_exactly", "value_iteration"]

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)

_MAX_IMPROVEMENTS = 100


@dataclass(frozen=True, repr=False)
class CyclicResult(Summarised, Generic[S, A]):
    """Values and a policy of a game whose states may repeat.

    ``optimal_actions`` holds every optimal action of each decision state (exactly, or
    within ``tolerance`` in floats); ``policy`` the first of them. ``iterations`` counts the
    sweeps (float) or the policy evaluations (exact).

    >>> from strategy.engine.testing import TreeGame
    >>> value_iteration(TreeGame.from_spec(("pay", 2)))
    CyclicResult(start=0, value=2.0, exact=False, method='value iteration (Gauss-Seidel)',
                 iterations=1, tolerance=1e-12, states=1)
    """

    start: S
    value: Fraction | float
    values: Mapping[S, Fraction | float] = field(repr=False)
    optimal_actions: Mapping[S, tuple[A, ...]] = field(repr=False)
    policy: Mapping[S, A] = field(repr=False)
    exact: bool
    method: str
    iterations: int
    tolerance: float | None
    states: int


@dataclass
class _Graph(Generic[S, A]):
    """The reachable states, numbered in discovery order, with their kinds and children."""

    states: list[S]
    kinds: list[NodeKind]
    payoffs: dict[int, Fraction]
    # Decision states: (action, child) pairs; chance states: (probability, child) pairs.
    actions: dict[int, list[tuple[A, int]]]
    chances: dict[int, list[tuple[Fraction, int]]]


def _explore(game: Game[S, A], root: S) -> _Graph[S, A]:
    index: dict[S, int] = {root: 0}
    graph: _Graph[S, A] = _Graph([root], [], {}, {}, {})

    def number(state: S) -> int:
        if state not in index:
            index[state] = len(graph.states)
            graph.states.append(state)
        return index[state]

    position = 0
    while position < len(graph.states):
        state = graph.states[position]
        kind = game.kind(state)
        graph.kinds.append(kind)
        if kind is NodeKind.TERMINAL:
            graph.payoffs[position] = Fraction(game.returns(state))
        elif kind is NodeKind.CHANCE:
            outcomes = game.chance_outcomes(state)
            check_chance_outcomes(state, outcomes)
            graph.chances[position] = [
                (Fraction(p), number(game.child(state, outcome))) for outcome, p in outcomes
            ]
        elif kind is NodeKind.MAX or kind is NodeKind.MIN:
            actions = game.legal_actions(state)
            if not actions:
                raise GameError(f"{kind.value} state {state_text(state)}: no legal actions")
            graph.actions[position] = [(a, number(game.child(state, a))) for a in actions]
        else:
            raise GameError(f"state {state_text(state)}: {kind} states are not supported here")
        position += 1
    return graph


def value_iteration(
    game: Game[S, A],
    start: S | None = None,
    *,
    tolerance: float = 1e-12,
    max_sweeps: int = 1_000_000,
) -> CyclicResult[S, A]:
    """Float values of every state reachable from ``start``, by Gauss-Seidel value iteration.

    Sweeps run from the last-discovered states back to ``start`` and stop once no value moved
    by more than ``tolerance``; :class:`~strategy.engine.game.GameError` if ``max_sweeps`` pass
    first.

    >>> from strategy.engine.testing import TreeGame
    >>> game = TreeGame.from_spec(("max", {"a": ("pay", 1), "b": ("pay", "1/2")}))
    >>> value_iteration(game).policy[0]
    'a'
    """
    root: S = game.initial_state() if start is None else start
    graph = _explore(game, root)
    values, sweeps = _float_values(graph, tolerance, max_sweeps)
    return _result(graph, values, exact=False, iterations=sweeps, tolerance=tolerance)


def _float_values(
    graph: _Graph[S, A], tolerance: float, max_sweeps: int
) -> tuple[list[float], int]:
    count = len(graph.states)
    values = [float(graph.payoffs.get(i, 0)) for i in range(count)]
    chances = {i: [(float(p), c) for p, c in pairs] for i, pairs in graph.chances.items()}
    choices = {i: [c for _, c in pairs] for i, pairs in graph.actions.items()}
    maximise = [kind is NodeKind.MAX for kind in graph.kinds]
    order = [i for i in range(count - 1, -1, -1) if i not in graph.payoffs]
    for sweep in range(1, max_sweeps + 1):
        change = 0.0
        for i in order:
            if i in chances:
                new = sum(p * values[c] for p, c in chances[i])
            elif maximise[i]:
                new = max(values[c] for c in choices[i])
            else:
                new = min(values[c] for c in choices[i])
            change = max(change, abs(new - values[i]))
            values[i] = new
        if change <= tolerance:
            return values, sweep
    raise GameError(f"value iteration did not settle within {max_sweeps} sweeps")


def solve_exactly(game: Game[S, A], start: S | None = None) -> CyclicResult[S, A]:
    """Exact values of every state reachable from ``start``, certified optimal.

    :class:`~strategy.engine.game.GameError` if a policy lets play loop forever (the game is not a
    stopping game) or if improvement does not settle.

    >>> from strategy.engine.testing import TreeGame
    >>> game = TreeGame.from_spec(("min", {"a": ("pay", "1/3"), "b": ("pay", "1/4")}))
    >>> solve_exactly(game).values[0]
    Fraction(1, 4)
    """
    root: S = game.initial_state() if start is None else start
    graph = _explore(game, root)
    guess, _ = _float_values(graph, 1e-9, 1_000_000)
    policy = {i: _best_choices(graph, i, guess, 1e-9)[0] for i in graph.actions}
    for evaluation in range(1, _MAX_IMPROVEMENTS + 1):
        values = _evaluate(graph, policy)
        stable = True
        for i in graph.actions:
            best = _best_choices(graph, i, values, 0)
            if policy[i] not in best:
                policy[i], stable = best[0], False
        if stable:
            return _result(graph, values, exact=True, iterations=evaluation, tolerance=None)
    raise GameError(f"policy improvement did not settle in {_MAX_IMPROVEMENTS} evaluations")


def _best_choices(graph: _Graph[S, A], i: int, values: list[Any], tolerance: float) -> list[int]:
    """Positions (in the action list of state ``i``) of the actions within ``tolerance`` of best."""
    child_values = [values[c] for _, c in graph.actions[i]]
    best = max(child_values) if graph.kinds[i] is NodeKind.MAX else min(child_values)
    return [k for k, v in enumerate(child_values) if abs(v - best) <= tolerance]


def _evaluate(graph: _Graph[S, A], policy: Mapping[int, int]) -> list[Fraction]:
    """Exact values when every decision state plays ``policy``: x = c + M x, block by block."""
    successors: dict[int, list[tuple[Fraction, int]]] = dict(graph.chances)
    for i, k in policy.items():
        successors[i] = [(Fraction(1), graph.actions[i][k][1])]
    values: dict[int, Fraction] = dict(graph.payoffs)
    for block in _components(len(graph.states), successors):
        if block[0] in graph.payoffs:
            continue  # a terminal state, alone in its block, already valued
        inside = set(block)
        rows: dict[int, tuple[dict[int, Fraction], Fraction]] = {}
        for i in block:
            coefficients: dict[int, Fraction] = {}
            constant = Fraction(0)
            for p, c in successors.get(i, []):
                if c in inside:
                    coefficients[c] = coefficients.get(c, Fraction(0)) + p
                else:
                    constant += p * values[c]
            rows[i] = (coefficients, constant)
        values.update(_solve_block(rows, block, graph))
    return [values[i] for i in range(len(graph.states))]


def _components(
    count: int, successors: Mapping[int, list[tuple[Fraction, int]]]
) -> list[list[int]]:
    """Tarjan's strongly connected components, iteratively; blocks come children first."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    blocks: list[list[int]] = []
    for root in range(count):
        if root in index:
            continue
        work = [(root, iter(successors.get(root, [])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for _, child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(successors.get(child, []))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    block = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        block.append(member)
                        if member == node:
                            break
                    blocks.append(block)
    return blocks


def _solve_block(
    rows: dict[int, tuple[dict[int, Fraction], Fraction]], order: list[int], graph: _Graph[S, A]
) -> dict[int, Fraction]:
    """Solve ``x_v = const_v + sum coef_vu x_u`` within one block by sparse Gauss-Jordan.

    ``order`` is Tarjan's pop order, deepest states first, which keeps rows short in games
    like Pig where play runs down long chains before it loops back.
    """
    users: dict[int, set[int]] = {v: set() for v in rows}
    for v, (coefficients, _) in rows.items():
        for u in coefficients:
            users[u].add(v)
    for v in order:
        coefficients, constant = rows[v]
        own = coefficients.pop(v, Fraction(0))
        users[v].discard(v)
        if own == 1:
            raise GameError(
                f"state {state_text(graph.states[v])} can recur forever under some policy: "
                "exact values need play to end with probability 1"
            )
        if own:
            scale = 1 / (1 - own)
            coefficients = {u: c * scale for u, c in coefficients.items()}
            constant *= scale
        rows[v] = (coefficients, constant)
        for w in users[v]:
            w_coefficients, w_constant = rows[w]
            factor = w_coefficients.pop(v)
            for u, c in coefficients.items():
                total = w_coefficients.get(u, Fraction(0)) + factor * c
                if total:
                    w_coefficients[u] = total
                    users[u].add(w)
                else:
                    w_coefficients.pop(u, None)
                    users[u].discard(w)
            rows[w] = (w_coefficients, w_constant + factor * constant)
        users[v] = set()
    return {v: constant for v, (_, constant) in rows.items()}


def _result(
    graph: _Graph[S, A],
    values: list[Any],
    *,
    exact: bool,
    iterations: int,
    tolerance: float | None,
) -> CyclicResult[S, A]:
    states = graph.states
    optimal = {
        states[i]: tuple(
            graph.actions[i][k][0] for k in _best_choices(graph, i, values, tolerance or 0)
        )
        for i in graph.actions
    }
    return CyclicResult(
        start=states[0],
        value=values[0],
        values=MappingProxyType({s: values[i] for i, s in enumerate(states)}),
        optimal_actions=MappingProxyType(optimal),
        policy=MappingProxyType({s: actions[0] for s, actions in optimal.items()}),
        exact=exact,
        method="policy iteration (exact)" if exact else "value iteration (Gauss-Seidel)",
        iterations=iterations,
        tolerance=tolerance,
        states=len(states),
    )

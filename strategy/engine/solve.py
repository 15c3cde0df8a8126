"""Backward induction (expectiminimax) over the states of an acyclic game, with a memo.

Every state reachable from the start is evaluated once, children before parents: a terminal
state is worth its payoff, a chance state the probability-weighted mean of its children, a
MAX (MIN) state the largest (smallest) child value, and a simultaneous state the value of
the zero-sum matrix game formed by its children's values.

>>> from strategy.engine.testing import TreeGame
>>> # The maximiser picks between a sure 1/2 and a fair coin paying 0 or 1: a tie.
>>> game = TreeGame.from_spec(
...     ("max", {"sure": ("pay", "1/2"), "coin": ("chance", [("1/2", ("pay", 0)),
...                                                          ("1/2", ("pay", 1))])}))
>>> result = solve(game)
>>> result.value, result.optimal_actions[result.start], result.policy[result.start]
(Fraction(1, 2), ('sure', 'coin'), 'sure')
>>> solve(game, exact=False).value
0.5
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

from strategy.engine.display import Summarised, record_html
from strategy.engine.game import Game, GameError, NodeKind, check_chance_outcomes, state_text
from strategy.engine.matrix_game import MatrixSolution, solve_matrix_game
from strategy.engine.numbers import Value

__all__ = ["FLOAT_TIE_TOLERANCE", "Result", "Value", "solve"]

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)

#: In float mode, actions whose values are within this fraction of the largest magnitude among
#: the state's action values count as tied with the best, so round-off does not hide ties.
FLOAT_TIE_TOLERANCE = 1e-12

# Games often return the same constant tuple of chance outcomes (say, one per dice pairing);
# remembering a few of them by identity skips re-validating and re-preparing them at every
# chance state.
_PREPARED_OUTCOMES_CACHE = 64


@dataclass(frozen=True, repr=False)
class Result(Summarised, Generic[S, A]):
    """What :func:`solve` found: the value of every reachable state and how to play.

    ``optimal_actions`` lists, for each MAX or MIN state, *all* optimal actions in the
    game's ``legal_actions`` order; ``policy`` picks the first of them. ``mixed`` holds the
    solved stage game of each simultaneous state. The mappings are read-only.

    >>> from strategy.engine.testing import TreeGame
    >>> result = solve(TreeGame.from_spec(("min", {"a": ("pay", 3), "b": ("pay", -2)})))
    >>> result
    Result(start=0, value=Fraction(-2, 1), states_visited=3, exact=True,
           method='backward induction (exact)')
    >>> dict(result.policy)
    {0: 'b'}
    """

    start: S
    value: Value
    values: Mapping[S, Value] = field(repr=False)
    optimal_actions: Mapping[S, tuple[A, ...]] = field(repr=False)
    policy: Mapping[S, A] = field(repr=False)
    mixed: Mapping[S, MatrixSolution] = field(repr=False)
    states_visited: int
    exact: bool
    method: str

    def _repr_html_(self) -> str:
        best = ", ".join(map(repr, self.optimal_actions.get(self.start, ())))
        return record_html(self, extra=[("optimal at the start", best or "(no choice)")])


def solve(game: Game[S, A], start: S | None = None, *, exact: bool = True) -> Result[S, A]:
    """Solve ``game`` from ``start`` (default: its initial state) by backward induction.

    ``exact=True`` computes with ``Fraction`` throughout; ``exact=False`` converts each
    payoff and probability to ``float`` once and ties actions within
    :data:`FLOAT_TIE_TOLERANCE`. The search is an iterative depth-first traversal, so a
    game may be arbitrarily deep. In float mode a wide game is solved a level at a time with
    numpy instead (:mod:`strategy.engine.float_levels`): the same values to rounding, and
    the same ties. Raises :class:`~strategy.engine.game.GameError` when the game breaks its
    protocol (chance probabilities not exactly summing to 1, no legal actions, an unknown
    node kind, a non-exact payoff in exact mode) or has a cycle.

    >>> from strategy.engine.testing import TreeGame
    >>> game = TreeGame.from_spec(("chance", [("1/3", ("pay", 1)), ("2/3", ("pay", 4))]))
    >>> solve(game).value
    Fraction(3, 1)
    """
    root: S = game.initial_state() if start is None else start
    if not exact:
        found = _by_levels(game, root)
        if found is not None:
            return found
    kind = game.kind
    # At simultaneous states the action is a (row, column) pair rather than an A.
    child: Callable[[S, Any], S] = game.child
    returns = _method(game, "returns")
    legal_actions = _method(game, "legal_actions")
    chance_outcomes = _method(game, "chance_outcomes")
    joint_actions = _method(game, "joint_actions")
    terminal, chance, maximiser, minimiser, simultaneous = (
        NodeKind.TERMINAL,
        NodeKind.CHANCE,
        NodeKind.MAX,
        NodeKind.MIN,
        NodeKind.SIMULTANEOUS,
    )
    payoff = _exact_payoff if exact else _float_payoff
    values: dict[S, Value] = {}
    optimal: dict[S, tuple[A, ...]] = {}
    policy: dict[S, A] = {}
    mixed: dict[S, MatrixSolution] = {}
    # States whose children are being evaluated, in path order: the DFS path from the root,
    # which is what makes a child found here a cycle.
    expanding: dict[S, tuple[Any, ...]] = {}
    prepared: dict[int, tuple[object, Any]] = {}
    stack = [root]
    push, pop = stack.append, stack.pop
    state = root
    try:
        while stack:
            state = stack[-1]
            pending = expanding.get(state)
            if pending is None:
                if state in values:
                    pop()
                    continue
                node_kind = kind(state)
                if node_kind is terminal:
                    values[state] = payoff(state, returns(state))
                    pop()
                    continue
                if node_kind is chance:
                    outcomes = chance_outcomes(state)
                    cached = prepared.get(id(outcomes))
                    if cached is not None and cached[0] is outcomes:
                        weights = cached[1]
                    else:
                        check_chance_outcomes(state, outcomes)
                        weights = _weights(outcomes, exact)
                        _remember(prepared, outcomes, weights)
                    children = [child(state, outcome) for outcome, _ in outcomes]
                    pending = (node_kind, weights, children)
                elif node_kind is maximiser or node_kind is minimiser:
                    actions = legal_actions(state)
                    if not actions:
                        raise GameError(
                            f"{node_kind.value} state {state_text(state)}: no legal actions"
                        )
                    children = [child(state, action) for action in actions]
                    pending = (node_kind, actions, children)
                elif node_kind is simultaneous:
                    rows, columns = _joint_actions(state, joint_actions(state))
                    children = [child(state, (row, column)) for row in rows for column in columns]
                    pending = (node_kind, len(columns), children)
                else:
                    raise GameError(
                        f"state {state_text(state)}: kind() returned {node_kind!r}, not a NodeKind"
                    )
                expanding[state] = pending
                for next_state in children:
                    if next_state not in values:
                        if next_state in expanding:
                            raise _cycle_error(list(expanding), next_state)
                        push(next_state)
                continue
            pop()
            del expanding[state]
            node_kind, data, children = pending
            if node_kind is chance:
                child_values = [values[c] for c in children]
                values[state] = (
                    _exact_mean(data, child_values)
                    if exact
                    else sum([p * v for p, v in zip(data, child_values, strict=True)])
                )
            elif node_kind is simultaneous:
                matrix = [
                    [values[c] for c in children[i : i + data]]
                    for i in range(0, len(children), data)
                ]
                solution = solve_matrix_game(matrix, exact=exact)
                mixed[state] = solution
                values[state] = solution.value
            else:
                if len(children) == 1:  # forced moves are common (long chains): skip _best
                    best, chosen = values[children[0]], (data[0],)
                else:
                    child_values = [values[c] for c in children]
                    best, chosen = _best(node_kind is maximiser, data, child_values, exact)
                values[state] = best
                optimal[state] = chosen
                policy[state] = chosen[0]
    except TypeError as error:
        if "unhashable" not in str(error):
            raise
        raise GameError(
            f"state {state_text(state)} or one of its children is not hashable ({error}); "
            "states must be hashable and immutable"
        ) from error
    return Result(
        start=root,
        value=values[root],
        values=MappingProxyType(values),
        optimal_actions=MappingProxyType(optimal),
        policy=MappingProxyType(policy),
        mixed=MappingProxyType(mixed),
        states_visited=len(values),
        exact=exact,
        method=f"backward induction ({'exact' if exact else 'float'})",
    )


def _by_levels(game: Game[S, A], root: S) -> Result[S, A] | None:
    """The float result by :mod:`~strategy.engine.float_levels`, or None if it does not suit."""
    from strategy.engine.float_levels import Unsuitable, solve_float_levels

    try:
        found = solve_float_levels(game, root, tolerance=FLOAT_TIE_TOLERANCE)
    except Unsuitable:
        return None  # narrow, cyclic or faulty: the search solves it or names the fault
    return Result(
        start=root,
        value=found.values[root],
        values=cast("Mapping[S, Value]", found.values),
        optimal_actions=cast("Mapping[S, tuple[A, ...]]", found.optimal_actions),
        policy=cast("Mapping[S, A]", found.policy),
        mixed=MappingProxyType(cast("dict[S, MatrixSolution]", found.mixed)),
        states_visited=len(found.values),
        exact=False,
        method="backward induction (float)",
    )


def _best(
    maximise: bool, actions: Any, child_values: list[Any], exact: bool
) -> tuple[Value, tuple[Any, ...]]:
    """The best value for the mover and all actions that achieve it, in the game's order."""
    if exact:
        best = max(child_values) if maximise else min(child_values)
        # Fractions are kept in lowest terms, so equal means equal numerator and denominator;
        # testing those directly is several times faster than Fraction.__eq__.
        numerator, denominator = best.numerator, best.denominator
        return best, tuple(
            [
                a
                for a, v in zip(actions, child_values, strict=True)
                if v.numerator == numerator and v.denominator == denominator
            ]
        )
    high, low = max(child_values), min(child_values)
    best = high if maximise else low
    tolerance = FLOAT_TIE_TOLERANCE * max(abs(high), abs(low))
    return best, tuple(
        [a for a, v in zip(actions, child_values, strict=True) if abs(v - best) <= tolerance]
    )


def _exact_payoff(state: object, payoff: object) -> Fraction:
    if type(payoff) is Fraction:
        return payoff
    if isinstance(payoff, int | Fraction):
        return Fraction(payoff)
    raise GameError(
        f"terminal state {state_text(state)}: returns() gave {payoff!r}, not an int or "
        "Fraction; return exact payoffs, or solve with exact=False"
    )


def _float_payoff(state: object, payoff: object) -> float:
    if isinstance(payoff, numbers.Real):
        return float(payoff)
    raise GameError(f"terminal state {state_text(state)}: returns() gave {payoff!r}, not a number")


def _joint_actions(state: object, joint: Any) -> tuple[Any, Any]:
    try:
        rows, columns = joint
    except (TypeError, ValueError):
        raise GameError(
            f"simultaneous state {state_text(state)}: joint_actions() gave {joint!r}, not a "
            "pair (maximiser's actions, minimiser's actions)"
        ) from None
    if not rows or not columns:
        raise GameError(
            f"simultaneous state {state_text(state)}: a player has no actions "
            f"({len(rows)} rows, {len(columns)} columns)"
        )
    return rows, columns


def _weights(outcomes: Any, exact: bool) -> Any:
    """Chance probabilities ready for :func:`_exact_mean` (exact) or as floats.

    Exact: ``(numerators, denominator)`` over the least common denominator, so a mean costs
    integer arithmetic and one reduction instead of a Fraction operation per term.
    """
    if not exact:
        return [float(p) for _, p in outcomes]
    probabilities = [Fraction(p) for _, p in outcomes]
    denominator = math.lcm(*[p.denominator for p in probabilities])
    return [p.numerator * (denominator // p.denominator) for p in probabilities], denominator


def _exact_mean(weights: tuple[list[int], int], child_values: list[Any]) -> Fraction:
    """``sum(numerator_i * value_i) / denominator``, accumulated over integers."""
    numerators, denominator = weights
    total, common = 0, 1  # the running sum is total / common
    for weight, value in zip(numerators, child_values, strict=True):
        value_numerator, value_denominator = value.numerator, value.denominator
        if value_denominator != common:
            lcm = math.lcm(common, value_denominator)
            total *= lcm // common
            value_numerator *= lcm // value_denominator
            common = lcm
        total += weight * value_numerator
    return Fraction(total, common * denominator)


def _remember(prepared: dict[int, tuple[object, Any]], outcomes: object, weights: Any) -> None:
    """Cache an outcome list's weights by identity, if the list cannot change (tuple of tuples)."""
    if (
        len(prepared) < _PREPARED_OUTCOMES_CACHE
        and type(outcomes) is tuple
        and all(type(pair) is tuple for pair in outcomes)
    ):
        # The cache holds a reference, so the id cannot be reused by another object.
        prepared[id(outcomes)] = (outcomes, weights)


def _cycle_error(path: list[Any], repeated: object) -> GameError:
    length = len(path) - path.index(repeated)
    return GameError(
        f"the game has a cycle: state {state_text(repeated)} is reachable from itself "
        f"(a cycle of {length} state{'s' if length > 1 else ''}, closed by the move from "
        f"{state_text(path[-1])}); solve() needs an acyclic game: solve cyclic games such as "
        "Pig by value iteration"
    )


def _method(game: object, name: str) -> Callable[..., Any]:
    """``game.<name>``, or a stand-in that raises GameError if a game without it needs it."""
    method: Callable[..., Any] | None = getattr(game, name, None)
    if callable(method):
        return method

    def missing(state: object, *_: object) -> Any:
        raise GameError(
            f"state {state_text(state)} needs {type(game).__name__}.{name}(), which is missing"
        )

    return missing

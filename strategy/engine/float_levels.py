"""Backward induction in floats a level at a time: the fast path of ``solve(exact=False)``.

The states are explored breadth first, a layer at a time: each game method is mapped over
the whole layer and one dictionary pass numbers the children, so the Python work per move
is little more than the game's own ``child`` call. Levels by the longest path from the start
(the breadth-first layers themselves when every move goes one layer down, else Kahn's
algorithm) order the evaluation: every child of a level's state lies in a deeper level, so
the deepest level goes first, and each level's chance means, maxima, minima and ties are a
few numpy operations over all of its states at once. The results stay in arrays, read
through the state numbering (:class:`StateTable`), rather than in one dictionary each.

A game this does not suit raises :class:`Unsuitable` and :func:`~strategy.engine.solve.solve`
falls back on its depth-first search: a narrow game (too few states per level for numpy to
pay), a cycle, or a game that breaks the protocol (the search names the state and the fault).

>>> from strategy.engine.testing import TreeGame
>>> game = TreeGame.from_spec(
...     ("max", {"sure": ("pay", "1/2"), "coin": ("chance", [("1/2", ("pay", 0)),
...                                                          ("1/2", ("pay", 1))])}))
>>> solution = solve_float_levels(game, 0, tolerance=1e-12, min_width=1)
>>> solution.values[0], solution.optimal_actions[0], solution.policy[0]
(0.5, ('sure', 'coin'), 'sure')
>>> sorted(solution.values.items())
[(0, 0.5), (1, 0.5), (2, 0.5), (3, 0.0), (4, 1.0)]
"""

from __future__ import annotations

import gc
import numbers
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, compress, count
from typing import Any

import numpy as np
import numpy.typing as npt

from strategy.engine.game import Game, NodeKind, check_chance_outcomes
from strategy.engine.matrix_game import MatrixSolution, solve_matrix_game

__all__ = ["MIN_WIDTH", "FloatLevels", "StateTable", "Unsuitable", "solve_float_levels"]

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

_TERMINAL, _CHANCE, _SIMULTANEOUS, _MAX, _MIN = range(5)
# By identity (the kinds are singletons): hashing an Enum member runs Python code.
_CODES = {
    id(NodeKind.TERMINAL): _TERMINAL,
    id(NodeKind.CHANCE): _CHANCE,
    id(NodeKind.SIMULTANEOUS): _SIMULTANEOUS,
    id(NodeKind.MAX): _MAX,
    id(NodeKind.MIN): _MIN,
}

#: Numpy pays only on wide levels: with fewer states per level than this on average, past
#: the first few dozen levels, the depth-first search is faster.
MIN_WIDTH = 32
_PATIENCE = 64

# Constant outcome tuples (one per dice pairing, say) are prepared once and remembered by
# identity; the cache holds them, so an id is never reused while it is remembered.
_PREPARED_OUTCOMES_CACHE = 64
_Prepared = tuple[tuple[Any, ...], list[float]]

_ABSENT = object()


class Unsuitable(Exception):
    """This game is for the depth-first search: narrow, cyclic, or breaking the protocol."""


class StateTable(Mapping[Hashable, Any]):
    """A read-only mapping from states to one result each, kept in arrays.

    ``index`` gives each state's label; ``read(label)`` the result, or ``_ABSENT`` for a state
    that has none (a chance state has no policy); ``keys()`` lists the states that have one.
    """

    __slots__ = ("_index", "_keys", "_read", "_size")

    def __init__(
        self,
        index: Mapping[Hashable, int],
        keys: Callable[[], Iterator[Hashable]],
        size: int,
        read: Callable[[int], Any],
    ) -> None:
        self._index, self._keys, self._size, self._read = index, keys, size, read

    def __getitem__(self, state: Hashable) -> Any:
        found = self._read(self._index[state])
        if found is _ABSENT:
            raise KeyError(state)
        return found

    def __iter__(self) -> Iterator[Hashable]:
        return self._keys()

    def __len__(self) -> int:
        return self._size

    def __repr__(self) -> str:
        return f"{type(self).__name__}(<{self._size} states>)"


@dataclass(frozen=True)
class FloatLevels:
    """What :func:`solve_float_levels` found, as the mappings of a ``Result``."""

    values: StateTable
    optimal_actions: StateTable
    policy: StateTable
    mixed: dict[Hashable, MatrixSolution]


@dataclass
class _Graph:
    """The explored states and moves.

    States are numbered in the order they were explored; state ``i`` moves along edges
    ``start[i]`` to ``start[i] + count[i] - 1`` to states ``child[edge]``. The dictionary
    ``index`` gives each state a *label* instead, the number of the first edge that reached
    it (so one pass numbers a layer's children); ``labels[i]`` is state ``i``'s.
    """

    states: list[Hashable]
    index: dict[Hashable, int]
    labels: Ints
    codes: npt.NDArray[np.int8]
    start: Ints
    count: Ints
    child: Ints
    weight: Floats
    layer_ends: list[int]
    terminals: Ints
    payoffs: Floats
    decisions: Ints
    actions: list[Sequence[Any]]
    joint: dict[int, tuple[Sequence[Any], Sequence[Any]]]


def solve_float_levels(
    game: Game[Any, Any], root: Hashable, *, tolerance: float, min_width: int = MIN_WIDTH
) -> FloatLevels:
    """Solve ``game`` from ``root`` in floats, ties within ``tolerance`` of the largest value.

    Raises :class:`Unsuitable` when the game has fewer than ``min_width`` states per level on
    average, has a cycle, or breaks the protocol in any way.
    """
    # The exploration makes a container per state and frees none: the cyclic collector
    # would only walk the growing graph again and again. Afterwards, freeze and unfreeze
    # move every object to the oldest generation without walking them (as a young
    # generation of a million objects would be walked at the next allocation): the states
    # are kept, and cyclic garbage of the caller's waits for the next full collection.
    collecting = gc.isenabled()
    gc.disable()
    try:
        graph = _explore(game, root, min_width)
    except Unsuitable:
        raise
    except Exception as error:  # the game's own fault: the search reports it properly
        raise Unsuitable(f"{type(error).__name__}: {error}") from error
    finally:
        if collecting:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
    levels = _levels(graph, min_width)
    values = np.zeros(len(graph.states))
    values[graph.terminals] = graph.payoffs
    optimal = np.zeros(len(graph.child), dtype=bool)
    mixed: dict[Hashable, MatrixSolution] = {}
    for nodes in reversed(levels):
        _evaluate(graph, nodes, values, optimal, tolerance, mixed)
    return _solution(graph, values, optimal, mixed)


def _explore(game: Game[Any, Any], root: Hashable, min_width: int) -> _Graph:
    """Every state reachable from ``root``, breadth first, and the moves between them."""
    kind, child = game.kind, game.child
    # Looked up, not required: a game without chance never needs chance_outcomes.
    legal_actions = getattr(game, "legal_actions", None)
    chance_outcomes = getattr(game, "chance_outcomes", None)
    joint_actions = getattr(game, "joint_actions", None)
    returns = getattr(game, "returns", None)
    states = [root]
    index = {root: 0}
    labels = [np.zeros(1, dtype=np.int64)]
    free = 1  # the next unused label
    edges = 0
    layer_ends: list[int] = []
    codes, starts, counts, children, weights = [], [], [], [], []
    terminals, payoffs, decisions = [], [], []
    actions: list[Sequence[Any]] = []
    joint: dict[int, tuple[Sequence[Any], Sequence[Any]]] = {}
    prepared: dict[int, tuple[object, _Prepared]] = {}
    done = 0
    while done < len(states):
        first, layer = done, states[done:]
        done = len(states)
        layer_ends.append(done)
        if len(layer_ends) > _PATIENCE and done < min_width * len(layer_ends):
            raise Unsuitable(f"{done} states in {len(layer_ends)} layers: too narrow")
        kinds = list(map(kind, layer))
        if kinds.count(kinds[0]) == len(kinds):  # one kind: no per-state codes to look up
            code = np.full(len(layer), _CODES[id(kinds[0])], dtype=np.int8)
        else:
            code = np.fromiter(map(_CODES.__getitem__, map(id, kinds)), np.int8, len(layer))
        # Moves are stored by kind: the decision states' moves, then chance, then stage games.
        groups = [np.flatnonzero(code >= _MAX), np.flatnonzero(code == _CHANCE)]
        groups.append(np.flatnonzero(code == _SIMULTANEOUS))
        deciding, rolling, staging = (
            layer if g.size == len(layer) else list(map(layer.__getitem__, g.tolist()))
            for g in groups
        )
        kids: list[Hashable] = []
        fanout: list[list[int]] = [[], [], []]
        chance_weights: list[float] = []
        if deciding:
            moves = list(map(legal_actions, deciding))  # type: ignore[arg-type]
            pairs = zip(deciding, moves, strict=True)
            kids += [child(state, move) for state, options in pairs for move in options]
            fanout[0] = list(map(len, moves))
            actions += moves
        chance_from = len(kids)
        if rolling:
            outcomes = _prepare(list(map(chance_outcomes, rolling)), prepared)  # type: ignore[arg-type]
            rolls = zip(rolling, outcomes, strict=True)
            kids += [child(state, o) for state, (keys, _) in rolls for o in keys]
            fanout[1] = [len(keys) for keys, _ in outcomes]
            chance_weights = list(chain.from_iterable(w for _, w in outcomes))
        for number, state in zip((first + groups[2]).tolist(), staging, strict=True):
            rows, columns = joint_actions(state)  # type: ignore[misc]
            joint[number] = (rows, columns)
            fanout[2].append(len(rows) * len(columns))
            kids += [child(state, (row, column)) for row in rows for column in columns]
        if 0 in fanout[0] or 0 in fanout[2]:
            raise Unsuitable("a player has no actions")
        layer_start = np.zeros(len(layer), dtype=np.int64)
        layer_count = np.zeros(len(layer), dtype=np.int64)
        for positions, sizes in zip(groups, fanout, strict=True):
            size = np.array(sizes, dtype=np.int64)
            layer_count[positions] = size
            layer_start[positions] = edges + np.cumsum(size) - size
            edges += int(size.sum())
        weight = np.zeros(len(kids))
        weight[chance_from : chance_from + len(chance_weights)] = chance_weights
        ending = np.flatnonzero(code == _TERMINAL)
        if ending.size:
            pays = list(map(returns, map(layer.__getitem__, ending.tolist())))  # type: ignore[arg-type]
            if not all(issubclass(t, numbers.Real) for t in set(map(type, pays))):
                raise Unsuitable("a payoff that is not a number")
            terminals.append(first + ending)
            payoffs.append(np.array(pays, dtype=np.float64))
        # One pass numbers the children: a new state's label is the number of its first edge.
        ids = np.fromiter(map(index.setdefault, kids, count(free)), np.int64, len(kids))
        fresh = np.flatnonzero(ids == np.arange(free, free + len(kids)))
        states += map(kids.__getitem__, fresh.tolist())
        labels.append(free + fresh)
        free += len(kids)
        decisions.append(first + groups[0])
        codes.append(code)
        starts.append(layer_start)
        counts.append(layer_count)
        children.append(ids)
        weights.append(weight)
    label = np.concatenate(labels)
    renumber = np.zeros(free, dtype=np.int64)
    renumber[label] = np.arange(len(states))
    return _Graph(
        states=states,
        index=index,
        labels=label,
        codes=np.concatenate(codes),
        start=np.concatenate(starts),
        count=np.concatenate(counts),
        child=renumber[np.concatenate(children)],
        weight=np.concatenate(weights),
        layer_ends=layer_ends,
        terminals=np.concatenate([np.zeros(0, dtype=np.int64), *terminals]),
        payoffs=np.concatenate([np.zeros(0), *payoffs]),
        decisions=np.concatenate(decisions),
        actions=actions,
        joint=joint,
    )


def _prepare(
    outcome_lists: list[Any], prepared: dict[int, tuple[object, _Prepared]]
) -> list[_Prepared]:
    """Each chance state's outcome keys and float probabilities, each distinct list checked."""
    found: dict[int, _Prepared] = {}
    # All alive in the list, so their ids are distinct; most states share a few lists.
    for key, outcomes in dict(zip(map(id, outcome_lists), outcome_lists, strict=True)).items():
        remembered = prepared.get(key)
        if remembered is not None and remembered[0] is outcomes:
            found[key] = remembered[1]
            continue
        check_chance_outcomes("a chance state", outcomes)
        entry = (tuple(o for o, _ in outcomes), [float(p) for _, p in outcomes])
        if (
            len(prepared) < _PREPARED_OUTCOMES_CACHE
            and type(outcomes) is tuple
            and all(type(pair) is tuple for pair in outcomes)
        ):
            prepared[key] = (outcomes, entry)
        found[key] = entry
    return list(map(found.__getitem__, map(id, outcome_lists)))


def _levels(graph: _Graph, min_width: int) -> list[Ints]:
    """The states by their longest distance from the start, nearest first."""
    ends = graph.layer_ends
    layer_of = np.repeat(np.arange(len(ends)), np.diff(ends, prepend=0))
    # Edges are stored layer by layer, so repeating each state's layer gives each edge's.
    if np.array_equal(layer_of[graph.child], np.repeat(layer_of, graph.count) + 1):
        return [np.arange(a, b) for a, b in zip([0, *ends[:-1]], ends, strict=True)]
    waiting = np.bincount(graph.child, minlength=len(graph.states))
    if waiting[0]:
        raise Unsuitable("the start is its own descendant: a cycle")
    levels = []
    frontier = np.zeros(1, dtype=np.int64)
    reached = 0
    while frontier.size:
        levels.append(frontier)
        reached += frontier.size
        if len(levels) > _PATIENCE and reached < min_width * len(levels):
            raise Unsuitable(f"{reached} states in {len(levels)} levels: too narrow")
        edges, _ = _spans(graph.start[frontier], graph.count[frontier])
        targets, arrivals = np.unique(graph.child[edges], return_counts=True)
        waiting[targets] -= arrivals
        frontier = targets[waiting[targets] == 0]
    if reached < len(graph.states):
        raise Unsuitable("some states are their own descendants: a cycle")
    return levels


def _spans(starts: Ints, lengths: Ints) -> tuple[Ints, Ints]:
    """Edges ``starts[i]`` to ``starts[i] + lengths[i] - 1`` for each ``i``, one run after
    another, and the position in that row where each run begins."""
    offsets = np.cumsum(lengths) - lengths
    edges = np.arange(int(lengths.sum())) + np.repeat(starts - offsets, lengths)
    return edges, offsets


def _evaluate(
    graph: _Graph,
    nodes: Ints,
    values: Floats,
    optimal: npt.NDArray[np.bool_],
    tolerance: float,
    mixed: dict[Hashable, MatrixSolution],
) -> None:
    """The values of one level's states, and which of their moves are optimal."""
    code = graph.codes[nodes]
    rolling = nodes[code == _CHANCE]
    if rolling.size:
        edges, offsets = _spans(graph.start[rolling], graph.count[rolling])
        terms = graph.weight[edges] * values[graph.child[edges]]
        values[rolling] = np.add.reduceat(terms, offsets)
    deciding = nodes[code >= _MAX]
    if deciding.size:
        fanout = graph.count[deciding]
        edges, offsets = _spans(graph.start[deciding], fanout)
        options = values[graph.child[edges]]
        high = np.maximum.reduceat(options, offsets)
        low = np.minimum.reduceat(options, offsets)
        best = np.where(graph.codes[deciding] == _MAX, high, low)
        margin = tolerance * np.maximum(np.abs(high), np.abs(low))
        optimal[edges] = np.abs(options - np.repeat(best, fanout)) <= np.repeat(margin, fanout)
        values[deciding] = best
    for node in nodes[code == _SIMULTANEOUS].tolist():
        rows, columns = graph.joint[node]
        start = int(graph.start[node])
        flat = values[graph.child[start : start + len(rows) * len(columns)]].tolist()
        matrix = [flat[i : i + len(columns)] for i in range(0, len(flat), len(columns))]
        solution = solve_matrix_game(matrix, exact=False)
        mixed[graph.states[node]] = solution
        values[node] = solution.value


def _solution(
    graph: _Graph, values: Floats, optimal: npt.NDArray[np.bool_], mixed: dict[Hashable, Any]
) -> FloatLevels:
    """The results as mappings: values, and each decision state's optimal actions and policy."""
    states, actions, deciding = graph.states, graph.actions, graph.decisions
    by_label = np.zeros(int(graph.labels.max()) + 1)
    by_label[graph.labels] = values
    slot = np.full(by_label.size, -1, dtype=np.int64)
    slot[graph.labels[deciding]] = np.arange(deciding.size)
    fanout = graph.count[deciding]
    edges, offsets = _spans(graph.start[deciding], fanout)
    chosen = optimal[edges]
    position = edges - np.repeat(graph.start[deciding], fanout)
    if edges.size:
        first = np.minimum.reduceat(np.where(chosen, position, edges.size), offsets).tolist()
        tied = (np.add.reduceat(chosen.astype(np.int64), offsets) > 1).tolist()
    else:
        first, tied = [], []

    def policy(label: int) -> Any:
        at = slot.item(label)
        return _ABSENT if at < 0 else actions[at][first[at]]

    def optimal_actions(label: int) -> Any:
        at = slot.item(label)
        if at < 0 or not tied[at]:
            return _ABSENT if at < 0 else (actions[at][first[at]],)
        run = chosen[offsets[at] : offsets[at] + fanout[at]].tolist()
        return tuple(compress(actions[at], run))

    def deciders() -> Iterator[Hashable]:
        return map(states.__getitem__, deciding.tolist())

    index, size = graph.index, len(deciding)
    return FloatLevels(
        values=StateTable(index, lambda: iter(states), len(states), by_label.item),
        optimal_actions=StateTable(index, deciders, size, optimal_actions),
        policy=StateTable(index, deciders, size, policy),
        mixed=mixed,
    )

"""State graphs: any solved game, from its start state, as a ``networkx.DiGraph``.

Each node is a state reachable from the start. Its id is the state's label (``repr`` unless
a :class:`StateView` says otherwise) and its attributes are

* ``label``: the same text; ``kind``: ``"decision"``, ``"chance"`` or ``"terminal"``;
* ``player``: ``"max"``, ``"min"``, ``"both"`` (a simultaneous stage game) or ``""``;
* ``value`` (float) and, for exact results, ``value_exact`` (``"p/q"``);
* ``optimal_actions``: the texts of every optimal action, joined by :data:`ACTION_SEPARATOR`
  (``""`` where no player moves); simultaneous states add ``row_strategy`` and
  ``column_strategy``, each action's weight in the solved stage game;
* ``layer``: the view's layer of the state, or else the longest path from the start;
* whatever the view's ``attributes`` add (the armies of a battle, say).

Each edge carries ``action`` (the texts of the actions or chance outcomes that lead there),
``optimal`` (whether the edge lies on a line of optimal play from the start: an optimal
action, an outcome of chance, or a pair of actions both players' optimal mixed strategies
play) and, out of chance states, ``probability`` and ``probability_exact``. Every attribute
is a str, int, float or bool, so GraphML and GEXF hold the graph as it is
(:mod:`strategy.present.graph_io`).

The compact graph has one node per group of states (a round of a battle, say) with the
attributes of the state where play enters the group, plus ``states``, how many it merges;
its edges carry the probability of leaving the group for the next one when play follows
``Result.policy``, and ``optimal`` where that probability is positive.

>>> from strategy.engine.testing import TreeGame
>>> game = TreeGame.from_spec(
...     ("max", {"sure": ("pay", "1/2"),
...              "coin": ("chance", [("1/3", ("pay", 0)), ("2/3", ("pay", 1))])}))
>>> graph = state_graph(game)
>>> graph.nodes["0"]["value_exact"], graph.nodes["0"]["optimal_actions"]
('2/3', 'coin')
>>> graph.edges["2", "4"]["probability_exact"]
'2/3'
>>> sorted(state_graph(game, optimal_only=True))
['0', '2', '3', '4']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Generic, TypeAlias, TypeVar

from strategy.engine import resources
from strategy.engine.errors import InputError
from strategy.engine.extras import require
from strategy.engine.game import Game, GameError, NodeKind, state_text
from strategy.engine.numbers import fraction_text
from strategy.engine.solve import Result, Value, solve

# networkx is an extra (graph); through require, a missing one is named in one line.
nx: Any = require("networkx", "graph", "a state graph")

__all__ = [
    "ACTION_SEPARATOR",
    "RESERVED_ATTRIBUTES",
    "Attribute",
    "StateView",
    "TooManyStates",
    "action_text",
    "exact_text",
    "state_graph",
]

S = TypeVar("S", bound=Hashable)
Attribute: TypeAlias = str | int | float | bool

#: Joins the texts of several actions in one attribute (ties, or actions reaching one state).
ACTION_SEPARATOR = " | "

#: Attribute names the graph sets itself, and the names GEXF keeps for its own use.
RESERVED_ATTRIBUTES = frozenset(
    {"label", "kind", "player", "value", "value_exact", "optimal_actions", "layer", "states"}
    | {"row_strategy", "column_strategy", "id", "pid", "start", "end"}
)

_PLAYERS = {NodeKind.MAX: "max", NodeKind.MIN: "min", NodeKind.SIMULTANEOUS: "both"}

#: Moves per state a graph may have on average before it is refused (see ``max_states``).
MOVES_PER_STATE = 10
#: Measured cost of one state or move of a graph, solved and built (networkx, exact
#: values), and written to a file: about 16 us and 0.7 to 1.1 KiB each.
ITEM_BYTES = 1200
ITEM_SECONDS = 30e-6


def _no_attributes(state: Any) -> Mapping[str, Attribute]:
    return {}


@dataclass(frozen=True)
class StateView(Generic[S]):
    """How a game's states appear in its graph; every part is optional.

    ``label`` names a state (node id and label; default ``repr``); ``attributes`` adds node
    attributes; ``group`` names the compact node a state merges into (say, the armies of a
    battle for all the phases of a round); ``layer`` places a state in a drawing's layers.

    >>> view = StateView(label=lambda s: f"heap {s}", attributes=lambda s: {"heap": s})
    >>> view.label(3), dict(view.attributes(3)), view.group is None
    ('heap 3', {'heap': 3}, True)
    """

    label: Callable[[S], str] = repr
    attributes: Callable[[S], Mapping[str, Attribute]] = _no_attributes
    group: Callable[[S], str] | None = None
    layer: Callable[[S], int] | None = None


@dataclass(frozen=True)
class _Edge:
    """An edge between two states before labelling: what leads there and how likely it is.

    ``play`` is the probability that play by ``Result.policy`` (and the mixed strategies of
    simultaneous states) takes the edge; it weighs the transitions of the compact view.
    """

    actions: tuple[str, ...]
    optimal: bool
    probability: Fraction | None
    play: Value


def action_text(action: object) -> str:
    """An action as text: strings as they are, anything else by ``repr``.

    >>> action_text("stop"), action_text(3), action_text(("a", 1))
    ('stop', '3', "('a', 1)")
    """
    return action if isinstance(action, str) else repr(action)


def exact_text(value: Fraction | int) -> str:
    """An exact number as ``"p/q"``, integers included, so readers see one form.

    >>> exact_text(Fraction(-3, 6)), exact_text(2)
    ('-1/2', '2/1')
    """
    return fraction_text(value)


def state_graph(
    game: Game[S, Any],
    result: Result[S, Any] | None = None,
    *,
    view: StateView[S] | None = None,
    optimal_only: bool = False,
    compact: bool = False,
    max_states: int = 200_000,
) -> Any:
    """The graph of every state reachable from ``result.start`` (solving ``game`` if needed).

    ``optimal_only`` keeps the states that optimal play can reach (every optimal action,
    every chance outcome). ``compact`` merges the states of each ``view.group`` into one node
    (see :func:`_compact`). Before any solving, a game with more than ``max_states`` states
    or ``MOVES_PER_STATE`` times as many moves is refused (``InputError``), and so is one
    whose graph the resource budget cannot hold (:func:`strategy.engine.resources.require`).

    >>> from strategy.engine.testing import TreeGame
    >>> game = TreeGame.from_spec(("min", {"a": ("pay", 1), "b": ("pay", 1)}))
    >>> state_graph(game).nodes["0"]["optimal_actions"]
    'a | b'
    """
    if result is None:
        count, moves = count_reachable(game, max_states, MOVES_PER_STATE * max_states)
        items = count + moves
        resources.require(
            f"a graph of {count:,} states and {moves:,} moves",
            memory=ITEM_BYTES * items,
            seconds=ITEM_SECONDS * items,
        )
        result = solve(game)
    view = view or StateView()
    states, edges = _explore(game, result, optimal_only, max_states)
    if not optimal_only:
        edges = _mark_optimal_paths(result.start, edges)
    if compact:
        if view.group is None:
            raise ValueError("a compact graph needs a view whose group() names each state's group")
        return _compact(game, result, view, view.group, states, edges)
    labels = _labels(view, states)
    graph = nx.DiGraph(start=labels[result.start], exact=result.exact, compact=False)
    for state in states:
        graph.add_node(labels[state], **_node_attributes(game, result, view, state))
    for (state, next_state), edge in edges.items():
        graph.add_edge(labels[state], labels[next_state], **_edge_attributes(edge))
    _set_layers(graph, view, {labels[state]: state for state in states})
    return graph


def _explore(
    game: Game[S, Any], result: Result[S, Any], optimal_only: bool, max_states: int
) -> tuple[list[S], dict[tuple[S, S], _Edge]]:
    """The states reachable from the start (breadth first) and the edges between them."""
    states = [result.start]
    seen = {result.start}
    edges: dict[tuple[S, S], _Edge] = {}
    for state in states:  # grows while it is read: a breadth-first queue
        for next_state, action, optimal, probability, play in _moves(game, result, state):
            if optimal_only and not optimal:
                continue
            old = edges.get((state, next_state))
            if old is not None:  # several actions or outcomes reach the same state
                probability = None if probability is None else probability + (old.probability or 0)
                edges[state, next_state] = _Edge(
                    (*old.actions, action), optimal or old.optimal, probability, play + old.play
                )
                continue
            edges[state, next_state] = _Edge((action,), optimal, probability, play)
            if next_state not in seen:
                if len(states) >= max_states:
                    raise _too_large(f"{max_states} states are reachable from", result.start)
                seen.add(next_state)
                states.append(next_state)
    return states, edges


def count_reachable(game: Game[S, Any], max_states: int, max_moves: int) -> tuple[int, int]:
    """How many states are reachable from the start, and how many moves (actions, pairs of
    actions, chance outcomes) leave them; ``InputError`` as soon as either passes its limit,
    so that counting a huge game costs no more than the limits.

    >>> from strategy.engine.testing import TreeGame
    >>> count_reachable(TreeGame.from_spec(("max", {"a": ("pay", 1), "b": ("pay", 2)})), 9, 9)
    (3, 2)
    """
    start = game.initial_state()
    seen = {start}
    queue = [start]
    moves = 0
    for state in queue:  # grows while it is read: a breadth-first queue
        kind = game.kind(state)
        if kind is NodeKind.TERMINAL:
            continue
        if kind is NodeKind.CHANCE:
            actions: Iterable[Any] = (outcome for outcome, _ in game.chance_outcomes(state))
        elif kind is NodeKind.SIMULTANEOUS:
            rows, columns = game.joint_actions(state)
            actions = ((row, column) for row in rows for column in columns)
        else:
            actions = game.legal_actions(state)
        for action in actions:
            moves += 1
            if moves > max_moves:
                raise _too_large(f"{max_moves:,} moves leave the states reachable from", start)
            next_state = game.child(state, action)
            if next_state not in seen:
                if len(seen) >= max_states:
                    raise _too_large(f"{max_states:,} states are reachable from", start)
                seen.add(next_state)
                queue.append(next_state)
    return len(seen), moves


class TooManyStates(InputError):
    """A game with more states or moves than a graph may have (see :func:`state_graph`)."""


def _too_large(what: str, start: object) -> TooManyStates:
    return TooManyStates(
        f"more than {what} {state_text(start)}: too many for a graph; start nearer the end"
    )


def _mark_optimal_paths(start: S, edges: dict[tuple[S, S], _Edge]) -> dict[tuple[S, S], _Edge]:
    """The edges with ``optimal`` kept only where optimal play from ``start`` can get."""
    successors: dict[S, list[S]] = {}
    for state, next_state in edges:
        if edges[state, next_state].optimal:
            successors.setdefault(state, []).append(next_state)
    reached = [start]
    seen = {start}
    for state in reached:  # grows while it is read: a breadth-first queue
        for next_state in successors.get(state, ()):
            if next_state not in seen:
                seen.add(next_state)
                reached.append(next_state)
    return {
        pair: edge if edge.optimal <= (pair[0] in seen) else replace(edge, optimal=False)
        for pair, edge in edges.items()
    }


def _moves(
    game: Game[S, Any], result: Result[S, Any], state: S
) -> Iterable[tuple[S, str, bool, Fraction | None, Value]]:
    """Each move out of ``state``: (next state, action text, optimal?, probability, play)."""
    kind = game.kind(state)
    if kind is NodeKind.CHANCE:
        for outcome, probability in game.chance_outcomes(state):
            play = probability if result.exact else float(probability)
            yield game.child(state, outcome), action_text(outcome), True, probability, play
    elif kind is NodeKind.SIMULTANEOUS:
        rows, columns = game.joint_actions(state)
        solution = result.mixed[state]
        for row, p in zip(rows, solution.row_strategy, strict=True):
            for column, q in zip(columns, solution.column_strategy, strict=True):
                yield (
                    game.child(state, (row, column)),
                    action_text((row, column)),
                    p > 0 and q > 0,
                    None,
                    p * q,
                )
    elif kind is not NodeKind.TERMINAL:
        optimal = result.optimal_actions[state]
        chosen = result.policy[state]
        for action in game.legal_actions(state):
            play = 1 if action == chosen else 0
            yield game.child(state, action), action_text(action), action in optimal, None, play


def _labels(view: StateView[S], states: Iterable[S]) -> dict[S, str]:
    """Each state's label, which must tell the states apart (it is the node id)."""
    labels: dict[S, str] = {}
    owners: dict[str, S] = {}
    for state in states:
        label = view.label(state)
        other = owners.setdefault(label, state)
        if other != state:
            raise GameError(
                f"states {state_text(other)} and {state_text(state)} have the same label "
                f"{label!r}; a graph needs a label that tells states apart"
            )
        labels[state] = label
    return labels


def _node_attributes(
    game: Game[S, Any], result: Result[S, Any], view: StateView[S], state: S
) -> dict[str, Attribute]:
    kind = game.kind(state)
    value = result.values[state]
    node: dict[str, Attribute] = {
        "label": view.label(state),
        "kind": kind.value if kind in (NodeKind.CHANCE, NodeKind.TERMINAL) else "decision",
        "player": _PLAYERS.get(kind, ""),
        "value": float(value),
    }
    if isinstance(value, Fraction):
        node["value_exact"] = exact_text(value)
    actions = result.optimal_actions.get(state, ())
    node["optimal_actions"] = ACTION_SEPARATOR.join(action_text(a) for a in actions)
    if kind is NodeKind.SIMULTANEOUS:
        rows, columns = game.joint_actions(state)
        solution = result.mixed[state]
        node["row_strategy"] = _strategy_text(rows, solution.row_strategy)
        node["column_strategy"] = _strategy_text(columns, solution.column_strategy)
    extra = view.attributes(state)
    clash = RESERVED_ATTRIBUTES.intersection(extra)
    if clash:
        raise ValueError(f"the view's attributes {sorted(clash)} clash with the graph's own")
    node.update(extra)
    return node


def _strategy_text(actions: Iterable[object], weights: Iterable[Value]) -> str:
    """``"a: 1/2 | b: 1/2"``: the actions a mixed strategy plays, with their weights."""
    return ACTION_SEPARATOR.join(
        f"{action_text(action)}: {exact_text(w) if isinstance(w, Fraction) else repr(w)}"
        for action, w in zip(actions, weights, strict=True)
        if w > 0
    )


def _edge_attributes(edge: _Edge) -> dict[str, Attribute]:
    attributes: dict[str, Attribute] = {
        "action": ACTION_SEPARATOR.join(edge.actions),
        "optimal": edge.optimal,
    }
    if edge.probability is not None:
        attributes["probability"] = float(edge.probability)
        attributes["probability_exact"] = exact_text(edge.probability)
    return attributes


def _set_layers(graph: Any, view: StateView[S], states: Mapping[str, S]) -> None:
    """The view's layer of each node, or else its longest distance from the start."""
    if view.layer is not None:
        for node, state in states.items():
            graph.nodes[node]["layer"] = view.layer(state)
        return
    depth = dict.fromkeys(graph, 0)
    for node in nx.topological_sort(graph):
        for next_node in graph.successors(node):
            depth[next_node] = max(depth[next_node], depth[node] + 1)
    nx.set_node_attributes(graph, depth, "layer")


def _compact(
    game: Game[S, Any],
    result: Result[S, Any],
    view: StateView[S],
    group: Callable[[S], str],
    states: list[S],
    edges: dict[tuple[S, S], _Edge],
) -> Any:
    """One node per group, entered at a single state whose attributes it takes.

    An edge between two groups carries the probability that policy play from the first
    group's entry state leaves it for the second (0 for moves only other play makes), and is
    ``optimal`` when that probability is positive. Probabilities out of a group sum to 1 less
    the chance that play ends inside it.
    """
    group_of = {state: group(state) for state in states}
    members: dict[str, list[S]] = {}
    for state in states:
        members.setdefault(group_of[state], []).append(state)
    entries: dict[str, S] = {group_of[result.start]: result.start}
    for state, next_state in edges:
        name = group_of[next_state]
        if group_of[state] != name and entries.setdefault(name, next_state) != next_state:
            raise GameError(
                f"group {name!r} is entered at {state_text(entries[name])} and at "
                f"{state_text(next_state)}; a compact graph needs one entry state per group"
            )
    inner = nx.DiGraph()
    inner.add_nodes_from(states)
    inner.add_edges_from(edges)
    graph = nx.DiGraph(start=group_of[result.start], exact=result.exact, compact=True)
    for name, entry in entries.items():
        node = _node_attributes(game, result, view, entry)
        node["label"] = name
        node["states"] = len(members[name])
        graph.add_node(name, **node)
        for target, probability in _exits(inner, edges, group_of, entry, members[name]).items():
            edge: dict[str, Attribute] = {"optimal": probability > 0}
            edge["probability"] = float(probability)
            if result.exact:
                edge["probability_exact"] = exact_text(Fraction(probability))
            graph.add_edge(name, target, **edge)
    _set_layers(graph, view, entries)
    return graph


def _exits(
    inner: Any,
    edges: Mapping[tuple[S, S], _Edge],
    group_of: Mapping[S, str],
    entry: S,
    members: list[S],
) -> dict[str, Value]:
    """Where policy play starting at ``entry`` leaves its group, with each probability."""
    mass: dict[S, Value] = {entry: 1}
    exits: dict[str, Value] = {}
    for state in nx.topological_sort(inner.subgraph(members)):
        here = mass.get(state, 0)
        for next_state in inner.successors(state):
            flow = here * edges[state, next_state].play
            name = group_of[next_state]
            if name == group_of[entry]:
                mass[next_state] = mass.get(next_state, 0) + flow
            else:
                exits[name] = exits.get(name, 0) + flow
    return exits

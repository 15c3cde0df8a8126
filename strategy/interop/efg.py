"""A finite ``strategy`` game as a Gambit extensive-form file (``.efg``), probabilities exact.

The solver's games are graphs (a state reached two ways is one state); an extensive form is
a tree, so every path is written out and the file grows with the number of plays, not of
states. :func:`tree_size` counts the nodes first and :func:`efg_text` refuses, with the
count, a tree larger than asked. Each decision node is its own information set (the
players see everything) except at a simultaneous state: there the maximiser moves first and
the minimiser's nodes after each of its moves form one information set (the minimiser does
not see the maximiser's pick), which is how an extensive form writes a simultaneous move.
Payoffs go to the maximiser, their negation to the minimiser. In the example, the attacker
rolls one die against one and loses its army with probability 21/36 = 7/12 (ties go to the
defender), and stopping is worth nothing.

>>> from strategy.risk.game import BattleGame
>>> game = BattleGame(2, 1)
>>> print(efg_text(game, title="2 v 1", label=lambda s: f"{s.attackers}v{s.defenders}"), end="")
EFG 2 R "2 v 1" { "Max" "Min" }
""
<BLANKLINE>
p "2v1 #1" 1 1 "" { "1" "stop" } 0
c "2v1 #2" 1 "" { "(1, 0)" 7/12 "(0, 1)" 5/12 } 0
t "" 1 "" { 0, 0 }
t "" 2 "" { 1, -1 }
t "" 1 "" { 0, 0 }
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from typing import Any

from strategy.engine.errors import InputError
from strategy.engine.game import Game, NodeKind
from strategy.interop.nfg import gambit_quote

__all__ = ["MAX_NODES", "efg_text", "tree_size"]

#: The most tree nodes :func:`efg_text` writes unless told otherwise (a file of some MB).
MAX_NODES = 100_000


def tree_size(game: Game[Any, Any], *, limit: int | None = None) -> int:
    """The nodes of ``game``'s tree, as :func:`efg_text` writes it, counted on its graph.

    The tree has at least as many nodes as the graph has states, so with a ``limit`` the
    count stops once more than ``limit`` states are seen and returns ``limit + 1``: a huge
    game is refused without walking all of it.

    >>> from strategy.risk.game import BattleGame
    >>> tree_size(BattleGame(2, 1)), tree_size(BattleGame(90, 90), limit=1000)
    (5, 1001)
    """
    sizes: dict[Hashable, int] = {}
    stack = [game.initial_state()]
    seen = set(stack)
    while stack:
        if limit is not None and len(seen) > limit:
            return limit + 1
        state = stack[-1]
        if state in sizes:
            stack.pop()
            continue
        kind, moves = _moves(game, state)
        children = [game.child(state, move) for move in moves]
        waiting = [child for child in children if child not in sizes]
        seen.update(waiting)
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        # A simultaneous state is written as the maximiser's node, then one minimiser node
        # per row before the children.
        extra = len(_rows(game, state)) if kind is NodeKind.SIMULTANEOUS else 0
        sizes[state] = 1 + extra + sum(sizes[child] for child in children)
    return sizes[game.initial_state()]


def efg_text(
    game: Game[Any, Any],
    *,
    title: str = "strategy game",
    players: tuple[str, str] = ("Max", "Min"),
    label: Callable[[Any], str] = str,
    max_nodes: int = MAX_NODES,
) -> str:
    """``game``'s tree as Gambit ``.efg`` text (rational format); :class:`InputError` when the
    tree has more than ``max_nodes`` nodes. Information sets are named by ``label`` of their
    state (node names must be unique in Gambit, and a state recurs in the tree)."""
    size = tree_size(game, limit=max_nodes)
    if size > max_nodes:
        count = f"{size:,} nodes, more than" if size > max_nodes + 1 else "more nodes than"
        raise InputError(
            f"the game tree has {count} {max_nodes:,}: an extensive form writes every play "
            "out; take a smaller game or raise the limit"
        )
    header = (
        f"EFG 2 R {gambit_quote(title)} {{ {gambit_quote(players[0])} {gambit_quote(players[1])} }}"
    )
    return "\n".join([header, '""', "", *_lines(game, label)]) + "\n"


def _moves(game: Game[Any, Any], state: Hashable) -> tuple[NodeKind, list[Any]]:
    kind = game.kind(state)
    if kind is NodeKind.TERMINAL:
        return kind, []
    if kind is NodeKind.CHANCE:
        return kind, [outcome for outcome, _ in game.chance_outcomes(state)]
    if kind is NodeKind.SIMULTANEOUS:
        rows, columns = game.joint_actions(state)
        return kind, [(row, column) for row in rows for column in columns]
    return kind, list(game.legal_actions(state))


def _rows(game: Game[Any, Any], state: Hashable) -> list[Any]:
    return list(game.joint_actions(state)[0])


def _choices(moves: list[Any]) -> str:
    return "{ " + " ".join(gambit_quote(str(move)) for move in moves) + " }"


def _lines(game: Game[Any, Any], label: Callable[[Any], str]) -> Iterator[str]:
    """The tree's nodes in preorder, one line each, without recursion (plays may be long).

    Gambit wants node names unique, and a state recurs in the tree, so each decision or
    chance node is named by its state's label and its place in the file (``5v3 #12``)."""
    outcomes: dict[Fraction, int] = {}
    infosets = {0: 0, 1: 0, 2: 0}  # chance's (0) and each player's, numbered from 1
    # Each entry is a state to write, or a line already made (the minimiser's nodes of a
    # simultaneous state, written between the maximiser's node and the children).
    stack: list[tuple[Hashable, str | None]] = [(game.initial_state(), None)]
    written = 0
    while stack:
        state, ready = stack.pop()
        written += 1
        if ready is not None:
            yield ready
            continue
        kind = game.kind(state)
        if kind is NodeKind.TERMINAL:
            value = Fraction(game.returns(state))
            number = outcomes.setdefault(value, len(outcomes) + 1)
            yield f't "" {number} "" {{ {value}, {-value} }}'
            continue
        name = gambit_quote(f"{label(state)} #{written}")
        if kind is NodeKind.CHANCE:
            pairs = list(game.chance_outcomes(state))
            moves = " ".join(f"{gambit_quote(str(o))} {Fraction(p)}" for o, p in pairs)
            children = [game.child(state, o) for o, _ in pairs]
            line = f'c {name} {_next(infosets, 0)} "" {{ {moves} }} 0'
        elif kind is NodeKind.SIMULTANEOUS:
            rows, columns = (list(side) for side in game.joint_actions(state))
            line = f'p {name} 1 {_next(infosets, 1)} "" {_choices(rows)} 0'
            answer = f'p "" 2 {_next(infosets, 2)} "" {_choices(columns)} 0'
            for row in reversed(rows):
                stack.extend((game.child(state, (row, c)), None) for c in reversed(columns))
                stack.append((state, answer))
            yield line
            continue
        else:
            player = 1 if kind is NodeKind.MAX else 2
            actions = list(game.legal_actions(state))
            children = [game.child(state, action) for action in actions]
            line = f'p {name} {player} {_next(infosets, player)} "" {_choices(actions)} 0'
        yield line
        stack.extend((child, None) for child in reversed(children))


def _next(counters: dict[int, int], player: int) -> int:
    counters[player] += 1
    return counters[player]

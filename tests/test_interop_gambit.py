"""Gambit reads what strategy writes, and its exact solvers find strategy's values.

pygambit (the ``gambit`` extra) is the independent reader and solver here.

Deep imports: the Gambit writers of :mod:`strategy.interop`, under test.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from strategy import solve
from strategy.engine import NodeKind, solve_matrix_game
from strategy.interop.efg import efg_text, tree_size
from strategy.interop.nfg import NormalFormGame
from strategy.risk import BattleGame

gbt = pytest.importorskip("pygambit", reason="needs the gambit extra (pygambit)")

from strategy.interop.gambit import gambit_value  # noqa: E402


def test_nfg_is_read_the_same_by_gambit_both_ways() -> None:
    rng = random.Random(7)
    matrix = [[Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(3)] for _ in range(2)]
    game = NormalFormGame.of(matrix, rows=("top", "bottom"))
    read = gbt.read_nfg(io.StringIO(game.to_nfg()))
    assert list(read.players) == ["Max", "Min"]
    rows, columns = read.get_strategies("Max"), read.get_strategies("Min")
    assert rows == ["top", "bottom"]
    payoffs = [[read.get_payoffs({"Max": r, "Min": c}) for c in columns] for r in rows]
    assert [[Fraction(p["Max"]) for p in row] for row in payoffs] == matrix
    assert [[Fraction(p["Min"]) for p in row] for row in payoffs] == [
        [-x for x in row] for row in matrix
    ]
    assert NormalFormGame.from_nfg(read.to_nfg()) == game  # Gambit's own writing, read back


def test_gambit_solvers_agree_with_ours_on_20_random_matrix_games() -> None:
    rng = random.Random(2024)
    for _ in range(20):
        shape = (rng.randint(1, 5), rng.randint(1, 5))
        matrix = [
            [Fraction(rng.randint(-30, 30), rng.randint(1, 3)) for _ in range(shape[1])]
            for _ in range(shape[0])
        ]
        text = NormalFormGame.of(matrix).to_nfg()
        ours = solve_matrix_game(matrix).value
        assert gambit_value(text, solver="lp") == ours
        assert gambit_value(text, solver="lcp") == ours


def test_gambit_lp_agrees_with_solve_on_a_sees_roll_battle() -> None:
    # 2 v 2, the defender choosing 1 or 2 dice after seeing the attacker's roll.
    game = BattleGame(2, 2, choice="sees-roll", allow_stop=False)
    assert gambit_value(efg_text(game)) == solve(game).value


def test_gambit_agrees_on_a_simultaneous_battle() -> None:
    # announce: both sides pick their dice at once, written as an information set.
    game = BattleGame(2, 2, choice="announce", allow_stop=False)
    assert gambit_value(efg_text(game), solver="lcp") == solve(game).value


def preorder(game: Any, state: Any) -> Iterator[tuple[NodeKind, tuple[Fraction, ...]]]:
    """The tree's nodes in preorder, as (kind, chance probabilities), walked recursively."""
    kind = game.kind(state)
    if kind is NodeKind.CHANCE:
        pairs = list(game.chance_outcomes(state))
        yield kind, tuple(p for _, p in pairs)
        for outcome, _ in pairs:
            yield from preorder(game, game.child(state, outcome))
    elif kind is NodeKind.TERMINAL:
        yield kind, ()
    else:
        yield kind, ()
        for action in game.legal_actions(state):
            yield from preorder(game, game.child(state, action))


def gambit_preorder(
    read: Any, path: tuple[str, ...]
) -> Iterator[tuple[bool, tuple[Fraction, ...]]]:
    """Gambit's tree in preorder from the node reached by the action labels ``path``.

    pygambit 17 names nodes by their histories: ``H.path(*labels)`` from the root.
    """
    node = gbt.H.path(*path)
    player = read.get_player(node)
    chance = player is not None and player not in read.players
    probabilities = read.get_action_probs(node) if chance else {}
    yield chance, tuple(Fraction(p) for p in probabilities.values())
    for action in read.get_actions(node):
        yield from gambit_preorder(read, (*path, action))


def test_efg_read_back_has_the_same_nodes_and_chance_probabilities() -> None:
    game = BattleGame(3, 2, choice="respond")
    read = gbt.read_efg(io.StringIO(efg_text(game, title="3 v 2")))
    ours = list(preorder(game, game.initial_state()))
    theirs = list(gambit_preorder(read, ()))
    assert len(read.get_histories(gbt.H.after())) == len(ours) == tree_size(game)
    assert [(k is NodeKind.CHANCE, p) for k, p in ours] == theirs
    assert all(sum(p) == 1 for chance, p in theirs if chance)
    assert read.title == "3 v 2"


def test_a_simultaneous_move_is_one_information_set_of_the_minimiser() -> None:
    # 3 v 2 under announce: the attacker announces 1 or 2 dice, the defender 1 or 2 without
    # seeing the attacker's count.
    read = gbt.read_efg(io.StringIO(efg_text(BattleGame(3, 2, choice="announce"))))

    def members(player: str) -> list[list[tuple[str, ...]]]:
        """Each information set of ``player`` as the action-label paths of its nodes."""
        return [
            [tuple(step.action for step in member) for member in read.get_members(selector(i))]
            for i in read.get_infosets(player)
        ]

    shared = [infoset for infoset in members("Min") if len(infoset) > 1]
    assert shared
    for infoset in shared:
        parents = {path[:-1] for path in infoset}
        (parent,) = parents  # all the minimiser's nodes hang from one maximiser node
        assert read.get_player(gbt.H.path(*parent)) == "Max"
        assert len(infoset) == len(read.get_actions(gbt.H.path(*parent)))
    singletons = [i for i in members("Max") if len(i) != 1]
    assert singletons == []  # the maximiser always knows where it is


def selector(history: Any) -> Any:
    """pygambit 17's selector of the node a history reaches (a history is not a selector)."""
    return gbt.H.path(*(step.action for step in history))

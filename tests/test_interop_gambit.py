"""Gambit reads what strategy writes, and its exact solvers find strategy's values.

pygambit (the ``gambit`` extra) is the independent reader and solver here.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from strategy.engine.game import NodeKind
from strategy.engine.matrix_game import solve_matrix_game
from strategy.engine.solve import solve
from strategy.interop.efg import efg_text, tree_size
from strategy.interop.nfg import NormalFormGame
from strategy.risk.game import BattleGame

gbt = pytest.importorskip("pygambit", reason="needs the gambit extra (pygambit)")

from strategy.interop.gambit import gambit_value  # noqa: E402


def test_nfg_is_read_the_same_by_gambit_both_ways() -> None:
    rng = random.Random(7)
    matrix = [[Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(3)] for _ in range(2)]
    game = NormalFormGame.of(matrix, rows=("top", "bottom"))
    read = gbt.read_nfg(io.StringIO(game.to_nfg()))
    rows, columns = (list(player.strategies) for player in read.players)
    assert [s.label for s in rows] == ["top", "bottom"]
    assert [[Fraction(str(read[r, c]["Max"])) for c in columns] for r in rows] == matrix
    assert [[Fraction(str(read[r, c]["Min"])) for c in columns] for r in rows] == [
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


def gambit_preorder(node: Any) -> Iterator[tuple[bool, tuple[Fraction, ...]]]:
    chance = not node.is_terminal and node.infoset.is_chance
    probabilities = (
        tuple(Fraction(str(action.prob)) for action in node.infoset.actions) if chance else ()
    )
    yield chance, probabilities
    for child in node.children:
        yield from gambit_preorder(child)


def test_efg_read_back_has_the_same_nodes_and_chance_probabilities() -> None:
    game = BattleGame(3, 2, choice="respond")
    read = gbt.read_efg(io.StringIO(efg_text(game, title="3 v 2")))
    ours = list(preorder(game, game.initial_state()))
    theirs = list(gambit_preorder(read.root))
    assert len(list(read.nodes)) == len(ours) == tree_size(game)
    assert [(k is NodeKind.CHANCE, p) for k, p in ours] == theirs
    assert all(sum(p) == 1 for chance, p in theirs if chance)
    assert read.title == "3 v 2"


def test_a_simultaneous_move_is_one_information_set_of_the_minimiser() -> None:
    # 3 v 2 under announce: the attacker announces 1 or 2 dice, the defender 1 or 2 without
    # seeing the attacker's count.
    read = gbt.read_efg(io.StringIO(efg_text(BattleGame(3, 2, choice="announce"))))
    shared = [infoset for infoset in read.players["Min"].infosets if len(infoset.members) > 1]
    assert shared
    for infoset in shared:
        parents = {member.parent for member in infoset.members}
        (parent,) = parents  # all the minimiser's nodes hang from one maximiser node
        assert parent.player.label == "Max"
        assert len(infoset.members) == len(parent.children)
    singletons = [i for i in read.players["Max"].infosets if len(i.members) != 1]
    assert singletons == []  # the maximiser always knows where it is

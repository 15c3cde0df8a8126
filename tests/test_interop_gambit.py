"""Gambit reads what strategy writes, and its exact solvers find strategy's values.

The ``.nfg`` reader and the ``.efg`` writer are plain Python; pygambit (the ``gambit`` extra)
is the independent reader and solver.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine.errors import InputError
from strategy.engine.game import NodeKind
from strategy.engine.matrix_game import solve_matrix_game
from strategy.engine.solve import solve
from strategy.interop.efg import efg_text, tree_size
from strategy.interop.nfg import NormalFormGame
from strategy.risk.game import BattleGame

entries = st.fractions(min_value=-20, max_value=20, max_denominator=6)
matrices = st.integers(1, 4).flatmap(
    lambda columns: st.lists(
        st.lists(entries, min_size=columns, max_size=columns), min_size=1, max_size=4
    )
)


@settings(max_examples=30, deadline=None)
@given(matrices)
def test_nfg_out_and_in_is_the_same_game(matrix: list[list[Fraction]]) -> None:
    game = NormalFormGame.of(matrix, title='a "quoted" title')
    back = NormalFormGame.from_nfg(game.to_nfg())
    assert back == game
    assert back.to_nfg() == game.to_nfg()


def test_nfg_reads_counts_and_outcome_versions() -> None:
    # Gambit's manual's example layouts: strategy counts with a payoff list, and named
    # outcomes with outcome numbers (0 is the null outcome, paying nothing).
    counts = 'NFG 1 R "c" { "P1" "P2" } { 2 2 }\n\n1 -1 -2 2 3 -3 0.5 -1/2\n'
    outcomes = (
        'NFG 1 R "o" { "P1" "P2" } { { "a" "b" } { "x" "y" } }\n""\n'
        '{ { "w" 1, -1 } { "l" -2, 2 } { "z" 3 -3 } }\n1 2 3 0\n'
    )
    expected = ((Fraction(1), Fraction(3)), (Fraction(-2), Fraction(1, 2)))
    assert NormalFormGame.from_nfg(counts).matrix == expected
    assert NormalFormGame.from_nfg(outcomes).matrix == ((1, 3), (-2, 0))
    assert NormalFormGame.from_nfg(outcomes).rows == ("a", "b")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('NFG 1 R "" { "A" "B" } { 1 1 } 1 1', "not zero-sum"),
        ('NFG 1 R "" { "A" "B" "C" } { 1 1 1 } 1 1 1', "two-player games only"),
        ('NFG 1 R "" { "A" "B" } { 2 1 } 1 -1', "ends early"),
        ('NFG 1 R "" { "A" "B" } { 1 1 } 1 -1 5', "more numbers"),
        ('EFG 2 R "" { "A" "B" }', "does not start with NFG"),
        ('NFG 1 R "" { "A" "B" } { 1 1 } x -1', "not a payoff"),
    ],
)
def test_bad_nfg_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        NormalFormGame.from_nfg(text)


def test_efg_refuses_a_tree_too_large_with_its_size() -> None:
    with pytest.raises(InputError, match="the game tree has 6,465 nodes, more than 1,000"):
        efg_text(BattleGame(4, 3, choice="respond"), max_nodes=1000)


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

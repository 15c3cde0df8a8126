"""Nim and misère Nim: published positions, and the formulas against the generic engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy import solve
from strategy.classic import NimMove, analyse_nim, nim_moves
from strategy.engine import ImpartialGame


def test_bouton_3_4_5() -> None:
    # Bouton (1901), the classic example: nim-sum 3^4^5 = 2, and the only winning move
    # reduces the heap of 3 to 1.
    result = analyse_nim((3, 4, 5))
    assert (result.nim_sum, result.first_player_wins) == (2, True)
    assert result.winning_moves == (NimMove(heap=1, take=2, leaves=1),)


def test_marienbad_rows_are_lost() -> None:
    # The 1-3-5-7 rows of "Last Year at Marienbad" (misère) have nim-sum 0: the player to move
    # loses under both conventions (Winning Ways ch. 13).
    for misere in (False, True):
        result = analyse_nim((1, 3, 5, 7), misere=misere)
        assert not result.first_player_wins and result.winning_moves == ()


def test_misere_endgame_rule() -> None:
    # Bouton (1901): with only one-counter heaps left, misère play reverses normal play.
    assert analyse_nim((1, 1, 1)).first_player_wins
    assert not analyse_nim((1, 1, 1), misere=True).first_player_wins
    assert analyse_nim((1, 1), misere=True).first_player_wins
    # One big heap: leave an odd number of single counters.
    assert analyse_nim((5, 1), misere=True).winning_moves == (NimMove(1, 5, 0),)
    assert analyse_nim((5, 1, 1), misere=True).winning_moves == (NimMove(1, 4, 1),)


def test_several_winning_moves_are_all_listed() -> None:
    # Nim-sum 7: emptying any one of the three heaps leaves 7 ^ 7 = 0.
    moves = analyse_nim((7, 7, 7)).winning_moves
    assert moves == tuple(NimMove(i, 7, 0) for i in (1, 2, 3))


def test_negative_heaps_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        analyse_nim((3, -1))


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=4).map(tuple), st.booleans())
def test_formulas_equal_the_engine(heaps: tuple[int, ...], misere: bool) -> None:
    game = ImpartialGame(nim_moves, heaps, misere=misere)
    result = solve(game)
    analysis = analyse_nim(heaps, misere=misere)
    assert (result.value == 1) == analysis.first_player_wins
    if any(heaps):
        winning = set(result.optimal_actions[game.initial_state()]) if result.value == 1 else set()
        expected = {
            (*heaps[: m.heap - 1], m.leaves, *heaps[m.heap :]) for m in analysis.winning_moves
        }
        assert winning == expected

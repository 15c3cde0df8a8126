"""mex, Grundy values, nim-sums and sums of games (Sprague 1935, Grundy 1939)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy import solve
from strategy.classic import nim_moves
from strategy.engine import (
    GameError,
    Grundy,
    ImpartialGame,
    SumMove,
    mex,
    nim_sum,
    sum_grundy,
    sum_winning_moves,
)

heaps = st.lists(st.integers(0, 4), min_size=0, max_size=4).map(tuple)


def test_mex_and_nim_sum_by_definition() -> None:
    assert mex([]) == 0 and mex([0, 2]) == 1 and mex([3, 0, 1, 2]) == 4
    assert mex(iter([1, 1, 0])) == 2
    # Bouton (1901): 3 xor 4 xor 5 = 2, and 1 xor 3 xor 5 xor 7 = 0.
    assert nim_sum([3, 4, 5]) == 2 and nim_sum([1, 3, 5, 7]) == 0 and nim_sum([]) == 0


@settings(max_examples=60, deadline=None)
@given(heaps)
def test_grundy_of_a_nim_position_is_the_xor(position: tuple[int, ...]) -> None:
    # The Sprague-Grundy theorem: a Nim position is the sum of its heaps, a heap of n is *n.
    assert Grundy(nim_moves)(position) == nim_sum(position)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=3), st.integers(1, 3))
def test_sum_winning_moves_are_exactly_the_moves_to_zero(components: list[int], most: int) -> None:
    # Components are heaps of a subtraction game (take 1..most); check the theorem's moves
    # against the generic engine run on the whole sum as one game.
    def take(n: int) -> list[int]:
        return [n - t for t in range(1, most + 1) if t <= n]

    def whole(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [
            (*position[:i], option, *position[i + 1 :])
            for i, heap in enumerate(position)
            for option in take(heap)
        ]

    grundy = Grundy(take)
    position = tuple(components)
    assert sum_grundy(grundy, position) == Grundy(whole)(position)
    expected = [
        SumMove(i, option)
        for i, heap in enumerate(position)
        for option in take(heap)
        if Grundy(whole)((*position[:i], option, *position[i + 1 :])) == 0
    ]
    assert list(sum_winning_moves(grundy, take, position)) == expected


def test_grundy_remembers_and_goes_deep_without_recursion() -> None:
    calls: list[int] = []

    def down(n: int) -> list[int]:
        calls.append(n)
        return [n - 1] if n else []

    grundy = Grundy(down)
    # A chain of 50 000 forced moves alternates 0, 1: far beyond Python's recursion limit.
    assert grundy(50_000) == 0 and grundy(49_999) == 1
    assert grundy.known == 50_001 and len(calls) == 50_001


def test_a_loop_is_refused() -> None:
    with pytest.raises(GameError, match="reached from itself"):
        Grundy(lambda n: [(n + 1) % 3])(0)


@pytest.mark.parametrize("misere", [False, True])
def test_impartial_game_on_the_engine_matches_grundy(misere: bool) -> None:
    for position in itertools.product(range(3), repeat=3):
        value = solve(ImpartialGame(nim_moves, position, misere=misere)).value
        if not misere:
            assert (value == 1) == (nim_sum(position) != 0)
        assert value in (-1, 1)


def test_impartial_game_has_only_decisions() -> None:
    heaps: tuple[int, ...] = (1,)
    game = ImpartialGame(nim_moves, heaps)
    with pytest.raises(GameError):
        game.chance_outcomes(game.initial_state())
    with pytest.raises(GameError):
        game.joint_actions(game.initial_state())

"""Connect Four: published small-board results, and every search against a plain minimax.

Published values: John Tromp, "John's Connect Four Playground" (https://tromp.github.io/c4/c4.html),
the table of results by board size (width x height; + first player wins, - second player
wins, = draw), reproduced by C. Steininger (github.com/ChristopheSteininger/c4, README):
4 x 4 =, 5 x 4 = here; 4 x 5 = and 6 x 4 - (seconds more) in benchmarks/bench_search.py.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.classic.connect4 import PAYOFFS, Connect4, Position, solve_connect4
from strategy.engine import MoveOrdering, NodeKind, alphabeta, iterative_deepening


def test_four_by_four_is_a_draw_by_every_search() -> None:
    # Tromp's table: 4 x 4 is "=".
    solution = solve_connect4(4, 4)
    assert (solution.value, solution.outcome) == (0, "draw")
    assert [c.method for c in solution.counts] == ["plain", "ordered", "deepening"]
    assert all(c.value == 0 for c in solution.counts)


def test_five_by_four_is_a_draw() -> None:
    # Tromp's table: "=". (4 x 5 "=" and 6 x 4 "-" take longer: benchmarks/bench_search.py.)
    assert solve_connect4(5, 4, methods=("ordered",)).outcome == "draw"


# --- an independent plain minimax on a list-of-columns board -----------------------------


def minimax_value(width: int, height: int, moves: tuple[int, ...]) -> int:
    """+1 first player wins, -1 second, 0 draw, from the position after ``moves``."""
    return _value(width, height, _columns(width, moves))


def minimax_best_moves(width: int, height: int, moves: tuple[int, ...]) -> tuple[int, ...]:
    columns = _columns(width, moves)
    if _over(width, height, columns):
        return ()
    first = sum(map(len, columns)) % 2 == 0
    values = {
        c + 1: _value(width, height, _drop(columns, c, first)) for c in _open(height, columns)
    }
    best = max(values.values()) if first else min(values.values())
    return tuple(c for c, v in values.items() if v == best)


def _columns(width: int, moves: tuple[int, ...]) -> tuple[tuple[bool, ...], ...]:
    columns: list[tuple[bool, ...]] = [() for _ in range(width)]
    for i, move in enumerate(moves):
        columns[move - 1] += (i % 2 == 0,)  # True: a stone of the first player
    return tuple(columns)


def _drop(
    columns: tuple[tuple[bool, ...], ...], c: int, first: bool
) -> tuple[tuple[bool, ...], ...]:
    return (*columns[:c], (*columns[c], first), *columns[c + 1 :])


def _open(height: int, columns: tuple[tuple[bool, ...], ...]) -> list[int]:
    return [c for c, column in enumerate(columns) if len(column) < height]


def _winner(width: int, height: int, columns: tuple[tuple[bool, ...], ...]) -> bool | None:
    def at(c: int, r: int) -> bool | None:
        return columns[c][r] if 0 <= c < width and 0 <= r < len(columns[c]) else None

    for c in range(width):
        for r in range(len(columns[c])):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [at(c + k * dc, r + k * dr) for k in range(4)]
                if line[0] is not None and line.count(line[0]) == 4:
                    return line[0]
    return None


def _over(width: int, height: int, columns: tuple[tuple[bool, ...], ...]) -> bool:
    return _winner(width, height, columns) is not None or not _open(height, columns)


@cache
def _value(width: int, height: int, columns: tuple[tuple[bool, ...], ...]) -> int:
    winner = _winner(width, height, columns)
    if winner is not None:
        return 1 if winner else -1
    if not _open(height, columns):
        return 0
    first = sum(map(len, columns)) % 2 == 0
    values = [_value(width, height, _drop(columns, c, first)) for c in _open(height, columns)]
    return max(values) if first else min(values)


# --- the bitboard game and every search against it -----------------------------------------


def play_legal(game: Connect4, choices: list[int]) -> tuple[Position, tuple[int, ...]]:
    """Play the ``i % (number of open columns)``-th open column for each choice, until the end."""
    position, moves = game.initial_state(), ()
    for choice in choices:
        if game.kind(position) is NodeKind.TERMINAL:
            break
        legal = game.legal_actions(position)
        move = legal[choice % len(legal)]
        position, moves = game.child(position, move), (*moves, move)
    return position, moves


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from([(4, 4), (5, 4), (4, 5)]),
    st.lists(st.integers(0, 6), min_size=9, max_size=20),
)
def test_every_search_equals_plain_minimax_on_random_positions(
    shape: tuple[int, int], choices: list[int]
) -> None:
    width, height = shape
    game = Connect4(width, height)
    position, moves = play_legal(game, choices)
    assert position == game.play("".join(map(str, moves)))
    expected = minimax_value(width, height, moves)
    best = minimax_best_moves(width, height, moves)
    kind = game.kind(position)
    assert (kind is NodeKind.TERMINAL) == (best == ())
    if kind is NodeKind.TERMINAL:
        assert game.returns(position) == expected
    for ordering in (None, game.ordering, MoveOrdering(table_move=False, history=False)):
        result = alphabeta(game, position, ordering=ordering, payoffs=PAYOFFS)
        assert (result.value, result.best_actions) == (expected, best)
    assert alphabeta(game, position).value == expected  # without payoff bounds too
    deepened = iterative_deepening(game, game.evaluate, position, ordering=game.ordering)
    assert (deepened.value, deepened.best_actions, deepened.exact) == (expected, best, True)


def test_moves_and_wins_on_the_bitboards() -> None:
    game = Connect4(7, 6)
    wins = {
        "1212121": 1,  # four up column 1
        "1122334": 1,  # four along the bottom row
        "12123232": -1,  # the second player's four up column 2
        "12234334544": 1,  # the first player's rising diagonal from column 1, row 1
    }
    for moves, payoff in wins.items():
        assert game.kind(game.play(moves[:-1])) is not NodeKind.TERMINAL
        end = game.play(moves)
        assert (game.kind(end), game.returns(end)) == (NodeKind.TERMINAL, payoff)
        assert minimax_value(7, 6, tuple(map(int, moves))) == payoff  # the plain board agrees
    for small, moves in ((Connect4(4, 1), "1234"), (Connect4(2, 2), "1122")):
        full = small.play(moves)  # full boards without a four: draws
        assert (small.kind(full), small.returns(full)) == (NodeKind.TERMINAL, 0)


@pytest.mark.parametrize(
    ("moves", "message"),
    [("5", "column 5"), ("11111", "column 1"), ("1x", "'x' is not"), ("1212121" + "3", "over")],
)
def test_bad_moves_are_refused(moves: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Connect4(4, 4).play(moves)


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one column"):
        Connect4(0, 4)

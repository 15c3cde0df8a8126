"""Octal and subtraction games against published Grundy sequences and periods."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.classic import (
    OctalGame,
    SubtractionGame,
    analyse_octal,
    bash_winning_take,
    find_periodicity,
)
from strategy.engine import Grundy

# OEIS A002186, Sprague-Grundy values of Kayles (octal .77), n = 0..104; Guy & Smith (1956),
# Winning Ways p. 91. "From n=71 on, the sequence is periodic with period 12."
KAYLES = (
    "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 "
    "1 8 2 7 4 1 2 8 1 4 7 2 1 4 2 7 4 1 2 8 1 4 7 2 1 8 6 7 4 1 2 8 1 4 7 2 1 8 2 7 4 1 2 8 "
    "1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1"
)
# OEIS A002187 (Dawson's chess, .137), n = 0..131; "Octal game .07 (Dawson's Kayles) has values
# a(n-1)"; "period 34 with the only exceptions at n=0, 14, 16, 17, 31, 34 and 51".
DAWSON_CHESS = (
    "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3 1 1 0 3 "
    "3 2 2 4 4 5 5 2 3 3 0 1 1 3 0 2 1 1 0 4 5 3 7 4 8 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 "
    "0 1 1 3 0 2 1 1 0 4 5 3 7 4 8 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 0 1 1 3 0 2 1 1 0 4"
)


def values(text: str) -> tuple[int, ...]:
    return tuple(int(word) for word in text.split())


def test_kayles_values_and_period() -> None:
    kayles = analyse_octal("0.77", 300)
    assert kayles.values[:105] == values(KAYLES)
    # Last exceptional value at n = 70 (Guy & Smith 1956; A002186), so periodic from 71.
    assert (kayles.preperiod, kayles.period, kayles.proven) == (71, 12, True)


def test_dawsons_kayles_values_and_period() -> None:
    dawson = analyse_octal("0.07", 300)
    published = values(DAWSON_CHESS)
    assert dawson.values[1 : 1 + len(published)] == published
    assert dawson.values[0] == 0
    # Dawson's chess's last exception at 51 is Dawson's Kayles' at 52.
    assert (dawson.preperiod, dawson.period, dawson.proven) == (53, 34, True)
    chess = analyse_octal("0.137", 300)
    assert chess.values[: len(published)] == published
    assert (chess.preperiod, chess.period) == (52, 34)


@pytest.mark.parametrize(
    ("code", "first", "preperiod", "period"),
    [
        # OEIS A071453 (.117, offset 1): period 48, last exception n = 46 (Winning Ways p. 104).
        ("0.117", "1 1 1 0 2 2 1 3 4 0 1 1 1 3 2 2 2 3 4 0", 47, 48),
        # OEIS A125829 (.115, offset 1): period 14, the only exception n = 0.
        ("0.115", "1 1 1 0 1 1 1 2 2 2 1 2 2 2 1 1 1 0 1 1", 1, 14),
    ],
)
def test_other_published_octal_games(code: str, first: str, preperiod: int, period: int) -> None:
    result = analyse_octal(code, 400)
    assert result.values[1:21] == values(first)
    assert (result.preperiod, result.period, result.proven) == (preperiod, period, True)


def test_too_few_values_prove_nothing() -> None:
    # Kayles needs heaps up to 2*71 + 2*12 + 2 - 1 = 167 before the theorem applies.
    assert not analyse_octal("0.77", 160).proven
    assert analyse_octal("0.77", 167).proven
    assert analyse_octal("0.77", 20).period is None
    assert find_periodicity([1, 2] * 10, 1) is not None


codes = st.lists(st.integers(0, 7), min_size=1, max_size=3).filter(lambda d: d[-1] != 0)


@settings(max_examples=60, deadline=None)
@given(codes)
def test_recurrence_equals_the_generic_engine(digits: list[int]) -> None:
    game = OctalGame(tuple(digits))
    grundy = Grundy(game.moves)
    recurrence = game.grundy_values(9)
    assert recurrence == tuple(grundy((n,) if n else ()) for n in range(10))
    # Sprague-Grundy: a position of two heaps is worth the XOR of their values.
    assert grundy((3, 5)) == recurrence[3] ^ recurrence[5]


def test_kayles_as_a_row_of_pins() -> None:
    # An independent model of Kayles (Dudeney 1908): a row of standing pins, and a move knocks
    # down one pin or two adjacent ones. Positions are strings of '1' (standing) and '0'.
    def knock(row: str) -> list[str]:
        singles = [row[:i] + "0" + row[i + 1 :] for i in range(len(row)) if row[i] == "1"]
        pairs = [
            row[:i] + "00" + row[i + 2 :] for i in range(len(row) - 1) if row[i : i + 2] == "11"
        ]
        return singles + pairs

    grundy = Grundy(knock)
    kayles = OctalGame.parse("0.77").grundy_values(11)
    assert tuple(grundy("1" * n) for n in range(12)) == kayles


def test_codes_are_checked() -> None:
    assert OctalGame.parse(".770").code == "0.77"
    for bad in ("0.8", "77", "0.00", "1.7", ""):
        with pytest.raises(ValueError, match="octal game code"):
            OctalGame.parse(bad)


def test_bash_game_follows_bachets_rule() -> None:
    # Seed 002 / Bachet (1612): with takes 1..m the player to move loses iff m + 1 divides n.
    for most in range(1, 6):
        game = SubtractionGame.bash(most)
        grundy = game.analyse(40).values
        for heap in range(41):
            take = bash_winning_take(heap, most)
            assert (grundy[heap] == 0) == (take is None)
            assert game.winning_takes(heap) == (() if take is None else (take,))
        assert game.analyse(40).period == most + 1


def test_subtraction_1_3_4() -> None:
    # Winning Ways (ch. 4) and Berlekamp et al.: with S = {1, 3, 4} the P-positions are
    # n = 0 or 2 (mod 7).
    result = SubtractionGame((1, 3, 4)).analyse(70)
    assert [n for n in range(71) if result.values[n] == 0] == [
        n for n in range(71) if n % 7 in (0, 2)
    ]
    assert (result.preperiod, result.period, result.proven) == (0, 7, True)


def test_subtraction_sets_are_checked() -> None:
    with pytest.raises(ValueError, match="positive"):
        SubtractionGame((0, 2))
    assert SubtractionGame((5, 2, 2)).code == "0.03003"

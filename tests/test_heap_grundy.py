"""The fast heap-game recurrence, proven periods and copying, and Grundy's game.

Deep imports: :mod:`strategy.engine.heap_grundy` for the recurrence, held to plain loops (the
reference the faster public ``grundy_values`` is tested against), and for its time estimate, on
which refusing large requests rests.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.classic import (
    OctalGame,
    SubtractionGame,
    analyse_grundys_game,
    analyse_octal,
    find_periodicity,
)
from strategy.engine import HeapRules, TooLarge, grundy_values
from strategy.engine.heap_grundy import estimated_seconds
from strategy.engine.heap_grundy import recurrence_values as recurrence

# OEIS A002188, Sprague-Grundy values for Grundy's game, n = 0..104 (the entry's data section;
# Guy & Smith 1956, Table 4).
GRUNDYS_GAME = (
    "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 "
    "1 2 4 1 2 4 1 5 4 1 5 4 1 5 4 1 0 2 1 0 2 1 5 2 1 3 2 1 3 2 4 3 2 4 "
    "3 2 4 3 2 4 3 2 4 3 2 4 5 2 4 5 2 4 3 7 4 3 7 4 3 7 4 3 5 2 3 5 2 3 5 2 3"
)
# A. Flammenkamp, "Sprague-Grundy Values of Grundy's Game" (uni-bielefeld.de/achim/grundy.html),
# the table of known sparse values: some beyond the OEIS data section.
GRUNDYS_GAME_SPARSE = {
    87: 7, 90: 7, 93: 7, 146: 6, 149: 6, 152: 6, 158: 11, 161: 11, 164: 11, 167: 11,
    176: 7, 179: 7, 181: 12, 182: 7, 185: 7, 188: 7, 190: 12, 193: 12, 196: 10, 231: 10,
}  # fmt: skip


def plain_octal_values(digits: list[int], up_to: int) -> list[int]:
    """From scratch, by the definition of octal codes (Guy & Smith 1956): digit d_k for taking
    k tokens; bit 1 allows leaving nothing, bit 2 one heap, bit 4 two non-empty heaps."""
    values: list[int] = []
    for n in range(up_to + 1):
        options = set()
        for k, digit in enumerate(digits, start=1):
            rest = n - k
            if digit & 1 and rest == 0:
                options.add(0)
            if digit & 2 and rest > 0:
                options.add(values[rest])
            if digit & 4:
                options.update(values[a] ^ values[rest - a] for a in range(1, rest))
        mex = 0
        while mex in options:
            mex += 1
        values.append(mex)
    return values


def plain_split_values(up_to: int) -> list[int]:
    """Grundy's game from scratch: all splits of n into a + b with a != b, both >= 1."""
    values: list[int] = []
    for n in range(up_to + 1):
        options = {values[a] ^ values[n - a] for a in range(1, n) if 2 * a != n}
        values.append(min(set(range(len(options) + 1)) - options))
    return values


def octal_rules(digits: list[int]) -> HeapRules:
    return OctalGame(tuple(digits)).rules


codes = st.lists(st.integers(0, 7), min_size=1, max_size=5).filter(lambda d: d[-1] != 0)


@settings(max_examples=80, deadline=None)
@given(codes, st.integers(0, 70))
def test_fast_recurrence_equals_a_plain_mex_loop(digits: list[int], up_to: int) -> None:
    assert recurrence(octal_rules(digits), up_to).tolist() == plain_octal_values(digits, up_to)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4), st.integers(0, 80))
def test_subtraction_games_equal_a_plain_mex_loop(takes: set[int], up_to: int) -> None:
    # A subtraction game by its own definition: G(n) = mex{G(n - t) : t in S, t <= n}.
    expected: list[int] = []
    for n in range(up_to + 1):
        options = {expected[n - t] for t in takes if t <= n}
        expected.append(min(set(range(len(options) + 1)) - options))
    assert list(SubtractionGame(tuple(takes)).analyse(up_to).values) == expected


@settings(max_examples=30, deadline=None)
@given(codes, st.integers(1, 120), st.integers(0, 300))
def test_resuming_gives_the_same_values(digits: list[int], first: int, more: int) -> None:
    rules = octal_rules(digits)
    known = recurrence(rules, first)
    assert recurrence(rules, first + more, known).tolist() == (
        recurrence(rules, first + more).tolist()
    )


def test_grundys_game_against_oeis_a002188_and_flammenkamp() -> None:
    game = analyse_grundys_game(240)
    published = tuple(int(word) for word in GRUNDYS_GAME.split())
    assert game.values[: len(published)] == published
    assert {n: game.values[n] for n in GRUNDYS_GAME_SPARSE} == GRUNDYS_GAME_SPARSE
    assert list(game.values[:120]) == plain_split_values(119)


def test_grundys_game_winning_splits_cancel() -> None:
    game = analyse_grundys_game(60)
    for heap in range(61):
        splits = game.winning_splits(heap)
        assert (game.values[heap] != 0) == bool(splits)
        assert all(a < b and a + b == heap for a, b in splits)
    with pytest.raises(ValueError, match="outside"):
        game.winning_splits(61)


@pytest.mark.parametrize(("code", "period"), [("0.137", 34), ("0.77", 12), ("0.07", 34)])
def test_copying_a_proven_period_equals_the_recurrence(code: str, period: int) -> None:
    # Periods: A002187 (Dawson's chess and Dawson's Kayles), A002186 (Kayles).
    result = analyse_octal(code, 6000)
    assert result.proven and result.period == period
    assert result.computed < 6000  # the rest was copied ...
    direct = recurrence(OctalGame.parse(code).rules, 6000)  # ... and equals the recurrence
    assert result.values == tuple(direct.tolist())


@settings(max_examples=40, deadline=None)
@given(codes, st.integers(260, 2000))
def test_copying_equals_direct_computation_on_random_codes(digits: list[int], up_to: int) -> None:
    result = analyse_octal(OctalGame(tuple(digits)), up_to)
    assert result.values == tuple(recurrence(octal_rules(digits), up_to).tolist())
    assert result.computed <= up_to + 1 and len(result.values) == up_to + 1


def test_the_recurrence_equals_the_plain_loop_further_out() -> None:
    for code in ("0.137", "0.007", "0.77"):
        digits = list(OctalGame.parse(code).digits)
        assert recurrence(octal_rules(digits), 400).tolist() == plain_octal_values(digits, 400)


def naive_periodicity(values: list[int], max_take: int) -> tuple[int, int, bool] | None:
    """The Guy-Smith test written out: the least p whose least n0 satisfies the theorem."""
    apparent = None
    for p in range(1, len(values) // 2 + 1):
        n0 = min(
            n
            for n in range(len(values) - p + 1)
            if all(values[m + p] == values[m] for m in range(n, len(values) - p))
        )
        # Guy & Smith: G(n + p) = G(n) for n0 <= n < 2 n0 + p + t must be among the data.
        if 2 * n0 + p + max_take - 1 + p < len(values):
            return (n0, p, True)
        # An apparent period: its tail spans three periods and half the values.
        if apparent is None and len(values) - n0 >= max(3 * p, len(values) / 2):
            apparent = (n0, p, False)
    return apparent


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 2), min_size=0, max_size=30).flatmap(
        lambda head: st.lists(st.integers(0, 3), min_size=1, max_size=6).map(
            lambda block: head + block * 12
        )
    ),
    st.integers(1, 5),
)
def test_find_periodicity_equals_the_theorem_written_out(values: list[int], take: int) -> None:
    found = find_periodicity(values, take)
    expected = naive_periodicity(values, take)
    assert (None if found is None else (found.preperiod, found.period, found.proven)) == expected


def test_a_huge_request_is_refused_unless_copying_answers_it() -> None:
    with pytest.raises(TooLarge, match=r"[GT]iB of memory"):
        analyse_octal("0.137", 10**10)
    # Treblecross: no period by the probe, and the recurrence to 10^6 takes minutes.
    with pytest.raises(TooLarge, match=r"0\.007 shows no proven period .* would take about"):
        analyse_octal("0.007", 10**6, max_seconds=10)
    with pytest.raises(TooLarge, match="would take about"):
        analyse_grundys_game(10**6, max_seconds=10)
    # Dawson's chess is proven periodic by heap 255: a million heaps are copies, at once.
    chess = analyse_octal("0.137", 10**6, max_seconds=1)
    assert chess.computed == 256 and len(chess.values) == 10**6 + 1
    # A subtraction set with a huge take costs nothing for its size (no code digits built).
    huge = SubtractionGame((10**9,))
    assert huge.code is None and huge.analyse(60).values == (0,) * 61


def test_time_estimate_grows_with_the_splits() -> None:
    treblecross = octal_rules([0, 0, 7])
    assert estimated_seconds(treblecross, 2 * 10**5) > 3.5 * estimated_seconds(treblecross, 10**5)
    assert estimated_seconds(treblecross, 10**5, known=10**5 + 1) == 0
    assert treblecross.splits(10) == sum((n - 3) // 2 for n in range(3, 11))


def test_rules_are_checked() -> None:
    with pytest.raises(ValueError, match="at least one move"):
        HeapRules()
    with pytest.raises(ValueError, match="at least 1"):
        HeapRules(one=(0,))
    with pytest.raises(ValueError, match="octal games"):
        analyse_octal(HeapRules(two=(0,), unequal=True), 10)
    with pytest.raises(ValueError, match="negative"):
        grundy_values(HeapRules(one=(1,)), -1)


def test_values_widen_when_they_could_exceed_sixteen_bits() -> None:
    # With 66,000 takes a value could pass 2^16: the array is wider, and the values the same
    # as with only the takes that matter for heaps up to 60.
    many = recurrence(HeapRules(one=tuple(range(1, 66_000)), two=(1,)), 60)
    few = recurrence(HeapRules(one=tuple(range(1, 61)), two=(1,)), 60)
    assert (many.dtype, few.dtype) == (np.uint32, np.uint16)
    assert many.tolist() == few.tolist()

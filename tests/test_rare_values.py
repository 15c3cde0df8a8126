"""The rare-value method against the full recurrence, and octal periods as published.

Deep imports: the rare-value method and the heap recurrence, one against the other, and the rules
of Grundy's game.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.classic import OctalGame, analyse_grundys_game, analyse_octal
from strategy.classic.grundys_game import RULES as GRUNDYS_GAME
from strategy.engine import (
    Budget,
    HeapRules,
    TooLarge,
    grundy_values,
    use_budget,
)
from strategy.engine.heap_grundy import fill_values, new_values, recurrence_values
from strategy.engine.rare_values import (
    COMPACT_OVERHEAD,
    compact_bytes,
    compact_values,
    fill_rare,
    rare_mask,
    sparse_statistics,
)


def splitting_codes(digits: int) -> list[OctalGame]:
    """Every octal game of up to ``digits`` digits with a move leaving two heaps."""
    games = []
    for length in range(1, digits + 1):
        for code in itertools.product(range(8), repeat=length):
            if code[-1] and any(digit & 4 for digit in code):
                games.append(OctalGame(code))
    return games


def by_rare_method(rules: HeapRules, up_to: int, start: int, mask: int | None, **shape: int):
    """Heaps below ``start`` by the recurrence, the rest by the rare method under ``mask`` (the
    best for the values below ``start`` when ``None``)."""
    values = new_values(rules, up_to)
    fill_values(rules, values, 0, start - 1)
    chosen = rare_mask(values[:start]) if mask is None else mask
    fill_rare(rules, values, start, up_to, chosen, **shape)
    return values


def test_every_short_code_in_small_blocks() -> None:
    # Small blocks and samples make the method's every path (splits into the block, rare values
    # missed by the sample, values past the block's bound) run within a few hundred heaps.
    for game in splitting_codes(3):
        rules = game.rules
        expected = recurrence_values(rules, 200)
        found = by_rare_method(rules, 200, 64, None, block=16, sample=8)
        assert np.array_equal(found, expected), game.code


@pytest.mark.slow
def test_every_short_code_to_5000_heaps() -> None:
    # The check in full (minutes): every code of up to three digits, heaps to 5,000.
    # Run it with: python -m pytest -m slow tests/test_rare_values.py
    for game in splitting_codes(3):
        rules = game.rules
        found = by_rare_method(rules, 5000, 2600, None)
        assert np.array_equal(found, recurrence_values(rules, 5000)), game.code


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(splitting_codes(3)), st.one_of(st.none(), st.integers(1, 255)))
def test_short_codes_to_5000_heaps_under_any_mask(game: OctalGame, mask: int | None) -> None:
    # Exact for every mask, the best one (None) or any other: only the speed differs.
    found = by_rare_method(game.rules, 5000, 2600, mask)
    assert np.array_equal(found, recurrence_values(game.rules, 5000))


def test_grundys_game_to_50000_heaps() -> None:
    found = grundy_values(GRUNDYS_GAME, 50_000)
    assert np.array_equal(found, recurrence_values(GRUNDYS_GAME, 50_000))
    # Compact: one byte a heap, the values being below 256.
    assert found.dtype == np.uint8


def test_a_value_past_the_compact_type_stops_the_rare_method_to_widen() -> None:
    # Take 1 to 200 tokens, leaving no heap, one or two: every smaller heap is an option, so
    # G(n) = n for n <= 200, and the values pass 255 (checked here by the full recurrence).
    takes = tuple(range(1, 201))
    rules = HeapRules(one=takes, two=takes, empty=frozenset(takes))
    expected = recurrence_values(rules, 300)
    first_wide = int(np.flatnonzero(expected > 255)[0])
    values = compact_values(np.zeros(0, np.uint8), 301)
    fill_values(rules, values, 0, 239)
    assert fill_rare(rules, values, 240, 300, 1, block=8, sample=8) == first_wide
    assert np.array_equal(values[:first_wide], expected[:first_wide])
    wide = values.astype(np.uint16)
    assert fill_rare(rules, wide, first_wide, 300, 1, block=8, sample=8) == 301
    assert np.array_equal(wide, expected)
    assert np.array_equal(grundy_values(rules, 300), expected)


def test_the_memory_estimate_is_the_compact_one() -> None:
    # 2^30 heaps plan 3 bytes each (a byte, and a copy to two should a value pass 255) and a
    # fixed allowance: far below the 8 bytes a heap of a tuple's pointers alone.
    heaps = 2**30
    assert compact_bytes(heaps - 1) == 3 * heaps + COMPACT_OVERHEAD < 8 * heaps
    with use_budget(Budget(memory=3 * heaps)), pytest.raises(TooLarge, match="3 B a heap"):
        analyse_grundys_game(heaps - 1)


def test_resuming_and_sparse_statistics() -> None:
    rules = OctalGame.parse("0.156").rules
    first = grundy_values(rules, 9000)
    both = grundy_values(rules, 20_000, known=first)
    assert np.array_equal(both, grundy_values(rules, 20_000))
    # The statistics by their definition, counted here one heap at a time.
    stats = sparse_statistics(both, mask=0x1B)
    rare = [n for n, v in enumerate(both.tolist()) if bin(v & 0x1B).count("1") % 2 == 0]
    assert (stats.rare, stats.last_rare) == (len(rare), rare[-1])
    assert (stats.largest, stats.largest_at) == (max(both), both.tolist().index(max(both)))


# Preperiod, period, largest value and its first heap, rare mask, rare heaps (heap 0 among
# them) and the last: A. Flammenkamp's octal tables, as re-verified in tczajka/octal-games,
# SolvedGames.md; first published by the authors named.
PUBLISHED = [
    ("0.45", 498, 20, 8, 37, 0xF, 11, 198),
    ("0.156", 3479, 349, 23, 1032, 0x1B, 15, 357),  # Kenyon (1967)
    ("0.356", 7315, 142, 19, 86, 0x1B, 7, 43),  # Austin (1976)
    ("0.644", 3256, 442, 64, 333, 0x7E, 31, 511),  # Austin (1976)
]


@pytest.mark.parametrize(
    ("code", "preperiod", "period", "largest", "at", "mask", "rare", "last"), PUBLISHED
)
def test_published_periods_and_sparse_values(
    code: str, preperiod: int, period: int, largest: int, at: int, mask: int, rare: int, last: int
) -> None:
    result = analyse_octal(code, 100, prove_to=50_000)
    assert (result.preperiod, result.period, result.proven) == (preperiod, period, True)
    sparse = result.sparse
    assert (sparse.largest, sparse.largest_at) == (largest, at)
    assert (sparse.mask, sparse.rare, sparse.last_rare) == (mask, rare, last)


def test_austin_0_165() -> None:
    # Austin (1976), as re-verified in tczajka/octal-games: 5,181 / 1,550, largest 25 at 620.
    result = analyse_octal("0.165", 100, prove_to=50_000)
    assert (result.preperiod, result.period, result.proven) == (5181, 1550, True)
    assert (result.sparse.largest, result.sparse.largest_at) == (25, 620)


def test_errata_of_the_published_tables() -> None:
    # Flammenkamp's table equates 0.161 and 0.36; tczajka/octal-games found they first differ
    # at heap 519.
    a, b = (grundy_values(OctalGame.parse(code).rules, 600) for code in ("0.161", "0.36"))
    assert int(np.flatnonzero(a != b)[0]) == 519
    # Winning Ways maps 0.27 to 0.06, but 0.27 equals 0.26 (tczajka/octal-games): both are
    # proven periodic with the same preperiod and period, and agree on the heaps before the
    # period repeats, so on every heap.
    g27, g26, g06 = (analyse_octal(code, 2000) for code in ("0.27", "0.26", "0.06"))
    assert g27.proven and g26.proven
    assert (g27.preperiod, g27.period) == (g26.preperiod, g26.period)
    assert g27.values == g26.values and g27.values != g06.values


def test_no_period_is_shown_from_a_short_tail() -> None:
    # 0.16 is periodic only from 105,351 with period 149,459 (Gangolli & Plambeck 1989): by heap
    # 20,000 no period may be claimed, though the last values may happen to repeat.
    early = analyse_octal("0.16", 20_000)
    assert early.period is None and not early.proven
    # With prove_to the heaps beyond those shown are computed as far as a proof needs.
    kayles = analyse_octal("0.77", 10, prove_to=10_000)
    assert (kayles.preperiod, kayles.period, kayles.proven) == (71, 12, True)
    assert len(kayles.values) == 11 and 2 * 71 + 2 * 12 + 2 <= kayles.computed < 10_000


def test_progress_counts_heaps_of_the_stretch_under_way() -> None:
    calls: list[tuple[int, int]] = []
    result = analyse_octal("0.156", 20, prove_to=50_000, progress=lambda *call: calls.append(call))
    assert all(0 < done <= total for done, total in calls)
    assert calls[-1] == (result.computed, result.computed)

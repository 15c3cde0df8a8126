"""Readable terminal output: colour only where wanted, compact views that fit, width hints.

Deep imports: :mod:`strategy.present.render`, the terminal output under test.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine.shades import paint
from strategy.present.render import Grid, abbreviate, compact, every, to_terminal, use_colour


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_color_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(FakeTerminal())
    monkeypatch.setenv("NO_COLOR", "1")  # no-color.org: any non-empty value
    assert not use_colour(FakeTerminal())
    assert use_colour(FakeTerminal(), "always") and not use_colour(io.StringIO())


def test_paint_uses_seed000_colours() -> None:
    assert paint("x", 0.0, True) == "\x1b[30;48;2;255;0;0mx\x1b[0m"  # full red: defender holds
    assert paint("x", 0.0, False) == "x"


def square(n: int, cell: str = "0.123") -> Grid:
    labels = tuple(range(1, n + 1))
    return Grid("t", "A", "D", labels, labels, ((cell,) * n,) * n, ((0.5,) * n,) * n)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 120), width=st.integers(30, 200))
def test_compact_fits_the_terminal(n: int, width: int) -> None:
    small, note = compact(square(n), width)
    lines = to_terminal(square(n), colour=False, width=width, compact_view=True).splitlines()
    assert lines[-1] == note
    widest = max(len(line) for line in lines[1:-1])
    # It fits, unless even one column is too wide (then a single column is shown).
    assert widest <= width or len(small.columns) == 1
    # Banding keeps the first row and column and the same step along both axes.
    assert small.rows[0] == 1 and small.columns[0] == 1 and small.rows == small.columns


def test_wide_table_gets_a_hint_and_narrow_does_not() -> None:
    wide = to_terminal(square(40), colour=False, width=80, compact_view=False)
    assert wide.splitlines()[-1].startswith("hint: this table is")
    narrow = to_terminal(square(3), colour=False, width=80, compact_view=False)
    assert "hint" not in narrow
    assert "hint" not in to_terminal(square(40), colour=False, width=None, compact_view=False)


def test_abbreviate_keeps_signs_and_words() -> None:
    grid = Grid("", "A", "D", (1,), (1, 2, 3), (("-0.4", "12.6", "n/a"),))
    assert abbreviate(grid).cells == (("0", "13", "n/a"),)


def test_every_keeps_shades_aligned() -> None:
    grid = Grid("", "A", "D", (1, 2, 3), (1, 2, 3), (("a", "b", "c"),) * 3, ((0.0, 0.5, 1.0),) * 3)
    assert every(grid, 2).shades == ((0.0, 1.0), (0.0, 1.0))

"""What a notebook user sees: coloured grids with a key, short reprs, DataFrames and arrays.

Deep imports: the notebook display of :mod:`strategy.present`, under test, and the kernels whose
results it shows.
"""

from __future__ import annotations

import io
import re
import sys
from fractions import Fraction
from html.parser import HTMLParser

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategy import risk, solve
from strategy.classic import analyse_nim, solve_pig
from strategy.engine import MissingExtra
from strategy.engine.shades import shade_rgb
from strategy.present.grids import Scale
from strategy.present.notebook import show, table_html
from strategy.risk import BattleGame
from strategy.risk.optimal import optimal_odds
from strategy.risk.paths import chain_odds
from strategy.risk.play.matrices import strategy_matrix


class Cells(HTMLParser):
    """The text and background colour of every ``<td>`` of the first grid, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[tuple[str, str]]] = []
        self.colour: str | None = None
        self.grids = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table" and "grid" in (found.get("class") or ""):
            self.grids += 1
        if self.grids != 1:
            return
        if tag == "tr":
            self.rows.append([])
        if tag == "td":
            match = re.search(r"background-color:#(\w{6})", found.get("style") or "")
            self.colour = match.group(1) if match else ""

    def handle_data(self, data: str) -> None:
        if self.colour is not None:
            self.rows[-1].append((data, self.colour))
            self.colour = None


def cells(page: str) -> list[list[tuple[str, str]]]:
    parser = Cells()
    parser.feed(page)
    return [row for row in parser.rows if row]


def hex_colour(probability: float) -> str:
    return "{:02x}{:02x}{:02x}".format(*shade_rgb(probability))


def test_a_20_by_20_table_shows_its_400_values_and_a_colour_key() -> None:
    table = risk.table(20, 20, exact=True)
    page = table._repr_html_()
    grid = cells(page)
    assert [len(row) for row in grid] == [20] * 20
    for a, row in zip(table.attackers, grid, strict=True):
        for d, (text, colour) in zip(table.defenders, row, strict=True):
            assert text == f"{float(table.value(a, d)):.3f}"
            assert colour == hex_colour(float(table.value(a, d)))  # coloured by what it shows
    assert grid[0][19][1] == "ff0000"  # A = 1 cannot attack: P = 0, seed 000's full red
    key = re.search(r'<div class="strategy-key">colour key \((.*?)\):(.*?)</div>', page)
    assert key is not None and key.group(1) == table.objective.description
    assert key.group(2).count("<span") == 9 and "red favours the defender" in key.group(2)
    assert "the classic battle" in page and "3 v 2 dice" in page


def test_seed000s_colours_shade_armies_by_the_capture_probability() -> None:
    signed = risk.table(20, 20, objective="signed", exact=False)
    capture = risk.table(20, 20, exact=False)
    grid = cells(show(signed, shade_by=capture))
    # Seed 000: a=2 v d=1 reads 0.3 (exact 1/4) on the shade of P(capture) = 15/36.
    assert grid[1][0] == ("0.2", hex_colour(15 / 36))
    assert grid[0][4][0] == "-5.0"  # a=1 cannot attack: the defender keeps all five


def test_signed_values_are_coloured_around_zero_with_their_range_in_the_key() -> None:
    page = risk.table(5, 5, objective="signed")._repr_html_()
    grid = cells(page)
    assert grid[0][4] == ("-5.0", "ff0000")  # the most negative value shown: full red
    assert ">-5.0</span>" in page and ">5.0</span>" in page


def test_fractions_only_when_asked() -> None:
    table = risk.table(2, 2, objective="signed", exact=True)
    assert cells(table._repr_html_())[1][0][0] == "0.2"  # 1/4, to seed 000's one decimal
    assert cells(show(table, fractions=True))[1][0][0] == "1/4"


def test_large_tables_are_sampled_and_say_so() -> None:
    page = table_html(risk.table(200, 200, exact=False))
    grid = cells(page)
    assert len(grid) == 50 and len(grid[0]) == 50
    assert "every 4th row and column shown" in page


def test_reprs_are_short() -> None:
    assert len(repr(risk.table(20, 20))) < 200  # it was 37,927 characters of Fractions
    assert repr(risk.table(20, 20)) == (
        "BattleTable(battle=Battle(), attackers=1..20, defenders=1..20, values=<20 x 20>, "
        "exact=False)"
    )
    table = risk.table(20, 20, choice="sees-roll")
    for result in (
        table,
        risk.odds(10, 6),
        risk.odds(10, 6, choice="sees-roll"),
        strategy_matrix(table),
        chain_odds(10, (3, 2, 1)),
        solve_pig(30),
    ):
        assert len(repr(result)) < 400, type(result).__name__
    assert "Battle(rules=Rules(defender_dice=3))" in repr(risk.odds(5, 3, defender_dice=3))
    assert "choice='sees-roll'" in repr(risk.odds(5, 3, choice="sees-roll"))


def test_every_result_has_a_notebook_view() -> None:
    table = risk.table(6, 6, choice="sees-roll", objective="balance:2")
    matrix = strategy_matrix(table)
    page = matrix._repr_html_()
    assert "colour key" in page and "<dl" in page and "balance" in page
    assert "sees-roll" in risk.odds(6, 4, choice="sees-roll")._repr_html_()
    assert "P(taken)" in chain_odds(5, (3, 2))._repr_html_()
    odds = risk.odds(10, 6)._repr_html_()
    assert "<svg" in odds and "533142437640507817875036041185" not in odds  # decimals only
    assert "5/12" in solve(BattleGame(2, 1))._repr_html_()
    assert "first_player_wins" in analyse_nim((3, 4, 5))._repr_html_()
    assert "win_probability" in solve_pig(20)._repr_html_()


def test_to_pandas_round_trips() -> None:
    exact = risk.table(12, 9, exact=True)
    frame = exact.to_pandas(fractions=True)
    assert frame.index.name == "A" and frame.columns.name == "D"
    assert all(
        frame.loc[a, d] == exact.value(a, d) for a in exact.attackers for d in exact.defenders
    )
    floats = exact.to_pandas()
    assert floats.dtypes.unique().tolist() == [np.float64]
    assert np.array_equal(floats.to_numpy(), exact.to_numpy())
    text = io.StringIO(floats.to_csv())
    back = pd.read_csv(text, index_col="A")
    back.columns = back.columns.astype(int).rename("D")
    pd.testing.assert_frame_equal(back, floats)
    odds = risk.odds(10, 6)
    states = odds.to_pandas(fractions=True)
    assert list(states.itertuples(index=False, name=None)) == list(odds.final_states)
    assert odds.to_numpy()[:, 2].sum() == pytest.approx(1.0)


def test_distributions_and_chains_as_arrays_and_sympy() -> None:
    chain = chain_odds(5, (3, 2))
    assert chain.to_numpy().shape == (len(chain.outcomes), 5)
    assert sum(chain.to_sympy()[:, 4]) == 1  # exactly
    assert risk.odds(2, 1).to_sympy().tolist()[0][2] == Fraction(5, 12)
    assert optimal_odds(2, 1, exact=True).to_sympy() == Fraction(5, 12)
    with pytest.raises(ValueError, match="exact=True"):
        risk.table(3, 3, exact=False).to_sympy()


def test_without_pandas_the_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(MissingExtra, match=r"to_pandas\(\) needs pandas: .*strategy\[notebook\]"):
        risk.table(2, 2).to_pandas()


@given(
    st.floats(-50, 50),
    st.floats(0.1, 50),
    st.floats(-60, 60),
    st.floats(-60, 60),
    st.booleans(),
)
def test_the_scale_is_monotone_white_at_the_centre(
    centre: float, reach: float, x: float, y: float, favours_attacker: bool
) -> None:
    scale = Scale("v", centre - reach, centre + reach, centre, favours_attacker)
    assert scale.shade(centre) == 0.5
    low, high = sorted((x, y))
    shades = scale.shade(low), scale.shade(high)
    assert all(0.0 <= s <= 1.0 for s in shades)
    assert shades[0] <= shades[1] if favours_attacker else shades[0] >= shades[1]

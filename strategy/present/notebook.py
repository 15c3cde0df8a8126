"""Risk results in Jupyter: seed 000's coloured grids with a colour key, and summaries.

The results' ``_repr_html_`` methods call into this module, so a notebook shows a table as
seed 000 did, green where the attacker is favoured and red where the defender is, with a
key that says what the colours mean. Cells are coloured by the value they show unless
another table is given to colour by (seed 000 shows expected armies and colours by
P(capture)). Numbers are decimals; :func:`show` gives exact fractions when asked.

>>> from strategy.risk.battle import battle_table
>>> page = table_html(battle_table(20, 20, exact=False))
>>> page.count("<td"), "colour key" in page
(400, True)
>>> Scale("P(capture)", 0.0, 1.0, 0.5).shade(0.9), Scale("signed", -4.0, 4.0, 0.0).shade(-4.0)
(0.9, 0.0)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from typing import Any

import numpy as np

from strategy.present.render import Grid, format_number, html_table, shade_rgb
from strategy.present.report import bar_chart_svg, odds_table
from strategy.risk.battle import BattleOdds, BattleTable, Value
from strategy.risk.chain import ChainOdds
from strategy.risk.choices import choice_rule
from strategy.risk.objectives import Objective
from strategy.risk.optimal import OptimalOdds, OptimalTable
from strategy.risk.play.strategy_matrix import StrategyMatrix, by_roll_text, describe_cell

#: Rows and columns of a grid shown in a notebook; a larger table shows every k-th.
MAX_SHOWN = 60
#: Final states drawn as bars; a longer battle lists its count instead.
MAX_BARS = 60
#: Swatches in a colour key.
KEY_STEPS = 9
STYLE = (
    "<style>.strategy table.grid td,.strategy table.grid th{padding:1px 5px;text-align:right;"
    "font-variant-numeric:tabular-nums}.strategy table.grid td{color:#000}"
    ".strategy td.mark{outline:2px solid #1a4fd6;outline-offset:-2px;font-weight:bold}"
    ".strategy-key span{display:inline-block;padding:1px 6px;color:#000;"
    "font-variant-numeric:tabular-nums}.strategy-note{color:#555;font-size:.9em}"
    ".strategy dl.legend{display:grid;grid-template-columns:max-content auto;gap:2px 12px}"
    ".strategy dl.legend dd{margin:0}</style>"
)


@dataclass(frozen=True)
class Scale:
    """How a value maps to seed 000's colours: white at ``centre``, full green at the end
    that favours the attacker and full red at the other; ``label`` says what is coloured."""

    label: str
    low: float
    high: float
    centre: float
    favours_attacker: bool = True

    def shade(self, value: float) -> float:
        """The value's place on seed 000's scale: 0 red, 1/2 white, 1 green."""
        if value >= self.centre:
            span = self.high - self.centre
            towards = (value - self.centre) / span if span else 0.0
        else:
            span = self.centre - self.low
            towards = -(self.centre - value) / span if span else 0.0
        towards = max(-1.0, min(1.0, towards if self.favours_attacker else -towards))
        return 0.5 + towards / 2

    def key_html(self, digits: int) -> str:
        """The colour key: swatches from ``low`` to ``high``, each labelled with its value."""
        swatches = []
        for value in np.linspace(self.low, self.high, KEY_STEPS).tolist():
            colour = "#{:02x}{:02x}{:02x}".format(*shade_rgb(self.shade(value)))
            text = html.escape(format_number(value, digits))
            swatches.append(f'<span style="background-color:{colour}">{text}</span>')
        red, green = ("defender", "attacker") if self.favours_attacker else ("attacker", "defender")
        if self.low >= self.centre:
            red = "nobody"
        return (
            f'<div class="strategy-key">colour key ({html.escape(self.label)}): '
            f"{''.join(swatches)} red favours the {red}, green the {green}</div>"
        )


def value_scale(objective: Objective, values: np.ndarray[Any, Any]) -> Scale:
    """The scale for values of ``objective``: odds on [0, 1] around 1/2, other quantities
    around 0 out to their largest size among ``values``.

    >>> value_scale(Objective("defender-left"), np.array([0.0, 3.0]))
    Scale(label='expected armies left in the defending territory', low=0.0, high=3.0, \
centre=0.0, favours_attacker=False)
    """
    if objective.is_probability:
        return Scale(objective.description, 0.0, 1.0, 0.5)
    reach = float(np.abs(values).max()) if values.size else 0.0
    reach = reach or 1.0
    if objective.kind in ("attacker-left", "defender-left"):
        return Scale(objective.description, 0.0, reach, 0.0, objective.kind == "attacker-left")
    return Scale(objective.description, -reach, reach, 0.0)


def digits_for(objective: Objective) -> int:
    """Decimals shown by default: odds to 3 places, army counts to 1 as seed 000 does."""
    return 3 if objective.is_probability else 1


def play_text(result: object) -> str:
    """How the battle is played: the classic battle, or optimal play under a choice rule.

    >>> from strategy.risk.optimal import optimal_table
    >>> play_text(optimal_table(2, 2, choice="sees-roll"))
    'optimal play, choice sees-roll: the attacker rolls; the defender sees the dice, then \
chooses; the attacker may stop'
    """
    if not isinstance(result, OptimalTable | OptimalOdds):
        return "the classic battle: both sides always roll the most dice"
    stop = "the attacker may stop" if result.allow_stop else "no stopping"
    return f"optimal play, choice {result.choice}: {choice_rule(result.choice).summary}; {stop}"


def _step(rows: int, columns: int, max_shown: int) -> int:
    return max(1, ceil(max(rows, columns) / max_shown))


def _sample_note(step: int, rows: int, columns: int) -> str:
    if step == 1:
        return ""
    return (
        f'<p class="strategy-note">{rows} x {columns} table: every {step}th row and column '
        "shown; to_pandas() or to_numpy() has them all</p>"
    )


def coloured_grid(
    table: BattleTable,
    cells: tuple[tuple[str, ...], ...],
    *,
    step: int = 1,
    colour_by: BattleTable | None = None,
    mark: tuple[int, int] | None = None,
) -> str:
    """``cells`` (every ``step``-th row and column of ``table``) as an HTML grid coloured by
    the values of ``colour_by`` (default: ``table``'s own), then its colour key."""
    colours = (colour_by or table).as_array()[::step, ::step]
    objective = (colour_by or table).objective
    scale = value_scale(objective, colours)
    grid = Grid(
        title="",
        row_name="A",
        column_name="D",
        rows=table.attackers[::step],
        columns=table.defenders[::step],
        cells=cells,
        shades=tuple(tuple(scale.shade(v) for v in row) for row in colours.tolist()),
        caption=f"{play_text(table)}; rules: {table.rules.describe()}",
    )
    note = _sample_note(step, len(table.attackers), len(table.defenders))
    return f"{html_table(grid, mark=mark)}{scale.key_html(digits_for(objective))}{note}"


def table_html(
    table: BattleTable,
    *,
    fractions: bool = False,
    digits: int | None = None,
    shade_by: BattleTable | None = None,
    mark: tuple[int, int] | None = None,
    max_shown: int = MAX_SHOWN,
) -> str:
    """The table as seed 000's coloured grid, with its colour key and what it shows.

    ``fractions`` writes exact cells as fractions; ``shade_by`` colours by another table of
    the same size (seed 000: P(capture)); ``mark`` outlines one cell ``(A, D)``; tables
    larger than ``max_shown`` rows or columns show every k-th.
    """
    rows, columns = len(table.attackers), len(table.defenders)
    step = _step(rows, columns, max_shown)
    shown = digits_for(table.objective) if digits is None else digits
    cells: tuple[tuple[str, ...], ...]
    if fractions and table.exact:
        picked = (table.values[i][::step] for i in range(0, rows, step))
        cells = tuple(tuple(str(Fraction(v)) for v in row) for row in picked)
    else:
        floats = table.as_array()[::step, ::step].tolist()
        cells = tuple(tuple(format_number(v, shown) for v in row) for row in floats)
    heading = f"{table.objective.description} (rows A attacking, columns D defending armies)"
    grid = coloured_grid(table, cells, step=step, colour_by=shade_by, mark=mark)
    return f'{STYLE}<div class="strategy"><p><b>{html.escape(heading)}</b></p>{grid}</div>'


def odds_html(odds: BattleOdds, *, fractions: bool = False) -> str:
    """One classic battle: its headline numbers and its final states as bars."""
    states = len(odds.final_states)
    chart = (
        bar_chart_svg(odds.final_states)
        if states <= MAX_BARS
        else f'<p class="strategy-note">{states:,} final states; to_pandas() lists them</p>'
    )
    dropped = (
        f'<p class="strategy-note">float odds: {odds.dropped_mass:.3g} of the probability '
        "dropped below the push's tolerance</p>"
        if odds.dropped_mass
        else ""
    )
    return (
        f'{STYLE}<div class="strategy"><p><b>Battle {odds.attackers} v {odds.defenders}</b>: '
        f"{html.escape(play_text(odds))}<br>"
        f"rules: {html.escape(odds.rules.describe())}</p>"
        f"{odds_table(odds, fractions=fractions, limit=None)}{dropped}{chart}</div>"
    )


def _number(value: Value, fractions: bool) -> str:
    if fractions and isinstance(value, Fraction):
        return f"{float(value):.6f} = {value}"
    return f"{float(value):.6f}"


def optimal_odds_html(odds: OptimalOdds, *, fractions: bool = False) -> str:
    """One battle under optimal play: its value and both sides' first choices."""
    cell = describe_cell(odds.play, odds.rules, odds.choice, odds.attackers, odds.defenders)
    rows = [
        (odds.objective.description, _number(odds.value, fractions)),
        ("attacker", cell.attacker),
        ("defender", cell.defender),
    ]
    if cell.by_roll:
        rows.append(("defender, roll by roll", by_roll_text(cell.by_roll)))
    body = "".join(
        f"<tr><th>{html.escape(name)}</th><td>{html.escape(text)}</td></tr>" for name, text in rows
    )
    return (
        f'{STYLE}<div class="strategy"><p><b>Battle {odds.attackers} v {odds.defenders}</b>: '
        f"{html.escape(play_text(odds))}<br>rules: {html.escape(odds.rules.describe())}</p>"
        f"<table>{body}</table></div>"
    )


def matrix_html(
    matrix: StrategyMatrix, *, mark: tuple[int, int] | None = None, max_shown: int = MAX_SHOWN
) -> str:
    """The strategy matrix: a code per state, coloured by the value of optimal play, with
    the colour key and the legend of the codes."""
    table = matrix.table
    step = _step(len(table.attackers), len(table.defenders), max_shown)
    codes = tuple(tuple(cell.code for cell in row[::step]) for row in matrix.cells[::step])
    legend = "".join(
        f"<dt><code>{html.escape(code)}</code></dt><dd>{html.escape(meaning)}</dd>"
        for code, meaning in matrix.legend
    )
    grid = coloured_grid(table, codes, step=step, mark=mark)
    return f'{STYLE}<div class="strategy">{grid}<dl class="legend">{legend}</dl></div>'


def chain_html(chain: ChainOdds, *, fractions: bool = False, listed: int = 20) -> str:
    """An attack chain: P(taking each territory), then its most likely ends."""
    taken = "".join(
        f"<tr><td>{i}</td><td>{d}</td><td>{html.escape(_number(p, fractions))}</td></tr>"
        for i, (d, p) in enumerate(
            zip(chain.defenders, chain.capture_probabilities, strict=True), start=1
        )
    )
    likely = sorted(chain.outcomes, key=lambda o: -float(o.probability))[:listed]
    ends = "".join(
        f"<tr><td>{o.captured}</td><td>{o.armies}</td><td>{o.defenders}</td>"
        f"<td>{chain.armies_left(o)}</td><td>{html.escape(_number(o.probability, fractions))}"
        "</td></tr>"
        for o in likely
    )
    path = ", ".join(map(str, chain.defenders))
    return (
        f'{STYLE}<div class="strategy"><p><b>Attack chain</b>: {chain.attackers} armies '
        f"against {path}, {chain.leave} left in each territory taken</p>"
        "<table><tr><th>territory</th><th>defenders</th><th>P(taken)</th></tr>"
        f"{taken}</table><p>The {len(likely)} most likely of {len(chain.outcomes)} ends:</p>"
        "<table><tr><th>taken</th><th>armies</th><th>next defenders</th><th>armies left</th>"
        f"<th>probability</th></tr>{ends}</table></div>"
    )


class Html(str):
    """HTML text that Jupyter displays as HTML (its plain-text view is one short line)."""

    def __repr__(self) -> str:
        return f"<HTML, {len(self):,} characters: display it in a notebook>"

    def _repr_html_(self) -> str:
        return str(self)


def show(result: Any, **options: Any) -> Html:
    """``result`` displayed with options, say ``fractions=True`` or, for a table,
    ``shade_by=`` another table: the object Jupyter shows for it.

    >>> from strategy.risk.battle import battle_odds
    >>> ["5/12" in show(battle_odds(2, 1), fractions=exact) for exact in (False, True)]
    [False, True]
    """
    renderers: dict[type, Callable[..., str]] = {
        BattleTable: table_html,
        BattleOdds: odds_html,
        OptimalOdds: optimal_odds_html,
        StrategyMatrix: matrix_html,
        ChainOdds: chain_html,
    }
    for kind, render in renderers.items():
        if isinstance(result, kind):
            return Html(render(result, **options))
    raise ValueError(f"show() knows the toolkit's Risk results, not {type(result).__name__}")

"""Risk results in Jupyter: seed 000's coloured grids with a colour key, and summaries.

The results' ``_repr_html_`` methods call into this module, so a notebook shows a table as
seed 000 did, green where the attacker is favoured and red where the defender is, with a
key that says what the colours mean. Cells are coloured by the value they show unless
another table is given to colour by (seed 000 shows expected armies and colours by
P(capture)). Numbers are decimals; :func:`show` gives exact fractions when asked.

>>> from strategy.risk.classic import battle_table
>>> page = table_html(battle_table(20, 20, exact=False))
>>> page.count("<td"), "colour key" in page
(400, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from strategy.present.grids import KEY_STYLE, coloured_grid, digits_for, play_text, sample_step
from strategy.present.render import format_number
from strategy.present.report import bar_chart_svg, odds_table
from strategy.risk.paths import ChainOdds
from strategy.risk.play.cells import by_roll_text, describe_cell
from strategy.risk.play.matrices import StrategyMatrix
from strategy.risk.results import BattleOdds, Value
from strategy.risk.tables import BattleTable

#: Rows and columns of a grid shown in a notebook; a larger table shows every k-th.
MAX_SHOWN = 60
#: Final states drawn as bars; a longer battle lists its count instead.
MAX_BARS = 60
STYLE = (
    "<style>.strategy table.grid td,.strategy table.grid th{padding:1px 5px;text-align:right;"
    "font-variant-numeric:tabular-nums}.strategy table.grid td{color:#000}"
    ".strategy td.mark{outline:2px solid #1a4fd6;outline-offset:-2px;font-weight:bold}"
    f"{KEY_STYLE}"
    ".strategy dl.legend{display:grid;grid-template-columns:max-content auto;gap:2px 12px}"
    ".strategy dl.legend dd{margin:0}</style>"
)


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
    step = sample_step(rows, columns, max_shown)
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
    """One battle: its headline numbers and its final states as bars; under optimal play
    (no final states computed) :func:`optimal_odds_html`."""
    if odds.solved is not None:
        return optimal_odds_html(odds, fractions=fractions)
    states = len(odds.final_states)
    chart = (
        bar_chart_svg(odds.final_states, spent=odds.rules.offset)
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


def optimal_odds_html(odds: BattleOdds, *, fractions: bool = False) -> str:
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
    step = sample_step(len(table.attackers), len(table.defenders), max_shown)
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

    >>> from strategy.risk.classic import battle_odds
    >>> ["5/12" in show(battle_odds(2, 1), fractions=exact) for exact in (False, True)]
    [False, True]
    """
    renderers: dict[type, Callable[..., str]] = {
        BattleTable: table_html,
        BattleOdds: odds_html,
        StrategyMatrix: matrix_html,
        ChainOdds: chain_html,
    }
    for kind, render in renderers.items():
        if isinstance(result, kind):
            return Html(render(result, **options))
    raise ValueError(f"show() knows the toolkit's Risk results, not {type(result).__name__}")

"""A one-page HTML report of a battle: its odds, its outcomes as a bar chart, the table.

The page is self-contained: inline CSS and an inline SVG chart, no script and no
request to any network, so it opens from a file anywhere and prints as it shows.

>>> from strategy.risk.classic import battle_odds
>>> page = report_html(battle_odds(3, 1), [])
>>> page.startswith("<!DOCTYPE html>") and "<svg" in page and "<script" not in page
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from strategy.present.render import Grid, html_table, shade_rgb
from strategy.risk.choices import choice_rule
from strategy.risk.outcomes import FinalStates, cumulative
from strategy.risk.play.strategy_matrix import StrategyMatrix
from strategy.risk.results import BattleOdds, Value

STYLE = """
body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
h1{font-size:1.5em;margin-bottom:4px}h2{font-size:1.15em;margin-top:28px}
.rules{color:#555;margin-top:0}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
td,th{padding:2px 6px;text-align:right;border:1px solid #ccc}
th{background:#f4f4f4}
caption{caption-side:bottom;text-align:left;padding-top:6px;color:#555}
table.odds td:first-child,table.odds th:first-child,table.odds th:last-child{text-align:left}
table.odds td.exact{font-family:monospace;font-size:.85em;color:#555;text-align:left}
table.grid{font-size:.8em}
table.grid td.mark{outline:3px solid #1a4fd6;outline-offset:-2px;font-weight:bold}
dl.legend{font-size:.85em;display:grid;grid-template-columns:max-content auto;gap:2px 12px}
dl.legend dt{font-family:monospace;font-weight:bold}dl.legend dd{margin:0}
svg text{font-family:system-ui,sans-serif}
"""


@dataclass(frozen=True)
class Section:
    """One titled part of the report: a heading, a sentence and some HTML."""

    title: str
    intro: str
    body: str


def _probability_text(value: float) -> str:
    return f"{value:.6f}"


def odds_table(
    odds: BattleOdds,
    more: Sequence[tuple[str, Value]] = (),
    *,
    fractions: bool = True,
    limit: int | None = 60,
) -> str:
    """The battle's headline numbers, then ``more`` rows, decimal and, with ``fractions``,
    exact values as fractions (cut in the middle beyond ``limit`` characters)."""
    rows = [
        ("P(attacker captures)", odds.win_probability),
        ("expected attackers left", odds.expected_attacker_left),
        ("expected defenders left", odds.expected_defender_left),
        ("expected signed outcome", odds.expected_signed),
        *more,
    ]
    cells = []
    for label, value in rows:
        exact = ""
        if fractions:
            text = f"{value.numerator}/{value.denominator}" if not isinstance(value, float) else ""
            shown = text if limit is None else _shorten(text, limit)
            exact = f'<td class="exact">{html.escape(shown)}</td>'
        cells.append(f"<tr><td>{label}</td><td>{_probability_text(float(value))}</td>{exact}</tr>")
    head = f"<tr><th>quantity</th><th>value</th>{'<th>exact</th>' * fractions}</tr>"
    return f'<table class="odds">{head}{"".join(cells)}</table>'


def _shorten(text: str, limit: int = 60) -> str:
    """Long fractions cut in the middle, so the table stays readable; the JSON has them all."""
    return text if len(text) <= limit else text[: limit // 2] + "…" + text[-limit // 2 :]


def bar_chart_svg(final_states: FinalStates, *, width: int = 720, height: int = 260) -> str:
    """The final-state distribution as bars: the defender's best end on the left, the
    attacker's best on the right, red where the defender holds and green where it falls.

    >>> svg = bar_chart_svg([(2, 0, 0.25), (1, 1, 0.75)])
    >>> svg.count("<rect"), "0.750" in svg
    (2, True)
    """
    states = sorted(final_states, key=lambda s: (s[1] == 0, s[0] if s[1] == 0 else -s[1]))
    left, bottom, top = 48, 40, 20
    plot_w, plot_h = width - left - 10, height - bottom - top
    highest = max(float(p) for _, _, p in states) or 1.0
    slot = plot_w / len(states)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="final-state distribution">',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - 10}" y2="{top + plot_h}" '
        'stroke="#888"/>',
    ]
    for tick in range(5):
        value = highest * tick / 4
        y = top + plot_h - plot_h * tick / 4
        parts.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="10" text-anchor="end">'
            f"{value:.3f}</text>"
        )
    for i, (a, d, p) in enumerate(states):
        h = plot_h * float(p) / highest
        x = left + i * slot + slot * 0.15
        r, g, b = shade_rgb(0.9 if d == 0 else 0.1)
        label = f"A={a}" if d == 0 else f"D={d}"
        centre = x + slot * 0.35
        parts.append(
            f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{slot * 0.7:.1f}" '
            f'height="{h:.1f}" fill="rgb({r},{g},{b})" stroke="#555">'
            f"<title>{label}: {float(p):.6f}</title></rect>"
        )
        parts.append(
            f'<text x="{centre:.1f}" y="{top + plot_h + 14}" font-size="10" '
            f'text-anchor="middle">{label}</text>'
        )
        if len(states) <= 24:
            parts.append(
                f'<text x="{centre:.1f}" y="{top + plot_h - h - 3:.1f}" font-size="9" '
                f'text-anchor="middle">{float(p):.3f}</text>'
            )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" font-size="11" '
        'text-anchor="middle">held with D defenders left (red) · captured with A armies '
        "left (green)</text></svg>"
    )
    return "\n".join(parts)


def tails_table(final_states: FinalStates) -> str:
    """P(capture with at least K left) and P(defender down to at most K), side by side."""
    tails = cumulative(final_states)
    rows = max(len(tails.attacker), len(tails.defender))
    cells = []
    for i in range(rows):
        row = ""
        for side in (tails.attacker, tails.defender):
            if i < len(side):
                k, p = side[i]
                r, g, b = shade_rgb(float(p))
                row += (
                    f'<td>{k}</td><td style="background-color:#{r:02x}{g:02x}{b:02x}">'
                    f"{_probability_text(float(p))}</td>"
                )
            else:
                row += "<td></td><td></td>"
        cells.append(f"<tr>{row}</tr>")
    head = (
        "<tr><th>K</th><th>P(capture with ≥ K left)</th>"
        "<th>K</th><th>P(defender down to ≤ K)</th></tr>"
    )
    return f'<table class="tails">{head}{"".join(cells)}</table>'


def strategy_section(matrix: StrategyMatrix, *, mark: tuple[int, int] | None = None) -> Section:
    """The defender's strategy matrix (seed 003's *strategieverdedigingsmatrix*): a code
    per state, shaded by the value of optimal play when it is a probability, and its legend.

    >>> from strategy.risk.optimal import optimal_table
    >>> from strategy.risk.play.strategy_matrix import strategy_matrix
    >>> section = strategy_section(strategy_matrix(optimal_table(4, 3, choice="sees-roll")))
    >>> "2&lt;44" in section.body and "<dl" in section.body
    True
    """
    table = matrix.table
    grid = Grid(
        title="",
        row_name="A",
        column_name="D",
        rows=table.attackers,
        columns=table.defenders,
        cells=tuple(tuple(cell.code for cell in row) for row in matrix.cells),
        shades=tuple(tuple(row) for row in table.as_floats())
        if table.objective.is_probability
        else None,
        caption=f"rules: {table.rules.describe()}",
    )
    legend = "".join(
        f"<dt>{html.escape(code)}</dt><dd>{html.escape(meaning)}</dd>"
        for code, meaning in matrix.legend
    )
    rule = choice_rule(table.choice)
    intro = (
        f"Optimal play when {rule.summary} (choice {rule.name}), each side playing for the "
        f"{table.objective.description}: what the defender rolls at each state."
    )
    return Section(
        "The defender's strategy matrix",
        intro,
        f'{html_table(grid, mark=mark)}\n<dl class="legend">{legend}</dl>',
    )


def report_html(
    odds: BattleOdds,
    grids: Sequence[tuple[str, Grid]],
    *,
    more: Sequence[tuple[str, Value]] = (),
    extra: Sequence[Section] = (),
    how: str = "Both sides always roll the most dice they may.",
) -> str:
    """The whole page: the battle's odds (and ``more`` of its numbers), its chart and tails,
    then each titled grid (the colour-coded table…), with the battle's cell outlined, and
    any extra sections; ``how`` says how the battle is fought."""
    battle = f"{odds.attackers} v {odds.defenders}"
    start = (odds.attackers, odds.defenders)
    sections = [
        Section(f"Battle {battle}", how, odds_table(odds, more)),
        Section(
            "Where the battle ends",
            "Probability of each final state.",
            bar_chart_svg(odds.final_states),
        ),
        Section(
            "Armies left",
            "Capturing with at least K armies left; wearing the defender down to at most K.",
            tails_table(odds.final_states),
        ),
        *(Section(title, grid.title, html_table(grid, mark=start)) for title, grid in grids),
        *extra,
    ]
    body = "\n".join(
        f"<section><h2>{html.escape(s.title)}</h2><p>{html.escape(s.intro)}</p>\n{s.body}</section>"
        for s in sections
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Risk battle report: {battle}</title><style>{STYLE}</style></head>\n"
        f"<body><h1>Risk battle report: {battle}</h1>\n"
        f'<p class="rules">rules: {html.escape(odds.rules.describe())}</p>\n{body}\n'
        "</body></html>\n"
    )

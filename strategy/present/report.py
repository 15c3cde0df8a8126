"""A one-page HTML report of a battle: its odds, its outcomes as a bar chart, the table.

The page is self-contained: inline CSS and an inline SVG chart, no script and no
request to any network, so it opens from a file anywhere and prints as it shows. Every
section says which battle it describes (the classic battle, or optimal play under a choice
rule), and every coloured table is coloured by the values it shows, with a colour key.

>>> from strategy.risk.classic import battle_odds
>>> sections = battle_sections(battle_odds(3, 1), "the classic battle")
>>> page = report_html(3, 1, battle_odds(3, 1).rules, sections)
>>> page.startswith("<!DOCTYPE html>") and "<svg" in page and "<script" not in page
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from strategy.engine.shades import shade_rgb
from strategy.present.grids import KEY_STYLE, Scale, coloured_grid, play_text
from strategy.risk.outcomes import FinalStates, cumulative
from strategy.risk.play.matrices import StrategyMatrix
from strategy.risk.results import BattleOdds, Value
from strategy.risk.rules import Rules
from strategy.risk.tables import BattleTable

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
.note{color:#555}table.odds td.move{text-align:left}
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


def bar_chart_svg(
    final_states: FinalStates, *, spent: int | None = None, width: int = 720, height: int = 260
) -> str:
    """The final-state distribution as bars: the defender's best end on the left, the
    attacker's best on the right, red where the defender holds, white where the attacker
    stopped with more than ``spent`` armies (those it cannot attack with), green where the
    territory falls.

    >>> svg = bar_chart_svg([(2, 0, 0.25), (1, 1, 0.5), (3, 2, 0.25)], spent=1)
    >>> svg.count("<rect"), "0.500" in svg, "<title>stopped at 3v2" in svg
    (3, True, True)
    """

    def stopped(a: int, d: int) -> bool:
        return d > 0 and spent is not None and a > spent

    states = sorted(
        final_states,
        key=lambda s: (s[1] == 0, stopped(s[0], s[1]), s[0] if s[1] == 0 else -s[1], s[0]),
    )
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
        r, g, b = shade_rgb(0.9 if d == 0 else 0.5 if stopped(a, d) else 0.1)
        label = f"A={a}" if d == 0 else f"{a}v{d}" if stopped(a, d) else f"D={d}"
        title = f"stopped at {label}" if stopped(a, d) else label
        centre = x + slot * 0.35
        parts.append(
            f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{slot * 0.7:.1f}" '
            f'height="{h:.1f}" fill="rgb({r},{g},{b})" stroke="#555">'
            f"<title>{title}: {float(p):.6f}</title></rect>"
        )
        # Below about 26 pixels a bar, labels would overlap: label every k-th bar.
        if i % max(1, round(26 / slot)) == 0:
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
        'text-anchor="middle">held with D defenders left (red) · stopped at A v D (white) · '
        "captured with A armies left (green)</text></svg>"
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
    key = Scale("probability", 0.0, 1.0, 0.5).key_html(3)
    return f'<table class="tails">{head}{"".join(cells)}</table>{key}'


def battle_sections(
    odds: BattleOdds,
    how: str,
    more: Sequence[tuple[str, Value]] = (),
    moves: Sequence[tuple[str, str]] = (),
) -> list[Section]:
    """The battle's numbers (and ``more`` of them, and the sides' first ``moves``), where it
    ends and the armies left, each saying ``how`` the battle is played."""
    first = "".join(
        f'<tr><td>{html.escape(who)}</td><td colspan=2 class="move">{html.escape(move)}</td></tr>'
        for who, move in moves
    )
    numbers = odds_table(odds, more).replace("</table>", f"{first}</table>")
    return [
        Section(f"Battle {odds.attackers} v {odds.defenders}", f"{how}.", numbers),
        Section(
            "Where the battle ends",
            f"Probability of each final state: {how}.",
            bar_chart_svg(odds.final_states, spent=odds.rules.offset),
        ),
        Section(
            "Armies left",
            "Capturing with at least K armies left; wearing the defender down to at most K: "
            f"{how}.",
            tails_table(odds.final_states),
        ),
    ]


def value_section(
    attackers: int,
    defenders: int,
    how: str,
    more: Sequence[tuple[str, Value]],
    moves: Sequence[tuple[str, str]],
    why: str,
) -> Section:
    """The battle's value and first moves alone, when its final states are not computed
    (``why`` says so)."""
    rows = [(label, f"{float(value):.6f}") for label, value in more] + list(moves)
    body = "".join(
        f"<tr><td>{html.escape(label)}</td><td>{html.escape(text)}</td></tr>"
        for label, text in rows
    )
    return Section(
        f"Battle {attackers} v {defenders}",
        f"{how}.",
        f'<table class="odds">{body}</table><p class="note">{html.escape(why)}</p>',
    )


def table_section(
    title: str,
    table: BattleTable,
    cells: tuple[tuple[str, ...], ...],
    mark: tuple[int, int],
    caption: str | None = None,
) -> Section:
    """A table of battles coloured by the values it shows, with its key; ``mark`` outlined;
    ``caption`` (default: how the battles were played, and the rules) below it."""
    return Section(
        title,
        f"{table.objective.description} (rows A attacking, columns D defending armies): "
        f"{play_text(table)}.",
        coloured_grid(table, cells, mark=mark, caption=caption),
    )


def strategy_section(
    matrix: StrategyMatrix,
    *,
    mark: tuple[int, int] | None = None,
    title: str = "The defender's strategy matrix",
) -> Section:
    """The defender's strategy matrix (seed 003's *strategieverdedigingsmatrix*): a code
    per state, coloured by the value of optimal play, with its key and legend.

    >>> from strategy.risk.battle import Battle
    >>> from strategy.risk.optimal import optimal_table
    >>> from strategy.risk.play.matrices import strategy_matrix
    >>> matrix = strategy_matrix(optimal_table(4, 3, Battle.of(choice="sees-roll")))
    >>> section = strategy_section(matrix)
    >>> "2&lt;44" in section.body and "<dl" in section.body and "colour key" in section.body
    True
    """
    table = matrix.table
    codes = tuple(tuple(cell.code for cell in row) for row in matrix.cells)
    legend = "".join(
        f"<dt>{html.escape(code)}</dt><dd>{html.escape(meaning)}</dd>"
        for code, meaning in matrix.legend
    )
    intro = (
        f"What the defender rolls at each state under {play_text(table)}, each side playing "
        f"for the {table.objective.description}."
    )
    return Section(
        title,
        intro,
        f'{coloured_grid(table, codes, mark=mark)}\n<dl class="legend">{legend}</dl>',
    )


def report_html(attackers: int, defenders: int, rules: Rules, sections: Sequence[Section]) -> str:
    """The whole page: a heading for the battle ``attackers`` v ``defenders`` under ``rules``,
    then the sections."""
    battle = f"{attackers} v {defenders}"
    body = "\n".join(
        f"<section><h2>{html.escape(s.title)}</h2><p>{html.escape(s.intro)}</p>\n{s.body}</section>"
        for s in sections
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Risk battle report: {battle}</title><style>{STYLE}{KEY_STYLE}</style></head>\n"
        f"<body><h1>Risk battle report: {battle}</h1>\n"
        f'<p class="rules">rules: {html.escape(rules.describe())}</p>\n{body}\n'
        "</body></html>\n"
    )

"""Optimal play: what each timing rule is worth, the defender's strategy matrix when it sees
the attacker's roll, and where the attacker should stop under ``balance:T``.

>>> stop_ranges([False, True, True, False, True])
'2--3, 5'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from strategy.paper.common import Section
from strategy.paper.figures import Panel, data_csv, heatmaps
from strategy.paper.latex import decimal, tabular
from strategy.risk.battle import Battle
from strategy.risk.choices import CHOICE_RULES, Choice
from strategy.risk.objectives import Objective
from strategy.risk.optimal import optimal_table
from strategy.risk.play.matrices import strategy_matrix

STATES = ((3, 2), (5, 3), (5, 5), (10, 5), (10, 10), (20, 20), (30, 30))
CHOICES: tuple[Choice, ...] = ("max", "announce", "respond", "sees-roll")
#: The extent of the defender's strategy matrix.
MATRIX_ATTACKERS = 20
MATRIX_DEFENDERS = 12
SIZE = 30


def timing_section() -> tuple[dict[str, str], dict[str, str], list[Panel]]:
    """P(capture) under each timing rule at a few states, and the cost of ``sees-roll``."""
    tables = {c: optimal_table(SIZE, SIZE, Battle.of(choice=c), exact=True) for c in CHOICES}
    rows = [
        [f"{a} v {d}", *(decimal(tables[c].value(a, d), 3) for c in CHOICES)] for a, d in STATES
    ]
    text = tabular(["$n$ v $m$", *CHOICES], rows, "l" + "r" * len(CHOICES))
    editions = tabular(
        ["rule", "who knows what", "editions"],
        [[c, CHOICE_RULES[c].summary, CHOICE_RULES[c].editions] for c in CHOICES],
        "lp{4.2cm}p{7.2cm}",
    )
    base = tables["max"]
    cost = [
        [float(tables["sees-roll"].value(a, d) - base.value(a, d)) for d in base.defenders]
        for a in base.attackers
    ]
    worst = min((v, a, d) for a, row in enumerate(cost, 1) for d, v in enumerate(row, 1))
    same = [c for c in CHOICES[1:] if tables[c].values == base.values]
    numbers = {
        "TimingSameAsMax": ", ".join(f"\\texttt{{{c}}}" for c in same) or "none",
        "SeesTenTen": decimal(tables["sees-roll"].value(10, 10), 3),
        "MaxTenTen": decimal(base.value(10, 10), 3),
        "SeesWorstCost": decimal(-worst[0], 3),
        "SeesWorstCell": f"{worst[1]} v {worst[2]}",
    }
    panel = Panel("sees-roll minus max", tuple(tuple(r) for r in cost), "difference")
    return {"timing.tex": text, "editions.tex": editions}, numbers, [panel]


def code_text(code: str) -> str:
    """A strategy code in typewriter type; ``<`` would print as an inverted mark otherwise.

    >>> code_text("2<44")
    '\\\\texttt{2\\\\textless{}44}'
    """
    return "\\texttt{" + code.replace("<", "\\textless{}") + "}"


def defender_matrix() -> tuple[str, str]:
    """Seed 003's strategy matrix under ``sees-roll``: a short code per state, and its legend."""
    table = optimal_table(
        MATRIX_ATTACKERS, MATRIX_DEFENDERS, Battle.of(choice="sees-roll"), exact=True
    )
    matrix = strategy_matrix(table)
    rows = [
        [str(a), *(code_text(cell.code) for cell in cells)]
        for a, cells in zip(table.attackers, matrix.cells, strict=True)
        if a > 1
    ]
    codes = tabular(
        ["$n \\backslash m$", *(str(d) for d in table.defenders)],
        rows,
        "r|" + "c" * len(table.defenders),
        comment="strategy.risk.play.matrices under sees-roll, objective capture",
    )
    legend = tabular(
        ["code", "meaning"],
        [[code_text(code), meaning] for code, meaning in matrix.legend],
        "lp{12cm}",
    )
    return codes, legend


def stop_ranges(stops: Sequence[bool]) -> str:
    """Runs of attacker counts (index 0 is n = 1) at which stopping is the only best move."""
    runs: list[str] = []
    start = None
    for n, stop in enumerate([*stops, False], start=1):
        if stop and start is None:
            start = n
        elif not stop and start is not None:
            runs.append(str(start) if start == n - 1 else f"{start}--{n - 1}")
            start = None
    return ", ".join(runs) or "never"


def stopping_table(targets: Sequence[int] = (0, 1, 2, 3, 5, 10), defenders: int = 8) -> str:
    """Under ``balance:T``, the attacker counts n (2..30) at which the attacker stops."""
    rows = []
    for choice in ("max", "sees-roll"):
        for target in targets:
            table = optimal_table(
                SIZE,
                defenders,
                Battle.of(objective=Objective("balance", target), choice=choice),
                exact=True,
            )
            cells = [
                stop_ranges([n > 1 and table.play(n, d).stops for n in table.attackers])
                for d in table.defenders
            ]
            rows.append([choice, str(target), *cells])
    header = ["rule", "$T$", *(f"$m={d}$" for d in range(1, defenders + 1))]
    return tabular(header, rows, "lr" + "l" * defenders, comment="stop cells, n in 2..30")


def optimal_sections(directory: Path) -> Section:
    """The optimal-play tables, numbers and the timing-difference figure."""
    files, numbers, panels = timing_section()
    files["strategy_matrix.tex"], files["strategy_legend.tex"] = defender_matrix()
    files["stopping.tex"] = stopping_table()
    heatmaps(directory / "fig_timing.pdf", panels)
    files["fig_timing.csv"] = data_csv(panels[0])
    return Section(files, numbers)

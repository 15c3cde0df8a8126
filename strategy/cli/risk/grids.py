"""How the Risk grid commands (``table``, ``strategy``, ``report``) turn a table into text,
CSV, LaTeX or HTML: one home for the grid, its shading, caption and terminal fitting."""

from __future__ import annotations

import argparse
import shutil
import sys
from typing import TYPE_CHECKING

from strategy.cli.common import add_colour_option, colour_wanted, write_text
from strategy.engine.numbers import fraction_text

if TYPE_CHECKING:
    from strategy.present.render import Grid
    from strategy.risk.battle import Battle
    from strategy.risk.resolution import Resolution
    from strategy.risk.tables import BattleTable

#: Each grid format but text, and the :mod:`strategy.present.render` function writing it.
GRID_WRITERS = {"csv": "to_csv", "latex": "to_latex", "html": "to_html"}
#: Every format a grid command writes: text, JSON, then the grid writers.
GRID_FORMATS = ("text", "json", *GRID_WRITERS)
#: Decimals shown by default: odds to 3 places, army counts to 1 place as in seed 000.
DIGITS = {
    "capture": 3,
    "keep": 3,
    "signed": 1,
    "balance": 1,
    "attacker-left": 1,
    "defender-left": 1,
}


def add_grid_options(parser: argparse.ArgumentParser) -> None:
    """``--color`` and ``--compact``: how every grid command shows its grid (the sizes,
    ``--attackers`` and ``--defenders``, are the capability's: read them with
    :func:`grid_size`)."""
    add_colour_option(parser)
    parser.add_argument(
        "--compact",
        action="store_true",
        help="fit the text table to the terminal (COLUMNS or 80 when piped): cells rounded "
        "and, if still too wide, every k-th row and column",
    )


def grid_size(args: argparse.Namespace) -> bool:
    """Fill in the default ``--attackers`` and ``--defenders``; whether neither was given,
    so that a text table may be fitted to the terminal."""
    from strategy.risk.requests.grids import DEFAULT_SIZE

    chosen = args.max_attackers is not None or args.max_defenders is not None
    args.max_attackers = args.max_attackers or DEFAULT_SIZE
    args.max_defenders = args.max_defenders or DEFAULT_SIZE
    return not chosen


def compute_table(
    attackers: int,
    defenders: int,
    battle: Battle,
    *,
    exact: bool,
    blitz: Resolution | None = None,
) -> BattleTable:
    """The library's table of the battle (resolved as ``blitz``, if given), with a
    progress bar on a terminal."""
    from dataclasses import replace

    fought = battle if blitz is None else replace(battle, resolution=blitz)
    return fought_table(attackers, defenders, fought, exact=exact)


def fought_table(attackers: int, defenders: int, battle: Battle, *, exact: bool) -> BattleTable:
    """The library's table of the battle as its resolution fights it, with a progress bar
    on a terminal."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk import api

    label = "table" if battle.classic or not battle.plain else "optimal table"
    with ProgressBar(label) as progress:
        return api.table(attackers, defenders, battle, exact=exact, progress=progress)


def terminal_width(args: argparse.Namespace) -> int | None:
    """The width text output should fit: the terminal's, and with ``--compact`` also
    ``COLUMNS`` or 80 in a file or pipe (``None``: print the table whole, without a hint)."""
    if (args.out is None and sys.stdout.isatty()) or args.compact:
        return shutil.get_terminal_size().columns
    return None


def write_grid(
    args: argparse.Namespace, grid: Grid, *, sampled: int = 1, fit: bool = False
) -> None:
    """Write a grid as text (fitted to the terminal under ``--compact``, or with ``fit`` when
    nobody asked its size; coloured when asked), CSV, LaTeX or HTML; ``sampled`` says the
    grid already shows one row and column in that many."""
    from strategy.present import render

    if args.format == "text":
        text = render.to_terminal(
            grid,
            colour=colour_wanted(args),
            width=terminal_width(args),
            compact_view=args.compact,
            sampled=sampled,
            fit=fit,
        )
        write_text(args, text)
    else:
        write_text(args, getattr(render, GRID_WRITERS[args.format])(grid))


def capture_shades(
    table: BattleTable, step: int = 1, blitz: Resolution | None = None
) -> tuple[tuple[float, ...], ...]:
    """P(capture) in the same battle and blitz, as seed 000 shades, at every ``step``-th
    row and column."""
    from dataclasses import replace

    from strategy.risk.objectives import CAPTURE

    if table.objective.kind == "capture":
        capture = table
    else:
        battle = replace(table.battle, objective=CAPTURE)
        rows, columns = len(table.attackers), len(table.defenders)
        capture = compute_table(rows, columns, battle, exact=False, blitz=blitz)
    return tuple(map(tuple, capture.as_array()[::step, ::step].tolist()))


def caption(table: BattleTable, asked: bool, blitz: Resolution | None = None) -> str:
    """The rules, the blitz and, for optimal play (``asked``), the choice rule and whether
    the attacker may stop."""
    text = f"rules: {table.rules.describe()}"
    if blitz is not None and not blitz.plain:
        text += f"; {blitz.describe()}"
    if asked:
        battle = table.battle
        stop = "the attacker may stop" if battle.allow_stop else "no stopping"
        text += f"; optimal play, {battle.choice}: {battle.choice.summary}; {stop}"
    return text


def table_grid(
    table: BattleTable,
    metric: str,
    digits: int | None,
    full: bool,
    asked: bool = False,
    step: int = 1,
    blitz: Resolution | None = None,
) -> Grid:
    """The table of ``metric`` as a renderable grid, shaded by P(capture) as seed 000 shades.

    ``full`` keeps every digit (exact fractions when the table is exact), for CSV; ``asked``
    says the battle is one of optimal play (the caption says how), ``blitz`` how it is
    blitzed; ``step`` keeps every ``step``-th row and column only.
    """
    from strategy.engine.numbers import decimal_text
    from strategy.present.render import Grid, format_number

    shown = DIGITS[metric.partition(":")[0]] if digits is None else digits
    cells: tuple[tuple[str, ...], ...]
    if table.exact:
        # Every digit shown is exact: decimals come from the fractions, not from floats.
        rows = (table.values[i][::step] for i in range(0, len(table.attackers), step))
        exact_number = fraction_text if full else (lambda v: decimal_text(v, shown))
        cells = tuple(tuple(exact_number(v) for v in row) for row in rows)
    else:
        # Floats from the array: no Python object per cell left out.
        floats: list[list[float]] = table.as_array()[::step, ::step].tolist()
        number = repr if full else (lambda v: format_number(v, shown))
        cells = tuple(tuple(number(v) for v in row) for row in floats)
    return Grid(
        title=f"{table.objective.description} (rows A, columns D)",
        row_name="A",
        column_name="D",
        rows=table.attackers[::step],
        columns=table.defenders[::step],
        cells=cells,
        shades=capture_shades(table, step, blitz),
        caption=caption(table, asked, blitz) + (EXACT_NOTE if table.exact and not full else ""),
    )


#: Where an exact table's fractions are, when the view shows their decimals.
EXACT_NOTE = (
    "\nexact: each decimal is its fraction correctly rounded; the fractions themselves: "
    "--format csv, or --json (values_exact)"
)

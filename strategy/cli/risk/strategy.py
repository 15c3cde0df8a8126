"""``strategy risk strategy``: optimal play at every state, as a matrix of short codes.

Seed 003's *strategieverdedigingsmatrix*, extended: at each ``(A, D)`` the defender's
choice (a compact rule when it sees the attacker's dice), where the attacker should stop,
and both sides' choices when they announce or answer. The text form ends with a legend.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import CliError, add_output_options, write_json
from strategy.cli.risk import answer, capability_parser
from strategy.cli.risk.grids import (
    GRID_FORMATS,
    add_grid_options,
    caption,
    capture_shades,
    grid_size,
    write_grid,
)
from strategy.cli.risk.terms import battle_from_args

if TYPE_CHECKING:
    from strategy.present.render import Grid
    from strategy.risk.play.matrices import StrategyMatrix


ABOUT = (
    "The strategy matrix: at each (A, D), rows A = 1..N attacking armies, "
    "columns D = 1..M defending armies, how both sides play optimally under --choice "
    "and --objective, as short codes explained in a legend."
)
EPILOG = """examples:
  strategy risk strategy 30 30 --choice sees-roll
  strategy risk strategy --choice respond --objective keep:3
  strategy risk strategy --objective balance:2 --format html --out stops.html
  strategy risk strategy --attackers 10 --defenders 10 --choice sees-roll --json"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``strategy`` to the ``risk`` group."""
    parser = capability_parser(commands, "strategy", ABOUT, EPILOG, run)
    add_grid_options(parser)
    add_output_options(parser, GRID_FORMATS)


def run(args: argparse.Namespace) -> int:
    """Solve the battle and write its strategy matrix."""
    fit = grid_size(args)
    battle = battle_from_args(args)
    check_size(args, battle.choice.name)
    _, matrix = answer("strategy", args, "optimal table")
    if args.format == "json":
        write_json(args, matrix.to_json(), indent=None)
        return 0
    grid = matrix_grid(matrix, battle.objective.label)
    if args.format == "text":
        from dataclasses import replace

        legend = "\n".join(f"  {code:<6} {meaning}" for code, meaning in matrix.legend)
        grid = replace(grid, caption=f"{grid.caption}\nlegend:\n{legend}")
    write_grid(args, grid, fit=fit)
    return 0


def check_size(args: argparse.Namespace, choice: str) -> None:
    """Refuse, before any solving, a matrix too large to hold or write: each cell takes
    about 150 bytes, a few characters of text and, in JSON, every response (measured at
    300 x 300 under sees-roll: 2,800 characters and 0.7 ms a cell)."""
    from strategy.cli.risk.table import MAX_OUTPUT_CHARS
    from strategy.engine.resources import human_bytes, require

    cells = args.max_attackers * args.max_defenders
    if args.format == "json":
        per_cell, seconds = (3000, 7e-4) if choice == "sees-roll" else (600, 1.5e-4)
    else:
        per_cell, seconds = (60 if args.format == "html" else 12), 2e-5
    what = f"the {args.max_attackers} x {args.max_defenders} strategy matrix"
    require(what, memory=150 * cells)
    size = cells * per_cell
    if size > MAX_OUTPUT_CHARS:
        raise CliError(
            f"{what} as {args.format} would be about {human_bytes(size)}: ask for fewer "
            "--attackers or --defenders"
        )
    require(what, seconds=seconds * cells)


def matrix_grid(matrix: StrategyMatrix, objective: str) -> Grid:
    """The codes as a renderable grid, shaded by P(capture) under the same play."""
    from strategy.present.render import Grid

    table = matrix.table
    return Grid(
        title=f"optimal play, {table.choice}, objective {objective} (rows A, columns D)",
        row_name="A",
        column_name="D",
        rows=table.attackers,
        columns=table.defenders,
        cells=tuple(tuple(cell.code for cell in row) for row in matrix.cells),
        shades=capture_shades(table),
        caption=caption(table, asked=True),
    )

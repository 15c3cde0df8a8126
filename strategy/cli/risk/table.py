"""``strategy risk table``: a whole grid of battles, coloured like seed 000's table.

Without ``--choice``, ``--objective`` or ``--no-stop`` it is the classic battle. With them
each cell is the value under optimal play; wherever no one has a real choice (both roll the
most dice, and stopping cannot pay: every objective but ``balance``, or ``--no-stop``) that
value is the classic battle's, and the classic kernel computes it.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import CliError, add_output_options, write_json, write_npy
from strategy.cli.declared import request_of
from strategy.cli.options import nonnegative_int
from strategy.cli.risk import answer, capability_parser
from strategy.cli.risk.grids import (
    GRID_FORMATS,
    add_grid_options,
    grid_size,
    table_grid,
    terminal_width,
    write_grid,
)
from strategy.cli.risk.terms import play_asked
from strategy.risk.requests import CAPABILITIES
from strategy.risk.requests.grids import Table, table_battle

if TYPE_CHECKING:
    from strategy.risk.battle import Battle

FORMATS = (*GRID_FORMATS, "npy")
#: Characters a text format may write before the command asks for npy or --compact
#: instead: a 2000 x 2000 float table in JSON fits, a 10,000 x 10,000 one does not.
MAX_OUTPUT_CHARS = 128 * 1024**2
#: Decimals a float table may show, and an exact one.
FLOAT_DIGITS = 15
MAX_DIGITS = 10_000
ABOUT = (
    "A table of battle values, rows A = 1..N attacking armies, columns "
    "D = 1..M defending armies: the classic battle (both sides always roll the most "
    "dice), or optimal play under --choice and --objective."
)
EPILOG = """examples:
  strategy risk table
  strategy risk table 10 10 --count attacking
  strategy risk table --metric signed --format html --out table.html
  strategy risk table --attackers 50 --defenders 50 --exact --json
  strategy risk table --attackers 200 --defenders 200 --compact
  strategy risk table --attackers 10000 --defenders 10000 --format npy --out t.npy
  strategy risk table --choice sees-roll --exact --format csv
  strategy risk table --objective balance:2 --choice sees-roll
  strategy risk table --attackers 60 --defenders 60 --zombie-defender --dice balanced-blitz
  strategy risk table --edition rgd --capital --metric attacker-left --json
  strategy risk table --stop-until 3 --exact --format csv"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``table`` to the ``risk`` group."""
    parser = capability_parser(commands, "table", ABOUT, EPILOG, run)
    add_grid_options(parser)
    parser.add_argument(
        "--digits", type=nonnegative_int, metavar="K", help="decimals shown in text, LaTeX and HTML"
    )
    add_output_options(parser, FORMATS)


def run(args: argparse.Namespace) -> int:
    """Compute the table and write it in the chosen format."""
    fit = grid_size(args)
    if args.format == "npy" and args.out is None:
        raise CliError("--format npy writes a binary file: give it --out FILE.npy")
    check_digits(args.digits, args.exact)
    battle = table_battle(request_of(Table, args))
    blitz = battle.resolution
    compact = args.format == "text" and args.compact
    if args.format != "npy" and not compact:
        check_output_size(args, battle)
    label = "table" if battle.classic or not blitz.plain else "optimal table"
    request, table = answer("table", args, label)
    if args.format == "json":
        write_json(args, CAPABILITIES["table"].json(request, table), indent=None)
    elif args.format == "npy":
        write_npy(args.out, table.as_array())
    else:
        # The compact view shows one cell in several; formatting only those keeps a
        # 10,000 x 10,000 table cheap. It samples further if still too wide.
        width = terminal_width(args)
        step = max(1, args.max_defenders // width) if compact and width else 1
        metric = table.objective.label
        asked = play_asked(args)
        full = args.format == "csv"
        grid = table_grid(table, metric, args.digits, full, asked, step, blitz)
        write_grid(args, grid, sampled=step, fit=fit)
    return 0


def check_digits(digits: int | None, exact: bool) -> None:
    """Refuse ``--digits`` beyond what the values hold: floats carry about 15 significant
    digits, exact values any number (up to ``MAX_DIGITS``, shown exactly)."""
    if digits is None:
        return
    if digits > MAX_DIGITS:
        raise CliError(f"--digits {digits} is more than the {MAX_DIGITS:,} decimals shown at most")
    if digits > FLOAT_DIGITS and not exact:
        raise CliError(
            f"--digits {digits}: floats carry about {FLOAT_DIGITS} significant digits; "
            "add --exact for more, every digit exact"
        )


def check_output_size(args: argparse.Namespace, battle: Battle) -> None:
    """Refuse, before any work, a table too large to write sensibly in a text format, or
    whose exact numbers would take too long to write out."""
    from strategy.engine.numbers import text_seconds
    from strategy.engine.resources import human_bytes, require
    from strategy.risk.classic import check_table_memory, output_chars

    rules = battle.rules
    digits = args.digits or 0
    size = output_chars(
        args.max_attackers, args.max_defenders, rules, args.format, args.exact, digits
    )
    if size <= MAX_OUTPUT_CHARS:
        if args.exact:
            cells = args.max_attackers * args.max_defenders
            # A number's decimal digits are written by a conversion quadratic in their length.
            longest = max(digits, size / max(cells, 1) / 2)
            what = f"writing the exact table as {args.format}"
            require(what, seconds=cells * text_seconds(longest))
        return
    if battle.classic:
        # Pointing to npy is no help when the table cannot be held at all.
        check_table_memory(args.max_attackers, args.max_defenders, rules, exact=args.exact)
    compact = "--compact for a sampled view, or " if args.format == "text" else ""
    raise CliError(
        f"a {args.max_attackers} x {args.max_defenders} table as {args.format} would be about "
        f"{human_bytes(size)}: use {compact}--format npy --out FILE.npy"
    )

"""``strategy risk table``: a whole grid of battles, coloured like seed 000's table."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_output_options,
    fraction_text,
    nonnegative_int,
    positive_int,
    write_json,
    write_text,
)
from strategy.cli.risk_options import add_rule_options, rules_from_args, rules_json

if TYPE_CHECKING:
    from strategy.render import Grid
    from strategy.risk.battle import BattleTable

FORMATS = ("text", "csv", "json", "latex", "html", "npy")
METRICS = ("capture", "signed", "attacker-left", "defender-left")
#: Decimals shown by default: odds to 3 places, army counts to 1 place as in seed 000.
DIGITS = {"capture": 3, "signed": 1, "attacker-left": 1, "defender-left": 1}

EPILOG = """examples:
  strategy risk table
  strategy risk table --attackers 10 --defenders 10 --count attacking
  strategy risk table --metric signed --format html --out table.html
  strategy risk table --attackers 50 --defenders 50 --exact --json"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``table`` to the ``risk`` group."""
    parser = commands.add_parser(
        "table",
        help="a table of battle values: rows are attacking armies, columns defending armies",
        description="A table of the classic battle (both sides always roll the most dice), "
        "rows A = 1..N attacking armies, columns D = 1..M defending armies.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--attackers", type=positive_int, default=20, metavar="N", help="rows A = 1..N (default 20)"
    )
    parser.add_argument(
        "--defenders",
        type=positive_int,
        default=20,
        metavar="M",
        help="columns D = 1..M (default 20)",
    )
    parser.add_argument(
        "--metric",
        choices=METRICS,
        default="capture",
        help="capture: P(attacker captures) (default); signed: seed 000's "
        "expected outcome; attacker-left / defender-left: expected armies left",
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help="compute every cell as an exact fraction (JSON/CSV show them)",
    )
    parser.add_argument(
        "--digits", type=nonnegative_int, metavar="K", help="decimals shown in text, LaTeX and HTML"
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text table (auto: only on a terminal without NO_COLOR)",
    )
    add_rule_options(parser)
    add_output_options(parser, FORMATS)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Compute the table and write it in the chosen format."""
    from strategy.risk.battle import battle_table
    from strategy.risk.objectives import Objective

    if args.format == "npy" and args.out is None:
        raise CliError("--format npy writes a binary file: give it --out FILE.npy")
    rules = rules_from_args(args)
    table = battle_table(
        args.attackers, args.defenders, rules, Objective.parse(args.metric), exact=args.exact
    )
    if args.format == "json":
        write_json(args, table_json(table), indent=None)
    elif args.format == "npy":
        import numpy as np

        try:
            np.save(args.out, np.array(table.as_floats(), dtype=np.float64))
        except OSError as error:
            raise CliError(f"cannot write {args.out}: {error.strerror}") from None
    else:
        from strategy import render

        grid = table_grid(table, args.metric, args.digits, args.format == "csv")
        if args.format == "text":
            colour = args.out is None and render.use_colour(sys.stdout, args.color)
            write_text(args, render.to_text(grid, colour=colour))
        else:
            writer = {"csv": render.to_csv, "latex": render.to_latex, "html": render.to_html}
            write_text(args, writer[args.format](grid))
    return 0


def table_json(table: BattleTable) -> dict[str, Any]:
    """The JSON form: axes, metric, float values and, when exact, ``values_exact``."""
    obj: dict[str, Any] = {
        "attackers": list(table.attackers),
        "defenders": list(table.defenders),
        "metric": table.objective.label,
        "description": table.objective.description,
        "rules": rules_json(table.rules),
        "values": table.as_floats(),
    }
    if table.exact:
        obj["values_exact"] = [[fraction_text(v) for v in row] for row in table.values]
    return obj


def table_grid(table: BattleTable, metric: str, digits: int | None, full: bool) -> Grid:
    """The table as a renderable grid, shaded by P(capture) as seed 000 shades it.

    ``full`` keeps every digit (exact fractions when the table is exact), for CSV.
    """
    from strategy.render import Grid, format_number
    from strategy.risk.battle import battle_table

    shown = DIGITS[metric] if digits is None else digits
    if full:
        cells = tuple(
            tuple(fraction_text(v) if table.exact else repr(float(v)) for v in row)
            for row in table.values
        )
    else:
        cells = tuple(tuple(format_number(float(v), shown) for v in row) for row in table.values)
    capture = (
        table
        if metric == "capture"
        else battle_table(len(table.attackers), len(table.defenders), table.rules, exact=False)
    )
    return Grid(
        title=f"{table.objective.description} (rows A, columns D)",
        row_name="A",
        column_name="D",
        rows=table.attackers,
        columns=table.defenders,
        cells=cells,
        shades=tuple(tuple(row) for row in capture.as_floats()),
        caption=f"rules: {table.rules.describe()}",
    )

"""``strategy risk table``: a whole grid of battles, coloured like seed 000's table.

Without ``--choice``, ``--objective`` or ``--no-stop`` it is the classic battle. With them
each cell is the value under optimal play; wherever no one has a real choice (both roll the
most dice, and stopping cannot pay: every objective but ``balance``, or ``--no-stop``) that
value is the classic battle's, and the classic kernel computes it.
"""

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
from strategy.cli.risk_options import (
    PlayOptions,
    add_play_options,
    add_rule_options,
    play_from_args,
    play_json,
    rules_from_args,
    rules_json,
)

if TYPE_CHECKING:
    from strategy.render import Grid
    from strategy.risk.battle import BattleTable
    from strategy.risk.rules import Rules

FORMATS = ("text", "csv", "json", "latex", "html", "npy")
METRICS = ("capture", "signed", "attacker-left", "defender-left")
#: Decimals shown by default: odds to 3 places, army counts to 1 place as in seed 000.
DIGITS = {
    "capture": 3,
    "keep": 3,
    "signed": 1,
    "balance": 1,
    "attacker-left": 1,
    "defender-left": 1,
}

EPILOG = """examples:
  strategy risk table
  strategy risk table --attackers 10 --defenders 10 --count attacking
  strategy risk table --metric signed --format html --out table.html
  strategy risk table --attackers 50 --defenders 50 --exact --json
  strategy risk table --choice sees-roll --exact --format csv
  strategy risk table --objective balance:2 --choice sees-roll"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``table`` to the ``risk`` group."""
    parser = commands.add_parser(
        "table",
        help="a table of battle values: rows are attacking armies, columns defending armies",
        description="A table of battle values, rows A = 1..N attacking armies, columns "
        "D = 1..M defending armies: the classic battle (both sides always roll the most "
        "dice), or optimal play under --choice and --objective.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_grid_options(parser)
    parser.add_argument(
        "--metric",
        choices=METRICS,
        help="capture: P(attacker captures) (default); signed: seed 000's expected outcome; "
        "attacker-left / defender-left: expected armies left in the battle fought to the end "
        "with the most dice (the same as --objective for capture and signed)",
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help="compute every cell as an exact fraction (JSON/CSV show them)",
    )
    parser.add_argument(
        "--digits", type=nonnegative_int, metavar="K", help="decimals shown in text, LaTeX and HTML"
    )
    add_play_options(parser)
    add_rule_options(parser)
    add_output_options(parser, FORMATS)
    parser.set_defaults(handler=run)


def add_grid_options(parser: argparse.ArgumentParser) -> None:
    """``--attackers``, ``--defenders`` and ``--color``: options of every grid command."""
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
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text table (auto: only on a terminal without NO_COLOR)",
    )


def run(args: argparse.Namespace) -> int:
    """Compute the table and write it in the chosen format."""
    if args.format == "npy" and args.out is None:
        raise CliError("--format npy writes a binary file: give it --out FILE.npy")
    rules = rules_from_args(args)
    play = play_from_args(args, args.metric)
    table = compute_table(args.attackers, args.defenders, rules, play, exact=args.exact)
    if args.format == "json":
        write_json(args, table_json(table, play), indent=None)
    elif args.format == "npy":
        import numpy as np

        try:
            np.save(args.out, np.array(table.as_floats(), dtype=np.float64))
        except OSError as error:
            raise CliError(f"cannot write {args.out}: {error.strerror}") from None
    else:
        grid = table_grid(table, table.objective.label, args.digits, args.format == "csv", play)
        write_grid(args, grid)
    return 0


def compute_table(
    attackers: int, defenders: int, rules: Rules, play: PlayOptions, *, exact: bool
) -> BattleTable:
    """The classic kernel where nobody has a real choice, else the optimal-play table."""
    from strategy.risk.battle import battle_table

    if play.choice == "max" and (not play.allow_stop or play.objective.kind != "balance"):
        return battle_table(attackers, defenders, rules, play.objective, exact=exact)
    return play.table(attackers, defenders, rules, exact=exact)


def write_grid(args: argparse.Namespace, grid: Grid) -> None:
    """Write a grid as text (coloured on a terminal when asked), CSV, LaTeX or HTML."""
    from strategy import render

    if args.format == "text":
        colour = args.out is None and render.use_colour(sys.stdout, args.color)
        write_text(args, render.to_text(grid, colour=colour))
    else:
        writer = {"csv": render.to_csv, "latex": render.to_latex, "html": render.to_html}
        write_text(args, writer[args.format](grid))


def table_json(table: BattleTable, play: PlayOptions) -> dict[str, Any]:
    """The JSON form: axes, metric, float values and, when exact, ``values_exact``."""
    obj: dict[str, Any] = {
        "attackers": list(table.attackers),
        "defenders": list(table.defenders),
        "metric": table.objective.label,
        "description": table.objective.description,
        **play_json(play),
        "rules": rules_json(table.rules),
        "values": table.as_floats(),
    }
    if table.exact:
        obj["values_exact"] = [[fraction_text(v) for v in row] for row in table.values]
    return obj


def capture_shades(
    table: BattleTable, play: PlayOptions | None = None
) -> tuple[tuple[float, ...], ...]:
    """P(capture) under the same play (default: the classic battle), as seed 000 shades."""
    play = play or PlayOptions("max", table.objective, False, False)
    if table.objective.kind == "capture":
        capture = table
    else:
        from dataclasses import replace

        from strategy.risk.battle import CAPTURE

        rows, columns = len(table.attackers), len(table.defenders)
        capture = compute_table(
            rows, columns, table.rules, replace(play, objective=CAPTURE), exact=False
        )
    return tuple(tuple(row) for row in capture.as_floats())


def caption(table: BattleTable, play: PlayOptions | None) -> str:
    """The rules and, for optimal play, the choice rule and whether the attacker may stop."""
    text = f"rules: {table.rules.describe()}"
    if play is not None and play.asked:
        from strategy.risk.choices import choice_rule

        stop = "the attacker may stop" if play.allow_stop else "no stopping"
        text += f"; optimal play, {play.choice}: {choice_rule(play.choice).summary}; {stop}"
    return text


def table_grid(
    table: BattleTable,
    metric: str,
    digits: int | None,
    full: bool,
    play: PlayOptions | None = None,
) -> Grid:
    """The table of ``metric`` as a renderable grid, shaded by P(capture) as seed 000 shades.

    ``full`` keeps every digit (exact fractions when the table is exact), for CSV; ``play``
    says how the battle was played (default: the classic battle).
    """
    from strategy.render import Grid, format_number

    shown = DIGITS[metric.partition(":")[0]] if digits is None else digits
    if full:
        cells = tuple(
            tuple(fraction_text(v) if table.exact else repr(float(v)) for v in row)
            for row in table.values
        )
    else:
        cells = tuple(tuple(format_number(float(v), shown) for v in row) for row in table.values)
    return Grid(
        title=f"{table.objective.description} (rows A, columns D)",
        row_name="A",
        column_name="D",
        rows=table.attackers,
        columns=table.defenders,
        cells=cells,
        shades=capture_shades(table, play),
        caption=caption(table, play),
    )

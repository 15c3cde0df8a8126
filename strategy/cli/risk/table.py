"""``strategy risk table``: a whole grid of battles, coloured like seed 000's table.

Without ``--choice``, ``--objective`` or ``--no-stop`` it is the classic battle. With them
each cell is the value under optimal play; wherever no one has a real choice (both roll the
most dice, and stopping cannot pay: every objective but ``balance``, or ``--no-stop``) that
value is the classic battle's, and the classic kernel computes it.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from math import log10
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_colour_option,
    add_output_options,
    colour_wanted,
    fraction_text,
    nonnegative_int,
    positive_int,
    write_json,
    write_npy,
    write_text,
)
from strategy.cli.risk.options import (
    PlayOptions,
    add_play_options,
    add_rule_options,
    play_from_args,
    play_json,
    rules_from_args,
    rules_json,
)

if TYPE_CHECKING:
    from strategy.present.render import Grid
    from strategy.risk.battle import BattleTable
    from strategy.risk.rules import Rules

FORMATS = ("text", "csv", "json", "latex", "html", "npy")
#: Characters a text format may write before the command asks for npy or --compact
#: instead: a 2000 x 2000 float table in JSON fits, a 10,000 x 10,000 one does not.
MAX_OUTPUT_CHARS = 128 * 1024**2
#: Decimals a float table may show, and an exact one.
FLOAT_DIGITS = 15
MAX_DIGITS = 10_000
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
  strategy risk table --attackers 200 --defenders 200 --compact
  strategy risk table --attackers 10000 --defenders 10000 --format npy --out t.npy
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
    """``--attackers``, ``--defenders``, ``--color`` and ``--compact``: options of every
    grid command."""
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
    add_colour_option(parser)
    parser.add_argument(
        "--compact",
        action="store_true",
        help="fit the text table to the terminal (COLUMNS or 80 when piped): cells rounded "
        "and, if still too wide, every k-th row and column",
    )


def run(args: argparse.Namespace) -> int:
    """Compute the table and write it in the chosen format."""
    if args.format == "npy" and args.out is None:
        raise CliError("--format npy writes a binary file: give it --out FILE.npy")
    check_digits(args.digits, args.exact)
    rules = rules_from_args(args)
    play = play_from_args(args, args.metric)
    compact = args.format == "text" and args.compact
    if args.format != "npy" and not compact:
        check_output_size(args, rules, play)
    table = compute_table(args.attackers, args.defenders, rules, play, exact=args.exact)
    if args.format == "json":
        write_json(args, table_json(table, play), indent=None)
    elif args.format == "npy":
        write_npy(args.out, table.as_array())
    else:
        # The compact view shows one cell in several; formatting only those keeps a
        # 10,000 x 10,000 table cheap. It samples further if still too wide.
        width = terminal_width(args)
        step = max(1, args.defenders // width) if compact and width else 1
        metric = table.objective.label
        grid = table_grid(table, metric, args.digits, args.format == "csv", play, step)
        write_grid(args, grid, sampled=step)
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


def output_chars(
    attackers: int, defenders: int, rules: Rules, fmt: str, exact: bool, digits: int = 0
) -> int:
    """A rough size of the table written in a text format: a float's characters per cell
    (HTML adds a style), or ``digits`` decimals and a few characters more, and in CSV and
    JSON each exact fraction's digits, which grow with the battle's length.

    >>> from strategy.risk.rules import Rules
    >>> output_chars(100, 100, Rules(), "json", exact=False)
    240000
    """
    per_cell = max(24, digits + 8) + (24 if fmt == "html" else 0)
    if exact and fmt in ("csv", "json"):
        # A cell's numerator and denominator have about one roll's digits per army lost,
        # half the table's longest battle on average.
        attacker_digits = rules.attacker_dice * log10(rules.attacker_sides)
        defender_digits = rules.defender_dice * log10(rules.defender_sides)
        per_cell += int((attackers + defenders) * (attacker_digits + defender_digits))
    return attackers * defenders * per_cell


def check_output_size(args: argparse.Namespace, rules: Rules, play: PlayOptions) -> None:
    """Refuse, before any work, a table too large to write sensibly in a text format, or
    whose exact numbers would take too long to write out."""
    from strategy.engine.numbers import text_seconds
    from strategy.engine.resources import human_bytes, require
    from strategy.risk.battle import check_table_memory

    digits = args.digits or 0
    size = output_chars(args.attackers, args.defenders, rules, args.format, args.exact, digits)
    if size <= MAX_OUTPUT_CHARS:
        if args.exact:
            cells = args.attackers * args.defenders
            # A number's decimal digits are written by a conversion quadratic in their length.
            longest = max(digits, size / max(cells, 1) / 2)
            what = f"writing the exact table as {args.format}"
            require(what, seconds=cells * text_seconds(longest))
        return
    if play.classic:
        # Pointing to npy is no help when the table cannot be held at all.
        check_table_memory(args.attackers, args.defenders, rules, exact=args.exact)
    compact = "--compact for a sampled view, or " if args.format == "text" else ""
    raise CliError(
        f"a {args.attackers} x {args.defenders} table as {args.format} would be about "
        f"{human_bytes(size)}: use {compact}--format npy --out FILE.npy"
    )


def compute_table(
    attackers: int, defenders: int, rules: Rules, play: PlayOptions, *, exact: bool
) -> BattleTable:
    """The classic kernel where nobody has a real choice, else the optimal-play table."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.battle import battle_table

    if play.classic:
        with ProgressBar("table") as progress:
            return battle_table(
                attackers, defenders, rules, play.objective, exact=exact, progress=progress
            )
    return play.table(attackers, defenders, rules, exact=exact)


def terminal_width(args: argparse.Namespace) -> int | None:
    """The width text output should fit: the terminal's, and with ``--compact`` also
    ``COLUMNS`` or 80 in a file or pipe (``None``: print the table whole, without a hint)."""
    if (args.out is None and sys.stdout.isatty()) or args.compact:
        return shutil.get_terminal_size().columns
    return None


def write_grid(args: argparse.Namespace, grid: Grid, *, sampled: int = 1) -> None:
    """Write a grid as text (fitted to the terminal under ``--compact``, coloured when
    asked), CSV, LaTeX or HTML; ``sampled`` says the grid already shows one row and column
    in that many."""
    from strategy.present import render

    if args.format == "text":
        text = render.to_terminal(
            grid,
            colour=colour_wanted(args),
            width=terminal_width(args),
            compact_view=args.compact,
            sampled=sampled,
        )
        write_text(args, text)
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
    table: BattleTable, play: PlayOptions | None = None, step: int = 1
) -> tuple[tuple[float, ...], ...]:
    """P(capture) under the same play (default: the classic battle), as seed 000 shades,
    at every ``step``-th row and column."""
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
    return tuple(map(tuple, capture.as_array()[::step, ::step].tolist()))


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
    step: int = 1,
) -> Grid:
    """The table of ``metric`` as a renderable grid, shaded by P(capture) as seed 000 shades.

    ``full`` keeps every digit (exact fractions when the table is exact), for CSV; ``play``
    says how the battle was played (default: the classic battle); ``step`` keeps every
    ``step``-th row and column only.
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
        shades=capture_shades(table, play, step),
        caption=caption(table, play),
    )

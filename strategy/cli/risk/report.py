"""``strategy risk report``: one self-contained HTML page about a battle and its table."""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.common import nonnegative_int, output_file, positive_int, write_text
from strategy.cli.risk.options import (
    add_play_options,
    add_rule_options,
    play_from_args,
    rules_from_args,
)

EPILOG = """examples:
  strategy risk report --out report.html
  strategy risk report 20 15 --attackers 30 --defenders 30 --out report.html
  strategy risk report 5 3 --metric signed --defender-dice 3 --out risiko.html
  strategy risk report --choice respond --out respond.html"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``report`` to the ``risk`` group."""
    parser = commands.add_parser(
        "report",
        help="an HTML page: a battle's odds, its outcomes as a bar chart, the coloured table",
        description="Write one self-contained HTML page (no scripts, no network): the odds "
        "of the battle A v D, its final states as a bar chart, the armies-left tails, "
        "the colour-coded table of battles 1..N v 1..M and the defender's strategy matrix "
        "(for --choice; for sees-roll, seed 003's rule, when the battle is the classic one).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for name, default, what in (
        ("attackers", 10, "armies in the attacking territory of the battle shown"),
        ("defenders", 6, "armies in the defending territory"),
    ):
        parser.add_argument(
            name,
            type=nonnegative_int,
            nargs="?",
            default=default,
            metavar=name[0].upper(),
            help=f"{what} (default {default})",
        )
    for option, dest, metavar, axis in (
        ("--attackers", "rows", "N", "rows A"),
        ("--defenders", "columns", "M", "columns D"),
    ):
        parser.add_argument(
            option,
            dest=dest,
            type=positive_int,
            default=20,
            metavar=metavar,
            help=f"table {axis} = 1..{metavar} (default 20)",
        )
    parser.add_argument(
        "--metric",
        choices=("capture", "signed", "attacker-left", "defender-left"),
        help="what the table shows (default capture), as for 'table'",
    )
    parser.add_argument(
        "--digits", type=nonnegative_int, metavar="K", help="decimals shown in the table"
    )
    add_rule_options(parser)
    add_play_options(parser)
    parser.add_argument("--out", metavar="FILE", type=output_file, help="write to FILE, not stdout")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Compute everything the page shows and write it."""
    from strategy.cli.risk.table import compute_table, table_grid
    from strategy.present.report import report_html, strategy_section
    from strategy.risk.battle import CAPTURE, battle_odds
    from strategy.risk.optimal import OPTIMISED, optimal_odds, optimal_table
    from strategy.risk.play.strategy_matrix import strategy_matrix

    rules = rules_from_args(args)
    play = play_from_args(args, args.metric)
    odds = battle_odds(args.attackers, args.defenders, rules)
    more = []
    if play.asked:
        value = optimal_odds(
            args.attackers,
            args.defenders,
            rules,
            play.objective,
            play.choice,
            allow_stop=play.allow_stop,
            exact=True,
        ).value
        more.append((f"{play.objective.label} under optimal play (choice {play.choice})", value))
    table = compute_table(args.rows, args.columns, rules, play, exact=False)
    grid = table_grid(table, table.objective.label, args.digits, False, play)
    # Under the classic rule the defender has no choice to show: seed 003's rule instead.
    optimal = optimal_table(
        args.rows,
        args.columns,
        rules,
        play.objective if play.objective.kind in OPTIMISED else CAPTURE,
        "sees-roll" if play.choice == "max" else play.choice,
        allow_stop=play.allow_stop,
    )
    matrix = strategy_section(strategy_matrix(optimal), mark=(args.attackers, args.defenders))
    write_text(args, report_html(odds, [("The table", grid)], more=more, extra=[matrix]))
    return 0

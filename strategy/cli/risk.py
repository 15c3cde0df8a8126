"""``strategy risk …``: the Risk command group; each subcommand has its own module."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

SUBCOMMANDS = (
    "strategy.cli.risk_odds",
    "strategy.cli.risk_table",
    "strategy.cli.risk_strategy",
    "strategy.cli.risk_chain",
    "strategy.cli.risk_need",
    "strategy.cli.risk_left",
    "strategy.cli.risk_report",
    "strategy.cli.risk_rule",
    "strategy.cli.risk_simulate",
    "strategy.cli.risk_graph",
)


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``risk`` and its subcommands to the top-level parser."""
    parser = commands.add_parser(
        "risk",
        help="Risk dice battles: odds, tables, optimal play",
        description="Exact odds and optimal play for the dice battle of Risk.",
        epilog="Examples: strategy risk odds 10 6; strategy risk table --attackers 30",
    )
    sub = parser.add_subparsers(dest="risk_command", required=True, metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(name).register(sub)

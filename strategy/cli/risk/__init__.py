"""``strategy risk …``: the Risk command group; each subcommand has its own module."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from strategy.cli.common import add_commands

SUBCOMMANDS = (
    "strategy.cli.risk.odds",
    "strategy.cli.risk.table",
    "strategy.cli.risk.strategy",
    "strategy.cli.risk.chain",
    "strategy.cli.risk.need",
    "strategy.cli.risk.commit",
    "strategy.cli.risk.left",
    "strategy.cli.risk.report",
    "strategy.cli.risk.rule",
    "strategy.cli.risk.simulate",
    "strategy.cli.risk.graph",
    "strategy.cli.risk.plan",
    "strategy.cli.risk.fortify",
)


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``risk`` and its subcommands to the top-level parser."""
    parser = commands.add_parser(
        "risk",
        help="Risk dice battles: odds, tables, optimal play",
        description="Exact odds and optimal play for the dice battle of Risk.",
        epilog="Examples: strategy risk odds 10 6; strategy risk table --attackers 30",
    )
    sub = add_commands(parser, "risk_command")
    for name in SUBCOMMANDS:
        importlib.import_module(name).register(sub)

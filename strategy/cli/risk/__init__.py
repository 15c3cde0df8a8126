"""``strategy risk …``: the Risk command group; each subcommand has its own module."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from strategy.cli.common import (
    add_colour_option,
    add_commands,
    add_output_options,
    add_parser,
    write_json,
    write_text,
)
from strategy.cli.declared import add_request_options, request_of
from strategy.risk.requests import CAPABILITIES

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
    "strategy.cli.risk.export",
    "strategy.cli.risk.plan",
    "strategy.cli.risk.fortify",
)


def register(commands: argparse._SubParsersAction[Any], only: str | None = None) -> None:
    """Add ``risk`` and its subcommands to the top-level parser; given ``only``, one of
    them, only that one (a command line naming it reaches no other; each parser costs
    start-up time)."""
    parser = commands.add_parser(
        "risk",
        help="Risk dice battles: odds, tables, optimal play",
        description="Exact odds and optimal play for the dice battle of Risk.",
        epilog="Examples: strategy risk odds 10 6; strategy risk table --attackers 30",
    )
    sub = add_commands(parser, "risk_command")
    names = {module.rpartition(".")[2]: module for module in SUBCOMMANDS}
    for name, module in names.items():
        if only in (None, name) or only not in names:
            importlib.import_module(module).register(sub)


def capability_parser(
    commands: argparse._SubParsersAction[Any],
    name: str,
    about: str,
    epilog: str,
    handler: Callable[[argparse.Namespace], int],
) -> argparse.ArgumentParser:
    """The command of the capability ``name``: its summary in the group's list, ``about`` and
    the examples in ``epilog`` in its help, the parameters it declares, ``handler`` to run it.
    The command adds its own options (files, colour, output format) after these.

    >>> from strategy.cli.common import Parser
    >>> commands = Parser(prog="strategy risk").add_subparsers()
    >>> parser = capability_parser(commands, "chain", "Chains.", "examples: none", lambda a: 0)
    >>> parser.parse_args(["10", "3", "2"]).defenders
    [3, 2]
    """
    capability = CAPABILITIES[name]
    parser = add_parser(commands, name, capability.summary, about, epilog)
    add_request_options(parser, capability.request)
    parser.set_defaults(handler=handler)
    return parser


def answer(name: str, args: argparse.Namespace, label: str | None) -> tuple[Any, Any]:
    """The request of the capability ``name`` the options describe, and its answer, with
    a progress bar named ``label`` (none for None)."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.requests import check

    capability = CAPABILITIES[name]
    request = request_of(capability.request, args)
    check(request)
    if label is None:
        return request, capability.run(request, None)
    with ProgressBar(label) as progress:
        return request, capability.run(request, progress)


def text_command(
    commands: argparse._SubParsersAction[Any],
    name: str,
    about: str,
    epilog: str,
    label: str | None,
    text: Callable[[argparse.Namespace, Any], str],
    *,
    colour: bool = True,
) -> None:
    """Register the command of the capability ``name`` that prints its result as
    ``text(args, result)`` says, in colour where ``--color`` allows (``colour``: the
    command takes ``--color``), or as JSON; ``label`` names its progress bar (no bar for
    None).

    >>> from strategy.cli.common import Parser
    >>> commands = Parser(prog="strategy risk").add_subparsers()
    >>> text_command(commands, "chain", "Chains.", "", None, lambda args, odds: "")
    >>> commands.choices["chain"].parse_args(["10", "3", "--json"]).format
    'json'
    """

    def run(args: argparse.Namespace) -> int:
        request, found = answer(name, args, label)
        if args.format == "json":
            write_json(args, CAPABILITIES[name].json(request, found))
        else:
            write_text(args, text(args, found))
        return 0

    parser = capability_parser(commands, name, about, epilog, run)
    if colour:
        add_colour_option(parser)
    add_output_options(parser)

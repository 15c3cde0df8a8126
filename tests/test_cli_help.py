"""Every command and subcommand's ``--help`` shows at least one example command line.

Deep imports: the command line's parser (:mod:`strategy.cli.main`, :mod:`strategy.cli.common`),
walked for every command.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from strategy.cli.common import Parser
from strategy.cli.main import build_parser


def commands(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser and every parser below it, depth first."""
    yield parser
    if isinstance(parser, Parser):
        parser.ready()  # a list of registered games fills in on first use
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                yield from commands(child)


PARSERS = {parser.prog: parser for parser in commands(build_parser())}


def test_the_tree_is_walked() -> None:
    assert {"strategy", "strategy risk", "strategy risk odds"} <= PARSERS.keys()


@pytest.mark.parametrize("prog", sorted(PARSERS))
def test_help_has_an_example(prog: str) -> None:
    text = PARSERS[prog].format_help()
    # An example is a line of the help that runs this very command.
    assert "example" in text.lower(), f"{prog} --help has no example"
    assert prog in text.split("usage:", 1)[1].split("\n", 1)[1], f"{prog} --help has no example"

"""``strategy export GAME …``: a registered game's tree as a Gambit extensive form (``.efg``).

Every game of the registry whose states never repeat (a tree must end) is offered, with its
own parameters; the tree's size is checked first (:func:`add_tree_options` serves
``strategy risk export`` too). The
library call is :func:`strategy.interop.efg.efg_text` on
:func:`strategy.engine.registry.load_game`'s game.

>>> from strategy.cli.main import build_parser
>>> games = build_parser(["export"]).commands()["export"].commands()
>>> {"nim", "tictactoe", "risk"} <= set(games) and "pig" not in games  # Pig's states repeat
True
"""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.common import add_parser, output_file, write_text
from strategy.cli.listed_games import add_game_commands, chosen_game
from strategy.cli.options import positive_int
from strategy.interop.efg import MAX_NODES

SUMMARY = "write a classic game's tree as a Gambit extensive form (.efg)"
ABOUT = (
    "The game tree of a registered game as a Gambit .efg file: the maximiser is player 1, "
    "the minimiser player 2; chance probabilities exact. Gambit's tools (gambit-lcp, "
    "gambit-lp, pygambit) read it. Risk battles with every rule: strategy risk export."
)
EPILOG = """examples:
  strategy export nim 1 2 --out nim.efg
  strategy export dice --rolls 2 --sides 3 --out dice.efg
  strategy export tictactoe "XO./.X./..." > board.efg"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``export`` and one subcommand per registered game whose states do not repeat."""
    parser = add_parser(commands, "export", SUMMARY, ABOUT, EPILOG)
    add_game_commands(parser, "cyclic", "the .efg tree of {}", run, add_tree_options)


def add_tree_options(parser: argparse.ArgumentParser) -> None:
    """``--out`` and ``--max-nodes`` (``strategy risk export`` takes them too)."""
    parser.add_argument("--out", metavar="FILE", type=output_file, help="write to FILE, not stdout")
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=MAX_NODES,
        metavar="N",
        help=f"refuse trees of more than N nodes (default {MAX_NODES})",
    )


def run(args: argparse.Namespace) -> int:
    """Build the game and write its tree."""
    from strategy.interop.efg import efg_text

    game, arguments, built = chosen_game(args)
    text = efg_text(
        built, title=game.describe(**arguments), label=game.label, max_nodes=args.max_nodes
    )
    write_text(args, text)
    return 0

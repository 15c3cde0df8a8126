"""``strategy risk graph A D``: a battle's solved state graph, every phase of every round.

The states appear as :func:`strategy.present.graph_views.battle_view` says: labelled ``"5v3"`` at
the attacker's choice and ``"5v3 roll 3v2"`` (and so on) in later phases, grouped by armies
for ``--compact``, and laid out in rows by ``A + D``.

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy risk").add_subparsers(dest="command")
>>> register(commands)
>>> commands.choices["graph"].parse_args(["5", "3", "--compact"]).compact
True
"""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.graph import add_graph_options, export
from strategy.cli.risk.terms import add_game_command, battle_game

SUMMARY = "export a battle's solved state graph (GraphML, GEXF, JSON, DOT, picture)"
ABOUT = (
    "The state graph of one battle under optimal play: every choice and roll "
    "a node with its exact value and optimal moves, every roll an edge with its exact "
    "probability. For networkx, Gephi, Cytoscape, yEd or Graphviz."
)
EPILOG = """examples:
  strategy risk graph 5 3 --out battle.graphml
  strategy risk graph 5 3 --compact --optimal-only --draw battle.png
  strategy risk graph 6 4 --choice respond --objective signed --out battle.gexf"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``graph`` to the ``risk`` group."""
    parser = add_game_command(commands, "graph", (SUMMARY, ABOUT, EPILOG), add_graph_options, run)
    parser.add_argument(
        "--compact",
        action="store_true",
        help="one node per (A, D): the phases of a round merged, edges weighted by optimal play",
    )


def run(args: argparse.Namespace) -> int:
    """Build the battle and export its graph."""
    from strategy.present.graph_views import battle_view

    game = battle_game(args)
    return export(args, game, battle_view(game), compact=args.compact)

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

from strategy.cli.common import add_parser
from strategy.cli.graph import add_graph_options, export
from strategy.cli.risk.terms import (
    add_battle_arguments,
    add_play_options,
    add_rule_options,
    battle_from_args,
)

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
    parser = add_parser(commands, "graph", SUMMARY, ABOUT, EPILOG)
    add_battle_arguments(parser)
    add_play_options(parser)
    add_rule_options(parser)
    add_graph_options(parser)
    parser.add_argument(
        "--compact",
        action="store_true",
        help="one node per (A, D): the phases of a round merged, edges weighted by optimal play",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Build the battle and export its graph."""
    from strategy.present.graph_views import battle_view
    from strategy.risk.game import BattleGame

    game = BattleGame(args.attackers, args.defenders, battle=battle_from_args(args))
    return export(args, game, battle_view(game), compact=args.compact)

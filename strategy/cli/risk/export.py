"""``strategy risk export A D``: a battle's game tree as a Gambit extensive form (``.efg``).

Every play is written out (Gambit's games are trees), with the chance probabilities exact;
the tree's size is checked first and a tree larger than ``--max-nodes`` is refused with its
size. The library call is :func:`strategy.interop.efg.efg_text`.

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy risk").add_subparsers(dest="command")
>>> register(commands)
>>> commands.choices["export"].parse_args(["3", "2", "--choice", "sees-roll"]).max_nodes
100000
"""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.common import write_text
from strategy.cli.export import add_tree_options
from strategy.cli.risk.terms import add_game_command, battle_game

SUMMARY = "write a battle's game tree as a Gambit extensive form (.efg)"
ABOUT = (
    "The game tree of one battle as a Gambit .efg file: the attacker is player "
    "1 (Max), the defender player 2 (Min); chance probabilities exact; payoffs the "
    "objective's. Gambit's tools (gambit-lcp, gambit-lp, pygambit) read it."
)
EPILOG = """examples:
  strategy risk export 3 2 --choice sees-roll --out battle.efg
  strategy risk export 4 3 --choice respond --objective signed --out battle.efg
  strategy risk export 2 2 --choice announce > battle.efg"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``export`` to the ``risk`` group."""
    add_game_command(commands, "export", (SUMMARY, ABOUT, EPILOG), add_tree_options, run)


def run(args: argparse.Namespace) -> int:
    """Build the battle and write its tree."""
    from strategy.interop.efg import efg_text
    from strategy.present.graph_views import battle_view

    game = battle_game(args)
    title = f"Risk battle {args.attackers} v {args.defenders}, {game.choice} rule"
    text = efg_text(
        game,
        title=title,
        players=("Attacker", "Defender"),
        label=battle_view(game).label,
        max_nodes=args.max_nodes,
    )
    write_text(args, text)
    return 0

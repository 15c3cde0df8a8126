"""``strategy risk graph A D``: a battle's solved state graph, every phase of every round.

:func:`battle_view` says how battle states appear in a graph: labelled ``"5v3"`` at the
attacker's choice and ``"5v3 roll 3v2"`` (and so on) in later phases, with the armies as
attributes, grouped by armies for ``--compact``, and laid out in rows by ``A + D``.

>>> from strategy.risk.game import BattleState, BattleGame
>>> view = battle_view(BattleGame(5, 3))
>>> view.label(BattleState(5, 3, "roll", 3, 2)), view.group(BattleState(4, 3, "stopped"))
('5v3 roll 3v2', '4v3 stopped')
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.graph import add_graph_options, export
from strategy.cli.risk_options import (
    add_battle_arguments,
    add_play_options,
    add_rule_options,
    play_from_args,
    rules_from_args,
)

if TYPE_CHECKING:
    from strategy.graph import StateView
    from strategy.risk.game import BattleGame, BattleState

EPILOG = """examples:
  strategy risk graph 5 3 --out battle.graphml
  strategy risk graph 5 3 --compact --optimal-only --draw battle.png
  strategy risk graph 6 4 --choice respond --objective signed --out battle.gexf"""

# A round's phases in the order they happen; the rank spreads one round over rows.
_PHASE_ROWS = {"attack": 0, "stopped": 1, "announce": 1, "attacker-roll": 1, "defend": 2}
_ROWS_PER_ROUND = 4


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``graph`` to the ``risk`` group."""
    parser = commands.add_parser(
        "graph",
        help="export a battle's solved state graph (GraphML, GEXF, JSON, DOT, picture)",
        description="The state graph of one battle under optimal play: every choice and roll "
        "a node with its exact value and optimal moves, every roll an edge with its exact "
        "probability. For networkx, Gephi, Cytoscape, yEd or Graphviz.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
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
    from strategy.risk.game import BattleGame

    play = play_from_args(args)
    rules = rules_from_args(args)
    game = BattleGame(
        args.attackers,
        args.defenders,
        rules,
        play.objective,
        play.choice,
        allow_stop=play.allow_stop,
    )
    return export(args, game, battle_view(game), compact=args.compact)


def battle_view(game: BattleGame) -> StateView[BattleState]:
    """Labels, armies, groups by armies and rows by ``A + D`` for ``game``'s states."""
    from strategy.graph import StateView

    total = game.start.attackers + game.start.defenders

    def label(state: BattleState) -> str:
        text = f"{state.attackers}v{state.defenders}"
        if state.phase != "attack":
            text += f" {state.phase}"
        if state.attacker_dice:
            text += f" {state.attacker_dice}" + (
                f"v{state.defender_dice}" if state.defender_dice else ""
            )
        if state.roll:
            text += " sees " + ",".join(map(str, state.roll))
        return text

    def attributes(state: BattleState) -> dict[str, str | int]:
        return {
            "attackers": state.attackers,
            "defenders": state.defenders,
            "phase": state.phase,
            "attacker_dice": state.attacker_dice,
            "defender_dice": state.defender_dice,
            "attacker_roll": " ".join(map(str, state.roll)),
        }

    def group(state: BattleState) -> str:
        # A stop ends play inside its round; its own node shows the stop as an edge.
        stopped = " stopped" if state.phase == "stopped" else ""
        return f"{state.attackers}v{state.defenders}{stopped}"

    def layer(state: BattleState) -> int:
        rounds = total - state.attackers - state.defenders
        return rounds * _ROWS_PER_ROUND + _PHASE_ROWS.get(state.phase, _ROWS_PER_ROUND - 1)

    return StateView(label=label, attributes=attributes, group=group, layer=layer)

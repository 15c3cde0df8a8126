"""``strategy graph GAME …``: export the solved state graph of a small classic game.

The graph goes to ``--out FILE`` in the format of its extension (GraphML, GEXF, node-link
JSON or DOT), to a picture with ``--draw FILE.png|.svg``, or as DOT text to stdout when
neither is given. :func:`add_graph_options` and :func:`export` serve ``strategy risk graph``
too.

>>> from strategy.cli.main import build_parser
>>> games = build_parser(["graph"]).commands()["graph"].commands()
>>> {"dice", "nim", "tictactoe"} <= set(games) and "pig" not in games  # Pig's states repeat
True
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from strategy.cli.common import CliError, add_parser, cannot_write, output_file
from strategy.cli.listed_games import add_game_commands, chosen_game
from strategy.cli.options import Option, add_options, positive_int

if TYPE_CHECKING:
    from strategy.engine.game import Game
    from strategy.present.graph import StateView

#: Past this many positions (as a game bounds them) a graph is too big to use.
MAX_POSITIONS = 20_000
MAX_EXACT_SHOWN = 60

SUMMARY = "export a classic game's solved state graph (GraphML, GEXF, JSON, DOT, picture)"
ABOUT = (
    "The solved state graph of a small classic game, for networkx, Gephi, Cytoscape, yEd or "
    "Graphviz. Risk battles: strategy risk graph."
)
EPILOG = """examples:
  strategy graph nim 1 2 3 --out nim.graphml
  strategy graph tictactoe "XO./.X./..O" --draw board.png
  strategy graph dice --rolls 2 --sides 4 --optimal-only --out dice.gexf
  strategy graph nim 2 2 | dot -Tsvg > nim.svg"""


#: Where the graph goes, and how much of it.
GRAPH_OPTIONS = (
    Option(
        "--out",
        type=output_file,
        metavar="FILE",
        help="write the graph; the extension picks the format: .graphml, .gexf, .json "
        "(node-link), .dot or .gv (default: DOT text on stdout, unless --draw)",
    ),
    Option(
        "--draw", type=output_file, metavar="FILE", help="draw the graph to FILE.png, .svg or .pdf"
    ),
    Option(
        "--optimal-only",
        action="store_true",
        help="keep only what optimal play can reach (every optimal action, every chance outcome)",
    ),
    Option(
        "--max-states",
        type=positive_int,
        default=100_000,
        metavar="N",
        help="refuse graphs of more than N states (default 100000)",
    ),
)


def add_graph_options(parser: argparse.ArgumentParser) -> None:
    """``--out``, ``--draw``, ``--optimal-only`` and ``--max-states``."""
    add_options(parser.add_argument_group("the graph"), GRAPH_OPTIONS)


def export(
    args: argparse.Namespace, game: Game[Any, Any], view: StateView[Any], *, compact: bool = False
) -> int:
    """Solve ``game``, build its graph and write it where the options say."""
    from strategy.present.graph import TooManyStates, state_graph
    from strategy.present.graph_io import (
        check_drawing_path,
        dot_text,
        draw_graph,
        format_of,
        write_graph,
    )

    # Bad file names fail before the solving, not after it.
    if args.out is not None:
        format_of(args.out)
    if args.draw is not None:
        check_drawing_path(args.draw)
    try:
        graph = state_graph(
            game,
            view=view,
            optimal_only=args.optimal_only,
            compact=compact,
            max_states=args.max_states,
        )
    except TooManyStates as error:
        raise CliError(f"{error} (--max-states N allows more)") from None
    if args.out is None and args.draw is None:
        sys.stdout.write(dot_text(graph) + "\n")
        return 0
    start = graph.nodes[graph.graph["start"]]
    exact = start.get("value_exact", "")
    # A long battle's exact value runs to hundreds of digits: the file has it, the line not.
    exact = f" = {exact}" if 0 < len(exact) <= MAX_EXACT_SHOWN else ""
    edges = graph.number_of_edges()
    written = []
    for path, action in ((args.out, write_graph), (args.draw, draw_graph)):
        if path is not None:
            try:
                action(graph, path)
            except OSError as error:
                raise cannot_write(path, error) from None
            written.append(f"wrote {path}")
    # The summary follows the writes, so a failed write never sits under a success line.
    print(
        f"{len(graph)} states, {edges} edge{'' if edges == 1 else 's'}; "
        f"value at the start {start['value']:.6f}{exact}"
    )
    print("\n".join(written))
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``graph`` and one subcommand per registered game whose states do not repeat."""
    parser = add_parser(commands, "graph", SUMMARY, ABOUT, EPILOG)
    add_game_commands(parser, "cyclic", "the state graph of {}", run_game, add_graph_options)


def run_game(args: argparse.Namespace) -> int:
    """The solved state graph of the registered game the command line names."""
    from strategy.present.graph import StateView

    game, arguments, built = chosen_game(args)
    positions = game.states(**arguments) if game.states else 0
    limit = min(MAX_POSITIONS, args.max_states)
    if positions > limit:
        raise CliError(
            f"{game.describe(**arguments)} has up to {positions:,} positions, more than "
            f"{limit:,} states: too many positions for a graph; try a smaller game"
        )
    view = StateView(label=game.label)
    if game.attributes is not None:
        view = StateView(label=game.label, attributes=game.attributes)
    return export(args, built, view)

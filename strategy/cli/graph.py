"""``strategy graph GAME …``: export the solved state graph of a small classic game.

The graph goes to ``--out FILE`` in the format of its extension (GraphML, GEXF, node-link
JSON or DOT), to a picture with ``--draw FILE.png|.svg``, or as DOT text to stdout when
neither is given. :func:`add_graph_options` and :func:`export` serve ``strategy risk graph``
too.

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy").add_subparsers(dest="command")
>>> register(commands)
>>> sorted(commands.choices["graph"]._subparsers._group_actions[0].choices)
['dice', 'nim', 'tictactoe']
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from strategy.cli.common import CliError, add_commands, add_parser, cannot_write, output_file
from strategy.cli.games import add_dice_options, add_nim_arguments
from strategy.params import Option, add_options, positive_int

if TYPE_CHECKING:
    from strategy.engine.game import Game
    from strategy.present.graph import StateView

# The heaps' product bounds the positions of a Nim game; past this the graph is too big to use.
MAX_NIM_POSITIONS = 20_000
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
    """Add ``graph`` and one subcommand per game."""
    parser = add_parser(commands, "graph", SUMMARY, ABOUT, EPILOG)
    games = add_commands(parser, "game", "GAME")
    nim = _game(games, "nim", "Nim from the given heaps", "nim 1 2 3 --out nim.graphml", run_nim)
    add_nim_arguments(nim)
    board = _game(
        games,
        "tictactoe",
        "tic-tac-toe from a position",
        'tictactoe "XO./.X./..O" --draw board.png',
        run_tictactoe,
    )
    board.add_argument(
        "board",
        nargs="?",
        default=".........",
        help="nine marks X, O or ., rows may be split by / (default: the empty board)",
    )
    dice = _game(
        games,
        "dice",
        "seed 002's roll-or-stop dice game",
        "dice --rolls 3 --optimal-only --out dice.gexf",
        run_dice,
    )
    add_dice_options(dice, 2, say_sides=True)


def _game(
    games: argparse._SubParsersAction[Any], name: str, summary: str, example: str, run: Any
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = games.add_parser(
        name, help=summary, description=summary, epilog=f"example: strategy graph {example}"
    )
    add_graph_options(parser)
    parser.set_defaults(handler=run)
    return parser


def run_nim(args: argparse.Namespace) -> int:
    """Nim: a state is the heaps and who is to move; an action names the heaps it leaves."""
    import math

    from strategy.classic.nim import nim_moves
    from strategy.engine.impartial import ImpartialGame
    from strategy.present.graph import StateView

    heaps = tuple(args.heaps)
    if math.prod(heap + 1 for heap in heaps) > MAX_NIM_POSITIONS:
        raise CliError(f"heaps {heaps} give too many positions for a graph; try smaller heaps")
    game = ImpartialGame(nim_moves, start=heaps, misere=args.misere)
    view: StateView[tuple[tuple[int, ...], bool]] = StateView(
        label=lambda state: " ".join(map(str, state[0])) + (" first" if state[1] else " second"),
        attributes=lambda state: {"counters": sum(state[0])},
    )
    return export(args, game, view)


def run_tictactoe(args: argparse.Namespace) -> int:
    """Tic-tac-toe: a state is the board, labelled by its rows."""
    from strategy.classic.tictactoe import Board, TicTacToe
    from strategy.present.graph import StateView

    view: StateView[Board] = StateView(
        label=lambda board: "/".join(board.rows()),
        attributes=lambda board: {"to_move": board.to_move},
    )
    return export(args, TicTacToe(Board.parse(args.board)), view)


def run_dice(args: argparse.Namespace) -> int:
    """Roll-or-stop: a state is the rolls used, the face showing and whether play stopped."""
    from strategy.classic.dice_game import DiceState, RollOrStop
    from strategy.present.graph import StateView

    def label(state: DiceState) -> str:
        face = "rolling" if state.face is None else f"shows {state.face}"
        return f"roll {state.rolls_used} {face}" + (" kept" if state.stopped else "")

    # Each roll shows every face: a state each, counted here before one roll lists them all.
    if args.rolls * args.sides > args.max_states:
        raise CliError(
            f"the dice game's graph has at least {args.rolls * args.sides:,} states, more than "
            f"{args.max_states:,} states (--max-states N allows more)"
        )
    return export(args, RollOrStop(args.rolls, args.sides), StateView(label=label))

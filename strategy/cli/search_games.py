"""The search commands of seed 002: ``mcts`` (on every registered game without simultaneous
moves: tic-tac-toe, Pig, a Risk battle, ...) and ``connect4``.

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy").add_subparsers(dest="command")
>>> register(commands)
>>> sorted(commands.choices)
['connect4', 'mcts']
"""

from __future__ import annotations

import argparse
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from strategy.cli.common import CliError, add_output_options, add_parser
from strategy.cli.games import add_command, emit
from strategy.cli.listed_games import add_game_commands, chosen_game, refuse_exact
from strategy.cli.options import nonnegative_int, positive_int
from strategy.engine.game import GameError
from strategy.engine.numbers import fraction_text
from strategy.engine.registry import RegisteredGame

MCTS_SUMMARY = "Monte Carlo tree search (UCT with chance nodes) on a game, seeded"
MCTS_ABOUT = (
    "Monte Carlo tree search (UCT with chance nodes): estimated value and best move after a "
    "number of random playouts; the same --seed repeats a search."
)
MCTS_EPILOG = """examples:
  strategy mcts tictactoe --playouts 20000 --seed 1
  strategy mcts pig --goal 10 --compare
  strategy mcts risk 5 3 --choice sees-roll --json"""

#: The most playouts one ``mcts`` run may ask for (about a minute of tic-tac-toe).
MAX_PLAYOUTS = 5_000_000
#: The largest Connect Four board searched (6 x 4, 24 cells: seconds with ordering, minutes
#: without).
MAX_CELLS = 25


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``mcts`` (one subcommand per registered game) and ``connect4``."""
    mcts = add_parser(commands, "mcts", MCTS_SUMMARY, MCTS_ABOUT, MCTS_EPILOG)
    add_game_commands(mcts, "simultaneous", "MCTS on {}", run_mcts, _add_search_options)

    c4 = add_command(
        commands,
        "connect4",
        "Connect Four on a small board by alpha-beta: value, best first moves, and positions "
        "searched with and without move ordering and by iterative deepening",
        "connect4 --width 4 --height 4\nconnect4 --width 5 --height 4 --method ordered --json",
        run_connect4,
    )
    c4.add_argument("--width", type=positive_int, default=4, help="columns (4)")
    c4.add_argument("--height", type=positive_int, default=4, help="rows (4)")
    c4.add_argument(
        "--method",
        action="append",
        choices=("plain", "ordered", "deepening"),
        help="a search to run (repeatable; default: all three)",
    )


def _add_search_options(parser: argparse.ArgumentParser) -> None:
    add_output_options(parser)
    parser.add_argument("--playouts", type=positive_int, default=10_000, help="(10,000)")
    parser.add_argument("--seed", type=nonnegative_int, help="random seed (default: fresh)")
    parser.add_argument(
        "--exploration", type=float, default=None, help="UCB1's constant (default sqrt 2)"
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="also solve exactly: the error, and whether the move found is optimal",
    )


def _exact(game: RegisteredGame, built: Any) -> Any:
    """The exact solution of ``built``: value iteration where states repeat."""
    if "cyclic" in game.flags:
        from strategy.engine.value_iteration import solve_exactly

        return solve_exactly(built)
    from strategy.engine.solve import solve

    return solve(built)


def run_mcts(args: argparse.Namespace) -> int:
    """Search a game by MCTS; with ``--compare``, against its exact value."""
    from strategy.engine.mcts import DEFAULT_EXPLORATION, mcts
    from strategy.engine.progress import ProgressBar

    if args.playouts > MAX_PLAYOUTS:
        raise CliError(f"--playouts is limited to {MAX_PLAYOUTS:,}")
    exploration = DEFAULT_EXPLORATION if args.exploration is None else args.exploration
    game, arguments, built = chosen_game(args)
    if args.compare:
        refuse_exact(game, arguments, "--compare")
    name = game.describe(**arguments)
    try:
        with ProgressBar("mcts") as progress:
            result = mcts(
                built,
                playouts=args.playouts,
                seed=args.seed,
                exploration=exploration,
                payoffs=game.payoffs,
                progress=progress,
            )
    except GameError as error:  # a simultaneous state, say: the game, not the program
        raise CliError(str(error)) from None
    moves = [
        {"move": _plain(key), "playouts": count, "mean": result.means[key]}
        for key, count in result.visits.items()
    ]
    obj: dict[str, Any] = {
        "game": name,
        "playouts": result.playouts,
        "seed": result.seed,
        "exploration": result.exploration,
        "value": result.value,
        "best_move": _plain(result.best_action),
        "moves": moves,
        "tree_size": result.tree_size,
    }
    lines = [
        f"{name}: MCTS (UCT), {result.playouts:,} playouts, seed {result.seed}",
        f"estimated value {result.value:.4f} (mean payoff to the first player or attacker)",
    ]
    if result.best_action is not None:
        lines.append(
            f"best move {result.best_action} ({result.visits[result.best_action]:,} playouts)"
        )
    if moves:
        lines += ["", f"{'move':>6} {'playouts':>10} {'mean':>8}"]
        lines += [f"{m['move']!s:>6} {m['playouts']:>10,} {m['mean']:>8.4f}" for m in moves]
    else:
        lines.append("the game is over at the start")
    if args.compare:
        solved = _exact(game, built)
        value = Fraction(solved.value)
        optimal = solved.optimal_actions.get(result.start, ())
        agrees = result.best_action is None or result.best_action in optimal
        obj["exact"] = {
            "value": fraction_text(value),
            "value_float": float(value),
            "error": result.value - float(value),
            "optimal_moves": [_plain(a) for a in optimal],
            "best_move_is_optimal": agrees,
        }
        lines += [
            "",
            f"exact value {value} = {float(value):.4f}; error {result.value - float(value):+.4f}",
            f"optimal moves: {', '.join(map(str, optimal)) or 'none'}; MCTS's move is "
            + ("optimal" if agrees else "not optimal"),
        ]
    return emit(args, obj, lines)


def _plain(action: Hashable) -> Any:
    """An action as JSON: numbers and strings as they are, anything else as its text."""
    return action if action is None or isinstance(action, int | str) else str(action)


def run_connect4(args: argparse.Namespace) -> int:
    """Solve Connect Four on a small board with the searches asked for."""
    from strategy.classic.connect4 import METHODS, solve_connect4
    from strategy.engine.progress import ProgressBar

    cells = args.width * args.height
    if cells > MAX_CELLS:
        raise CliError(
            f"{args.width} x {args.height} has {cells} cells; this search is limited to "
            f"{MAX_CELLS} (6 x 4 needs about a million positions with move ordering)"
        )
    methods = tuple(dict.fromkeys(args.method or METHODS))
    bars: list[ProgressBar] = []

    def bar(method: str) -> ProgressBar:
        if bars:
            bars.pop().close()  # the last search is done: one bar at a time
        bars.append(ProgressBar(f"connect4 {method}"))
        return bars[-1]

    try:
        solution = solve_connect4(args.width, args.height, methods=methods, progress=bar)
    finally:
        for drawn in bars:
            drawn.close()
    searches = [
        {
            "method": c.method,
            "positions_searched": c.positions_searched,
            "seconds": round(c.seconds, 3),
        }
        for c in solution.counts
    ]
    obj = {
        "width": solution.width,
        "height": solution.height,
        "value": solution.value,
        "outcome": solution.outcome,
        "best_moves": list(solution.best_moves),
        "searches": searches,
    }
    lines = [
        f"Connect Four {solution.width} x {solution.height}: {solution.outcome} "
        f"(value {solution.value} to the first player)",
        f"best first moves: {', '.join(map(str, solution.best_moves))} (columns from the left)",
        "",
        f"{'search':<10} {'positions':>12} {'seconds':>8}",
    ]
    lines += [
        f"{s['method']:<10} {s['positions_searched']:>12,} {s['seconds']:>8.2f}" for s in searches
    ]
    return emit(args, obj, lines)

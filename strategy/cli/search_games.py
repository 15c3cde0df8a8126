"""The search commands of seed 002: ``mcts`` (tic-tac-toe, Pig, a Risk battle) and ``connect4``.

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy").add_subparsers(dest="command")
>>> register(commands)
>>> sorted(commands.choices)
['connect4', 'mcts']
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from strategy.cli.common import CliError, add_parser
from strategy.cli.games import (
    MAX_EXACT_PIG_GOAL,
    add_command,
    add_position_argument,
    emit,
    goal_option,
)
from strategy.engine.numbers import fraction_text
from strategy.params import nonnegative_int, positive_int
from strategy.risk.choices import CHOICE_RULES

#: A random playout of Pig to goal G takes about 1.7 G moves (measured: 100,000 moves reach
#: scores near 59,000), and a playout stops at MAX_PLAYOUT_MOVES: goals stay well inside it.
MAX_MCTS_PIG_GOAL = 10_000

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
#: The largest Risk battle whose exact value ``mcts --compare`` computes.
MAX_COMPARE_ARMIES = 30


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``mcts`` and ``connect4`` to the top-level parser."""
    mcts = add_parser(commands, "mcts", MCTS_SUMMARY, MCTS_ABOUT, MCTS_EPILOG)
    games = mcts.add_subparsers(dest="game", required=True, metavar="GAME")
    ttt = add_command(
        games,
        "tictactoe",
        "MCTS on tic-tac-toe (cells 1-9 row by row; payoff +1 if X wins)",
        "mcts tictactoe --playouts 20000 --seed 1\nmcts tictactoe 'X.O/.X./...' --compare",
        run_mcts,
    )
    add_position_argument(ttt)
    pig = add_command(
        games,
        "pig",
        "MCTS on Pig (payoff 1 if the first player wins)",
        "mcts pig --goal 10 --playouts 50000\nmcts pig --goal 6 --compare --json",
        run_mcts,
    )
    goal_option(10).add(pig)
    risk = add_command(
        games,
        "risk",
        "MCTS on a Risk battle under a choice rule (payoff 1 if the attacker captures)",
        "mcts risk 5 3 --choice sees-roll\nmcts risk 10 6 --choice respond --compare --json",
        run_mcts,
    )
    risk.add_argument("attackers", type=positive_int, help="armies in the attacking territory")
    risk.add_argument("defenders", type=positive_int, help="defending armies")
    risk.add_argument(
        "--choice",
        choices=tuple(CHOICE_RULES),
        default="sees-roll",
        help="who chooses dice when (default sees-roll; announce is simultaneous: refused)",
    )
    for parser in (ttt, pig, risk):
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


def _game(args: argparse.Namespace) -> tuple[Any, tuple[float, float], str, Callable[[], Any]]:
    """The game asked for, its payoff bounds, its name, and how to solve it exactly."""
    if args.game == "tictactoe":
        from strategy.classic.tictactoe import Board, TicTacToe
        from strategy.engine.solve import solve

        board = Board.parse(args.position)
        ttt = TicTacToe(board)
        return ttt, (-1.0, 1.0), f"tic-tac-toe {board.cells}", lambda: solve(ttt)
    if args.game == "pig":
        from strategy.classic.pig import PigGame
        from strategy.engine.value_iteration import solve_exactly

        if args.goal > MAX_MCTS_PIG_GOAL:
            raise CliError(
                f"--goal {args.goal:,}: a random playout of Pig takes about 1.7 moves a point; "
                f"MCTS plays to goals up to {MAX_MCTS_PIG_GOAL:,}"
            )
        if args.compare and args.goal > MAX_EXACT_PIG_GOAL:
            raise CliError(f"--compare solves Pig exactly, for goals up to {MAX_EXACT_PIG_GOAL}")
        pig = PigGame(args.goal)
        return pig, (0.0, 1.0), f"Pig to {args.goal}", lambda: solve_exactly(pig)
    from strategy.engine.solve import solve
    from strategy.risk.game import BattleGame

    a, d = args.attackers, args.defenders
    if args.compare and max(a, d) > MAX_COMPARE_ARMIES:
        raise CliError(f"--compare solves the battle exactly, up to {MAX_COMPARE_ARMIES} armies")
    if args.choice == "announce":
        # Both sides choose at once there: a stage game, which MCTS does not search.
        raise CliError(
            "--choice announce has simultaneous moves, which MCTS does not search: "
            "strategy risk odds --choice announce solves them exactly"
        )
    battle = BattleGame(a, d, choice=args.choice)
    return battle, (0.0, 1.0), f"Risk {a} v {d} ({args.choice})", lambda: solve(battle)


def run_mcts(args: argparse.Namespace) -> int:
    """Search a game by MCTS; with ``--compare``, against its exact value."""
    from strategy.engine.mcts import DEFAULT_EXPLORATION, mcts
    from strategy.engine.progress import ProgressBar

    if args.playouts > MAX_PLAYOUTS:
        raise CliError(f"--playouts is limited to {MAX_PLAYOUTS:,}")
    exploration = DEFAULT_EXPLORATION if args.exploration is None else args.exploration
    game, payoffs, name, exact = _game(args)
    with ProgressBar("mcts") as progress:
        result = mcts(
            game,
            playouts=args.playouts,
            seed=args.seed,
            exploration=exploration,
            payoffs=payoffs,
            progress=progress,
        )
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
        solved = exact()
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

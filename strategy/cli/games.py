"""The classic-games commands: ``nim``, ``subtraction``, ``octal``, ``tictactoe``, ``stones``,
``dice``, ``pig`` and ``matrix``. Each parses, calls the library and formats; nothing more.

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy").add_subparsers(dest="command")
>>> register(commands)
>>> sorted(commands.choices)
['dice', 'matrix', 'nim', 'octal', 'pig', 'stones', 'subtraction', 'tictactoe']
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_output_options,
    decimal,
    fraction_text,
    nonnegative_int,
    positive_int,
    whole_number,
    write_json,
    write_text,
)
from strategy.engine.errors import InputError
from strategy.engine.numbers import parse_fraction

if TYPE_CHECKING:
    from strategy.classic.octal import OctalAnalysis

Handler = Callable[[argparse.Namespace], int]

# Pig: goals up to this are solved exactly by default; the exact method grows quickly.
EXACT_PIG_GOAL = 12
MAX_EXACT_PIG_GOAL = 30
MAX_HEAP = 1_000_000


def _command(
    commands: argparse._SubParsersAction[Any], name: str, summary: str, examples: str, run: Handler
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=summary,
        description=summary,
        epilog="examples:\n" + "\n".join(f"  strategy {line}" for line in examples.splitlines()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_output_options(parser)
    parser.set_defaults(handler=run)
    return parser


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the classic-games commands to the top-level parser."""
    nim = _command(
        commands,
        "nim",
        "Nim: who wins, and every winning move (Bouton 1901)",
        "nim 3 4 5\nnim 1 3 5 7 --misere --json",
        run_nim,
    )
    nim.add_argument("heaps", nargs="+", type=nonnegative_int, metavar="HEAP")
    nim.add_argument("--misere", action="store_true", help="whoever takes the last counter loses")

    sub = _command(
        commands,
        "subtraction",
        "subtraction games (the Bash game): Grundy values, period, winning takes",
        "subtraction 1 3 4 --heap 20\nsubtraction --bash 3 --heap 10 --json",
        run_subtraction,
    )
    sub.add_argument("takes", nargs="*", type=positive_int, metavar="TAKE", help="the set")
    sub.add_argument("--bash", type=positive_int, metavar="M", help="the set 1..M (Bash game)")
    sub.add_argument("--heap", type=nonnegative_int, help="a heap to play: who wins, and how")
    sub.add_argument("--up-to", type=nonnegative_int, default=60, help="heaps 0..N (default 60)")

    octal = _command(
        commands,
        "octal",
        "octal games by code: Grundy values by the recurrence, preperiod and period",
        "octal 0.77 --up-to 300\noctal 0.07 --json",
        run_octal,
    )
    octal.add_argument("code", help="the code, such as 0.77 (Kayles) or 0.07 (Dawson's Kayles)")
    octal.add_argument("--up-to", type=nonnegative_int, default=300, help="heaps 0..N")

    ttt = _command(
        commands,
        "tictactoe",
        "tic-tac-toe by alpha-beta search: value and best moves (cells 1-9 row by row)",
        "tictactoe\ntictactoe 'X.O/.X./...' --json",
        run_tictactoe,
    )
    ttt.add_argument("position", nargs="?", default=".........", help="nine marks X, O or .")

    stones = _command(
        commands,
        "stones",
        "the coin game and Stone Games III and VII by dynamic programming",
        "stones coins 8 15 3 7\nstones iii 1 2 3 -9\nstones vii 5 3 1 4 2 --json",
        run_stones,
    )
    stones.add_argument("rule", choices=("coins", "iii", "vii"), help="which game")
    stones.add_argument("values", nargs="+", type=whole_number, metavar="VALUE", help="the row")

    dice = _command(
        commands,
        "dice",
        "the roll-or-stop dice game by expectiminimax: keep a face or roll again",
        "dice --rolls 3\ndice --rolls 5 --sides 20 --json",
        run_dice,
    )
    dice.add_argument("--rolls", type=positive_int, default=3, help="rolls allowed (default 3)")
    dice.add_argument("--sides", type=positive_int, default=6, help="faces of the die")

    pig = _command(
        commands,
        "pig",
        "Pig (Neller & Presser 2004): first player's win chance and the hold thresholds",
        "pig --goal 100\npig --goal 100 --hold-at 20\npig --goal 10 --json",
        run_pig,
    )
    pig.add_argument("--goal", type=positive_int, default=100, help="points to win (100)")
    pig.add_argument("--hold-at", type=positive_int, help="both players hold at this turn total")
    pig.add_argument(
        "--method",
        choices=("auto", "exact", "float"),
        default="auto",
        help=f"exact fractions (goal <= {MAX_EXACT_PIG_GOAL}) or float64; auto: exact up to "
        f"goal {EXACT_PIG_GOAL}",
    )
    pig.add_argument("--step", type=positive_int, help="table spacing (default goal/10)")

    matrix = _command(
        commands,
        "matrix",
        "a zero-sum matrix game: value and optimal mixed strategies, exactly",
        'matrix "[[0,-1,1],[1,0,-1],[-1,1,0]]"\nmatrix "[[2,-1],[-1,1]]" --json',
        run_matrix,
    )
    matrix.add_argument("matrix", help='payoffs to the row player as JSON, e.g. "[[1,-1],[-1,1]]"')
    matrix.add_argument("--float", dest="exact", action="store_false", help="linear programming")


def exact_str(value: Fraction | float) -> str:
    """A number as ``str`` writes it (``p/q``, or ``p`` for integers), at any length.

    >>> exact_str(Fraction(6, 3)), exact_str(Fraction(1, 3)), exact_str(0.5)
    ('2', '1/3', '0.5')
    """
    if isinstance(value, float):
        return str(value)
    return fraction_text(value).removesuffix("/1")


def _emit(args: argparse.Namespace, obj: dict[str, Any], lines: list[str]) -> int:
    if args.format == "json":
        write_json(args, obj)
    else:
        write_text(args, "\n".join(lines))
    return 0


def run_nim(args: argparse.Namespace) -> int:
    """Analyse a Nim position."""
    from strategy.classic.nim import analyse_nim

    result = analyse_nim(args.heaps, misere=args.misere)
    play = "misère" if args.misere else "normal"
    verdict = "wins" if result.first_player_wins else "loses"
    lines = [
        f"Nim {' '.join(map(str, result.heaps))} ({play} play): nim-sum {result.nim_sum}",
        f"the player to move {verdict} with best play",
    ]
    lines += [f"  heap {m.heap}: take {m.take}, leaving {m.leaves}" for m in result.winning_moves]
    return _emit(args, result.as_json(), lines)


def run_subtraction(args: argparse.Namespace) -> int:
    """Grundy values of a subtraction game, and a heap's winning takes."""
    from strategy.classic.subtraction import SubtractionGame

    if bool(args.takes) == bool(args.bash):
        raise CliError("give the subtraction set as numbers, or --bash M for the set 1..M")
    if args.heap is not None and args.heap > MAX_HEAP:
        raise CliError(f"--heap is limited to {MAX_HEAP:,}")
    largest = args.bash or max(args.takes)
    heaps = max(args.up_to, args.heap or 0)
    what = f"the subtraction game taking up to {largest:,}, heaps 0..{heaps:,},"
    require_octal(what, heaps, largest, splits=0)
    game = SubtractionGame.bash(args.bash) if args.bash else SubtractionGame(tuple(args.takes))
    analysis = game.analyse(args.up_to)
    obj: dict[str, Any] = {"takes": list(game.takes)} | analysis.as_json()
    lines = [f"subtraction set {{{', '.join(map(str, game.takes))}}} (octal {game.code})"]
    lines += _sequence_lines(analysis)
    if args.heap is not None:
        wins = game.winning_takes(args.heap)
        obj["heap"] = {"heap": args.heap, "first_player_wins": bool(wins), "winning_takes": wins}
        lines.append(
            f"heap {args.heap}: the player to move "
            + (f"wins by taking {' or '.join(map(str, wins))}" if wins else "loses")
        )
    return _emit(args, obj, lines)


def run_octal(args: argparse.Namespace) -> int:
    """Grundy sequence and period of an octal game."""
    from strategy.classic.octal import OctalGame, analyse_octal

    octal = OctalGame.parse(args.code)
    splits = sum(1 for digit in octal.digits if digit & 4)
    what = f"the octal game {octal.code}, heaps 0..{args.up_to:,},"
    require_octal(what, args.up_to, octal.max_take, splits)
    analysis = analyse_octal(octal, args.up_to)
    return _emit(
        args, analysis.as_json(), [f"octal game {analysis.code}", *_sequence_lines(analysis)]
    )


def require_octal(what: str, heaps: int, largest_take: int, splits: int) -> None:
    """Refuse an octal or subtraction game too large to compute by the recurrence: every
    heap up to ``heaps`` visits each of the ``largest_take`` digits (about 0.15 us each)
    and, for each of the ``splits`` digits that split a heap, half the smaller heaps
    (about 1 us each); the digits and values take 8 and 36 bytes each."""
    from strategy.engine.resources import require

    visits = (heaps + 1) * largest_take * 0.15 + splits * heaps * heaps / 4
    require(what, memory=8 * largest_take + 36 * (heaps + 1), seconds=visits * 1e-6)


def _sequence_lines(analysis: OctalAnalysis) -> list[str]:
    values = analysis.values
    lines = [f"Grundy values of heaps 0..{len(values) - 1}:"]
    lines += [
        f"  {start:>4}: " + " ".join(f"{v:>2}" for v in values[start : start + 20])
        for start in range(0, len(values), 20)
    ]
    if analysis.period is None:
        lines.append("no period shows yet; compute more heaps with --up-to")
    else:
        how = "proven (Guy-Smith periodicity theorem)" if analysis.proven else "not yet proven"
        lines.append(
            f"periodic from heap {analysis.preperiod} with period {analysis.period}, {how}"
        )
    return lines


def run_tictactoe(args: argparse.Namespace) -> int:
    """Search a tic-tac-toe position."""
    from strategy.classic.tictactoe import Board, TicTacToe
    from strategy.engine.search import alphabeta

    board = Board.parse(args.position)
    result = alphabeta(TicTacToe(board))
    outcome = {1: "X wins", 0: "draw", -1: "O wins"}[int(result.value)]
    over = not result.best_actions
    obj = {
        "position": board.cells,
        "to_move": None if over else board.to_move,
        "value": int(result.value),
        "best_moves": list(result.best_actions),
        "positions_searched": result.positions_searched,
    }
    lines = [*board.rows(), ""]
    lines.append(f"game over: {outcome}" if over else f"{board.to_move} to move; {outcome}")
    if not over:
        lines.append(f"best moves: {', '.join(map(str, result.best_actions))} (cells 1-9)")
    lines.append(f"value {result.value}; {result.positions_searched} positions searched")
    return _emit(args, obj, lines)


def run_stones(args: argparse.Namespace) -> int:
    """Solve a row game."""
    from strategy.classic.stones import RULES, solve_row

    result = solve_row(tuple(args.values), args.rule)
    obj = {
        "rule": result.rule,
        "values": args.values,
        "margin": result.margin,
        "first_score": result.first_score,
        "second_score": result.second_score,
        "winner": result.winner,
        "best_moves": list(result.best_moves),
    }
    lines = [
        f"{args.rule}: {RULES[args.rule]}",
        f"first player ahead by {result.margin} ({result.first_score} to {result.second_score})",
        f"winner: {result.winner}; best first moves: {', '.join(result.best_moves) or 'none'}",
    ]
    return _emit(args, obj, lines)


def run_dice(args: argparse.Namespace) -> int:
    """Solve the roll-or-stop dice game."""
    from strategy.classic.dice_game import analyse_dice

    result = analyse_dice(args.rolls, args.sides)
    obj = {
        "rolls": result.rolls,
        "sides": result.sides,
        "value": fraction_text(result.value),
        "value_float": float(result.value),
        "keep_from": list(result.keep_from),
        "states": result.states,
    }
    lines = [f"expected reward {exact_str(result.value)} = {decimal(result.value)}"]
    lines += [
        f"after roll {roll}: keep {face} or more, else roll again"
        for roll, face in enumerate(result.keep_from, start=1)
    ]
    lines.append(f"after roll {result.rolls}: keep the face ({result.states} states solved)")
    return _emit(args, obj, lines)


def run_pig(args: argparse.Namespace) -> int:
    """Solve Pig: the win chance, exactly or in floats, and the hold thresholds."""
    from strategy.classic.pig import PigGame, solve_pig
    from strategy.engine.value_iteration import solve_exactly

    goal, hold_at = args.goal, args.hold_at
    exact = args.method == "exact" or (args.method == "auto" and goal <= EXACT_PIG_GOAL)
    if exact and goal > MAX_EXACT_PIG_GOAL:
        raise CliError(f"--method exact is limited to goals up to {MAX_EXACT_PIG_GOAL}")
    began = time.perf_counter()
    solution = solve_pig(goal, hold_at)
    value: Fraction | float = solution.win_probability
    if exact:
        value = Fraction(solve_exactly(PigGame(goal, hold_at)).value)
    seconds = time.perf_counter() - began
    method = "policy iteration over exact fractions" if exact else "float64 policy iteration"
    thresholds = solution.hold_thresholds()
    obj: dict[str, Any] = {
        "goal": goal,
        "hold_at": hold_at,
        "method": method,
        "exact": exact,
        "first_player_win_probability": float(value),
        "hold_thresholds": thresholds,
        "seconds": round(seconds, 3),
    }
    if exact:
        obj["first_player_win_probability_exact"] = fraction_text(value)
    policy = f"both hold at {hold_at} or goal" if hold_at else "optimal play"
    shown = f" = {fraction_text(value)}" if exact else ""
    lines = [
        f"Pig to {goal}, {policy}: first player wins with probability {decimal(value)}{shown}",
        f"({method}, {seconds:.2f} s)",
        "",
    ]
    lines += _threshold_table(thresholds, args.step or max(1, goal // 10))
    return _emit(args, obj, lines)


def _threshold_table(thresholds: list[list[int]], step: int) -> list[str]:
    from strategy.present.render import Grid, to_text

    scores = tuple(range(0, len(thresholds), step))
    cells = tuple(tuple(str(thresholds[i][j]) for j in scores) for i in scores)
    title = "hold once the turn total reaches (rows: your score i, columns: opponent's j)"
    caption = "(a threshold of goal - i means: roll on to the goal)"
    grid = Grid(title, "i", "j", scores, scores, cells, caption=caption)
    return to_text(grid).splitlines()


def run_matrix(args: argparse.Namespace) -> int:
    """Solve a zero-sum matrix game."""
    from strategy.engine.matrix_game import solve_matrix_game

    solution = solve_matrix_game(_parse_matrix(args.matrix), exact=args.exact)

    def show(x: Fraction | float) -> str | float:
        return fraction_text(x) if isinstance(x, Fraction) else float(x)

    obj = {
        "value": show(solution.value),
        "row_strategy": [show(p) for p in solution.row_strategy],
        "column_strategy": [show(p) for p in solution.column_strategy],
        "exact": solution.exact,
    }
    lines = [
        f"value {exact_str(solution.value)}",
        f"row player:    {', '.join(exact_str(p) for p in solution.row_strategy)}",
        f"column player: {', '.join(exact_str(p) for p in solution.column_strategy)}",
    ]
    return _emit(args, obj, lines)


def _parse_matrix(text: str) -> list[list[Fraction]]:
    """JSON rows of numbers; an entry may also be a string such as ``"1/3"``."""
    try:
        rows = json.loads(text)
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise ValueError
        return [[parse_fraction(str(entry), "number in a matrix") for entry in row] for row in rows]
    except InputError:
        raise
    except (ValueError, ZeroDivisionError, TypeError):
        raise CliError(
            f"{text!r} is not a matrix: write rows of numbers as JSON, e.g. [[1,-1],[-1,1]]"
        ) from None

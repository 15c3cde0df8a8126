"""The classic-games commands: ``nim``, ``subtraction``, ``octal``, ``grundy``, ``tictactoe``,
``stones``, ``dice``, ``pig`` and ``matrix``. Each parses, calls the library and formats.

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy").add_subparsers(dest="command")
>>> register(commands)
>>> sorted(commands.choices)
['dice', 'grundy', 'matrix', 'nim', 'octal', 'pig', 'stones', 'subtraction', 'tictactoe']
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_output_options,
    add_parser,
    cannot_write,
    output_file,
    write_json,
    write_text,
)
from strategy.cli.options import Option, add_options, nonnegative_int, positive_int, whole_number
from strategy.engine.matrix_game import METHODS, SIMPLEX_SIDE
from strategy.engine.numbers import decimal, fraction_text

if TYPE_CHECKING:
    from pathlib import Path

    from strategy.classic.octal import OctalAnalysis
    from strategy.engine.rare_values import Sparse

Handler = Callable[[argparse.Namespace], int]

# Pig: goals up to this are solved exactly by default; the exact method grows quickly.
EXACT_PIG_GOAL = 12
MAX_EXACT_PIG_GOAL = 30
MAX_HEAP = 1_000_000
# Exact matrix games up to this many entries (about 700 x 700; 200 x 200 takes a second).
MAX_EXACT_CELLS = 500_000
# Heap games: the recurrence may run this long unless --time-limit says otherwise; longer
# requests are refused up front with their estimate.
TIME_LIMIT = 300.0
# `octal --until-proven` computes to this heap at most unless told (0.376's proof needs 4.5M).
PROVE_TO = 10_000_000
# JSON with more values than this is written without indentation (one value a line is slow
# to write and to read).
INDENTED_VALUES = 10_000
# `grundy` lists the values of this many heaps at most (2^22: some 15 MB of JSON, built whole
# in memory at 8 bytes and more a value); beyond, `--stats` gives the statistics alone, so
# that the values stay in their compact array (a byte a heap).
LISTED_HEAPS = 1 << 22


#: Pig's options.
PIG_OPTIONS = (
    Option("--goal", type=positive_int, default=100, help="points to win (100)"),
    Option("--hold-at", type=positive_int, help="both players hold at this turn total"),
    Option(
        "--method",
        choices=("auto", "exact", "float"),
        default="auto",
        help=f"exact fractions (goal <= {MAX_EXACT_PIG_GOAL}) or float64; auto: exact up to "
        f"goal {EXACT_PIG_GOAL}",
    ),
    Option("--step", type=positive_int, help="table spacing (default goal/10)"),
)
#: The matrix game's arguments: the payoffs given or read, how they are solved and saved.
MATRIX_OPTIONS = (
    Option("matrix", nargs="?", help='payoffs to the row player as JSON, e.g. "[[1,-1],[-1,1]]"'),
    Option(
        "--file",
        metavar="PATH",
        help="read the payoffs from PATH instead: JSON rows, CSV rows, .npy or a Gambit .nfg "
        "two-player zero-sum game (- for stdin)",
    ),
    Option("--float", dest="exact", action="store_false", help="linear programming"),
    Option(
        "--method",
        choices=METHODS,
        default="auto",
        help="exact method: the simplex, or a float LP's supports solved exactly and certified "
        f"(auto: the simplex up to {SIMPLEX_SIDE} rows or columns)",
    ),
    Option("--details", action="store_true", help="also give the method used and the time taken"),
    Option(
        "--save-nfg",
        type=output_file,
        metavar="FILE",
        help="also write the game as a Gambit .nfg file (exact payoffs)",
    ),
)


def add_command(
    commands: argparse._SubParsersAction[Any], name: str, summary: str, examples: str, run: Handler
) -> argparse.ArgumentParser:
    lines = "\n".join(f"  strategy {line}" for line in examples.splitlines())
    parser = add_parser(commands, name, summary, summary, "examples:\n" + lines)
    add_output_options(parser)
    parser.set_defaults(handler=run)
    return parser


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the classic-games commands to the top-level parser."""
    nim = add_command(
        commands,
        "nim",
        "Nim: who wins, and every winning move (Bouton 1901)",
        "nim 3 4 5\nnim 1 3 5 7 --misere --json",
        run_nim,
    )
    nim.add_argument("heaps", nargs="+", type=nonnegative_int, metavar="HEAP")
    nim.add_argument("--misere", action="store_true", help="whoever takes the last counter loses")

    sub = add_command(
        commands,
        "subtraction",
        "subtraction games (the Bash game): Grundy values, period, winning takes",
        "subtraction 1 3 4 --heap 20\nsubtraction --bash 3 --heap 10 --json\n"
        "subtraction 2 5 7 --up-to 1000000 --json --out values.json",
        run_subtraction,
    )
    sub.add_argument("takes", nargs="*", type=positive_int, metavar="TAKE", help="the set")
    sub.add_argument("--bash", type=positive_int, metavar="M", help="the set 1..M (Bash game)")
    sub.add_argument("--heap", type=nonnegative_int, help="a heap to play: who wins, and how")
    _add_heap_options(sub, 60)

    octal = add_command(
        commands,
        "octal",
        "octal games by code: Grundy values by the rare-value method until a period is proven "
        "(Guy-Smith), then by copying; the rare mask, rare heaps and largest value",
        "octal 0.77 --up-to 300\noctal 0.07 --json\noctal 0.137 --up-to 1000000 --out values.txt\n"
        "octal 0.007 --up-to 100000 --json --out treblecross.json\n"
        "octal 0.16 --up-to 20 --until-proven\n"
        "octal 0.376 --up-to 20 --until-proven 5000000 --time-limit 1800 --max-seconds 1800",
        run_octal,
    )
    octal.add_argument("code", help="the code, such as 0.77 (Kayles) or 0.07 (Dawson's Kayles)")
    _add_heap_options(octal, 300)
    octal.add_argument(
        "--until-proven",
        type=nonnegative_int,
        nargs="?",
        const=PROVE_TO,
        metavar="HEAPS",
        help="compute past --up-to as far as a proof of the period needs, up to heap HEAPS "
        f"(default {PROVE_TO:,}); only heaps 0..--up-to are shown",
    )

    grundy = add_command(
        commands,
        "grundy",
        "Grundy's game (split a heap into two unequal heaps): Grundy values, winning splits",
        "grundy --up-to 100\ngrundy --heap 20 --json\ngrundy --up-to 100000 --json --out g.json\n"
        "grundy --up-to 2097152 --time-limit 600 --json --out g21.json\n"
        "grundy --up-to 16777216 --stats --time-limit 3600 --max-seconds 3600",
        run_grundy,
    )
    grundy.add_argument("--heap", type=nonnegative_int, help="a heap to play: who wins, and how")
    grundy.add_argument(
        "--stats",
        action="store_true",
        help="the rare-value statistics (and --heap) without the values, which are listed up "
        f"to {LISTED_HEAPS:,} heaps at most. Values take a byte a heap (3 planned, for a copy "
        "should one pass 255, as at heap 7,250,049), so 2^30 heaps plan 3.25 GiB: time is "
        "the limit, not memory (2^24 heaps: 17 min and 78 MiB on a shared 2-core machine)",
    )
    _add_heap_options(grundy, 100)

    ttt = add_command(
        commands,
        "tictactoe",
        "tic-tac-toe by alpha-beta search: value and best moves (cells 1-9 row by row)",
        "tictactoe\ntictactoe 'X.O/.X./...' --json",
        run_tictactoe,
    )
    ttt.add_argument("position", nargs="?", default=".........", help="nine marks X, O or .")

    stones = add_command(
        commands,
        "stones",
        "the coin game and Stone Games III and VII by dynamic programming",
        "stones coins 8 15 3 7\nstones iii 1 2 3 -9\nstones vii 5 3 1 4 2 --json",
        run_stones,
    )
    stones.add_argument("rule", choices=("coins", "iii", "vii"), help="which game")
    stones.add_argument("values", nargs="+", type=whole_number, metavar="VALUE", help="the row")

    dice = add_command(
        commands,
        "dice",
        "the roll-or-stop dice game by expectiminimax: keep a face or roll again",
        "dice --rolls 3\ndice --rolls 5 --sides 20 --json",
        run_dice,
    )
    dice.add_argument("--rolls", type=positive_int, default=3, help="rolls allowed (default 3)")
    dice.add_argument("--sides", type=positive_int, default=6, help="faces of the die")

    pig = add_command(
        commands,
        "pig",
        "Pig (Neller & Presser 2004): first player's win chance and the hold thresholds",
        "pig --goal 100\npig --goal 100 --hold-at 20\npig --goal 10 --json",
        run_pig,
    )
    add_options(pig, PIG_OPTIONS)

    matrix = add_command(
        commands,
        "matrix",
        "a zero-sum matrix game: value and optimal mixed strategies, exactly (certified)",
        'matrix "[[0,-1,1],[1,0,-1],[-1,1,0]]"\nmatrix "[[2,-1],[-1,1]]" --json\n'
        "matrix --file payoffs.csv --details --json\nmatrix --file game.npy --method simplex\n"
        "matrix --file game.nfg\n"
        "python make_game.py | strategy matrix --file -",
        run_matrix,
    )
    add_options(matrix, MATRIX_OPTIONS)


def _add_heap_options(parser: argparse.ArgumentParser, up_to: int) -> None:
    """``--up-to N`` (default ``up_to``) and ``--time-limit SECONDS`` of the heap games."""
    parser.add_argument(
        "--up-to", type=nonnegative_int, default=up_to, help=f"heaps 0..N (default {up_to})"
    )
    parser.add_argument(
        "--time-limit",
        type=positive_int,
        default=int(TIME_LIMIT),
        metavar="SECONDS",
        help=f"refuse, up front, heaps that would take longer (default {TIME_LIMIT:.0f})",
    )


def exact_str(value: Fraction | float) -> str:
    """A number as ``str`` writes it (``p/q``, or ``p`` for integers), at any length.

    >>> exact_str(Fraction(6, 3)), exact_str(Fraction(1, 3)), exact_str(0.5)
    ('2', '1/3', '0.5')
    """
    if isinstance(value, float):
        return str(value)
    return fraction_text(value).removesuffix("/1")


def emit(
    args: argparse.Namespace, obj: dict[str, Any], lines: list[str] | Callable[[], list[str]]
) -> int:
    """Write ``obj`` as JSON or ``lines`` as text (a callable: built only for text)."""
    if args.format == "json":
        values = obj.get("values")
        big = isinstance(values, list) and len(values) > INDENTED_VALUES
        write_json(args, obj, indent=None if big else 2)
    else:
        write_text(args, "\n".join(lines() if callable(lines) else lines))
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
    return emit(args, result.as_json(), lines)


def run_subtraction(args: argparse.Namespace) -> int:
    """Grundy values of a subtraction game, and a heap's winning takes."""
    from strategy.classic.subtraction import SubtractionGame
    from strategy.engine.progress import ProgressBar

    if bool(args.takes) == bool(args.bash):
        raise CliError("give the subtraction set as numbers, or --bash M for the set 1..M")
    if args.heap is not None and args.heap > MAX_HEAP:
        raise CliError(f"--heap is limited to {MAX_HEAP:,}")
    require_takes(args.bash or len(args.takes))
    game = SubtractionGame.bash(args.bash) if args.bash else SubtractionGame(tuple(args.takes))
    with ProgressBar("subtraction") as progress:
        analysis = game.analyse(args.up_to, progress=progress, max_seconds=args.time_limit)
    obj: dict[str, Any] = {"takes": list(game.takes)} | analysis.as_json()
    code = f" (octal {game.code})" if game.code else ""
    head = f"subtraction set {{{', '.join(map(str, game.takes))}}}{code}"
    tail: list[str] = []
    if args.heap is not None:
        wins = game.winning_takes(args.heap, max_seconds=args.time_limit)
        obj["heap"] = {"heap": args.heap, "first_player_wins": bool(wins), "winning_takes": wins}
        tail.append(
            f"heap {args.heap}: the player to move "
            + (f"wins by taking {' or '.join(map(str, wins))}" if wins else "loses")
        )
    return emit(args, obj, lambda: [head, *_sequence_lines(analysis), *tail])


def require_takes(count: int) -> None:
    """Refuse a subtraction set too large to hold: each take is an int in a tuple, a set
    and a frozenset while the game is built, about 150 bytes."""
    from strategy.engine.resources import require

    require(f"a subtraction set of {count:,} takes", memory=150 * count)


def run_octal(args: argparse.Namespace) -> int:
    """Grundy sequence and period of an octal game."""
    from strategy.classic.octal import analyse_octal
    from strategy.engine.progress import ProgressBar

    with ProgressBar(f"octal {args.code}") as progress:
        analysis = analyse_octal(
            args.code,
            args.up_to,
            progress=progress,
            max_seconds=args.time_limit,
            prove_to=args.until_proven,
            notice=None if args.until_proven is None else _notice,
        )
    return emit(
        args,
        analysis.as_json(),
        lambda: [f"octal game {analysis.code}", *_sequence_lines(analysis)],
    )


def _notice(text: str) -> None:
    """The estimate of a long computation, up front, on stderr."""
    import sys

    print(f"strategy octal: {text}; computing until a period is proven", file=sys.stderr)


def run_grundy(args: argparse.Namespace) -> int:
    """Grundy values of Grundy's game, and a heap's winning splits."""
    from strategy.classic.grundys_game import GrundysGame, analyse_grundys_game
    from strategy.engine.errors import InputError
    from strategy.engine.progress import ProgressBar

    if args.up_to >= LISTED_HEAPS and not args.stats:
        raise InputError(
            f"listing the values of {args.up_to + 1:,} heaps is refused (at most "
            f"{LISTED_HEAPS:,}); add --stats for the rare-value statistics alone"
        )
    up_to = max(args.up_to, args.heap or 0)
    with ProgressBar("Grundy's game") as progress:
        game = analyse_grundys_game(up_to, progress=progress, max_seconds=args.time_limit)
    shown = GrundysGame(() if args.stats else game.values.array[: args.up_to + 1])
    sparse = game.sparse
    obj: dict[str, Any] = {"game": "Grundy's game", "heaps": len(game.values)}
    obj |= {} if args.stats else shown.as_json()
    obj["sparse"] = dataclasses.asdict(sparse)
    tail = [
        "no period is known (Winning Ways conjectures one); values by the rare-value method",
        _sparse_line(sparse, len(game.values) - 1),
    ]
    if args.heap is not None:
        splits = game.winning_splits(args.heap)
        obj["heap"] = {
            "heap": args.heap,
            "first_player_wins": bool(splits),
            "winning_splits": [list(split) for split in splits],
        }
        ways = " or ".join(f"{a} + {b}" for a, b in splits)
        tail.append(
            f"heap {args.heap}: the player to move "
            + (f"wins by splitting it into {ways}" if splits else "loses")
        )
    head = "Grundy's game: split one heap into two unequal heaps"
    listed = () if args.stats else shown.values
    return emit(args, obj, lambda: [head, *(_value_lines(listed) if listed else []), *tail])


def _value_lines(values: Sequence[int]) -> list[str]:
    """The values twenty to a line, each line headed by its first heap."""
    width = max(2, len(str(max(values))))
    cells = [f"{value:>{width}}" for value in range(max(values) + 1)]
    lines = [f"Grundy values of heaps 0..{len(values) - 1}:"]
    lines += [
        f"  {start:>4}: " + " ".join(map(cells.__getitem__, values[start : start + 20]))
        for start in range(0, len(values), 20)
    ]
    return lines


def _sequence_lines(analysis: OctalAnalysis) -> list[str]:
    lines = _value_lines(analysis.values)
    last = analysis.computed - 1
    if analysis.proven:
        lines.append(
            f"periodic from heap {analysis.preperiod:,} with period {analysis.period:,}, "
            f"proven (Guy-Smith periodicity theorem) by heap {last:,}"
        )
    else:
        lines.append(f"no period proven by heap {last:,}; compute further with --until-proven")
        if analysis.period is not None:
            lines.append(
                f"the values repeat with period {analysis.period:,} from heap "
                f"{analysis.preperiod:,}, over more than half of those computed (not proven)"
            )
    if analysis.computed < len(analysis.values):
        lines.append(f"heaps 0..{last:,} by the recurrence, the rest copied by the period")
    lines.append(_sparse_line(analysis.sparse, last))
    return lines


def _sparse_line(sparse: Sparse, last: int) -> str:
    """Flammenkamp's sparse statistics of heaps 0..``last`` in one line."""
    return (
        f"heaps 0..{last:,}: rare mask {sparse.mask:x}, {sparse.rare:,} rare values, the last "
        f"at heap {sparse.last_rare:,}; largest value {sparse.largest} at heap "
        f"{sparse.largest_at:,}"
    )


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
    return emit(args, obj, lines)


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
    return emit(args, obj, lines)


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
    return emit(args, obj, lines)


def run_pig(args: argparse.Namespace) -> int:
    """Solve Pig: the win chance, exactly or in floats, and the hold thresholds."""
    from strategy.classic.pig import PigGame, solve_pig
    from strategy.engine.progress import ProgressBar
    from strategy.engine.value_iteration import solve_exactly

    goal, hold_at = args.goal, args.hold_at
    exact = args.method == "exact" or (args.method == "auto" and goal <= EXACT_PIG_GOAL)
    if exact and goal > MAX_EXACT_PIG_GOAL:
        raise CliError(f"--method exact is limited to goals up to {MAX_EXACT_PIG_GOAL}")
    began = time.perf_counter()
    with ProgressBar("pig") as progress:
        solution = solve_pig(goal, hold_at, progress=progress)
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
    return emit(args, obj, lines)


def _threshold_table(thresholds: list[list[int]], step: int) -> list[str]:
    from strategy.present.render import Grid, to_text

    scores = tuple(range(0, len(thresholds), step))
    cells = tuple(tuple(str(thresholds[i][j]) for j in scores) for i in scores)
    title = "hold once the turn total reaches (rows: your score i, columns: opponent's j)"
    caption = "(a threshold of goal - i means: roll on to the goal)"
    grid = Grid(title, "i", "j", scores, scores, cells, caption=caption)
    return to_text(grid).splitlines()


def _save_nfg(path: Path, rows: list[list[Fraction]]) -> None:
    from strategy.engine.atomic import write_text_atomic
    from strategy.interop.nfg import NormalFormGame

    try:
        write_text_atomic(path, NormalFormGame.of(rows).to_nfg())
    except OSError as error:
        raise cannot_write(path, error) from None


def run_matrix(args: argparse.Namespace) -> int:
    """Solve a zero-sum matrix game."""
    from strategy.cli.matrix_input import parse_matrix_text, read_matrix
    from strategy.engine.matrix_game import solve_matrix_game

    if (args.matrix is None) == (args.file is None):
        raise CliError("give the matrix as an argument or with --file PATH, not both")
    if args.file is not None:
        rows = read_matrix(args.file)
    else:
        rows = parse_matrix_text(args.matrix, args.matrix)
    if args.save_nfg is not None:
        _save_nfg(args.save_nfg, rows)
    cells = len(rows) * max((len(row) for row in rows), default=0)
    if args.exact and cells > MAX_EXACT_CELLS:
        raise CliError(
            f"an exact solve is limited to {MAX_EXACT_CELLS:,} entries ({len(rows)} rows here, "
            f"{cells:,} entries); use --float"
        )
    began = time.perf_counter()
    solution = solve_matrix_game(rows, exact=args.exact, method=args.method)
    seconds = time.perf_counter() - began

    def show(x: Fraction | float) -> str | float:
        return fraction_text(x) if isinstance(x, Fraction) else float(x)

    obj: dict[str, Any] = {
        "value": show(solution.value),
        "row_strategy": [show(p) for p in solution.row_strategy],
        "column_strategy": [show(p) for p in solution.column_strategy],
        "exact": solution.exact,
    }
    if args.details:
        obj |= {"method": solution.method, "seconds": round(seconds, 3)}
    lines = [
        f"value {exact_str(solution.value)}",
        f"row player:    {', '.join(exact_str(p) for p in solution.row_strategy)}",
        f"column player: {', '.join(exact_str(p) for p in solution.column_strategy)}",
        f"({solution.method}, {seconds:.2f} s)",
    ]
    return emit(args, obj, lines)

"""How MCTS's value and chosen move converge to the exact ones as playouts grow (seed 002).

For games whose exact value the engine's solvers know (tic-tac-toe, Pig to 8, a Risk battle
under the ``sees-roll`` choice rule, and random trees from
:func:`strategy.engine.testing.small_games`), run :func:`strategy.engine.mcts.mcts` with
growing numbers of playouts, several seeds each, and print per game and playout count:
the mean absolute error of the value, the share of seeds whose chosen move is optimal, and
the time per playout. The plot (PNG) shows both against the playouts, log scale.

Run from the repository root (``PYTHONPATH=.`` unless the package is installed; the random
trees need ``hypothesis``, a test extra)::

    python benchmarks/bench_mcts.py mcts.png [--seeds 8] [--max-playouts 30000] [--quick]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from common import machine

from strategy.classic.pig import PigGame, PigState
from strategy.classic.tictactoe import Board, TicTacToe
from strategy.engine.mcts import DEFAULT_EXPLORATION, mcts
from strategy.engine.solve import solve
from strategy.engine.value_iteration import solve_exactly
from strategy.risk.game import BattleGame


@dataclass(frozen=True)
class Case:
    """A game, a start, its payoff bounds, and its exact value and optimal moves there."""

    name: str
    game: Any
    start: Any
    payoffs: tuple[float, float]
    value: Fraction
    optimal: Sequence[Hashable]


def solved_case(name: str, game: Any, payoffs: tuple[float, float], start: Any = None) -> Case:
    cyclic = isinstance(game, PigGame)
    result = (solve_exactly if cyclic else solve)(game, start)
    root = game.initial_state() if start is None else start
    return Case(
        name, game, root, payoffs, Fraction(result.value), result.optimal_actions.get(root, ())
    )


def cases(random_trees: int) -> list[Case]:
    """The games, each with its exact solution."""
    pig = PigGame(goal=8)
    chosen = [
        solved_case("tic-tac-toe, empty board", TicTacToe(), (-1, 1)),
        solved_case(
            "tic-tac-toe, O after X's centre", TicTacToe(), (-1, 1), Board.parse("....X....")
        ),
        solved_case("Pig to 8", pig, (0, 1)),
        solved_case("Pig to 8, 2 v 2, turn total 2", pig, (0, 1), PigState(2, 2, 2, True, False)),
        solved_case("Risk 5 v 3, sees-roll", BattleGame(5, 3, choice="sees-roll"), (0, 1)),
    ]
    chosen += [
        solved_case(f"random tree {i + 1}", tree, (-2, 2))
        for i, tree in enumerate(trees(random_trees))
    ]
    return chosen


def trees(count: int) -> list[Any]:
    """``count`` random games of chance and choice, drawn the same way in every run."""
    from hypothesis import Phase, given, settings

    from strategy.engine.game import NodeKind
    from strategy.engine.testing import small_games

    drawn: list[Any] = []
    kinds = [NodeKind.MAX, NodeKind.MIN, NodeKind.CHANCE]

    @settings(max_examples=count * 20, derandomize=True, database=None, phases=[Phase.generate])
    @given(small_games(max_depth=5, kinds=kinds))
    def collect(game: Any) -> None:
        # Keep distinct games that start with a choice that matters.
        deciding = game.kind(0) in (NodeKind.MAX, NodeKind.MIN)
        wanted = deciding and len(drawn) < count and game not in drawn
        if wanted and len(solve(game).optimal_actions[0]) < len(game.legal_actions(0)):
            drawn.append(game)

    collect()
    return drawn


@dataclass(frozen=True)
class Point:
    """One game at one number of playouts, over several seeds."""

    playouts: int
    error: float  # mean |value - exact value|
    agreement: float | None  # share of seeds choosing an optimal move (None: no choice)
    microseconds: float  # per playout


def measure(case: Case, playouts: int, seeds: int, exploration: float) -> Point:
    errors, agreeing, seconds = [], 0, 0.0
    for seed in range(seeds):
        began = time.perf_counter()
        result = mcts(
            case.game,
            case.start,
            playouts=playouts,
            seed=seed,
            payoffs=case.payoffs,
            exploration=exploration,
        )
        seconds += time.perf_counter() - began
        errors.append(abs(result.value - float(case.value)))
        agreeing += result.best_action in case.optimal
    # Agreement says nothing where every move is optimal (or there is no choice).
    choice = len(case.optimal) < len(case.game.legal_actions(case.start))
    return Point(
        playouts,
        sum(errors) / seeds,
        agreeing / seeds if choice else None,
        1e6 * seconds / (seeds * playouts),
    )


def table(results: Mapping[str, list[Point]]) -> str:
    lines = [f"{'game':<34} {'playouts':>9} {'|error|':>8} {'optimal move':>12} {'us/playout':>10}"]
    for name, points in results.items():
        for p in points:
            agree = "-" if p.agreement is None else f"{p.agreement:.0%}"
            lines.append(
                f"{name:<34} {p.playouts:>9,} {p.error:>8.4f} {agree:>12} {p.microseconds:>10.1f}"
            )
    return "\n".join(lines)


def plot(results: Mapping[str, list[Point]], path: str, exploration: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    colours = iter(plt.rcParams["axes.prop_cycle"].by_key()["color"])
    for name, points in results.items():
        random_tree = name.startswith("random tree")
        style: dict[str, Any] = (
            {"color": "grey", "alpha": 0.4, "lw": 0.8}
            if random_tree
            else {"marker": "o", "color": next(colours)}
        )
        label = None if random_tree else name
        xs = [p.playouts for p in points]
        left.loglog(xs, [max(p.error, 1e-4) for p in points], label=label, **style)
        if points[0].agreement is not None:
            right.semilogx(xs, [p.agreement for p in points], label=label, **style)
    left.set(xlabel="playouts", ylabel="mean |MCTS value - exact value|", title="value error")
    right.set(
        xlabel="playouts",
        ylabel="share of seeds",
        title="chosen move is optimal",
        ylim=(-0.05, 1.05),
    )
    left.legend(fontsize=8)
    right.legend(fontsize=8)
    figure.suptitle(
        f"UCT with chance nodes (c = {exploration:.3g}) against the exact solvers "
        "(grey: random trees)"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plot", help="where to save the plot (PNG)")
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--max-playouts", type=int, default=30_000)
    parser.add_argument("--random-trees", type=int, default=12)
    parser.add_argument("--exploration", type=float, default=DEFAULT_EXPLORATION)
    parser.add_argument("--quick", action="store_true", help="3 seeds, up to 3,000 playouts")
    arguments = parser.parse_args()
    seeds = 3 if arguments.quick else arguments.seeds
    top = 3000 if arguments.quick else arguments.max_playouts
    counts = [
        n for n in (10, 30, 100, 300, 1000, 3000, 10_000, 30_000, 100_000, 300_000) if n <= top
    ]
    print(f"machine: {machine()}; {seeds} seeds per point; exploration {arguments.exploration}")
    results: dict[str, list[Point]] = {}
    for case in cases(arguments.random_trees):
        results[case.name] = [measure(case, n, seeds, arguments.exploration) for n in counts]
        if not case.name.startswith("random tree"):
            print(f"  {case.name}: exact value {case.value} = {float(case.value):.4f}", flush=True)
    trees_only = [points for name, points in results.items() if name.startswith("random tree")]
    shown = {name: points for name, points in results.items() if not name.startswith("random tree")}
    if trees_only:
        shown[f"random trees (mean of {len(trees_only)})"] = [
            Point(
                column[0].playouts,
                sum(p.error for p in column) / len(column),
                sum(p.agreement or 0.0 for p in column) / len(column),  # each has a choice
                sum(p.microseconds for p in column) / len(column),
            )
            for column in zip(*trees_only, strict=True)
        ]
    print(table(shown))
    plot(results, arguments.plot, arguments.exploration)
    print(f"plot saved to {arguments.plot}")


if __name__ == "__main__":
    main()

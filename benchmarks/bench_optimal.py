"""Time the optimal-play tables and the generic engine against plain pure-Python baselines.

Run from the repository root: ``python benchmarks/bench_optimal.py [--repeats 5] [--quick]``.
Every timing is the median of ``--repeats`` runs; each baseline runs once in the same
process (they are slow), and the ratio is baseline / ours at the same size. ``--quick``
makes the float tables 300 x 300 instead of 1000 x 1000.

The baselines are the textbook programs, classic rules, objective ``capture``:

* tables: a memoised recursion over ``(A, D)`` with floats (or ``Fraction``) and, at
  each state, the defender's minimum over its dice and the attacker's maximum over its
  dice and stopping, every option summed term by term;
* the engine: a memoised recursion over the battle game's states (``Fraction``), the same
  states :func:`strategy.engine.solve.solve` visits.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import cache, partial
from typing import Any

from common import machine, median_seconds

from strategy.engine.game import NodeKind
from strategy.engine.matrix_game import solve_matrix_game
from strategy.engine.solve import solve
from strategy.risk.battle import Battle
from strategy.risk.choices import Choice
from strategy.risk.dice import attacker_tops, rules_roll, seen_roll_losses
from strategy.risk.game import BattleGame
from strategy.risk.optimal import optimal_table
from strategy.risk.rules import Rules

sys.setrecursionlimit(100_000)

Number = Fraction | float
#: ``(attacker losses, defender losses, probability)``.
Outcomes = list[tuple[int, int, Number]]
RULES = Rules()


def plain_table(size: int, choice: Choice, exact: bool) -> list[list[Number]]:
    """The baseline: P(capture) under optimal play by a memoised recursion over (A, D)."""
    number: Callable[[Fraction], Number] = (lambda q: q) if exact else float
    zero: Number = number(Fraction(0))
    rolls = {
        (k, j): [(a, d, number(Fraction(n, r.total))) for a, d, n in r.counts]
        for k in range(1, 4)
        for j in range(1, 3)
        for r in [rules_roll(RULES, k, j)]
    }
    seen = {
        (k, j): [
            (
                number(Fraction(count, 6**k)),
                [
                    [
                        (a, d, number(Fraction(n, 6**jj)))
                        for a, d, n in seen_roll_losses(RULES, top, jj)
                    ]
                    for jj in range(1, j + 1)
                ],
            )
            for top, count in attacker_tops(RULES, k, min(k, j))
        ]
        for k in range(1, 4)
        for j in range(1, 3)
    }

    @cache
    def value(a: int, d: int) -> Number:
        if d == 0:
            return number(Fraction(1))
        if a <= 1:
            return zero

        def expect(outcomes: Outcomes) -> Number:
            return sum((p * value(a - la, d - ld) for la, ld, p in outcomes), zero)

        most_k, most_j = min(3, a - 1), min(2, d)
        dice, answers = range(1, most_k + 1), range(1, most_j + 1)
        if choice == "max":
            fight = [expect(rolls[most_k, most_j])]
        elif choice == "respond":
            fight = [min(expect(rolls[k, j]) for j in answers) for k in dice]
        elif choice == "sees-roll":
            fight = [
                sum((p * min(expect(o) for o in per_j) for p, per_j in seen[k, most_j]), zero)
                for k in dice
            ]
        else:
            matrix = [[expect(rolls[k, j]) for j in answers] for k in dice]
            fight = [solve_matrix_game(matrix, exact=exact).value]
        return max([*fight, zero])  # stopping pays 0 under capture

    return [[value(a, d) for d in range(1, size + 1)] for a in range(1, size + 1)]


def plain_solve(game: BattleGame) -> int:
    """The engine's baseline: memoised expectiminimax over the game's states; states visited."""
    memo: dict[Hashable, Fraction] = {}

    def value(state: Any) -> Fraction:
        found = memo.get(state)
        if found is not None:
            return found
        kind = game.kind(state)
        if kind is NodeKind.TERMINAL:
            result = Fraction(game.returns(state))
        elif kind is NodeKind.CHANCE:
            result = sum(
                (p * value(game.child(state, o)) for o, p in game.chance_outcomes(state)),
                Fraction(0),
            )
        elif kind is NodeKind.SIMULTANEOUS:
            rows, columns = game.joint_actions(state)
            matrix = [[value(game.child(state, (k, j))) for j in columns] for k in rows]
            result = Fraction(solve_matrix_game(matrix).value)
        else:
            values = [value(game.child(state, action)) for action in game.legal_actions(state)]
            result = max(values) if kind is NodeKind.MAX else min(values)
        memo[state] = result
        return result

    value(game.initial_state())
    return len(memo)


def once(job: Callable[[], object]) -> float:
    return median_seconds(job, 1)


def row(what: str, target: str, ours: str, baseline: str, ratio: float) -> None:
    shown = f"{ratio:.1f}" if ratio < 10 else f"{ratio:,.0f}"
    print(f"| {what} | {target} | {ours} | {baseline} | {shown}x |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    arguments = parser.parse_args()
    repeats, size = arguments.repeats, 300 if arguments.quick else 1000
    print(f"machine: {machine()}; medians of {repeats} runs, baselines run once")
    print("| what | target | ours | baseline | baseline / ours |")
    print("|---|---|---|---|---|")
    choices: tuple[Choice, ...] = ("sees-roll", "respond", "announce", "max")
    for choice in choices:
        ours = median_seconds(partial(optimal_table, size, size, choice=choice), repeats)
        plain = once(partial(plain_table, size, choice, exact=False))
        target = "<= 3 s" if size == 1000 and choice != "max" else "-"
        row(
            f"`{choice}` float {size}x{size}",
            target,
            f"{ours:.2f} s",
            f"{plain:.1f} s",
            plain / ours,
        )
    exact = median_seconds(
        lambda: optimal_table(50, 50, Battle.of(choice="sees-roll"), exact=True), repeats
    )
    plain = once(lambda: plain_table(50, "sees-roll", exact=True))
    row("`sees-roll` exact 50x50", "<= 10 s", f"{exact:.2f} s", f"{plain:.1f} s", plain / exact)
    engine: tuple[tuple[Choice, int], ...] = (("sees-roll", 30), ("respond", 100))
    for choice, armies in engine:
        game = BattleGame(armies, armies, choice=choice)
        states = solve(game).states_visited
        ours = median_seconds(partial(solve, game, exact=True), repeats)
        plain = once(partial(plain_solve, game))
        row(
            f"engine, exact, `BattleGame({armies}, {armies}, choice={choice!r})`, "
            f"{states:,} states",
            ">= 100,000 states/s",
            f"{states / ours:,.0f} states/s",
            f"{states / plain:,.0f} states/s",
            plain / ours,
        )


if __name__ == "__main__":
    main()

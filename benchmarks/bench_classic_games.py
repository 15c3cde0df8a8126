"""Time the heap games and exact matrix games against plain baselines, and print ratios.

Heap games: ours is ``analyse_octal`` / ``analyse_grundys_game`` (the numpy recurrence, and
copying once the Guy-Smith theorem proves a period); the baseline is the plain mex loop the
package had before, written out below (a Python loop over every option of every heap). The
baseline grows as heaps squared, so it runs to ``--baseline-heaps`` only and its time for
more heaps is extrapolated by that square law (marked "est."). The per-heap comparison runs
our recurrence without copying on the same heaps as the baseline.

Matrix games: ours is ``solve_matrix_game`` (float LP supports, exact solve, exact
certificate); the baseline is the exact simplex over ``Fraction`` (``method="simplex"``), which
grows as n^4: it runs at 50 x 50 only, and larger sizes are extrapolated from it (marked
"est."). Random integer matrices with entries -10..10, seeded.

Run from the repository root: ``PYTHONPATH=. python benchmarks/bench_classic_games.py
[--quick]`` (``--quick`` runs the baselines smaller). Timings are noisy on a shared machine.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np
from common import machine, median_seconds

from strategy.classic.grundys_game import RULES as GRUNDYS_GAME
from strategy.classic.grundys_game import analyse_grundys_game
from strategy.classic.octal import OctalGame, analyse_octal
from strategy.engine.heap_grundy import HeapRules, recurrence_values
from strategy.engine.matrix_game import solve_matrix_game


def plain_values(rules: HeapRules, up_to: int) -> list[int]:
    """The baseline: every option of every heap in a Python loop, mex by a set."""
    values: list[int] = []
    for heap in range(up_to + 1):
        seen = set()
        for left in rules.options(heap):
            value = 0
            for part in left:
                value ^= values[part]
            seen.add(value)
        mex = 0
        while mex in seen:
            mex += 1
        values.append(mex)
    return values


def timed(job: Callable[[], object]) -> float:
    began = time.perf_counter()
    job()
    return time.perf_counter() - began


def row(what: str, ours: float, baseline: float, estimated: bool, note: str = "") -> None:
    mark = " (est.)" if estimated else ""
    print(f"| {what} | {ours:.3f} s | {baseline:.2f} s{mark} | {baseline / ours:,.0f}x | {note} |")


def heap_games(baseline_heaps: int) -> None:
    print("| job | ours | baseline | baseline / ours | note |")
    print("|---|---|---|---|---|")
    games = {
        "0.137": OctalGame.parse("0.137").rules,
        "0.007": OctalGame.parse("0.007").rules,
        "Grundy's game": GRUNDYS_GAME,
    }
    base: dict[str, float] = {}
    for label, rules in games.items():
        base[label] = timed(lambda rules=rules: plain_values(rules, baseline_heaps))
        ours = median_seconds(lambda rules=rules: recurrence_values(rules, baseline_heaps), 3)
        row(f"{label}: the recurrence alone, heaps 0..{baseline_heaps:,}", ours, base[label], False)
    for heaps in (10**5, 10**6):
        ours = median_seconds(lambda heaps=heaps: analyse_octal("0.137", heaps), 3)
        estimate = base["0.137"] * (heaps / baseline_heaps) ** 2
        row(f"octal 0.137 to {heaps:,}", ours, estimate, True, "period proven by heap 255")
    command = [sys.executable, "-m", "strategy.cli.main", "octal", "0.137", "--up-to", "1000000"]
    whole = median_seconds(lambda: subprocess.run(command, capture_output=True, check=True), 3)
    print(f"| `strategy octal 0.137 --up-to 1000000`, whole process | {whole:.3f} s | | | |")
    square = (10**5 / baseline_heaps) ** 2
    treblecross = timed(lambda: analyse_octal("0.007", 10**5))
    row("octal 0.007 (Treblecross) to 100,000", treblecross, base["0.007"] * square, True)
    grundy = timed(lambda: analyse_grundys_game(10**5))
    row("Grundy's game to 100,000", grundy, base["Grundy's game"] * square, True, "no period")


def matrix_games(sizes: tuple[int, ...], baseline_size: int) -> None:
    print()
    print("| exact matrix game | ours | method | baseline (simplex) | baseline / ours |")
    print("|---|---|---|---|---|")
    rng = np.random.default_rng(2024)
    solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], method="lp+exact-support")  # imports
    games = {n: rng.integers(-10, 11, (n, n)).tolist() for n in (*sizes, baseline_size)}
    base_matrix = games[baseline_size]
    simplex = timed(lambda: solve_matrix_game(base_matrix, method="simplex"))
    for n in sizes:
        matrix = games[n]
        ours = median_seconds(lambda matrix=matrix: solve_matrix_game(matrix), 3)
        method = solve_matrix_game(matrix).method
        if n == baseline_size:
            baseline, mark = simplex, ""
        else:
            baseline, mark = simplex * (n / baseline_size) ** 4, " (est.)"
        print(
            f"| {n} x {n} | {ours:.3f} s | {method} | {baseline:.1f} s{mark} "
            f"| {baseline / ours:,.0f}x |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller baselines")
    args = parser.parse_args()
    print(machine())
    baseline_heaps = 1500 if args.quick else 4000
    baseline_size = 30 if args.quick else 50
    print(
        f"baselines capped: the plain mex loop at heaps 0..{baseline_heaps:,}, the simplex at "
        f"{baseline_size} x {baseline_size}; larger baselines are extrapolated (est.)"
    )
    print()
    heap_games(baseline_heaps)
    matrix_games((50, 100, 200), baseline_size)


if __name__ == "__main__":
    main()

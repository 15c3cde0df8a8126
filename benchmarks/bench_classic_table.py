"""Time the classic capture table: exact and float, against a plain memoised recursion.

Run: ``python benchmarks/bench_classic_table.py``. Prints the median of several runs and the
ratio to the baseline computed in the same run.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import cache, partial

from strategy.risk.battle import battle_table
from strategy.risk.dice import roll_distribution

sys.setrecursionlimit(100_000)


def median_seconds(job: Callable[[], object], repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def plain_table(size: int, exact: bool) -> list[list[Fraction | float]]:
    """The textbook baseline: a memoised recursion over (A, D), territory count."""

    @cache
    def p(a: int, d: int) -> Fraction | float:
        if d == 0:
            return Fraction(1) if exact else 1.0
        if a <= 1:
            return Fraction(0) if exact else 0.0
        roll = roll_distribution(min(3, a - 1), min(2, d))
        total: Fraction | float = Fraction(0) if exact else 0.0
        for lost_a, lost_d, q in roll.probabilities():
            total += (q if exact else float(q)) * p(a - lost_a, d - lost_d)
        return total

    return [[p(a, d) for d in range(1, size + 1)] for a in range(1, size + 1)]


def main() -> None:
    for size, exact in ((50, True), (100, True), (200, False), (1000, False)):
        kind = "exact" if exact else "float"
        ours = median_seconds(partial(battle_table, size, size, exact=exact))
        base = median_seconds(partial(plain_table, size, exact), repeats=1)
        print(
            f"classic capture table {size}x{size} {kind}: {ours:.3f} s "
            f"(plain memoised recursion {base:.3f} s, ratio {base / ours:.1f}x)"
        )


if __name__ == "__main__":
    main()

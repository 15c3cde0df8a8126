"""Seed 000's table twice: by its own method (simulation) and by the exact engine.

Seed 000 simulated 2,500 battles for each start 1..20 v 1..20 and printed the mean signed
outcome (attackers left if the attacker captures, minus defenders left if not). This script
does the same with the vectorised simulator, seeded, prints the exact table beside it, and
measures the simulation's noise: the largest deviation from the exact value, and how many
cells' 95% intervals miss it (about 5% of them should, by chance alone).

Run: python examples/seed000_side_by_side.py [--trials N] [--seed S]
"""

from __future__ import annotations

import argparse
from math import comb

from strategy.present.render import Grid, format_number, to_text
from strategy.risk.classic import battle_table
from strategy.risk.objectives import Objective
from strategy.risk.sampling import simulate_table

SIZE = 20
SIGNED = Objective("signed")


def binomial_range(n: int, p: float, mass: float) -> tuple[int, int]:
    """The central range of Binomial(n, p) holding at least ``mass`` of its probability."""
    pmf = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    low, high, tail = 0, n, (1 - mass) / 2
    while sum(pmf[: low + 1]) <= tail:
        low += 1
    while sum(pmf[high:]) <= tail:
        high -= 1
    return low, high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2500, help="battles per cell (2500)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the simulation (0)")
    args = parser.parse_args()

    simulated = simulate_table(SIZE, SIZE, trials=args.trials, seed=args.seed)
    exact = battle_table(SIZE, SIZE, objective=SIGNED, exact=False)
    estimates = [[cell.estimate(SIGNED) for cell in row] for row in simulated]
    axis = tuple(range(1, SIZE + 1))

    def grid(title: str, cells: list[list[str]]) -> Grid:
        return Grid(title, "A", "D", axis, axis, tuple(tuple(row) for row in cells))

    # A star marks a cell whose 95% interval misses the exact value.
    marked = [
        [
            format_number(e.value, 1) + (" " if e.contains(x) else "*")
            for e, x in zip(er, xr, strict=True)
        ]
        for er, xr in zip(estimates, exact.as_floats(), strict=True)
    ]
    print(to_text(grid(f"Simulated, {args.trials:,} battles per cell, seed {args.seed}", marked)))
    print()
    print(to_text(grid("Exact", [[format_number(x, 1) for x in row] for row in exact.as_floats()])))

    deviations = [
        (abs(e.value - x), a, d, e, x)
        for a, (er, xr) in enumerate(zip(estimates, exact.as_floats(), strict=True), start=1)
        for d, (e, x) in enumerate(zip(er, xr, strict=True), start=1)
    ]
    worst, a, d, estimate, value = max(deviations, key=lambda row: row[0])
    # Where A = 1 no battle is fought: every simulated battle ends at -D, exactly.
    fought = [row for row in deviations if row[1] > 1]
    outside = sum(not e.contains(x) for _, _, _, e, x in fought)
    low, high = binomial_range(len(fought), 0.05, 0.95)
    print()
    print(
        f"largest deviation: {worst:.3f} at A={a}, D={d} (simulated {estimate.value:.3f}, "
        f"95% interval [{estimate.low:.3f}, {estimate.high:.3f}], exact {value:.3f})"
    )
    print(
        f"cells outside their 95% intervals (*): {outside} of the {len(fought)} where a "
        f"battle is fought; chance alone puts {low} to {high} outside in 95% of runs"
    )


if __name__ == "__main__":
    main()

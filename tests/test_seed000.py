"""Seed 000's simulated table of expected signed outcomes against the exact values.

Each printed cell is a mean of n simulated battles, rounded to 0.1. The notebook's text says
5,000 simulations per cell and its code defaults to 2,500; we take the smaller n, which
gives wider (more forgiving, still honest) intervals. The tolerance of each cell is
z * sqrt(Var / n) + 0.05 (rounding), with Var the exact variance of the signed outcome and
z = 4.56, a two-sided Bonferroni bound over 400 cells at a 0.2% family-wise false-alarm rate.

Deep imports: :mod:`strategy.paper.published`, seed 000's printed table as data, and the classic
kernel for the exact values.
"""

from __future__ import annotations

from math import sqrt

from strategy.paper.published import seed000_table
from strategy.risk.classic import battle_odds

SIMULATIONS = 2500
Z_BONFERRONI = 4.56
ROUNDING = 0.05


def test_seed000_within_its_monte_carlo_noise() -> None:
    table = seed000_table()
    assert len(table) == 20 and all(len(row) == 20 for row in table)
    outside, outside_if_off_by_one = [], 0
    for a, row in enumerate(table, start=1):
        for d, simulated in enumerate(row, start=1):
            odds = battle_odds(a, d, exact=False)
            outcomes = [(x if y == 0 else -y, p) for x, y, p in odds.final_states]
            mean = sum(v * p for v, p in outcomes)
            variance = sum(v * v * p for v, p in outcomes) - mean * mean
            tolerance = Z_BONFERRONI * sqrt(max(variance, 0.0) / SIMULATIONS) + ROUNDING
            if abs(simulated - mean) > tolerance:
                outside.append((a, d, simulated, mean, tolerance))
            outside_if_off_by_one += abs(simulated - (mean + 1)) > tolerance
    assert outside == []
    # The check has power: exact values one army off would be flagged almost everywhere.
    assert outside_if_off_by_one >= 390

"""Comparisons with published work: Osborne's (2003) table, seed 000's simulation, and
Tan's (1997) independence assumption.

>>> round(float(independent_roll()[2]), 3)  # both pairs won by the attacker, if independent
0.286
>>> seed000_table()[1][:3]  # seed 000's row a=2, as the notebook printed it
(0.3, -1.4, -2.6)
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from importlib import resources
from math import sqrt

from strategy.paper.common import Section
from strategy.paper.latex import decimal, frac, tabular
from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.dice import roll_distribution, top_roll_counts
from strategy.risk.objectives import Objective
from strategy.risk.rules import Rules

#: Osborne (2003), Table 3: P(capture), rows A = 1..10 attacking armies (the territory holds
#: A + 1), columns D = 1..10, as reproduced by M. Hoehle, "Risky Risk Results" (2025).
OSBORNE_TABLE_3 = (
    (0.417, 0.106, 0.027, 0.007, 0.002, 0.000, 0.000, 0.000, 0.000, 0.000),
    (0.754, 0.363, 0.206, 0.091, 0.049, 0.021, 0.011, 0.005, 0.003, 0.001),
    (0.916, 0.656, 0.470, 0.315, 0.206, 0.134, 0.084, 0.054, 0.033, 0.021),
    (0.972, 0.785, 0.642, 0.477, 0.359, 0.253, 0.181, 0.123, 0.086, 0.057),
    (0.990, 0.890, 0.769, 0.638, 0.506, 0.397, 0.297, 0.224, 0.162, 0.118),
    (0.997, 0.934, 0.857, 0.745, 0.638, 0.521, 0.423, 0.329, 0.258, 0.193),
    (0.999, 0.967, 0.910, 0.834, 0.736, 0.640, 0.536, 0.446, 0.357, 0.287),
    (1.000, 0.980, 0.947, 0.888, 0.818, 0.730, 0.643, 0.547, 0.464, 0.380),
    (1.000, 0.990, 0.967, 0.930, 0.873, 0.808, 0.726, 0.646, 0.558, 0.480),
    (1.000, 0.994, 0.981, 0.954, 0.916, 0.861, 0.800, 0.724, 0.650, 0.568),
)
#: Tan (1997) for 3 v 2 dice, P(defender loses k) for k = 0, 1, 2, as reported by Hoehle (2025).
TAN_3V2 = ("0.237", "0.504", "0.259")
#: Seed 000's notebook simulates each cell this many times (its code's default).
SEED000_TRIALS = 2500
#: SMG Studio, smgstudio/risk-dice README (RISK: Global Domination's dice code as of v3.3),
#: examples 2, 3 and 6, in the game's count of attacking troops: P(capture) of 300 v 800
#: zombies (ties to the attacker, true random); P(losing exactly 12 of 30 troops) attacking
#: 15 on a capital, true random and Balanced Blitz; the fewest troops with at least 80% to
#: capture 50 under Balanced Blitz.
SMG_ZOMBIE_300_800 = "0.8897331"
SMG_CAPITAL_30_15_LOSE_12 = ("0.0222128001707278", "0.0100282888709122")
SMG_IDEAL_TROOPS_50 = 49
#: sipolac/risk README: 5 armies (on the territory) take territories of 3, 2 and 1 in turn,
#: moving all in, the second defending with 8-sided dice: P(taking the first 1, 2, 3); and
#: the fewest armies taking all three with P >= 0.95, with that P.
SIPOLAC_CHAIN = ("0.64162289645596", "0.15834186479813744", "0.06507349013892291")
SIPOLAC_MIN_TROOPS = (17, "0.953038445204023")


def osborne_numbers() -> dict[str, str]:
    """How many of Osborne's 100 cells our exact table reproduces to three decimals."""
    table = battle_table(10, 10, Rules(count="attacking"))
    matches = sum(
        decimal(table.value(a, d), 3) == f"{OSBORNE_TABLE_3[a - 1][d - 1]:.3f}"
        for a in range(1, 11)
        for d in range(1, 11)
    )
    gap = max(
        abs(float(table.value(a, d)) - OSBORNE_TABLE_3[a - 1][d - 1])
        for a in range(1, 11)
        for d in range(1, 11)
    )
    cells = sum(len(row) for row in OSBORNE_TABLE_3)
    return {
        "OsborneMatches": str(matches),
        "OsborneCells": str(cells),
        "OsborneGap": decimal(gap, 4),
    }


def seed000_table() -> tuple[tuple[float, ...], ...]:
    """Seed 000's printed table of mean signed outcomes, rows a = 1..20 attacking armies (in
    the territory), columns d = 1..20: shipped with the package (``data/seed000_signed.csv``,
    described in ``tests/data/README.md``)."""
    text = resources.files(__package__).joinpath("data", "seed000_signed.csv").read_text("utf-8")
    return tuple(tuple(float(x) for x in row) for row in csv.reader(io.StringIO(text)))


def seed000_numbers() -> dict[str, str]:
    """Seed 000's simulated signed outcomes against the exact expectations (territory count)."""
    simulated = seed000_table()
    signed = Objective("signed")
    gaps, scores = [], []
    for a, row in enumerate(simulated, start=1):
        for d, value in enumerate(row, start=1):
            odds = battle_odds(a, d, exact=False)
            mean = float(odds.expectation(signed))
            variance = sum(p * (signed.payoff(x, y) - mean) ** 2 for x, y, p in odds.final_states)
            gaps.append(abs(value - mean))
            if variance > 0:
                scores.append(abs(value - mean) / sqrt(variance / SEED000_TRIALS))
    return {
        "SeedCells": str(len(gaps)),
        "SeedMaxGap": decimal(max(gaps), 2),
        "SeedMeanGap": decimal(sum(gaps) / len(gaps), 3),
        "SeedMaxScore": decimal(max(scores), 1),
        "SeedTrials": str(SEED000_TRIALS),
    }


def independent_roll() -> tuple[Fraction, Fraction, Fraction]:
    """3 v 2 dice: P(defender loses 0, 1, 2) if the two pairs were independent (Tan's error)."""
    attack = top_roll_counts(3, 6, 2)
    defend = top_roll_counts(2, 6, 2)
    total = 6**3 * 6**2
    won = [Fraction(0), Fraction(0)]
    for a, ways_a in attack.items():
        for d, ways_d in defend.items():
            for pair in (0, 1):
                if a[pair] > d[pair]:
                    won[pair] += Fraction(ways_a * ways_d, total)
    first, second = won
    both = first * second
    neither = (1 - first) * (1 - second)
    return neither, 1 - both - neither, both


def tan_table() -> str:
    """The exact 3 v 2 roll, what independence of the two pairs would give, and Tan's values."""
    exact = roll_distribution(3, 2)
    independent = independent_roll()
    rows = []
    for k in (0, 1, 2):
        p = exact.probability(2 - k, k)
        rows.append(
            [str(k), f"${frac(p)}$ = {decimal(p, 3)}", decimal(independent[k], 3), TAN_3V2[k]]
        )
    header = ["defender loses", "exact", "pairs independent", "Tan (1997)"]
    return tabular(header, rows, "rlrr", comment="Tan's values as reported by Hoehle (2025)")


def published_sections() -> Section:
    """The comparison tables and numbers."""
    return Section({"tan.tex": tan_table()}, osborne_numbers() | seed000_numbers())

"""The one entry point costs nothing: ``strategy.risk.api`` against the kernels it picks.

``python benchmarks/bench_api.py`` prints, for each question, the time through the library's
entry point and through the kernel called directly (the plain baseline: what a caller had
to know to get the fast path before the entry point chose it), and their ratio.
"""

from __future__ import annotations

from common import machine, median_seconds

from strategy.risk import api
from strategy.risk.battle import Battle
from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.optimal import optimal_table

JOBS = (
    (
        "table(1000, 1000), classic float",
        lambda: api.table(1000, 1000),
        lambda: battle_table(1000, 1000, exact=False),
    ),
    (
        "table(12, 12, sees-roll, balance:2)",
        lambda: api.table(12, 12, choice="sees-roll", objective="balance:2"),
        lambda: optimal_table(12, 12, battle=Battle.of(choice="sees-roll", objective="balance:2")),
    ),
    (
        "table(300, 300, objective=signed): no real choice, classic kernel",
        lambda: api.table(300, 300, objective="signed"),
        # The optimal-play grid a caller got before the library chose the kernel.
        lambda: optimal_table(300, 300, Battle.of(objective="signed")),
    ),
    ("odds(10, 6), exact", lambda: api.odds(10, 6), lambda: battle_odds(10, 6)),
    (
        "odds(100000, 100000), float",
        lambda: api.odds(100_000, 100_000, exact=False),
        lambda: battle_odds(100_000, 100_000, exact=False),
    ),
)


def main() -> None:
    print(machine())
    print(f"{'question':<66}{'entry point':>12}{'direct':>10}{'ratio':>8}")
    for label, through_api, direct in JOBS:
        ours, plain = median_seconds(through_api, 5), median_seconds(direct, 5)
        print(f"{label:<66}{ours:>11.4f}s{plain:>9.4f}s{plain / ours:>8.2f}")


if __name__ == "__main__":
    main()

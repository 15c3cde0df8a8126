"""The one cost model against the clock: for each benchmark position of ``benchmarks/``, the
estimate (:func:`strategy.risk.requests.estimate`) beside the processor time the same request
takes, and their ratio; a ratio outside 1/3..3 is marked.

Each request runs once in this process after a small request of the same capability has
loaded what it imports, so the time measured is the work's (``time.process_time``, which a
busy machine disturbs less than the wall clock). The positions are those the other
benchmarks time: ``bench_api.py``, ``bench_optimal.py`` (its ``--quick`` sizes),
``bench_editions.py``, ``bench_simulate.py``, ``bench_plan.py`` (its North America in
floats, where the compiled loops run when numba is installed) and ``placements.py``.

Run: ``python benchmarks/bench_estimate.py`` (a minute or two; ``--quick`` skips the
positions over 5 s).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from strategy.risk.requests import CAPABILITIES
from strategy.risk.requests.battles import Left, Odds
from strategy.risk.requests.grids import Strategy, Table
from strategy.risk.requests.paths import Chain, Need
from strategy.risk.requests.plans import Fortify, Plan
from strategy.risk.requests.trials import Commit, Simulate

SOUTH_AMERICA = "Venezuela=2,Brazil=3,Peru=1,Argentina=2"
AFRICA_THREES = "North Africa=3,Egypt=3,East Africa=3,Congo=3,South Africa=3,Madagascar=3"
#: bench_plan.py's North America position.
NORTH_AMERICA = (
    "Alaska=2, Northwest Territory=2, Greenland=1, Alberta=2, Ontario=3, Quebec=1, "
    "Western United States=2, Eastern United States=2, Central America=2"
)
POSITIONS: list[tuple[str, str, Any]] = [
    ("odds 10 v 6 exact", "odds", Odds(attackers=10, defenders=6)),
    ("odds 1000 v 1000 exact", "odds", Odds(attackers=1000, defenders=1000)),
    ("odds 100000 v 100000 float", "odds", Odds(attackers=100_000, defenders=100_000, exact=False)),
    (
        "odds 1000 v 1000 Balanced Blitz",
        "odds",
        Odds(attackers=1000, defenders=1000, dice="balanced-blitz"),
    ),
    (
        "odds 12 v 7 sees-roll balance:2",
        "odds",
        Odds(attackers=12, defenders=7, choice="sees-roll", objective="balance:2"),
    ),
    ("table 1000 x 1000 float", "table", Table(max_attackers=1000, max_defenders=1000)),
    (
        "table 300 x 300 signed",
        "table",
        Table(max_attackers=300, max_defenders=300, objective="signed"),
    ),
    (
        "table 12 x 12 sees-roll balance:2",
        "table",
        Table(max_attackers=12, max_defenders=12, choice="sees-roll", objective="balance:2"),
    ),
    ("table 50 x 50 exact", "table", Table(max_attackers=50, max_defenders=50, exact=True)),
    (
        "strategy 300 x 300 sees-roll float",
        "strategy",
        Strategy(max_attackers=300, max_defenders=300, choice="sees-roll"),
    ),
    (
        "strategy 300 x 300 respond float",
        "strategy",
        Strategy(max_attackers=300, max_defenders=300, choice="respond"),
    ),
    (
        "strategy 50 x 50 sees-roll exact",
        "strategy",
        Strategy(max_attackers=50, max_defenders=50, choice="sees-roll", exact=True),
    ),
    ("left 1000 v 1000", "left", Left(attackers=1000, defenders=1000)),
    ("chain 30 v 5, 3, 2", "chain", Chain(attackers=30, defenders=(5, 3, 2))),
    ("need 3, 2, 1 at 0.95", "need", Need(defenders=(3, 2, 1), target="0.95")),
    ("need 50 at 0.8 rgd", "need", Need(defenders=(50,), target="0.8", edition="rgd")),
    ("commit 60 v 10 rgd", "commit", Commit(attackers=60, defenders=10, edition="rgd")),
    (
        "simulate 10 v 10, 100000 trials",
        "simulate",
        Simulate(attackers=10, defenders=10, trials=100_000, seed=1),
    ),
    (
        "plan South America from 14",
        "plan",
        Plan(attackers="Central America=14", defenders=SOUTH_AMERICA, target="South America"),
    ),
    (
        "plan South America, 5 reinforcements",
        "plan",
        Plan(
            attackers="Central America=8,North Africa=7",
            defenders=SOUTH_AMERICA,
            target="South America",
            reinforce=5,
        ),
    ),
    (
        "plan Africa from Brazil 20 v 3 each, float",
        "plan",
        Plan(attackers="Brazil=20", defenders=AFRICA_THREES, target="Africa", exact=False),
    ),
    (
        "plan North America from Kamchatka 20, float",
        "plan",
        Plan(
            attackers="Kamchatka=20", defenders=NORTH_AMERICA, target="North America", exact=False
        ),
    ),
    (
        "fortify Australia, 10 armies",
        "fortify",
        Fortify(attackers="Siam=12", target="Australia", armies=10),
    ),
    (
        "fortify South America, 8 armies, 3 reinforcements",
        "fortify",
        Fortify(
            attackers="Central America=6,North Africa=5",
            target="South America",
            armies=8,
            reinforce=3,
        ),
    ),
]


#: Seconds to wait after the warm-up request before timing: the processor time of the
#: whole process counts every thread's, and some thread the warm-up left busy charged
#: 4.5 ms of processor time to odds 10 v 6 in 0.5 ms of wall time (with some hash seeds
#: only; its work takes 0.5-1.2 ms).
SETTLE = 0.05


def warm(name: str) -> None:
    """Load what the capability imports, with a small request (two for odds: optimal play
    and the classic kernels, which import different modules)."""
    small = {
        "odds": Odds(attackers=3, defenders=2, choice="sees-roll"),
        "table": Table(max_attackers=3, max_defenders=3, choice="sees-roll"),
        "strategy": Strategy(max_attackers=3, max_defenders=3, choice="respond"),
        "left": Left(attackers=3, defenders=2, dice="balanced-blitz"),
        "chain": Chain(attackers=3, defenders=(1,)),
        "need": Need(defenders=(1,), target="0.5", edition="rgd"),
        "commit": Commit(attackers=4, defenders=1, edition="rgd"),
        "simulate": Simulate(attackers=3, defenders=2, trials=10, seed=1),
        "plan": Plan(attackers="Siam=3", defenders="Indonesia=1", target="Indonesia"),
        "fortify": Fortify(attackers="Siam=4", target="Indonesia", armies=2),
    }[name]
    CAPABILITIES[name].run(small, None)
    if name == "odds":
        CAPABILITIES[name].run(Odds(attackers=3, defenders=2), None)


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"{'position':<52}{'estimate s':>11}{'measured s':>11}{'ratio':>8}")
    outside = 0
    for label, name, request in POSITIONS:
        capability = CAPABILITIES[name]
        estimated = capability.estimate(request).seconds
        if quick and estimated > 5:
            print(f"{label:<52}{estimated:>11.3g}{'(skipped)':>11}")
            continue
        warm(name)
        time.sleep(SETTLE)
        began = time.process_time()
        capability.run(request, None)
        took = time.process_time() - began
        ratio = estimated / took if took > 0 else float("inf")
        mark = "" if 1 / 3 <= ratio <= 3 else "  <- outside 1/3..3"
        outside += bool(mark)
        print(f"{label:<52}{estimated:>11.3g}{took:>11.3g}{ratio:>8.2f}{mark}", flush=True)
    print(f"{outside} of {len(POSITIONS)} outside 1/3..3")


if __name__ == "__main__":
    main()

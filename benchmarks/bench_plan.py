"""Time turn plans (strategy.risk.plan) on the classic board: states and seconds per continent.

For Australia, South America and Africa from the positions below, prints the states the
induction visits, the up-front bound, and the median seconds of an exact and a float plan.
Times are medians, wall and processor (the machine may be shared). The plain baseline is
the engine's generic backward induction (strategy.engine.solve) on the
same turn as a Game (TurnGame: one state per phase of a move), which must find the same
value; it is timed where it takes under a minute. Run from the repository root
(``PYTHONPATH=.`` unless installed): ``python benchmarks/bench_plan.py [--repeats 3]``
(``--africa-exact`` adds Africa's exact plan, about half a minute). Then the placement
searches (benchmarks/placements.py): South America with 5 reinforcements, Australia and
South America fortified, with their peak memory; ``--placements`` runs only those.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from common import machine
from placements import placement_benchmarks

from strategy.engine.solve import solve
from strategy.risk.plan import build_turn, classic_map, parse_armies, plan_turn
from strategy.risk.plan.game import TurnGame
from strategy.risk.plan.model import Turn
from strategy.risk.plan.size import state_bound

POSITIONS = {
    "Australia": (
        "Siam=20",
        "Indonesia=4, New Guinea=4, Western Australia=4, Eastern Australia=4",
    ),
    "South America": ("Central America=14", "Venezuela=2, Brazil=3, Peru=1, Argentina=2"),
    "South America, two stacks": (
        "Central America=12, North Africa=10",
        "Venezuela=4, Brazil=4, Peru=4, Argentina=4",
    ),
    "Africa": (
        "Brazil=20",
        "North Africa=3, Egypt=2, East Africa=2, Congo=2, South Africa=2, Madagascar=1",
    ),
}
#: Where the engine's generic solver is timed too (it visits several times the states).
ENGINE = ("Australia", "South America")


def timed(job: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median wall and processor seconds of ``repeats`` runs: on a shared machine the
    processor time says what the job costs, the wall time what a user waits."""
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        job()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def turn_for(name: str) -> Turn:
    board = classic_map()
    attacker, defenders = POSITIONS[name]
    target = name.split(",")[0]
    return build_turn(board, parse_armies(board, attacker), parse_armies(board, defenders), target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--africa-exact", action="store_true")
    parser.add_argument("--placements", action="store_true")
    arguments = parser.parse_args()
    print(f"machine: {machine()}; medians of {arguments.repeats} runs")
    for name, (attacker, defenders) in () if arguments.placements else POSITIONS.items():
        turn = turn_for(name)
        print(f"\n{name}: {attacker} against {defenders}")
        modes = [False]
        if not name.startswith("Africa") or arguments.africa_exact:
            modes.insert(0, True)
        cpu = {}
        for exact in modes:
            plan = plan_turn(turn, exact=exact)
            wall, cpu[exact] = timed(partial(plan_turn, turn, exact=exact), arguments.repeats)
            print(
                f"  {'exact' if exact else 'float'}: P = {float(plan.value):.6f}, "
                f"{plan.states:,} states (bound {state_bound(turn):,}) in {wall:.2f} s "
                f"({cpu[exact]:.2f} s processor) = {plan.states / cpu[exact]:,.0f} states/s"
            )
        if name in ENGINE:
            game = TurnGame(turn)
            result = solve(game)
            wall, engine = timed(partial(solve, game), arguments.repeats)
            assert result.value == plan_turn(turn).value, "the engine and the plan disagree"
            print(
                f"  engine (generic, exact): {result.states_visited:,} game states in "
                f"{wall:.2f} s ({engine:.2f} s processor); the plan's induction is "
                f"{engine / cpu[True]:.1f}x faster"
            )
    placement_benchmarks(timed, arguments.repeats)


if __name__ == "__main__":
    main()

"""The placement searches of bench_plan.py: reinforcement and fortification, timed and sized.

For each stated position it prints the search's answer, the plans and states it made, its
median wall and processor seconds, and the peak resident memory of a fresh process running
it (Linux's VmHWM) with what the job adds to the imports. The plain baseline plans
every placement (the defender's, then each of the attacker's replies) without the dominance
or the bound; it must find the same value, and the ratio of processor times is printed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from pathlib import Path

from strategy.risk.turns import build_turn, classic_map, parse_armies, plan_turn
from strategy.risk.turns.fortification import fortify_turn
from strategy.risk.turns.model import Turn
from strategy.risk.turns.placement import place
from strategy.risk.turns.reinforcement import On, best_reinforcement, eligible
from strategy.risk.turns.solve import Value


@dataclass(frozen=True)
class Job:
    """A stated position, and what to place: ``reinforce`` armies for the attacker, and
    ``fortify`` armies for the defender (0: the defender does not place)."""

    name: str
    attacker: str
    defenders: str
    target: str
    reinforce: int
    fortify: int = 0
    on: On = "border"

    def turn(self) -> Turn:
        """The position as a turn on the classic board."""
        board = classic_map()
        attacker, defenders = (
            parse_armies(board, self.attacker),
            parse_armies(board, self.defenders),
        )
        return build_turn(board, attacker, defenders, self.target)

    def run(self) -> tuple[Value, int, int]:
        """The search: its value, plans and states."""
        if self.fortify:
            found = fortify_turn(
                self.turn(), self.fortify, reinforcements=self.reinforce, on=self.on
            )
            return found.value, found.plans, found.states
        best = best_reinforcement(self.turn(), self.reinforce, on=self.on)
        return best.value, best.searched, best.states

    def plain(self) -> tuple[Value, int]:
        """Every placement planned: the value and the plans made."""
        turn = self.turn()
        plans = 0

        def reply(fortified: Turn) -> Value:
            """The attacker's best over every placement of its reinforcements."""
            nonlocal plans
            places = eligible(fortified, self.on)
            values = []
            for extra in shares(self.reinforce, len(places)):
                values.append(plan_turn(place(fortified, places, extra)).value)
                plans += 1
            return max(values)

        if not self.fortify:
            return reply(turn), plans
        enemies = tuple(t for t in range(turn.size) if not turn.attacker >> t & 1)
        base = place(turn, enemies, tuple(1 - turn.armies[t] for t in enemies))
        spare = self.fortify - len(enemies)
        value = min(reply(place(base, enemies, a)) for a in shares(spare, len(enemies)))
        return value, plans


def shares(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to share ``total`` among ``parts`` (0 or more each), by brute force."""
    return [a for a in product(range(total + 1), repeat=parts) if sum(a) == total]


JOBS = (
    Job(
        "South America, 5 reinforcements",
        "Central America=8, North Africa=7",
        "Venezuela=2, Brazil=3, Peru=1, Argentina=2",
        "South America",
        reinforce=5,
    ),
    Job(
        "Australia fortify, 10 armies",
        "Siam=12",
        "Indonesia=1, New Guinea=1, Western Australia=1, Eastern Australia=1",
        "Australia",
        reinforce=0,
        fortify=10,
    ),
    Job(
        "South America fortify, 8 armies, 3 reinforcements",
        "Central America=6, North Africa=5",
        "Venezuela=1, Brazil=1, Peru=1, Argentina=1",
        "South America",
        reinforce=3,
        fortify=8,
    ),
)


def peak_memory(index: int) -> tuple[int, int]:
    """The peak resident memory (bytes) of a fresh process that runs ``JOBS[index]``, and
    how much of it the job added to what the imports took."""
    script = Path(__file__)
    ran = subprocess.run(
        [sys.executable, str(script), str(index)], capture_output=True, text=True, check=True
    )
    peak, grown = map(int, ran.stdout.split())
    return peak, grown


def high_water() -> int:
    """This process's peak resident memory in bytes: Linux's VmHWM, which, unlike
    ``getrusage``'s maximum, does not carry over the parent's peak into a child."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise OSError("no VmHWM in /proc/self/status (peak memory is measured on Linux)")


def _measure(index: int) -> None:
    before = high_water()
    JOBS[index].run()
    peak = high_water()
    print(peak, peak - before)


def placement_benchmarks(
    timed: Callable[[Callable[[], object], int], tuple[float, float]], repeats: int
) -> None:
    """Time and size each job, against planning every placement."""
    for job in JOBS:
        print(f"\n{job.name}: {job.attacker} against {job.defenders}")
        value, plans, states = job.run()
        wall, cpu = timed(job.run, repeats)
        peak, grown = peak_memory(JOBS.index(job))
        print(
            f"  value {float(value):.6f} (exact), {plans:,} plans, {states:,} states in "
            f"{wall:.2f} s ({cpu:.2f} s processor); peak memory {peak / 2**20:.0f} MiB, "
            f"{grown / 2**20:.1f} MiB above the imports"
        )
        began = time.process_time()
        plain, every = job.plain()
        baseline = time.process_time() - began
        assert plain == value, "the search and every placement disagree"
        print(
            f"  every placement planned: {every:,} plans in {baseline:.2f} s processor; "
            f"the search is {baseline / cpu:.1f}x faster"
        )


if __name__ == "__main__":
    _measure(int(sys.argv[1]))

"""Time turn plans (strategy.risk.turns) on the classic board: states and seconds per continent.

For Australia, South America and Africa from the positions below, prints the states the
planner visits, the up-front bound, and the median seconds of an exact plan and a float one
(the level solver, strategy.risk.turns.levels), with the float
one's states per second, peak memory (tracemalloc: numpy's arrays included) and bytes per
state; where numba is installed, the level solver's compiled loops against its numpy path
(processor seconds, states per second, ratio; also North America with ``--big``).
Times are medians, wall and processor (the machine may be shared). Two plain
baselines: the general induction (``method="states"``: every state and choice kept as
objects), which must find the same values (the ratio of processor seconds is printed), and
the engine's generic backward induction (strategy.engine.solve) on the same turn as a Game
(TurnGame: one state per phase of a move), timed where it takes under a minute.

``--big`` times North America and Asia from the positions in :data:`BIG`, each solved once
in a process of its own (so its peak memory is its own): the state bound, memory and time
estimated before any work, then the states met, seconds and peak resident memory; a turn
whose estimate is over this machine's memory or :data:`BIG_SECONDS` is refused and gets its
bounds instead (:mod:`strategy.risk.turns.bounds`); a turn whose bound is too large but whose
forward pass fits is admitted by the states that pass reaches (Asia from Ukraine 20 v 1-2:
268 million of 1.75 billion); states per second, bytes per state (peak resident
memory over the states) and the compiled solver in one thread against two are printed
too. The general induction is not run on these (its North America alone took 216 s and
2.5 GiB at the bound; above a few hundred thousand states it is skipped). Run from the
repository root (``PYTHONPATH=.`` unless installed): ``python benchmarks/bench_plan.py
[--repeats 3]`` or ``... --big``, or both in one run with ``--all`` (about 15 minutes here).
An exact plan is the level solver's floats and the whole numbers they guide
(strategy.risk.turns.exact): both parts are timed, with the states worked out exactly, the
floats on the numpy path and, where numba is installed, the compiled loops. Where numba is
installed the compiled loops are loaded first, so every plan takes them, as in the web
server's workers (a process that has not loaded them leaves turns under COMPILE_FROM states
to the numpy path: run without numba for those numbers). The
compact induction it replaced (every state exactly; main at 6ab1536) took, back to back
with it at load 4-6: 0.42-0.46 s on South America with two stacks and 1.74-1.94 s on Africa.
The whole exact plan as the CLI makes it (the report played forward and its JSON) is timed
too, against the same from the general induction; at 2270c30, whose report read every
choice back through the general induction with every move's exact value, ``risk plan
--exact --no-compare --json`` took 0.80 s of processor time on South America with two
stacks and 1.70 s on Africa (in-process, best of 3, at load 0.7).
Then the placement searches (benchmarks/placements.py): South America with 5
reinforcements, Australia and South America fortified, with their peak memory;
``--placements`` runs only those.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from fractions import Fraction
from functools import partial

from common import machine
from placements import placement_benchmarks

from strategy.engine.resources import Budget, TooLarge, human_bytes, use_budget
from strategy.engine.solve import solve
from strategy.risk.turns import build_turn, classic_map, parse_armies, plan_turn
from strategy.risk.turns.bounds import plan_bounds
from strategy.risk.turns.exact import ExactValues
from strategy.risk.turns.game import TurnGame
from strategy.risk.turns.induction import EveryMove, Induction
from strategy.risk.turns.level_compiled import COMPILE_FROM, compiled_loops
from strategy.risk.turns.levels import load_compiled, solve_levels
from strategy.risk.turns.model import Turn
from strategy.risk.turns.report import PlanReport
from strategy.risk.turns.size import state_bound
from strategy.risk.turns.solve import Method, plan_cost

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
#: Big positions whose level solve is timed on the numpy path too (where numba is installed).
COMPARE = ("North America",)
#: Solved again in one thread and in two only below this many states (not Asia 1-2's
#: 268 million: minutes each).
THREADS_UPTO = 50_000_000
#: Seconds a big turn may take (``--max-seconds 900``, which docs/how-to/turn-plans.md
#: advises where the machine is slower than the default 300 s allows for).
BIG_SECONDS = 900
#: Where the engine's generic solver is timed too (it visits several times the states).
ENGINE = ("Australia", "South America")
#: North America and Asia: one stack from next door against 1 to 3 defenders, and two
#: stacks; what the planner solves, and what it refuses and bounds.
_NA = (
    "Alaska=2, Northwest Territory=2, Greenland=1, Alberta=2, Ontario=3, Quebec=1, "
    "Western United States=2, Eastern United States=2, Central America=2"
)
_ASIA_ONES = (
    "Ural=1, Siberia=1, Yakutsk=1, Kamchatka=1, Irkutsk=1, Mongolia=1, Japan=1, "
    "Afghanistan=1, China=1, Middle East=1, India=1, Siam=1"
)
_ASIA = (
    "Ural=2, Siberia=1, Yakutsk=1, Kamchatka=2, Irkutsk=1, Mongolia=1, Japan=1, "
    "Afghanistan=2, China=2, Middle East=2, India=1, Siam=2"
)
BIG = {
    "North America": ("Kamchatka=20", _NA),
    "North America, two stacks": (
        "Kamchatka=10, Venezuela=8",
        "Alaska=2, Northwest Territory=1, Greenland=1, Alberta=1, Ontario=2, Quebec=1, "
        "Western United States=1, Eastern United States=1, Central America=2",
    ),
    "North America, two big stacks": ("Kamchatka=12, Venezuela=12", _NA),
    "Asia": ("Ukraine=16", _ASIA_ONES),
    "Asia, 1-2 defenders": ("Ukraine=20", _ASIA),
    "Asia, two stacks": ("Ukraine=15, Indonesia=10", _ASIA),
}


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
    attacker, defenders = {**POSITIONS, **BIG}[name]
    target = name.split(",")[0]
    return build_turn(board, parse_armies(board, attacker), parse_armies(board, defenders), target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--placements", action="store_true")
    parser.add_argument("--big", action="store_true", help="North America and Asia instead")
    parser.add_argument(
        "--all", action="store_true", help="Australia to Africa, then North America and Asia"
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.one:
        print(json.dumps(big(arguments.one)))
        return
    if arguments.big:
        print(f"machine: {machine()}")
        report_big()
        return
    print(f"machine: {machine()}; medians of {arguments.repeats} runs")
    if compiled_loops() is not None:
        loading = timed(load_compiled, 1)[1]
        print(
            f"compiled loops loaded in {loading:.2f} s of processor time (numba's import and "
            "cache): every plan below takes them, as in the web server's workers; without "
            "numba, or in a process that has not loaded them, plans under "
            f"{COMPILE_FROM:,} states take the numpy path (printed beside)"
        )
    for name, (attacker, defenders) in () if arguments.placements else POSITIONS.items():
        turn = turn_for(name)
        print(f"\n{name}: {attacker} against {defenders}")
        modes = [True, False]
        cpu, general_cpu = {}, {}
        for exact in modes:
            plan = plan_turn(turn, exact=exact)
            wall, cpu[exact] = timed(partial(plan_turn, turn, exact=exact), arguments.repeats)
            print(
                f"  {'exact' if exact else 'float'}: P = {float(plan.value):.6f}, "
                f"{plan.states:,} states (bound {state_bound(turn):,}) in {wall:.2f} s "
                f"({cpu[exact]:.2f} s processor) = {plan.states / cpu[exact]:,.0f} states/s"
            )
        tracemalloc.start()
        plan = plan_turn(turn, exact=False)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"  float peak memory {human_bytes(peak)} = {peak / plan.states:,.0f} bytes a state")
        if compiled_loops() is not None:
            paths = [
                timed(partial(solve_levels, turn, compiled=c, threads=1), arguments.repeats)[1]
                for c in (True, False)
            ]
            print(f"  level solver: {paths_line(plan.states, *paths)}")
            print(
                f"  compiled: {threads_line(plan.states, threads_timed(turn, arguments.repeats))}"
            )
        for exact in modes:
            general = plan_turn(turn, exact=exact, method="states")
            found = plan_turn(turn, exact=exact).value
            assert abs(general.value - found) <= 1e-12, "the inductions differ"
            wall, before = timed(
                partial(plan_turn, turn, exact=exact, method="states"), arguments.repeats
            )
            general_cpu[exact] = before
            print(
                f"  general induction ({'exact' if exact else 'float'}): {general.states:,} "
                f"states in {wall:.2f} s ({before:.2f} s processor); the "
                f"{'exact plan' if exact else 'level solver'} is "
                f"{before / cpu[exact]:.1f}x faster"
            )
        exact_parts(turn, general_cpu[True], arguments.repeats)
        whole_plan(turn, arguments.repeats)
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
    if arguments.all:
        report_big()


def big(name: str) -> dict[str, object]:
    """Solve one of :data:`BIG` in floats (in this process), or bound it if refused."""
    turn = turn_for(name)
    bound, memory, seconds = plan_cost(turn, exact=False)
    found: dict[str, object] = {"bound": bound, "memory": memory, "seconds": seconds}
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        # The time the docs name for Asia from Ukraine 20 v 1-2; turns whose first pass
        # alone would take half of it are refused at once, with their bounds.
        with use_budget(Budget(seconds=BIG_SECONDS)):
            plan = plan_turn(turn, exact=False)
        found.update(value=plan.value, states=plan.states)
    except TooLarge as refused:
        bounds = plan_bounds(turn, exact=True)
        found.update(refused=str(refused), bounds=bounds.to_json())
    found["wall"] = time.perf_counter() - wall
    found["cpu"] = time.process_time() - cpu
    found["peak"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    found["compiled"] = compiled_loops() is not None and bound >= COMPILE_FROM
    if name in COMPARE and found["compiled"] and "states" in found:
        found["numpy_cpu"] = timed(partial(solve_levels, turn, compiled=False), 1)[1]
    if found["compiled"] and found.get("states", THREADS_UPTO) < THREADS_UPTO:
        found["threads"] = threads_timed(turn, 1)
    return found


def exact_parts(turn: Turn, general: float, repeats: int) -> None:
    """An exact plan's two parts, processor seconds: the level solver's floats (the numpy
    path, and where numba is installed the compiled loops) and the whole numbers they guide,
    with the states worked out exactly, against the general induction."""
    start, _ = turn.start()
    levels = solve_levels(turn)

    def whole() -> ExactValues:
        values = ExactValues(turn, Induction(turn, EveryMove(), True, turn.key(start)), levels)
        values.numerator(start)
        return values

    exact = timed(whole, repeats)[1]
    worked = len(whole().memo)
    paths = {"numpy path": False} | ({"compiled": True} if compiled_loops() is not None else {})
    for path, compiled in paths.items():
        floats = timed(partial(solve_levels, turn, compiled=compiled), repeats)[1]
        print(
            f"  exact plan, {path}: level solver {floats:.3f} s + whole numbers {exact:.3f} s "
            f"processor = {floats + exact:.3f} s, {general / (floats + exact):.1f}x faster than "
            f"the general induction ({worked:,} of {len(levels):,} states worked "
            "out exactly)"
        )


def whole_plan(turn: Turn, repeats: int) -> None:
    """The exact plan as the CLI makes it (``risk plan --exact --no-compare --json``): the
    plan, its report (played forward: the plan's lines and the policy table) and the JSON
    text, processor seconds, against the same made from the general induction (which must
    give the same text)."""

    def made(method: Method) -> str:
        return json.dumps(PlanReport(plan_turn(turn, method=method)).to_json(), indent=2)

    assert made("compact") == made("states"), "the reports differ"
    fast, slow = (timed(partial(made, m), repeats)[1] for m in ("compact", "states"))
    print(
        f"  whole exact plan as the CLI makes it (plan, report, JSON): {fast:.3f} s processor; "
        f"from the general induction {slow:.3f} s: {slow / fast:.1f}x faster"
    )


def threads_timed(turn: Turn, repeats: int) -> dict[int, tuple[float, float]]:
    """The compiled level solver's wall and processor seconds in one thread and in two (the
    groups of a level at once), back to back."""
    return {
        n: timed(partial(solve_levels, turn, compiled=True, threads=n), repeats) for n in (1, 2)
    }


def threads_line(states: int, found: dict[int, tuple[float, float]]) -> str:
    """One thread against two: wall and processor seconds, states a second of the wall."""
    (wall, cpu), (wall2, cpu2) = found[1], found[2]
    return (
        f"1 thread {wall:.2f} s wall ({cpu:.2f} s processor, {states / wall:,.0f} states/s), "
        f"2 threads {wall2:.2f} s wall ({cpu2:.2f} s processor, {states / wall2:,.0f} "
        f"states/s): {wall / wall2:.2f}x the wall"
    )


def paths_line(states: int, fast: float, slow: float) -> str:
    """The compiled level solver against its numpy path: seconds, states a second, ratio."""
    return (
        f"compiled {fast:.2f} s processor ({states / fast:,.0f} states/s), numpy path "
        f"{slow:.2f} s ({states / slow:,.0f} states/s): {slow / fast:.1f}x"
    )


def report_big() -> None:
    for name, (attacker, defenders) in BIG.items():
        print(f"\n{name}: {attacker} against {defenders}", flush=True)
        child = [sys.executable, __file__, "--one", name]
        found = json.loads(subprocess.run(child, capture_output=True, check=True).stdout)
        print(
            f"  before any work: at most {found['bound']:,} states, "
            f"{human_bytes(found['memory'])}, {found['seconds']:,.0f} s"
        )
        if "refused" in found:
            b = {k: v for k, v in found["bounds"].items() if k != "exact"}
            low, high, gap = (float(Fraction(b[k])) for k in ("lower", "upper", "gap"))
            print(f"  refused: {found['refused']}")
            print(
                f"  bounds (exact, {found['cpu']:.1f} s processor): {low:.6f} "
                f"({b['lower_plan']}) <= P <= {high:.6f} (one pool of armies), gap {gap:.6f}"
            )
        else:
            print(
                f"  float: P = {found['value']:.6f}, {found['states']:,} states in "
                f"{found['wall']:.0f} s ({found['cpu']:.0f} s processor) = "
                f"{found['states'] / found['cpu']:,.0f} states/s, peak memory "
                f"{human_bytes(found['peak'])} = {found['peak'] / found['states']:,.0f} "
                "bytes a state"
                + ("" if found["compiled"] else " (numpy path: numba not installed or too small)")
            )
            if "numpy_cpu" in found:
                line = paths_line(found["states"], found["cpu"], found["numpy_cpu"])
                print(f"  level solver: {line}")
            if "threads" in found:
                threads = {int(n): tuple(t) for n, t in found["threads"].items()}
                print(f"  compiled: {threads_line(found['states'], threads)}")


if __name__ == "__main__":
    main()

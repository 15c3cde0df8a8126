"""Time Pig to 100 (solve_pig) against plain value iteration and the previous solver, in turns.

Run from the repository root: ``PYTHONPATH=. python benchmarks/bench_pig.py [--goal 100]
[--repeats 5]``. Three solvers of optimal Pig, each giving the first player's chance
(Neller & Presser 2004: 53.06% to 100):

* the baseline, plain value iteration as Neller and Presser describe it: one score sum at a
  time from the highest, every state of the sum updated at once (numpy) until no value moves
  by more than 1e-13;
* "before": the previous solve_pig, policy iteration with one numpy step per turn total and
  pair list, repeated until the choices repeat (kept here to be timed);
* "now": strategy.classic.pig.solve_pig.

The jobs run in turns after one untimed run each; the table gives median and best CPU times
(``common.in_turns``) and the ratio of medians. The whole command ``strategy pig --goal
100`` is timed too, as a process (wall time, start-up and imports included).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
from common import in_turns, machine

from strategy.classic.pig import SIDES, solve_pig

ROOT = Path(__file__).resolve().parent.parent


def plain_value_iteration(goal: int, tolerance: float = 1e-13) -> float:
    """P[0, 0, 0] by value iteration per score sum, all of a sum's states updated together."""
    width = goal + SIDES
    start = np.ones((goal, goal))  # P[i, j, 0] of the sums solved so far
    for total in range(2 * goal - 2, -1, -1):
        mine = np.arange(max(0, total - goal + 1), min(total, goal - 1) + 1)
        theirs = total - mine
        reach = mine[:, None] + np.arange(width)[None, :]
        won = reach >= goal
        banked = np.where(won, 1.0, 1 - start[theirs[:, None], np.minimum(reach, goal - 1)])
        banked[:, 0] = -np.inf  # a turn starts with a roll
        values = np.where(won, 1.0, 0.5)
        while True:
            rolled_one = 1 - values[::-1, 0]  # the swapped pair (theirs, mine) to move
            roll = (rolled_one[:, None] + sum(values[:, f : f + goal] for f in range(2, 7))) / 6
            new = np.where(won[:, :goal], 1.0, np.maximum(banked[:, :goal], roll))
            change = np.abs(new - values[:, :goal]).max()
            values[:, :goal] = new
            if change <= tolerance:
                break
        start[mine, theirs] = values[:, 0]
    return float(start[0, 0])


def previous_solve_pig(goal: int) -> float:
    """The previous solve_pig, optimal play: a numpy step per turn total, rounds to a fixpoint."""
    width = goal + SIDES
    win = np.ones((goal, goal, width))
    for total in range(2 * goal - 2, -1, -1):
        mine = np.arange(max(0, total - goal + 1), min(total, goal - 1) + 1)
        theirs = total - mine
        won = mine[:, None] + np.arange(width)[None, :] >= goal
        a, b = won.astype(float), np.zeros(won.shape)
        choices = np.zeros(won.shape, dtype=bool)
        y = np.full(len(mine), 0.5)
        previous = None
        while previous is None or not np.array_equal(choices, previous):
            previous = choices.copy()
            for k in range(goal - 1 - int(mine[0]), -1, -1):
                playing = ~won[:, k]
                roll_a = a[:, k + 2 : k + SIDES + 1].sum(axis=1) / SIDES
                roll_b = (1 + b[:, k + 2 : k + SIDES + 1].sum(axis=1)) / SIDES
                if k == 0:
                    holds, hold_value = np.zeros(len(mine), dtype=bool), roll_a
                else:
                    hold_value = 1 - win[theirs, np.minimum(mine + k, goal - 1), 0]
                    holds = hold_value >= roll_a + roll_b * y
                holds &= playing
                choices[:, k] = holds
                a[:, k] = np.where(playing, np.where(holds, hold_value, roll_a), 1.0)
                b[:, k] = np.where(playing & ~holds, roll_b, 0.0)
            a1, b1 = a[::-1, 0], b[::-1, 0]
            y = 1 - ((a[:, 0] + b[:, 0] * (1 - a1 - b1)) / (1 - b[:, 0] * b1))[::-1]
        win[mine, theirs, :] = np.where(won, 1.0, a + b * y[:, None])
    return float(win[0, 0, 0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    goal = args.goal
    baseline = "plain value iteration (baseline)"
    jobs: dict[str, Callable[[], object]] = {
        baseline: partial(plain_value_iteration, goal),
        "before: previous solve_pig": partial(previous_solve_pig, goal),
        "now: solve_pig": partial(solve_pig, goal),
    }
    values = [plain_value_iteration(goal), previous_solve_pig(goal)]
    values.append(solve_pig(goal).win_probability)
    print(f"machine: {machine()}")
    print(f"Pig to {goal}: first player wins {', '.join(f'{v:.12f}' for v in values)}")
    assert max(values) - min(values) < 1e-9, values
    times = in_turns(jobs, args.repeats)
    base = statistics.median(times[baseline])
    print("\n| job | median | best | baseline / job |\n|---|---|---|---|")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"| {name} | {median:.3f} s | {min(runs):.3f} s | {base / median:.1f}x |")
    command = [sys.executable, "-m", "strategy.cli.main", "pig", "--goal", str(goal)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = []
    for _ in range(args.repeats):
        began = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
        runs.append(time.perf_counter() - began)
    print(
        f"| `strategy pig --goal {goal}` (whole process) | {statistics.median(runs):.3f} s "
        f"| {min(runs):.3f} s | — |"
    )


if __name__ == "__main__":
    main()

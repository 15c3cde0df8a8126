"""Octal games and Grundy's game to the published records: the rare-value method against the
full recurrence, and the published values checked.

Jobs: the period of 0.16 proven (Gangolli & Plambeck 1989: preperiod 105,351, period 149,459),
the period of 0.376 proven (the same: 2,268,248 and 4), and Grundy's game to 2^21 heaps
(A. Flammenkamp's sparse statistics). Each job runs in a process of its own, so that its
peak memory is its own; it prints the heaps computed, wall and CPU seconds, heaps per second
and the peak resident memory, and fails if a value differs from the published one (sparse
statistics as re-verified in tczajka/octal-games, SolvedGames.md).

Baseline: the full recurrence (``recurrence_values``, every split of every heap) grows as heaps
squared; it runs to ``--baseline-heaps`` only, beside the rare method on the same heaps, and
its time for a job's heaps is extrapolated by the square law (marked "est.").

Run from the repository root: ``PYTHONPATH=. python benchmarks/bench_octal.py [--jobs 0.16
0.376 grundy] [--baseline-heaps N]``. 0.376 takes minutes. Timings are noisy on a shared
machine: the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

from common import machine

from strategy.classic.grundys_game import RULES as GRUNDYS_GAME
from strategy.classic.grundys_game import analyse_grundys_game
from strategy.classic.octal import OctalGame, analyse_octal
from strategy.engine.heap_grundy import HeapRules, recurrence_values
from strategy.engine.rare_values import grundy_values, sparse_statistics

# Published: preperiod, period, largest value and its first heap, rare mask, rare heaps (0
# among them), the last rare heap. Gangolli & Plambeck (1989); Flammenkamp's tables as
# re-verified in tczajka/octal-games, SolvedGames.md.
PERIODS = {
    "0.16": (105_351, 149_459, 23, 229_790, 0x1E, 53, 13_935),
    "0.376": (2_268_248, 4, 176, 341_612, 0xFE, 510, 1_140_540),
}
# Grundy's game at 2^21 heaps (A. Flammenkamp): largest 231 at 763,622; mask fe; 1,274 rare
# heaps, the last at 82,860.
GRUNDY_HEAPS = 2**21
GRUNDY = (231, 763_622, 0xFE, 1_274, 82_860)
# Heaps a proof may take: twice 0.376's need.
PROVE_TO = 10_000_000


def rules_of(job: str) -> HeapRules:
    return GRUNDYS_GAME if job == "grundy" else OctalGame.parse(job).rules


def run_job(job: str) -> dict[str, object]:
    """One job, in this process: what it computed, how long it took, and the checks."""
    began, cpu = time.perf_counter(), time.process_time()
    if job == "grundy":
        game = analyse_grundys_game(GRUNDY_HEAPS)
        heaps = len(game.values)
        sparse = game.sparse
        found: tuple[object, ...] = (
            sparse.largest,
            sparse.largest_at,
            sparse.mask,
            sparse.rare,
            sparse.last_rare,
        )
        expected: tuple[object, ...] = GRUNDY
    else:
        result = analyse_octal(job, 0, prove_to=PROVE_TO)
        heaps, sparse = result.computed, result.sparse
        found = (result.preperiod, result.period, sparse.largest, sparse.largest_at)
        found += (sparse.mask, sparse.rare, sparse.last_rare)
        expected = PERIODS[job]
        if not result.proven:
            raise SystemExit(f"{job}: no period proven by heap {heaps - 1:,}")
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
    if found != expected:
        raise SystemExit(f"{job}: found {found}, published {expected}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {"job": job, "heaps": heaps, "seconds": seconds, "cpu": cpu, "peak_mib": peak}


def baseline(job: str, heaps: int) -> tuple[float, float]:
    """Seconds of the full recurrence and of the rare method for heaps 0..``heaps``."""
    rules = rules_of(job)
    began = time.perf_counter()
    full = recurrence_values(rules, heaps)
    middle = time.perf_counter()
    rare = grundy_values(rules, heaps)
    end = time.perf_counter()
    if (full != rare).any() or sparse_statistics(full) != sparse_statistics(rare):
        raise SystemExit(f"{job}: the rare method differs from the full recurrence")
    return middle - began, end - middle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument(
        "--jobs",
        nargs="+",
        default=["0.16", "grundy", "0.376"],
        choices=["0.16", "grundy", "0.376"],
        help="the jobs to run (default: all three; 0.376 takes minutes)",
    )
    parser.add_argument(
        "--baseline-heaps",
        type=int,
        default=2**16,
        help="heaps the full recurrence runs to, for the ratio (default: 65536)",
    )
    parser.add_argument("--job", help=argparse.SUPPRESS)  # one job, run in a child process
    args = parser.parse_args()
    if args.job:
        print(json.dumps(run_job(args.job)))
        return
    print(machine())
    print(
        f"baseline: the full recurrence to heap {args.baseline_heaps:,}, extrapolated as "
        "heaps squared (est.)"
    )
    print()
    print("| job | heaps | ours: wall (CPU) | heaps/s | peak memory | full recurrence | ratio |")
    print("|---|---|---|---|---|---|---|")
    for job in args.jobs:
        full, rare = baseline(job, args.baseline_heaps)
        print(
            f"| {job} to {args.baseline_heaps:,} | {args.baseline_heaps + 1:,} | {rare:.2f} s "
            f"| {args.baseline_heaps / rare:,.0f} | | {full:.2f} s | {full / rare:,.1f}x |"
        )
        command = [sys.executable, __file__, "--job", job]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(done.stderr.strip() or done.stdout.strip())
        out = json.loads(done.stdout)
        heaps, seconds = int(out["heaps"]), float(out["seconds"])
        estimate = full * (heaps / args.baseline_heaps) ** 2
        what = "Grundy's game to 2^21" if job == "grundy" else f"{job}, period proven"
        print(
            f"| {what} | {heaps:,} | {seconds:.1f} s ({float(out['cpu']):.1f} s) "
            f"| {heaps / seconds:,.0f} | {float(out['peak_mib']):,.0f} MiB "
            f"| {estimate:,.0f} s (est.) | {estimate / seconds:,.0f}x |"
        )


if __name__ == "__main__":
    main()

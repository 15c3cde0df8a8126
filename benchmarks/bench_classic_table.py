"""Time the classic battle's kernels against plain pure-Python baselines run alongside.

Run from the repository root: ``PYTHONPATH=. python benchmarks/bench_classic_table.py
[--repeats 5] [--quick]`` (child processes run this tree's package too). Every timing is
the median of ``--repeats`` runs (baselines: of fewer, they are slow); the ratio is
baseline / ours, both measured in this run. Jobs whose peak memory matters run in a child
process that reports its own time and peak resident memory. Command timings are whole
processes (``python -m strategy.cli.main``, which the ``strategy`` script runs), start-up
and imports included. ``--quick`` skips the 400 x 400 Fraction baseline (about 40 s here)
and runs fewer repeats.

The baselines are the textbook programs: a memoised recursion over ``(A, D)`` with floats
or with ``fractions.Fraction``, both sides always rolling the most dice; and for the float
table a near-limit prototype too, the IIR filter: row by row, each row of the capture table
one ``scipy.signal.lfilter`` run along D (its own recurrence, two columns back) fed by the
two rows below, buffers reused (:func:`iir_table`; classic rules only).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from fractions import Fraction
from functools import cache, partial
from pathlib import Path

import numpy as np
from common import machine, median_seconds

from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.dice import roll_distribution

sys.setrecursionlimit(100_000)
ROOT = Path(__file__).resolve().parent.parent
#: Child processes import the package from this tree, whatever else is installed.
CHILD_ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

Number = Fraction | float


def plain_table(size: int, exact: bool) -> list[list[Number]]:
    """The textbook baseline: P(capture) by a memoised recursion, territory count."""

    @cache
    def p(a: int, d: int) -> Number:
        if d == 0:
            return Fraction(1) if exact else 1.0
        if a <= 1:
            return Fraction(0) if exact else 0.0
        roll = roll_distribution(min(3, a - 1), min(2, d))
        total: Number = Fraction(0) if exact else 0.0
        for lost_a, lost_d, q in roll.probabilities():
            total += (q if exact else float(q)) * p(a - lost_a, d - lost_d)
        return total

    return [[p(a, d) for d in range(1, size + 1)] for a in range(1, size + 1)]


def iir_table(rows: int, columns: int) -> np.ndarray:
    """P(capture) for the classic rules, ``table[A-1, D-1]``, a row at a time by ``lfilter``.

    With ``n = A - 1`` armies that may attack, a full roll gives ``P(n, d) = p20 P(n-2, d) +
    p11 P(n-1, d-1) + p02 P(n, d-2)``: along a row, a filter of the two rows below. Rows
    ``n < 3`` and column ``d = 1`` (fewer dice) come first, cell by cell.
    """
    from scipy.signal import lfilter

    def probabilities(a: int, d: int) -> dict[tuple[int, int], float]:
        roll = roll_distribution(a, d)
        return {(lost_a, lost_d): n / roll.total for lost_a, lost_d, n in roll.counts}

    table = np.empty((rows, columns))
    table[0] = 0.0

    def p(n: int, d: int) -> float:
        return 1.0 if d == 0 else 0.0 if n == 0 else float(table[n, d - 1])

    for n in range(1, min(rows, 3)):
        for d in range(1, columns + 1):
            roll = probabilities(n, min(d, 2)).items()
            table[n, d - 1] = sum(q * p(n - lost_a, d - lost_d) for (lost_a, lost_d), q in roll)
    one = probabilities(3, 1)
    for n in range(3, rows):
        table[n, 0] = one[(0, 1)] + one[(1, 0)] * table[n - 1, 0]
    full = probabilities(3, 2)
    c, b, a2 = full[(0, 2)], full[(1, 1)], full[(2, 0)]
    x, y = np.empty(columns - 1), np.empty(columns - 1)
    numerator, denominator = np.array([1.0]), np.array([1.0, 0.0, -c])
    for n in range(3, rows if columns > 1 else 0):
        np.multiply(table[n - 2, 1:], a2, out=x)
        np.multiply(table[n - 1, :-1], b, out=y)
        x += y
        x[0] += c  # P(n, 0) = 1, two columns back from d = 2
        if columns > 2:
            x[1] += c * table[n, 0]
        table[n, 1:] = lfilter(numerator, denominator, x)
    return table


def read_all(size: int) -> tuple[tuple[Number, ...], ...]:
    """An exact table with every cell read as a reduced ``Fraction``."""
    return tuple(tuple(row) for row in battle_table(size, size).values)


def child(job: str, repeats: int, setup: str = "") -> tuple[float, float, str]:
    """Median seconds, largest peak memory (bytes) and last note of a child running ``job``.

    ``job`` (after ``from strategy.risk.classic import *`` and ``setup``, untimed) sets
    ``note``; the child prints its time, peak resident memory and the note.
    """
    # Peak memory is VmHWM: ru_maxrss would also count the parent, across fork and exec.
    script = (
        "import time\n"
        "from strategy.risk.classic import *\n"
        f"{setup}\n"
        "start = time.perf_counter()\n"
        f"{job}\n"
        "seconds = time.perf_counter() - start\n"
        "status = open('/proc/self/status').read().split('VmHWM:')[1]\n"
        "peak = int(status.split()[0]) * 1024\n"
        "print(seconds, peak, note)\n"
    )
    runs = []
    for _ in range(repeats):
        result = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env=CHILD_ENV,
        )
        seconds, peak, note = result.stdout.split(maxsplit=2)
        runs.append((float(seconds), float(peak), note.strip()))
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs), runs[-1][2]


def whole_process(argv: list[str], repeats: int) -> float:
    """Median wall time of a whole process."""

    def run() -> None:
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=CHILD_ENV)

    return median_seconds(run, repeats)


def baseline_command(kind: str, size: int, out: Path) -> None:
    """The baseline of a command: the plain recursion, written as the command writes it."""
    if kind == "json":
        rows = plain_table(size, exact=True)
        obj = {
            "values": [[float(v) for v in row] for row in rows],
            "values_exact": [[f"{v.numerator}/{v.denominator}" for v in row] for row in rows],
        }
        out.write_text(json.dumps(obj))
    else:
        np.save(out, np.array(plain_table(size, exact=False), dtype=np.float64))


class Report:
    def __init__(self) -> None:
        print("| measurement | ours | target | baseline | ratio |")
        print("|---|---|---|---|---|")

    def row(
        self, what: str, ours: float, target: str, baseline: float | None, note: str = ""
    ) -> None:
        if baseline is None:
            print(f"| {what} | {ours:.3f} s | {target} | — | — |", flush=True)
            return
        ratio = baseline / ours
        shown = f"{ratio:.1f}x" if ratio < 10 else f"{ratio:.0f}x"
        base = f"{baseline:.3f} s{note}"
        print(f"| {what} | {ours:.3f} s | {target} | {base} | {shown} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--baseline", nargs=3, metavar=("KIND", "SIZE", "OUT"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.baseline:
        baseline_command(args.baseline[0], int(args.baseline[1]), Path(args.baseline[2]))
        return
    repeats = 3 if args.quick else args.repeats
    slow = max(1, repeats // 2)
    print(f"machine: {machine()}\n")
    check = np.abs(iir_table(300, 300) - battle_table(300, 300, exact=False).as_array()).max()
    print(
        f"IIR-filter prototype against the float table, 300 x 300: largest difference {check:.1e}\n"
    )
    report = Report()

    float_base = median_seconds(lambda: plain_table(1000, exact=False), slow)
    ours = median_seconds(lambda: battle_table(1000, 1000, exact=False), repeats)
    report.row("float capture table 1000x1000", ours, "<= 0.1 s", float_base)
    prototype = median_seconds(lambda: iir_table(1000, 1000), repeats)
    report.row("  the same, against the IIR-filter prototype", ours, "—", prototype)

    seconds, peak, _ = child(
        "battle_table(10_000, 10_000, exact=False)\nnote = '-'",
        min(repeats, 3),
    )
    report.row(
        f"float capture table 10000x10000 (peak {peak / 2**30:.2f} GiB)",
        seconds,
        "<= 5 s, <= 2 GiB",
        100 * float_base,
        " (1000x1000 baseline x 100 cells)",
    )
    # Both in a child process: the first touch of a fresh 0.8 GB table costs the same to both.
    here = Path(__file__).resolve().parent
    prototype, _, _ = child(
        "iir_table(10_000, 10_000)\nnote = '-'",
        min(repeats, 3),
        setup=f"import sys; sys.path.insert(0, {str(here)!r})\n"
        "from bench_classic_table import iir_table\niir_table(3, 3)",
    )
    report.row("  the same, against the IIR-filter prototype", seconds, ">= 0.77x", prototype)

    ours = median_seconds(lambda: battle_odds(1000, 1000, exact=False), repeats)
    report.row("one cell P(1000, 1000), float", ours, "—", float_base, " (needs the table)")
    seconds, peak, dropped = child(
        "note = battle_odds(100_000, 100_000, exact=False).dropped_mass",
        min(repeats, 3),
    )
    report.row(
        f"one cell P(100000, 100000), float (peak {peak / 2**20:.0f} MiB, dropped {dropped})",
        seconds,
        "memory O(A + D)",
        None,
    )

    for size, target in ((100, ">= 20x baseline"), (400, "<= 2 s")):
        if size == 400 and args.quick:
            base = None
        else:
            base = median_seconds(partial(plain_table, size, True), slow if size < 400 else 1)
        ours = median_seconds(partial(battle_table, size, size), repeats)
        report.row(f"exact capture table {size}x{size}", ours, target, base)
        # Cells are reduced to Fraction objects when first read; read them all.
        ours = median_seconds(partial(read_all, size), repeats)
        report.row("  the same, every cell read as a Fraction", ours, target, base)

    command = [sys.executable, "-m", "strategy.cli.main"]
    bench = [sys.executable, __file__, "--baseline"]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out"
        exact_json = [*command, "risk", "table", "--attackers", "100", "--defenders", "100"]
        ours = whole_process([*exact_json, "--exact", "--json", "--out", str(out)], repeats)
        base = whole_process([*bench, "json", "100", str(out)], slow)
        report.row("`strategy risk table` 100x100 --exact --json (process)", ours, "<= 1 s", base)
        npy = [*command, "risk", "table", "--attackers", "1000", "--defenders", "1000"]
        ours = whole_process([*npy, "--format", "npy", "--out", f"{out}.npy"], repeats)
        base = whole_process([*bench, "npy", "1000", f"{out}.npy"], slow)
        report.row("`strategy risk table` 1000x1000 --format npy (process)", ours, "< 1 s", base)


if __name__ == "__main__":
    main()

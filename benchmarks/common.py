"""What every benchmark script shares: the machine it ran on and median timings.

The scripts run as ``python benchmarks/bench_x.py``, which puts this folder first on
``sys.path``, so they import this module as ``common``.

>>> median_seconds(lambda: None, 3) < 1
True
>>> "cores" in machine()
True
>>> sorted(in_turns({"a": lambda: None, "b": lambda: None}, 2))
['a', 'b']
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Mapping

import numpy as np


def median_seconds(job: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``repeats`` runs of ``job``."""
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        job()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def in_turns(jobs: Mapping[str, Callable[[], object]], repeats: int) -> dict[str, list[float]]:
    """CPU seconds of each run of each job, run in turns ``repeats`` times after one untimed run.

    CPU time (``time.process_time``), not wall time: on a machine that other work keeps busy,
    a job's wall time also counts the turns the others get; taking turns spreads what load
    there is over all the jobs alike.
    """
    for job in jobs.values():
        job()
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(repeats):
        for name, job in jobs.items():
            began = time.process_time()
            job()
            times[name].append(time.process_time() - began)
    return times


def machine() -> str:
    """Cores, CPU model, load average, Python and numpy: what a timing depends on."""
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if "model name" in line)
    except (OSError, StopIteration):
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{os.cpu_count()} cores, {cpu}; Python {platform.python_version()}, "
        f"numpy {np.__version__}; load average {load}"
    )

"""What every benchmark script shares: the machine it ran on and median timings.

The scripts run as ``python benchmarks/bench_x.py``, which puts this folder first on
``sys.path``, so they import this module as ``common``.

>>> median_seconds(lambda: None, 3) < 1
True
>>> "cores" in machine()
True
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable

import numpy as np


def median_seconds(job: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``repeats`` runs of ``job``."""
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        job()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


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

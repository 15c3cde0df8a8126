"""Memory checks made before long computations, so that a request too large is
refused up front with the size it would need, instead of failing half-way.

>>> human_bytes(3 * 1024**3)
'3.0 GiB'
>>> require_memory(1024, "a tiny table")
"""

from __future__ import annotations

import os


class TooLarge(ValueError):
    """A request that would not fit in this machine's memory."""


def available_memory() -> int:
    """Bytes of memory available to new allocations (physical, not swap)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


def human_bytes(size: float) -> str:
    """A byte count for people: ``'1.5 GiB'``."""
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if size < 1024 or unit == "PiB":
            return f"{size:.1f} {unit}" if unit != "B" else f"{int(size)} B"
        size /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


def require_memory(needed: int, what: str) -> None:
    """Raise ``TooLarge`` when ``needed`` bytes exceed 80% of the available memory.

    >>> require_memory(10**18, "a 10^9 x 10^9 table")
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: a 10^9 x 10^9 table needs about 888.2 PiB of memory; ...
    """
    available = available_memory()
    if needed > 0.8 * available:
        raise TooLarge(
            f"{what} needs about {human_bytes(needed)} of memory; "
            f"this machine has {human_bytes(available)} available"
        )

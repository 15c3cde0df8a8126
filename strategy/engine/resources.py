"""The resource budget: memory and time checks made before long computations, so that a
request too large is refused up front with the size it would need, instead of failing
half-way or running for days.

Every long computation calls :func:`require` with its estimated peak memory and, where it
can be estimated, its running time. The limits come from the current :class:`Budget`:
by default 80% of the memory available to this process (physical memory, the address-space
limit of ``ulimit -v`` or ``prlimit --as``, whichever is smaller) and
:data:`DEFAULT_SECONDS` of work; a caller (the command line's ``--max-memory`` and
``--max-seconds``) sets others with :func:`use_budget`. :func:`deadline` enforces the time
limit on work that no estimate covers.

>>> human_bytes(3 * 1024**3), human_seconds(90), parse_size("1.5G") == 1.5 * 1024**3
('3.0 GiB', '1.5 min', True)
>>> require("a tiny table", memory=1024, seconds=0.01)
>>> with use_budget(Budget(seconds=60)):
...     require("a day of work", seconds=86_400)
Traceback (most recent call last):
...
strategy.engine.resources.TooLarge: a day of work would take about 1.0 days (estimated); ...
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import FrameType
from typing import Literal

from strategy.engine.errors import InputError, echo

__all__ = [
    "DEFAULT_SECONDS",
    "Budget",
    "OutOfTime",
    "TooLarge",
    "available_memory",
    "current_budget",
    "deadline",
    "human_bytes",
    "human_seconds",
    "parse_size",
    "require",
    "require_memory",
    "use_budget",
]

#: Seconds of work a request may take unless the caller allows more.
DEFAULT_SECONDS = 300.0
#: Share of the available memory one request may plan to use.
MEMORY_SHARE = 0.8
#: Seconds between the repeats of a stop until the work stops (each repeat is a new chance
#: for a stop that was lost).
REPEAT_SECONDS = 0.25

Resource = Literal["memory", "time"]


class TooLarge(InputError):
    """A request refused up front: it would need more memory or time than the budget allows.

    ``resource`` says which, so that a caller can say how to raise that limit; ``option``
    names the command-line option that raises it, where that is not the budget's own.
    """

    def __init__(
        self, message: str, resource: Resource = "memory", option: str | None = None
    ) -> None:
        super().__init__(message)
        self.resource: Resource = resource
        self.option = option


class OutOfTime(BaseException):
    """Raised into running work when it passes the time limit of :func:`deadline`.

    A ``BaseException``, like ``KeyboardInterrupt``, so that no ``except Exception`` on the
    way swallows it.
    """


@dataclass(frozen=True)
class Budget:
    """How much memory (bytes) and time (seconds) one request may use.

    ``memory=None`` allows :data:`MEMORY_SHARE` of :func:`available_memory`; ``seconds=None``
    allows :data:`DEFAULT_SECONDS` and ``seconds=0`` any time. Time counts from ``started``.

    >>> Budget(seconds=0).seconds_limit() is None
    True
    """

    memory: int | None = None
    seconds: float | None = None
    started: float = field(default_factory=time.monotonic, compare=False)

    def memory_limit(self) -> tuple[float, str]:
        """The bytes allowed, and where that figure comes from (for messages)."""
        if self.memory is not None:
            return self.memory, f"the limit is {human_bytes(self.memory)}"
        available = available_memory()
        return MEMORY_SHARE * available, f"this machine has {human_bytes(available)} available"

    def seconds_limit(self) -> float | None:
        """The seconds allowed in all, or ``None`` for no limit."""
        if self.seconds is None:
            return DEFAULT_SECONDS
        return self.seconds or None

    def seconds_left(self) -> float | None:
        """The seconds still allowed, or ``None`` for no limit."""
        limit = self.seconds_limit()
        return None if limit is None else limit - (time.monotonic() - self.started)


_BUDGET: ContextVar[Budget | None] = ContextVar("strategy_budget", default=None)


def current_budget() -> Budget:
    """The budget :func:`require` checks against: the one set by :func:`use_budget`, else
    the default limits, counted from now."""
    return _BUDGET.get() or Budget()


@contextlib.contextmanager
def use_budget(budget: Budget) -> Iterator[Budget]:
    """Make ``budget`` the current one inside the ``with`` block."""
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


def require(what: str, *, memory: float = 0, seconds: float = 0, hint: str = "") -> None:
    """Refuse (:class:`TooLarge`) ``what`` when its estimated peak ``memory`` (bytes) or
    running time (``seconds`` from now) exceeds the current budget; ``hint`` says what would
    help (``"use --float"``) and ends the message.

    >>> with use_budget(Budget(memory=10**6)):
    ...     require("a 10^9 x 10^9 table", memory=8 * 10**18, hint="ask for less")
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: a 10^9 x 10^9 table needs about 6.9 EiB of memory; \
the limit is 976.6 KiB; ask for less
    """
    budget = current_budget()
    tail = f"; {hint}" if hint else ""
    if memory > 0:
        limit, where = budget.memory_limit()
        if memory > limit:
            raise TooLarge(f"{what} needs about {human_bytes(memory)} of memory; {where}{tail}")
    left = budget.seconds_left()
    if seconds > 0 and left is not None and seconds > left:
        limit_seconds = budget.seconds_limit()
        allowed = f"the limit is {human_seconds(limit_seconds or 0)}"
        if left < 0.95 * (limit_seconds or 0):
            allowed += f", {human_seconds(max(left, 0))} of it left"
        raise TooLarge(
            f"{what} would take about {human_seconds(seconds)} (estimated); {allowed}{tail}",
            "time",
        )


def grid_what(what: str, cells: int, needed: float) -> str:
    """``what``, followed by the rule its memory comes from (cells times bytes a cell), so a
    refusal says how the size it names is reached and what a smaller request would need.

    >>> grid_what("a 10 x 10 float table", 100, 800)
    'a 10 x 10 float table (100 cells x 8 B a cell)'
    """
    return f"{what} ({cells:,} cells x {human_bytes(needed / max(cells, 1))} a cell)"


def require_memory(needed: float, what: str, hint: str = "") -> None:
    """:func:`require` for memory alone.

    >>> require_memory(1024, "a tiny table")
    """
    require(what, memory=needed, hint=hint)


@contextlib.contextmanager
def deadline(budget: Budget | None = None) -> Iterator[None]:
    """Raise :class:`OutOfTime` into the work inside the block once the budget's time is up.

    Uses ``SIGALRM``, so it works in the main thread of a Unix process only; elsewhere, and
    without a time limit, the block runs unbounded. A stop that lands in a finaliser or a
    gc callback (where Python reports an exception and carries on) comes again at once.
    """
    budget = current_budget() if budget is None else budget
    left = budget.seconds_left()
    usable = hasattr(signal, "setitimer") and _in_main_thread()
    if left is None or not usable:
        yield
        return

    def stop(number: int, frame: FrameType | None) -> None:
        raise OutOfTime(budget.seconds_limit())

    told = sys.unraisablehook

    def swallowed(unraisable: sys.UnraisableHookArgs) -> None:
        # The stop landed in a finaliser or a gc callback, which Python reports and carries
        # on from: once it is reported (however that goes), stop again at once rather than
        # a repeat later (work shorter than that would finish, past its limit).
        try:
            told(unraisable)
        finally:
            if isinstance(unraisable.exc_value, OutOfTime):
                signal.setitimer(signal.ITIMER_REAL, 0.001, REPEAT_SECONDS)

    previous = signal.signal(signal.SIGALRM, stop)
    sys.unraisablehook = swallowed
    # Repeating too, in case a stop is lost where no hook hears of it.
    signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), REPEAT_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = told


def _in_main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def available_memory() -> int:
    """Bytes of memory available to new allocations: physical memory (not swap), and no
    more than the process's address-space limit (``ulimit -v``) leaves."""
    available = _physical_available()
    try:
        import resource
    except ImportError:  # not on this system (Windows): no address-space limit to read
        return available
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        available = min(available, max(soft - _address_space_used(), 0))
    return available


def _physical_available() -> int:
    available = _proc_kib("/proc/meminfo", "MemAvailable:")
    if available is None:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    return available


def _address_space_used() -> int:
    return _proc_kib("/proc/self/status", "VmSize:") or 0


def _proc_kib(path: str, key: str) -> int | None:
    """Bytes of the ``key: N kB`` line of a /proc file, or ``None`` without one."""
    try:
        with open(path, encoding="ascii") as lines:
            for line in lines:
                if line.startswith(key):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB")


def human_bytes(size: float) -> str:
    """A byte count for people: ``'1.5 GiB'``.

    >>> human_bytes(1536 * 1024**2), human_bytes(12)
    ('1.5 GiB', '12 B')
    """
    for unit in _UNITS:
        if size < 1024 or unit == _UNITS[-1]:
            if unit == "B":
                return f"{int(size)} B"
            return f"{size:.1f} {unit}" if size < 1024 else f"{size:.2g} {unit}"
        size /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


def human_seconds(seconds: float) -> str:
    """A duration for people: ``'2.5 s'``, ``'14 min'``, ``'3.2 h'``, ``'1.1e+04 years'``.

    >>> human_seconds(2.5), human_seconds(840), human_seconds(3600 * 24 * 365 * 11_000)
    ('2.5 s', '14.0 min', '1.1e+04 years')
    """
    for unit, size in (("years", 365 * 86_400), ("days", 86_400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:.2g} {unit}" if value >= 1000 else f"{value:.1f} {unit}"
    return f"{seconds:.2g} s" if seconds < 1 else f"{seconds:.1f} s"


_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([kmgtpe]?)(?:i?b)?\s*", re.IGNORECASE)


def parse_size(text: str) -> int:
    """Bytes from ``'8G'``, ``'512MiB'``, ``'1.5 GB'`` or ``'1000000'`` (K, M, G, T, P are
    powers of 1024); ``InputError`` otherwise.

    >>> parse_size("512MiB") == 512 * 1024**2, parse_size("100")
    (True, 100)
    """
    match = _SIZE.fullmatch(text) if len(text) <= 40 else None
    if match is None:
        raise InputError(f"{echo(text)} is not a size: write a number with K, M, G or T, as in 8G")
    number, unit = match.groups()
    return int(float(number) * 1024 ** "bkmgtpe".index(unit.lower() or "b"))

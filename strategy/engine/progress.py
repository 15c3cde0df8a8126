"""A progress bar on stderr for long computations, and nothing at all for short ones.

The kernels take an optional ``progress(done, total)`` callback and stay quiet without
one. ``ProgressBar`` is such a callback: it draws only when its stream is a terminal
and the work has run for more than ``delay`` seconds, redraws at most ten times a
second, and erases itself when its ``with`` block ends, also on Ctrl-C, so that an
error or "interrupted" message starts on a clean line. The bar estimates the time left
from the pace so far; when the whole job looks longer than ``ANNOUNCE`` seconds, it says
so once, up front, on a line of its own that stays.

>>> import io
>>> with ProgressBar("table", stream=io.StringIO()) as progress:  # not a terminal: silent
...     progress(5, 10)
>>> bar_text("table", 5, 10, width=10)
'table [#####     ]  50%'
>>> bar_text("simulate", 1, 4, width=8, elapsed=47.0)
'simulate [##      ]  25%  about 2 min 21 s left'
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

#: Seconds of work before a bar appears.
DELAY = 1.0
#: Seconds between redraws.
INTERVAL = 0.1
#: Jobs estimated to take longer than this (seconds) say how long, once, when the bar appears.
ANNOUNCE = 10.0


def duration_text(seconds: float) -> str:
    """A duration as people say it, to the second below an hour.

    >>> duration_text(4.4), duration_text(141), duration_text(7500)
    ('4 s', '2 min 21 s', '2 h 5 min')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


def _fraction(done: int, total: int) -> float:
    return min(max(done / total, 0.0), 1.0) if total > 0 else 1.0


def bar_text(
    label: str, done: int, total: int, width: int = 30, elapsed: float | None = None
) -> str:
    """One line of the bar: label, bar, percentage and, given the ``elapsed`` seconds, the
    time left at the pace so far.

    >>> bar_text("odds", 1, 3, width=6)
    'odds [##    ]  33%'
    """
    fraction = _fraction(done, total)
    filled = int(fraction * width)
    text = f"{label} [{'#' * filled}{' ' * (width - filled)}] {fraction:4.0%}"
    if elapsed is not None and 0 < fraction < 1:
        text += f"  about {duration_text(elapsed * (1 - fraction) / fraction)} left"
    return text


class ProgressBar:
    """A ``progress(done, total)`` callback drawing one line on a terminal's stderr."""

    def __init__(
        self,
        label: str,
        *,
        stream: TextIO | None = None,
        delay: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.delay = DELAY if delay is None else delay
        self.clock = clock
        self.enabled = self.stream.isatty()
        self.start = clock()
        self.last_draw = -INTERVAL
        self.width = 0
        self.announced = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.start < self.delay or now - self.last_draw < INTERVAL:
            return
        self.last_draw = now
        elapsed = now - self.start
        if not self.announced:
            self.announced = True
            fraction = _fraction(done, total)
            if 0 < fraction < 1 and elapsed / fraction > ANNOUNCE:
                self.stream.write(
                    f"{self.label}: this will take about {duration_text(elapsed / fraction)} "
                    f"(estimated from the first {duration_text(elapsed)})\n"
                )
        text = bar_text(self.label, done, total, elapsed=elapsed)
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        """Erase the bar, if one was drawn."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

"""A progress bar on stderr for long computations, and nothing at all for short ones.

The kernels take an optional ``progress(done, total)`` callback and stay quiet without
one. ``ProgressBar`` is such a callback: it draws only when its stream is a terminal
and the work has run for more than ``delay`` seconds, redraws at most ten times a
second, and erases itself when its ``with`` block ends, also on Ctrl-C, so that an
error or "interrupted" message starts on a clean line.

>>> import io
>>> with ProgressBar("table", stream=io.StringIO()) as progress:  # not a terminal: silent
...     progress(5, 10)
>>> bar_text("table", 5, 10, width=10)
'table [#####     ]  50%'
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

#: Seconds of work before a bar appears.
DELAY = 1.0
#: Seconds between redraws.
INTERVAL = 0.1


def bar_text(label: str, done: int, total: int, width: int = 30) -> str:
    """One line of the bar: label, bar and percentage.

    >>> bar_text("odds", 1, 3, width=6)
    'odds [##    ]  33%'
    """
    fraction = min(max(done / total, 0.0), 1.0) if total > 0 else 1.0
    filled = int(fraction * width)
    return f"{label} [{'#' * filled}{' ' * (width - filled)}] {fraction:4.0%}"


class ProgressBar:
    """A ``progress(done, total)`` callback drawing one line on a terminal's stderr."""

    def __init__(
        self,
        label: str,
        *,
        stream: TextIO | None = None,
        delay: float = DELAY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.delay = delay
        self.clock = clock
        self.enabled = self.stream.isatty()
        self.start = clock()
        self.last_draw = -INTERVAL
        self.width = 0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.start < self.delay or now - self.last_draw < INTERVAL:
            return
        self.last_draw = now
        text = bar_text(self.label, done, total)
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

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

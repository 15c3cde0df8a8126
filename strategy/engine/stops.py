"""Stop requests (Ctrl-C's SIGINT, SIGTERM): caught from a command's first moment, never lost.

Inside :func:`catching` (or after :func:`install`) SIGINT raises ``KeyboardInterrupt`` and
SIGTERM :class:`Terminated`, so that files being written are left whole (see
:mod:`strategy.engine.atomic`) and progress bars are erased. Python raises a handler's
exception in whatever the main thread runs; when that is a finaliser or a callback it prints
"Exception ignored" and carries on, and the request would be lost. So each request is also
recorded, and :func:`check` raises it again where work is committed: before a command's
work starts, before a written file replaces its target, before the command reports done.

>>> with catching():
...     check()  # nothing requested
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

__all__ = [
    "Terminated",
    "catching",
    "check",
    "install",
    "requested",
    "said",
    "status_of",
    "stop_on_exit",
]

#: The exit status of a command stopped by each signal: 128 + the signal's number.
STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143}

_requested: list[int] = []


class Terminated(BaseException):
    """SIGTERM arrived: unwind like Ctrl-C does."""


def _raised(number: int) -> BaseException:
    return KeyboardInterrupt() if number == signal.SIGINT else Terminated()


def _stop(number: int, frame: FrameType | None) -> None:
    _requested.append(number)
    raise _raised(number)


def install() -> None:
    """From now on (main thread), SIGINT and SIGTERM raise and are recorded."""
    for number in STATUS:
        signal.signal(number, _stop)


@contextlib.contextmanager
def catching() -> Iterator[None]:
    """:func:`install` inside the block (main thread only); the handlers and the record
    are as before after it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.getsignal(number) for number in STATUS}
    install()
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        _requested.clear()


def check() -> None:
    """Raise the stop requested, if one was: again, should its first raise have been lost.

    >>> with catching():
    ...     _requested.append(signal.SIGTERM)
    ...     check()
    Traceback (most recent call last):
    ...
    strategy.engine.stops.Terminated
    """
    stop = requested()
    if stop is not None:
        raise stop


def requested() -> BaseException | None:
    """The stop requested, if one was, as the exception it raises; ``None`` if none was.
    An error raised after a stop may be the stop's doing (a stop landing in numpy's
    import of its C extensions comes out as ``ImportError``): the stop is what to report.

    >>> with catching():
    ...     requested() is None, (_requested.append(signal.SIGINT), requested())[1]
    (True, KeyboardInterrupt())
    """
    return _raised(_requested[0]) if _requested else None


def status_of(error: BaseException) -> int | None:
    """The exit status of a stop (130 for ``KeyboardInterrupt``, 143 for
    :class:`Terminated`), ``None`` for anything else.

    >>> status_of(KeyboardInterrupt()), status_of(Terminated()), status_of(ValueError())
    (130, 143, None)
    """
    if isinstance(error, KeyboardInterrupt):
        return STATUS[signal.SIGINT]
    if isinstance(error, Terminated):
        return STATUS[signal.SIGTERM]
    return None


def said(stop: BaseException) -> str:
    """The line a command stopped by ``stop`` ends with.

    >>> said(KeyboardInterrupt()), said(Terminated())
    ('strategy: interrupted', 'strategy: terminated')
    """
    return "strategy: terminated" if isinstance(stop, Terminated) else "strategy: interrupted"


def stop_on_exit(say: Callable[[BaseException], None]) -> None:
    """While the process exits: a stop is said (``say``) and ends it at once with its status,
    rather than with the signal's own death, which no exit handler would see."""

    def leave(number: int, frame: FrameType | None) -> None:
        error = _raised(number)
        say(error)
        os._exit(STATUS[signal.Signals(number)])

    for number in STATUS:
        signal.signal(number, leave)

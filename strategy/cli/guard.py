"""How a command runs: within its resource budget, and with every way it can end turned
into one line on stderr and an exit status.

==========  ==================================================================
status      meaning
==========  ==================================================================
0           done
2           the request cannot be done as asked (bad input, too large, out of time)
1           the system failed the command (a file system error)
70          internal error: a bug, reported with a request to report it
130, 143    interrupted by Ctrl-C (SIGINT) or stopped by SIGTERM
==========  ==================================================================

SIGTERM is handled like Ctrl-C (see :mod:`strategy.engine.stops`), so files being written
are left whole (see :mod:`strategy.engine.atomic`) and progress bars are erased.

>>> import io
>>> report(KeyError("x"), io.StringIO())
70
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from strategy.cli.common import Parser, add_budget_options, leaf_parsers, one_line
from strategy.engine import stops
from strategy.engine.errors import InputError, echo
from strategy.engine.resources import (
    Budget,
    OutOfTime,
    TooLarge,
    deadline,
    human_seconds,
    use_budget,
)

#: ``EX_SOFTWARE`` of BSD's sysexits.h: an internal software error.
INTERNAL = 70
#: Where internal errors are to be reported.
REPORT = "please report it, with the command line, to the strategy project"
#: Set this environment variable to see the traceback of an internal error.
TRACEBACK = "STRATEGY_TRACEBACK"


def add_budgets(parser: argparse.ArgumentParser) -> None:
    """Give every command of ``parser`` the ``--max-memory`` and ``--max-seconds`` options,
    but for a command that runs until stopped (``set_defaults(unbounded=True)``: a server,
    whose requests have limits of their own)."""
    for leaf in leaf_parsers(parser):
        if isinstance(leaf, Parser) and leaf.later:
            leaf.later.append(add_budgets)  # its commands come later: budget them then
        elif not leaf.get_default("unbounded"):
            add_budget_options(leaf)


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    """Parse ``argv`` and run the command it names, within its budget."""
    args = parser.parse_args(argv)
    if getattr(args, "unbounded", False):
        budget = Budget(seconds=0)  # no time limit: it runs until stopped
    else:
        # `strategy` alone, or a group given no command, has no budget options.
        budget = Budget(
            memory=getattr(args, "max_memory", None), seconds=getattr(args, "max_seconds", None)
        )
    handler: Callable[[argparse.Namespace], int | None] = args.handler
    stops.check()  # a stop lost in the imports ends the command before its work
    with use_budget(budget), quiet_unraisable(), deadline(budget):
        try:
            return handler(args) or 0
        except MemoryError:  # an estimate fell short: say what the limit was
            raise MemoryError(budget.memory_limit()[1]) from None


@contextmanager
def quiet_unraisable() -> Iterator[None]:
    """Say nothing of a stop (time limit, Ctrl-C, SIGTERM) that lands in a finaliser, where
    Python would print a traceback and carry on: the stop comes again (see
    :func:`strategy.engine.resources.deadline`) or was already reported."""
    previous = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        if not isinstance(unraisable.exc_value, OutOfTime | stops.Terminated | KeyboardInterrupt):
            previous(unraisable)

    sys.unraisablehook = hook
    try:
        yield
    finally:
        sys.unraisablehook = previous


def report(error: BaseException, stream: TextIO | None = None) -> int:
    """Print one line about ``error`` and return the exit status it calls for."""
    stream = sys.stderr if stream is None else stream
    status, message = _describe(error)
    stream.write(one_line(message) + "\n")
    if status == INTERNAL and os.environ.get(TRACEBACK):
        import traceback

        traceback.print_exception(error, file=stream)
    return status


def _describe(error: BaseException) -> tuple[int, str]:
    if isinstance(error, TooLarge):
        raise_it = error.option or (
            "--max-memory SIZE" if error.resource == "memory" else "--max-seconds S"
        )
        return 2, f"strategy: error: {error} ({raise_it} raises the limit)"
    if isinstance(error, InputError):
        return 2, f"strategy: error: {error}"
    if isinstance(error, OutOfTime):
        limit = human_seconds(float(error.args[0])) if error.args else "the limit"
        return 2, (
            f"strategy: error: stopped after {limit}, the time limit "
            "(--max-seconds S allows more; 0: no limit)"
        )
    stopped = stops.status_of(error)
    if stopped is not None:
        return stopped, stops.said(error)
    if isinstance(error, MemoryError):
        limit = f" ({error.args[0]})" if error.args else ""
        return 2, (
            f"strategy: error: out of memory{limit}; ask for less, or give a smaller "
            "--max-memory SIZE so that estimates refuse such work up front"
        )
    if isinstance(error, OSError):
        where = f" {echo(str(error.filename))}" if error.filename else ""
        return 1, f"strategy: error:{where} {error.strerror or error}"
    name = type(error).__name__
    return INTERNAL, f"strategy: internal error ({name}: {error}); this is a bug: {REPORT}"


def silence_stdout() -> None:
    """After a broken pipe: send what is left for stdout nowhere, so that Python's final
    flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass

"""The ``strategy`` command's entry point: a stop request counts from the first moment.

The console script imports this module and calls :func:`main`; before it only the package's
lazy ``__init__`` has run. SIGINT and SIGTERM are caught here, before the command line and
its imports (:mod:`strategy.cli.main`), so a stop at any moment of start-up ends the command
with one line and 130 or 143; a stop while the process exits does too (its exit handlers
run, then the process leaves with the status decided, before Python's own teardown could
let a signal kill it).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys

from strategy.engine import stops

_status = [0]


def _say(stop: BaseException) -> None:
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(stops.said(stop) + "\n")
        sys.stderr.flush()


def main() -> int:
    """Run ``strategy`` with the arguments of the process; its exit status."""
    stops.install()
    try:
        atexit.register(_leave)  # registered first, so it runs after every other exit handler
        from strategy.cli.main import main as command

        status = command()
    except SystemExit as exit_:  # argparse's --help, --version and one-line usage errors
        code = exit_.code
        status = code if isinstance(code, int) else int(code is not None)
    except BaseException as error:  # a stop in the imports above, or an error it caused
        stop = error if stops.status_of(error) else stops.requested()
        if stop is None:
            raise
        stops.stop_on_exit(_say)
        _say(stop)
        status = stops.status_of(stop) or 130
    stops.stop_on_exit(_say)
    _status[0] = status
    return status


def _leave() -> None:
    """The last exit handler: flush the output and leave with the status decided."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(_status[0])


if __name__ == "__main__":
    sys.exit(main())

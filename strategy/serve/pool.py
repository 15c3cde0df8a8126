"""Worker processes for the server's computations, each job under a time limit.

A job runs in a worker process, so the server's event loop keeps answering while it
computes. A job over the time limit has its worker killed, which is the only way to stop
a computation in Python, and a fresh worker takes its place; a job that waits longer than
``wait`` for a free worker is refused as busy.

Heavy jobs have their own ``heavy`` workers, so that one huge request never takes a worker
from the players asking small ones. Those workers run at the lowest scheduling priority
(``nice``) and, while any ordinary job runs, are paused outright (``SIGSTOP`` until the
ordinary workers are idle again): a lower priority alone still lets a huge computation
share the processors' caches and memory bandwidth with the small ones, and on a busy
machine slow them down. A heavy job's time limit runs while it is paused: under
constant small traffic it runs out of time, and the small requests come first.

>>> import asyncio, operator
>>> async def demo() -> int:
...     async with WorkerPool(1, timeout=30) as pool:
...         return await pool.run(operator.add, 2, 3)
>>> asyncio.run(demo())
5
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any


class PoolBusy(RuntimeError):
    """No worker came free in time."""


class JobTimeout(RuntimeError):
    """A job ran past the time limit and was stopped."""


class WorkerDied(RuntimeError):
    """A worker process ended in the middle of a job (killed, or out of memory)."""


def _work(conn: Connection, initializer: Callable[[], object] | None, nice: int) -> None:
    """A worker's life: run each job sent, answer ``(ok, value)``, until the pipe closes."""
    # Ctrl-C reaches every process of the terminal; the server stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(nice)
    if initializer is not None:
        initializer()
    conn.send("ready")
    while True:
        try:
            job, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, job(*args))
        except Exception as error:  # sent back to the caller, who raises it
            answer = (False, error)
        conn.send(answer)


class _Worker:
    def __init__(self, initializer: Callable[[], object] | None, nice: int, heavy: bool) -> None:
        context = multiprocessing.get_context("spawn")
        self.heavy = heavy
        self.conn, child = context.Pipe()
        arguments = (child, initializer, nice)
        self.process = context.Process(target=_work, args=arguments, daemon=True)
        self.process.start()
        child.close()  # so that the pipe reports the end of the worker

    def wait_ready(self) -> None:
        if self.conn.recv() != "ready":
            raise WorkerDied("a worker did not start")

    def call(self, job: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        try:
            self.conn.send((job, args))
            ok, value = self.conn.recv()
        except (EOFError, OSError):
            raise WorkerDied("the worker stopped in the middle of the computation") from None
        if not ok:
            raise value
        return value

    def kill(self, busy: asyncio.Future[Any] | None = None) -> None:
        """Stop the process; close the pipe once no thread reads it any more (``busy``, the
        call in progress, if any), so that its descriptor is not reused under the reader."""
        self.process.kill()
        self.process.join()
        if busy is None:
            self.conn.close()
        else:
            busy.add_done_callback(self._close_after)

    def _close_after(self, call: asyncio.Future[Any]) -> None:
        if not call.cancelled():
            call.exception()  # the WorkerDied of a killed job: expected, and not news
        self.conn.close()


#: Pausing and resuming heavy workers (where the system has these signals).
PAUSE, RESUME = getattr(signal, "SIGSTOP", None), getattr(signal, "SIGCONT", None)


def _signal(worker: _Worker, which: signal.Signals | None) -> None:
    if which is not None and worker.process.pid is not None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(worker.process.pid, which)


class WorkerPool:
    """``size`` worker processes for ordinary jobs and ``heavy`` for heavy ones, these at
    ``nice`` (added to the server's niceness); :meth:`run` sends one job, awaits its answer."""

    def __init__(
        self,
        size: int,
        timeout: float,
        *,
        heavy: int = 1,
        nice: int = 19,
        wait: float | None = None,
        initializer: Callable[[], object] | None = None,
    ) -> None:
        if size < 1 or heavy < 1:
            raise ValueError(f"a pool needs at least 1 worker of each kind, not {size}, {heavy}")
        self.sizes = {False: size, True: heavy}
        self.nice = nice
        self.timeout = timeout
        self.wait = timeout if wait is None else wait
        self._initializer = initializer
        self._threads = ThreadPoolExecutor(size + heavy, thread_name_prefix="pool")
        self._idle: dict[bool, asyncio.Queue[_Worker]] = {
            False: asyncio.Queue(),
            True: asyncio.Queue(),
        }
        self._workers: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._ordinary_running = 0
        self._heavy_running: set[_Worker] = set()

    async def __aenter__(self) -> WorkerPool:
        kinds = [kind for kind, count in self.sizes.items() for _ in range(count)]
        await asyncio.gather(*(self._start_worker(kind) for kind in kinds))
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    async def _start_worker(self, heavy: bool) -> None:
        worker = _Worker(self._initializer, self.nice if heavy else 0, heavy)
        self._workers.add(worker)
        await asyncio.get_running_loop().run_in_executor(self._threads, worker.wait_ready)
        self._idle[heavy].put_nowait(worker)

    def _replace(self, worker: _Worker, busy: asyncio.Future[Any]) -> None:
        worker.kill(busy)
        self._workers.discard(worker)
        task = asyncio.get_running_loop().create_task(self._start_worker(worker.heavy))
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def run(self, job: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        """``job(*args)`` in a worker of its kind: its value, or the exception it raised;
        ``PoolBusy``, ``JobTimeout`` or ``WorkerDied`` when it could not finish."""
        try:
            worker = await asyncio.wait_for(self._idle[heavy].get(), self.wait)
        except TimeoutError:
            kind = "worker for large requests" if heavy else "worker"
            raise PoolBusy(
                f"every {kind} stayed busy for {self.wait:g} s; try again in a moment"
            ) from None
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._threads, worker.call, job, args)
        self._started(worker)
        try:
            value = await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except TimeoutError:
            self._replace(worker, future)
            raise JobTimeout(
                f"the computation took longer than this server's limit of {self.timeout:g} s"
            ) from None
        except BaseException:
            if worker.process.is_alive() and future.done():
                self._idle[heavy].put_nowait(worker)
            else:  # died, or still busy with a job nobody awaits (cancelled)
                self._replace(worker, future)
            raise
        finally:
            self._ended(worker)
        self._idle[heavy].put_nowait(worker)
        return value

    def _started(self, worker: _Worker) -> None:
        if worker.heavy:
            self._heavy_running.add(worker)
            if self._ordinary_running:
                _signal(worker, PAUSE)
        else:
            self._ordinary_running += 1
            if self._ordinary_running == 1:
                for heavy in self._heavy_running:
                    _signal(heavy, PAUSE)

    def _ended(self, worker: _Worker) -> None:
        if worker.heavy:
            self._heavy_running.discard(worker)
        else:
            self._ordinary_running -= 1
            if self._ordinary_running == 0:
                for heavy in self._heavy_running:
                    _signal(heavy, RESUME)

    def close(self) -> None:
        """Stop every worker at once."""
        for task in self._starting:
            task.cancel()
        for worker in self._workers:
            worker.kill()
        self._workers.clear()
        self._threads.shutdown(wait=False, cancel_futures=True)

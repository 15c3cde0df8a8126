"""Worker processes for the server's computations, each job under a time limit.

A job runs in one of ``size`` worker processes, so the server's event loop keeps answering
while it computes. A job over the time limit has its worker killed, which is the only way
to stop a computation in Python, and a fresh worker takes its place; a job that waits
longer than ``wait`` for a free worker is refused as busy. Heavy jobs may hold at most
``size - 1`` workers, so that one worker is always left for the small ones.

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


def _work(conn: Connection, initializer: Callable[[], object] | None) -> None:
    """A worker's life: run each job sent, answer ``(ok, value)``, until the pipe closes."""
    # Ctrl-C reaches every process of the terminal; the server stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
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
    def __init__(self, initializer: Callable[[], object] | None) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_work, args=(child, initializer), daemon=True)
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


class WorkerPool:
    """``size`` worker processes; :meth:`run` sends one job and awaits its answer."""

    def __init__(
        self,
        size: int,
        timeout: float,
        *,
        wait: float | None = None,
        initializer: Callable[[], object] | None = None,
    ) -> None:
        if size < 1:
            raise ValueError(f"a pool needs at least 1 worker, not {size}")
        self.size = size
        self.timeout = timeout
        self.wait = timeout if wait is None else wait
        self._initializer = initializer
        self._threads = ThreadPoolExecutor(size, thread_name_prefix="pool")
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._heavy = asyncio.Semaphore(max(1, size - 1))
        self._workers: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> WorkerPool:
        await asyncio.gather(*(self._start_worker() for _ in range(self.size)))
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    async def _start_worker(self) -> None:
        worker = _Worker(self._initializer)
        self._workers.add(worker)
        await asyncio.get_running_loop().run_in_executor(self._threads, worker.wait_ready)
        self._idle.put_nowait(worker)

    def _replace(self, worker: _Worker, busy: asyncio.Future[Any]) -> None:
        worker.kill(busy)
        self._workers.discard(worker)
        task = asyncio.get_running_loop().create_task(self._start_worker())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def run(self, job: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        """``job(*args)`` in a worker: its value, or the exception it raised; ``PoolBusy``,
        ``JobTimeout`` or ``WorkerDied`` when it could not finish."""
        async with self._heavy if heavy else contextlib.nullcontext():
            try:
                worker = await asyncio.wait_for(self._idle.get(), self.wait)
            except TimeoutError:
                raise PoolBusy(
                    f"every worker stayed busy for {self.wait:g} s; try again in a moment"
                ) from None
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._threads, worker.call, job, args)
            try:
                value = await asyncio.wait_for(asyncio.shield(future), self.timeout)
            except TimeoutError:
                self._replace(worker, future)
                raise JobTimeout(
                    f"the computation took longer than this server's limit of {self.timeout:g} s"
                ) from None
            except BaseException:
                if worker.process.is_alive() and future.done():
                    self._idle.put_nowait(worker)
                else:  # died, or still busy with a job nobody awaits (cancelled)
                    self._replace(worker, future)
                raise
            self._idle.put_nowait(worker)
            return value

    def close(self) -> None:
        """Stop every worker at once."""
        for task in self._starting:
            task.cancel()
        for worker in self._workers:
            worker.kill()
        self._workers.clear()
        self._threads.shutdown(wait=False, cancel_futures=True)

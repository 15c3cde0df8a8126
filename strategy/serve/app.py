"""The Starlette application: the page, its script and style, and the JSON API.

* ``GET /``, ``/app.js``, ``/style.css``: the page, shipped in the package and read once,
  when the application is made; no request reaches the file system.
* ``GET /api/<endpoint>?…``: the JSON of ``strategy risk <endpoint> … --json``, one
  endpoint per capability of :mod:`strategy.risk`; 422 with ``{"error": …}`` for bad or
  too large parameters, 503 past the time limit or while the same client's large request
  runs.
* ``GET /api/params``: the form's fields and the endpoints; ``GET /api/openapi.json``.

Each request is validated into the library's request and its cost estimated
(:mod:`strategy.serve.params`, :mod:`strategy.serve.limits`) in the event loop, answered from
the cache if it can be, joined to the same computation if one is running, and otherwise
computed in the worker pool (:mod:`strategy.serve.pool`). Only answers are cached, never a
refusal. A large request (over ``HEAVY`` of the time limit) goes to the large lane, one at a
time per client, so that no client holds the lane for the others.

>>> create_app().routes[0].path
'/'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from collections.abc import AsyncIterator, Hashable
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from strategy.serve import jobs
from strategy.serve.cache import Answer, AnswerCache
from strategy.serve.limits import Limits, TooLargeRequest, fitted
from strategy.serve.params import ENDPOINTS, api_words, validate
from strategy.serve.pool import JobTimeout, PoolBusy, WorkerDied, WorkerPool
from strategy.serve.schema import openapi, page_schema

#: A job using more than this share of a limit is heavy: the low-priority workers take it.
HEAVY = 0.2

#: The page may load its own script and style and call its own API, nothing else.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
    "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}


@dataclass(frozen=True)
class ServeConfig:
    """How the server runs: worker processes for ordinary and for large requests, the
    time limit of one computation (and of the wait for a worker), the cache's bytes, and
    the size limits of one request."""

    workers: int = 2
    large_workers: int = 1
    timeout: float = 10.0
    cache_bytes: int = 64 * 1024**2
    limits: Limits = field(default_factory=Limits)


def _json(status: int, body: bytes, cache: str | None = None) -> Response:
    headers = {"X-Content-Type-Options": "nosniff"}
    if cache is not None:
        headers["X-Cache"] = cache
    return Response(body, status, media_type="application/json", headers=headers)


class Service:
    """The API's state: the worker pool, the cache and the computations running."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.cache = AnswerCache(config.cache_bytes)
        self.pool: WorkerPool | None = None
        self._running: dict[Hashable, asyncio.Task[Answer]] = {}
        self._large: Counter[str] = Counter()

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Start the workers with the server, and stop them with it."""
        config = self.config
        pool = WorkerPool(
            config.workers, config.timeout, heavy=config.large_workers, initializer=jobs.warm
        )
        async with pool:
            self.pool = pool
            yield
        self.pool = None

    async def answer(self, request: Request) -> Response:
        """One API request: checked, then cached, joined or computed."""
        name, limits = request.path_params["endpoint"], self.config.limits
        if name not in ENDPOINTS:
            raise HTTPException(404)
        try:
            asked, need = fitted(name, validate(name, request.query_params.multi_items()), limits)
        except TooLargeRequest as error:
            body = jobs.error_body(str(error), needed=error.needed, limit=error.limit)
            return _json(422, body)
        except ValueError as error:  # BadRequest, and the library's InputError
            return _json(422, jobs.error_body(api_words(name, str(error))))
        key = (name, asked)
        cached = self.cache.get(key)
        if cached is not None:
            return _json(*cached, cache="hit")
        task = self._running.get(key)
        heavy = need.seconds > HEAVY * limits.seconds
        client = request.client.host if request.client else ""
        if task is None:
            if heavy and self._large[client]:
                message = "your large request is still running: ask again when it is answered"
                return _json(503, jobs.error_body(message))
            task = asyncio.create_task(self._compute(key, name, asked, heavy))
            self._running[key] = task
            task.add_done_callback(lambda done: self._finished(key, done))
            if heavy:
                self._large[client] += 1
                task.add_done_callback(lambda done: self._release(client))
        try:
            status, body = await asyncio.shield(task)
        except (JobTimeout, PoolBusy, WorkerDied) as error:
            return _json(503, jobs.error_body(str(error)))
        return _json(status, body, cache="miss")

    async def _compute(self, key: Hashable, name: str, asked: Any, heavy: bool) -> Answer:
        assert self.pool is not None, "the server's lifespan starts the pool"
        limit = self.config.limits.response_bytes
        answer: Answer = await self.pool.run(jobs.answer, name, asked, limit, heavy=heavy)
        if answer[0] == 200:  # a refusal is never kept: the next ask tries again
            self.cache.put(key, answer)
        return answer

    def _release(self, client: str) -> None:
        self._large[client] -= 1
        if not self._large[client]:
            del self._large[client]

    def _finished(self, key: Hashable, task: asyncio.Task[Answer]) -> None:
        self._running.pop(key, None)
        if not task.cancelled():
            task.exception()  # every waiter has seen it; nobody else will


async def _not_found(request: Request, error: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        message = f"no endpoint {request.url.path}; the endpoints are listed at /api/openapi.json"
        return _json(404, jobs.error_body(message))
    return Response("not found\n", 404, media_type="text/plain")


def create_app(config: ServeConfig | None = None) -> Starlette:
    """The application; its lifespan starts and stops the worker pool."""
    service = Service(config or ServeConfig())
    static = files("strategy.serve") / "static"
    pages = {path: (static.joinpath(f).read_bytes(), kind) for path, (f, kind) in STATIC.items()}

    def page(path: str) -> Route:
        body, kind = pages[path]

        async def serve(request: Request) -> Response:
            return Response(body, media_type=kind, headers=PAGE_HEADERS)

        return Route(path, serve, methods=["GET"])

    described = {
        "/api/params": json.dumps(page_schema()).encode(),
        "/api/openapi.json": json.dumps(openapi()).encode(),
    }

    def document(path: str) -> Route:
        async def serve(request: Request) -> Response:
            return _json(200, described[path])

        return Route(path, serve, methods=["GET"])

    routes = [page(path) for path in STATIC] + [document(path) for path in described]
    routes.append(Route("/api/{endpoint}", service.answer, methods=["GET"]))
    return Starlette(
        routes=routes,
        middleware=[Middleware(GZipMiddleware, minimum_size=1024)],
        exception_handlers={404: _not_found},
        lifespan=service.lifespan,
    )

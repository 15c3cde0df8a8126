"""How the server treats connections: each must finish its request's headers in time, an
idle keep-alive connection is closed after a few seconds, and no more than a set number are
served at once (uvicorn answers the others 503 at once).

uvicorn closes an idle keep-alive connection, but holds a connection whose request never
completes (a client that sends a header line now and then) for as long as the client
likes; :class:`HeaderTimeout` closes it once ``header_timeout`` passes without a whole
request head, counted from the connection or from the end of the last answer.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


@dataclass(frozen=True)
class ConnectionLimits:
    """Seconds to send a request's head, seconds an idle connection is kept, and the most
    connections served at once."""

    header_timeout: float = 10.0
    keep_alive: float = 5.0
    max_connections: int = 200


class HeaderTimeout(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request head does not
    arrive whole within ``header_timeout`` seconds."""

    header_timeout = ConnectionLimits.header_timeout

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(self.header_timeout, self._expired)

    def _expired(self) -> None:
        self._deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE and self._deadline is not None:
            self._deadline.cancel()  # the head is in: the time limit of the job takes over
            self._deadline = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)


def server_config(app: Any, limits: ConnectionLimits) -> Any:
    """uvicorn's configuration of ``app`` under ``limits``."""
    import uvicorn

    protocol = type("Limited", (HeaderTimeout,), {"header_timeout": limits.header_timeout})
    return uvicorn.Config(
        app,
        http=protocol,
        log_level="warning",
        access_log=False,
        timeout_keep_alive=max(1, round(limits.keep_alive)),
        limit_concurrency=limits.max_connections,
        h11_max_incomplete_event_size=16 * 1024,
    )

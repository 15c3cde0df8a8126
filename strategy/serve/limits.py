"""What one request may ask of a shared server, checked before any work.

The command line refuses only what this machine's memory or the user's patience cannot
afford; a server shared by many players refuses much less, so that every answer comes in
seconds. Both ask the library's one cost model
(:func:`strategy.risk.requests.estimate`): a request whose estimated time, memory or answer
is over this server's limits is refused with what it would need. The time limit of
:mod:`strategy.serve.pool` stops what the estimates let through and still runs long.

>>> from strategy.serve.params import validate
>>> asked = validate("odds", [("attackers", "5000"), ("defenders", "5000")])
>>> cost("odds", asked, Limits())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
strategy.serve.limits.TooLargeRequest: the exact odds of 5000 v 5000 would visit 25,010,001 \
states and would take about ... (ask for exact=false, or run `strategy risk odds` on your own \
machine, which has no such limit)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from strategy.engine.resources import human_bytes
from strategy.risk.requests import CAPABILITIES
from strategy.risk.requests.cost import Cost


@dataclass(frozen=True)
class Limits:
    """The most one request may need: estimated seconds of work on one core, bytes of
    memory, bytes of its answer's JSON, and the states of a turn plan."""

    seconds: float = 4.0
    memory: int = 1024**3
    response_bytes: int = 16 * 1024**2
    #: A turn plan's states (the plan refuses more itself, with the bound it found).
    plan_states: int = 100_000


class TooLargeRequest(ValueError):
    """A request over a limit: the message says what it would need."""

    def __init__(self, message: str, needed: int, limit: int) -> None:
        super().__init__(message)
        self.needed = needed
        self.limit = limit


def _where(name: str, request: Any) -> str:
    hint = "ask for exact=false, or " if getattr(request, "exact", False) is not False else ""
    if not hasattr(request, "exact"):
        hint = ""
    return f"({hint}run `strategy risk {name}` on your own machine, which has no such limit)"


def bounded(name: str, request: Any, limits: Limits) -> Any:
    """The request with this server's own caps where the library takes one: a plan's
    ``max_states`` (the library then refuses a larger turn with the bound it found)."""
    from dataclasses import replace

    if hasattr(request, "max_states") and request.max_states is None:
        return replace(request, max_states=limits.plan_states)
    return request


def cost(name: str, request: Any, limits: Limits) -> Cost:
    """The request's estimated cost; ``TooLargeRequest`` if over a limit, the library's
    ``InputError`` (a ``ValueError``) for terms it refuses."""
    found = CAPABILITIES[name].estimate(request)
    where = _where(name, request)
    # Each limit: whether it is passed, what the request would need, what is allowed.
    allowed = int(found.states * limits.seconds / found.seconds) if found.seconds else 0
    checks = (
        (
            found.seconds > limits.seconds,
            f"{found.describe()}; this server allows {allowed:,} of them",
            (found.states, allowed),
        ),
        (
            found.memory > limits.memory,
            f"{found.what} {found.states:,} states in {human_bytes(found.memory)} of memory; "
            f"this server allows {human_bytes(limits.memory)}",
            (found.memory, limits.memory),
        ),
        (
            found.output > limits.response_bytes,
            f"{found.what} {found.states:,} states, an answer of {found.output:,} bytes of "
            f"JSON; this server allows {limits.response_bytes:,}",
            (found.output, limits.response_bytes),
        ),
    )
    for over, message, (needed, limit) in checks:
        if over:
            raise TooLargeRequest(f"{message} per request {where}", needed, limit)
    return found

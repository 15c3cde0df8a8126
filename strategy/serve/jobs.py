"""What a worker process runs for one request: the answer as JSON bytes and its HTTP status.

Errors (the library's ``InputError``, a ``ValueError``) come back as ``{"error": message}``
with the command's words, each option named as the API names it; so does an answer longer
than the server sends.

>>> from strategy.risk.requests.battles import Odds
>>> status, body = answer("odds", Odds(attackers=3, defenders=2), 10**6)
>>> status, body[:14]
(200, b'{"attackers":3')
>>> answer("odds", Odds(attackers=3, defenders=2, objective="win"), 10**6)[0]
422
"""

from __future__ import annotations

import json
from typing import Any

from strategy.engine.resources import Budget, human_bytes, use_budget
from strategy.serve import compute
from strategy.serve.params import ENDPOINTS, api_words


def error_body(message: str, **details: Any) -> bytes:
    """``{"error": message, ...}`` as JSON bytes."""
    return json.dumps({"error": message, **details}).encode()


def answer(name: str, request: Any, max_bytes: int) -> tuple[int, bytes]:
    """The endpoint's JSON for a validated ``request``: ``(200, body)``, or ``(422,
    error)``. The server estimated the request before sending it here, so the library
    runs without a time budget of its own (the pool's time limit stops it): a refusal
    never depends on when the job started."""
    try:
        with use_budget(Budget(seconds=0)):
            result = compute.answer(name, request)
    except (ValueError, OverflowError) as error:
        return 422, error_body(api_words(name, str(error)))
    except MemoryError:
        return 422, error_body("out of memory; ask for less")
    body = json.dumps(result, separators=(",", ":")).encode()
    if len(body) > max_bytes:
        return 422, error_body(
            f"the answer is {human_bytes(len(body))} of JSON; this server sends at most "
            f"{human_bytes(max_bytes)} (run `strategy risk {name}` "
            "on your own machine for more)"
        )
    return 200, body


def warm() -> None:
    """Import and build what every job needs, so that a new worker's first answer is fast:
    and load the turn plans' compiled loops where numba is installed, so that plans of every
    size use them (South America with two stacks, exact: 0.17 s against 0.27 s)."""
    from strategy.risk.requests.battles import Odds
    from strategy.risk.turns.levels import load_compiled

    assert ENDPOINTS
    compute.answer("odds", Odds(attackers=3, defenders=2, choice="sees-roll"))
    load_compiled()

"""What a worker process runs for one request: the answer as JSON bytes and its HTTP status.

Errors (the library's ``InputError``, a ``ValueError``) come back as ``{"error": message}``
with the command's words, each option named as the API names it; so does an answer longer
than the server sends.

>>> status, body = answer("odds", {"attackers": 3, "defenders": 2}, 10**6)
>>> status, body[:14]
(200, b'{"attackers":3')
>>> answer("odds", {"attackers": 3, "defenders": 2, "objective": "win"}, 10**6)[0]
422
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from strategy.engine.resources import Budget, human_bytes, use_budget
from strategy.serve import compute
from strategy.serve.params import ENDPOINTS, api_words, endpoint_parser


def error_body(message: str, **details: Any) -> bytes:
    """``{"error": message, ...}`` as JSON bytes."""
    return json.dumps({"error": message, **details}).encode()


def answer(
    name: str, values: dict[str, Any], max_bytes: int, seconds: float | None = None
) -> tuple[int, bytes]:
    """The endpoint's JSON for validated ``values``: ``(200, body)``, or ``(422, error)``;
    ``seconds`` is the budget the library's estimates are checked against (it refuses work
    estimated to take longer before doing it)."""
    endpoint = ENDPOINTS[name]
    try:
        with use_budget(Budget(seconds=seconds)) if seconds else contextlib.nullcontext():
            result = compute.answer(name, values)
    except (ValueError, OverflowError) as error:
        return 422, error_body(api_words(endpoint, str(error)))
    except MemoryError:
        return 422, error_body("out of memory; ask for a smaller table")
    body = json.dumps(result, separators=(",", ":")).encode()
    if len(body) > max_bytes:
        return 422, error_body(
            f"the answer is {human_bytes(len(body))} of JSON; this server sends at most "
            f"{human_bytes(max_bytes)} (run `strategy {' '.join(endpoint.command)}` "
            "on your own machine for more)"
        )
    return 200, body


def warm() -> None:
    """Import and build what every job needs, so that a new worker's first answer is fast."""
    for name in ENDPOINTS:
        endpoint_parser(name)
    compute.answer("odds", {"attackers": 3, "defenders": 2, "choice": "sees-roll"})

"""The server under bad input: every endpoint and every parameter, random and hostile
values, against the real server on a loopback port; and connections that never finish.

Each answer must be JSON with status 200, 422 (one short message) or 503 (a time or load
limit), never a server error, and a 422 never echoes more than a short piece of a value.
The number of requests is bounded (``REQUESTS``) so that the test stays a few seconds.

Deep imports: the server's table of endpoints (:mod:`strategy.serve.params`), which says what to
fuzz.
"""

from __future__ import annotations

import socket
import time
import urllib.parse
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategy.serve.params import ENDPOINTS, describe
from tests.serving import get, require_serve_extra, running_server

REQUESTS = 120
HEADER_TIMEOUT = 1
NASTY = [
    "",
    " ",
    "-1",
    "0",
    "1e30",
    "10**30",
    "9" * 101,
    "\u0663\u0664",  # Arabic-Indic digits
    "x" * 5000,
    "nan",
    "inf",
    "1,2,3",
    "--out=/tmp/x",
    "'\"<>&%00",
    "\n",
    "true",
]


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    require_serve_extra()
    options = ("--workers", "1", "--timeout", "2", "--header-timeout", str(HEADER_TIMEOUT))
    with running_server(*options) as url:
        yield url


def value(kind: str, choices: tuple[str, ...] | None) -> st.SearchStrategy[str]:
    good: st.SearchStrategy[str]
    if choices:
        good = st.sampled_from(choices)
    elif kind in ("integer", "list"):
        good = st.integers(0, 12).map(str)
    elif kind == "boolean":
        good = st.sampled_from(["true", "false"])
    else:
        good = st.sampled_from(["0.8", "Siam=5", "Indonesia", "capture", "keep:2"])
    return st.one_of(good, good, st.sampled_from(NASTY), st.text(max_size=12))


@st.composite
def queries(draw: st.DrawFn) -> tuple[str, dict[str, str]]:
    name = draw(st.sampled_from(ENDPOINTS))
    infos = describe(name)
    chosen = draw(st.lists(st.sampled_from(infos), max_size=5, unique_by=lambda i: i.name))
    query = {info.name: draw(value(info.kind, info.choices)) for info in chosen}
    if draw(st.booleans()):
        query[draw(st.sampled_from(["foo", "out", "format", "attacker"]))] = "1"
    return name, query


@settings(
    max_examples=REQUESTS,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(queries())
def test_every_endpoint_answers_bad_values_with_one_short_message(
    base: str, asked: tuple[str, dict[str, str]]
) -> None:
    name, query = asked
    reply = get(f"{base}/api/{name}?{urllib.parse.urlencode(query)}")
    assert reply.status in (200, 422, 503), (name, query, reply.status, reply.text[:300])
    body = reply.json()
    if reply.status != 200:
        assert set(body) <= {"error", "needed", "limit"}, body
        assert len(body["error"]) < 600 and "\n" not in body["error"], body["error"][:700]


def test_a_request_head_that_never_ends_is_closed(base: str) -> None:
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    with socket.create_connection((host, int(port))) as sock:
        sock.sendall(b"GET /api/odds?attackers=3&defenders=2 HTTP/1.1\r\nHost: x\r\n")
        began = time.perf_counter()
        sock.settimeout(HEADER_TIMEOUT + 5)
        closed = False
        # One more header line every 0.3 s: each would reset a timer of idleness.
        while time.perf_counter() - began < HEADER_TIMEOUT + 4:
            try:
                sock.sendall(b"X-Slow: 1\r\n")
            except OSError:
                closed = True
                break
            time.sleep(0.3)
        if not closed:
            sock.settimeout(1)
            closed = sock.recv(100) == b""
    assert closed and time.perf_counter() - began < HEADER_TIMEOUT + 4
    assert get(f"{base}/api/odds?attackers=3&defenders=2").status == 200

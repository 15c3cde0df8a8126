"""The real ``strategy serve`` on a free loopback port, for tests and benchmarks.

The server runs as the command runs (a subprocess of this checkout's code); tests reach it
over HTTP with the standard library only.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import selectors
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def require_serve_extra() -> None:
    """Skip without Starlette and uvicorn on a developer's machine; fail in CI, whose test
    extra installs them."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("CI must install the serve extra (the test extra includes it)")
        pytest.skip("the serve extra is not installed: pip install '.[serve]'")


@contextlib.contextmanager
def running_server(*options: str) -> Iterator[str]:
    """``strategy serve --port 0 OPTIONS``; yields its base URL once it answers."""
    process = subprocess.Popen(
        [sys.executable, "-m", "strategy.cli.main", "serve", "--port", "0", *options],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Its own session: on Linux its own scheduling group, so that the clients' threads
        # in this process do not share the server's processor time, as on a real network.
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        with selectors.DefaultSelector() as waiting:
            waiting.register(process.stdout, selectors.EVENT_READ)
            if not waiting.select(timeout=60):
                raise AssertionError("strategy serve printed no address in 60 s")
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+", line)
        if found is None:
            _, errors = process.communicate(timeout=10)
            raise AssertionError(f"strategy serve did not start: {line!r} {errors}")
        base = found.group()
        deadline = time.monotonic() + 60
        while get(f"{base}/api/odds?attackers=2&defenders=1").status != 200:
            assert time.monotonic() < deadline, "the server's workers did not start"
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass(frozen=True)
class Reply:
    """One HTTP answer: status, headers (names in lower case) and body text."""

    status: int
    headers: dict[str, str]
    text: str

    def json(self) -> Any:
        return json.loads(self.text)


def get(url: str, timeout: float = 60) -> Reply:
    """``GET url``, whatever its status."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    return Reply(status, {k.lower(): v for k, v in headers.items()}, body.decode())

"""The server's parts without HTTP: parameters, limits, the answer cache and the worker pool.

Deep imports: the server's parts (:mod:`strategy.serve`), tested without HTTP, and the command's
entry point.
"""

from __future__ import annotations

import asyncio
import operator
import os
import socket
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.cli.main import main
from strategy.serve.cache import AnswerCache
from strategy.serve.limits import Limits, TooLargeRequest, cost
from strategy.serve.params import BadRequest, validate
from strategy.serve.pool import JobTimeout, WorkerPool


@given(st.text(max_size=30), st.text(max_size=30))
def test_a_value_is_only_ever_its_own_field(attackers: str, objective: str) -> None:
    # No value, whatever it holds, can name another field or an option: each is read by
    # its own field's reader, or refused naming that field.
    query = [("attackers", attackers), ("defenders", "6"), ("objective", objective)]
    try:
        request = validate("odds", query)
    except BadRequest as refused:
        assert str(refused).startswith("attackers: ")
    else:
        assert request.objective == objective and request.defenders == 6
        assert request.attackers == int(attackers)


def test_validated_values_are_the_request() -> None:
    request = validate("chain", [("attackers", "10"), ("defenders", "3,2"), ("ties", "attacker")])
    assert request.defenders == (3, 2) and request.ties == ("attacker",)
    with pytest.raises(BadRequest, match="give 'defenders' once"):
        validate("odds", [("attackers", "1"), ("defenders", "1"), ("defenders", "2")])


def test_a_missing_attacker_is_named_as_missing() -> None:
    # Issue 31: /api/odds?defenders=6 was reported as missing defenders.
    with pytest.raises(BadRequest, match=r"^give attackers \("):
        validate("odds", [("defenders", "6")])
    with pytest.raises(BadRequest, match=r"^attackers: 'x' is not a whole number"):
        validate("odds", [("attackers", "x"), ("defenders", "6")])


def test_the_command_line_refuses_what_the_api_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(BadRequest) as refused:
        validate("odds", [("attackers", "10"), ("defenders", "6"), ("defender_dice", "0")])
    with pytest.raises(SystemExit):
        main(["risk", "odds", "10", "6", "--defender-dice", "0"])
    said = capsys.readouterr().err
    assert str(refused.value) == "defender_dice: '0' must be at least 1"
    assert "argument --defender-dice: '0' must be at least 1" in said


def test_an_echoed_value_is_cut() -> None:
    with pytest.raises(BadRequest) as refused:
        validate("odds", [("attackers", "3"), ("defenders", "2"), ("choice", "x" * 5000)])
    assert len(str(refused.value)) < 200 and "5,000 characters" in str(refused.value)


def query(name: str, **given: Any) -> Any:
    return validate(name, [(key, str(value)) for key, value in given.items()])


def test_limits_admit_what_fits_and_refuse_beyond() -> None:
    small = cost("odds", query("odds", attackers=500, defenders=500), Limits())
    limits = Limits(seconds=small.seconds)
    assert cost("odds", query("odds", attackers=500, defenders=500), limits) == small
    with pytest.raises(TooLargeRequest) as refused:
        cost("odds", query("odds", attackers=600, defenders=600), limits)
    assert refused.value.needed == 601 * 601 and refused.value.limit < refused.value.needed
    assert "ask for exact=false" in str(refused.value)
    # In floats the same battle is small.
    cost("odds", query("odds", attackers=600, defenders=600, exact="false"), limits)


def test_left_has_no_float_option_to_suggest() -> None:
    with pytest.raises(TooLargeRequest) as refused:
        cost("left", query("left", attackers=5000, defenders=5000), Limits())
    assert "exact=false" not in str(refused.value)


@settings(max_examples=50)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 12)), max_size=40))
def test_the_cache_stays_within_its_bytes(puts: list[tuple[int, int]]) -> None:
    cache = AnswerCache(30, largest=10)
    for key, length in puts:
        cache.put(key, (200, b"x" * length))
        assert cache.size <= 30
        assert cache.size == sum(len(cache.get(k)[1]) for k in range(6) if cache.get(k))  # type: ignore[index]
        # The answer just kept is there, unless it is longer than any kept.
        assert (cache.get(key) is not None) == (length <= 10)


def test_a_job_past_the_time_limit_is_stopped_and_its_worker_replaced() -> None:
    async def scenario() -> tuple[Any, ...]:
        async with WorkerPool(1, timeout=0.5, heavy=1, wait=10) as pool:
            began = time.perf_counter()
            slow = asyncio.create_task(pool.run(time.sleep, 30, heavy=True))
            # A second heavy job waits for the heavy worker; an ordinary one does not.
            waiting = asyncio.create_task(pool.run(operator.add, 1, 1, heavy=True))
            small = await pool.run(operator.mul, 6, 7)
            small_took = time.perf_counter() - began
            with pytest.raises(JobTimeout):
                await slow
            stopped_after = time.perf_counter() - began
            assert await waiting == 2  # run by the worker that replaced the stopped one
            with pytest.raises(ZeroDivisionError):
                await pool.run(operator.truediv, 1, 0)
            after = await asyncio.gather(*(pool.run(operator.add, i, i) for i in range(4)))
            return small, small_took, stopped_after, after

    small, small_took, stopped_after, after = asyncio.run(scenario())
    assert small == 42 and small_took < 0.5
    assert 0.5 <= stopped_after < 2
    assert after == [0, 2, 4, 6]


def test_heavy_workers_run_at_low_priority() -> None:
    async def niceness() -> tuple[int, int]:
        async with WorkerPool(1, timeout=10, heavy=1, nice=5) as pool:
            return await pool.run(os.nice, 0), await pool.run(os.nice, 0, heavy=True)

    ordinary, heavy = asyncio.run(niceness())
    assert heavy == ordinary + 5


def test_serve_refuses_a_bad_port_and_a_busy_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--port", "70000"])
    assert "'70000' is not a port (0 to 65535)" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def test_serve_warns_when_others_can_reach_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    import strategy.cli.serve

    served: list[int] = []
    # Bind to loopback whatever the host says, and serve nothing: only the words are tested.
    monkeypatch.setattr(strategy.cli.serve, "listen", lambda host, port: loopback_socket())
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: served.append(len(sockets)))
    # uvicorn configures logging through dictConfig, which closes every handler made so far:
    # in a test process that includes one absl made (OpenSpiel's tests import it) on the
    # stream pytest was capturing then, and closing it closes pytest's capture for good.
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    assert main(["serve", "--host", "0.0.0.0"]) == 0
    out, err = capsys.readouterr()
    assert served == [1]
    assert err.startswith("strategy serve: warning: listening on 0.0.0.0, so anyone")
    assert out.startswith("strategy serve: http://127.0.0.1:")
    assert main(["serve"]) == 0
    assert capsys.readouterr().err == ""


def loopback_socket() -> socket.socket:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    return sock


def test_heavy_workers_pause_while_ordinary_jobs_run() -> None:
    def state(pid: int) -> str:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]

    async def states() -> list[str]:
        async with WorkerPool(1, timeout=10, heavy=1) as pool:
            heavy = asyncio.create_task(pool.run(time.sleep, 0.6, heavy=True))
            await asyncio.sleep(0.1)
            (worker,) = pool._heavy_running
            assert worker.process.pid is not None
            seen = [state(worker.process.pid)]
            ordinary = asyncio.create_task(pool.run(time.sleep, 0.3))
            await asyncio.sleep(0.1)
            seen.append(state(worker.process.pid))
            await ordinary
            seen.append(state(worker.process.pid))
            await heavy
            return seen

    if not os.path.exists("/proc/self/stat"):
        pytest.skip("needs /proc to read a process's state")
    before, during, after = asyncio.run(states())
    assert before != "T" and during == "T" and after != "T"  # T: stopped

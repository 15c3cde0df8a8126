"""Load check of ``strategy serve``: many players at once, and one huge request among them.

Run: ``python benchmarks/bench_serve.py``. Starts the real server on a free loopback port
(127.0.0.1 only) and sends it, from 50 concurrent clients, 20 mixed requests each (odds,
odds under optimal play, the fewest armies, chains, armies left, small tables and strategy
matrices, with armies drawn at random so that most are computed, not cached):

1. the small requests alone;
2. the same requests while one huge request (200,000 v 200,000 in floats, within the size
   limits but seconds of work) runs.

Each phase has a fresh server (an empty cache); the pair runs three times, interleaved,
against the noise of a shared machine. Prints each phase's requests per second, p50/p95/
p99/max latency, failures and cache hits, its rate over a plain baseline (one process
answering each distinct request in turn: no HTTP, no workers), the median p99s and their
ratio, and what became of the huge request; exits 1 if any small request failed or the
median p99 beside the huge request is over 1 s. Bounded: 6 x 1,000 requests, each with a
30 s client timeout, and the whole run stops after 5 minutes.
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from common import machine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.serving import running_server

CLIENTS, REQUESTS, ROUNDS = 50, 20, 3
DEADLINE = 300.0
P99_LIMIT = 1.0
HUGE = "/api/odds?attackers=200000&defenders=200000&exact=false"


def mixed_request(draw: random.Random) -> str:
    """One small request, as the page sends them (floats where there is a choice) or as a
    player follows its JSON link (exact)."""
    a, d = draw.randint(2, 40), draw.randint(1, 25)
    choice = draw.choice(["sees-roll", "respond", "announce"])
    queries = [
        ("odds", {"attackers": a, "defenders": d}),
        ("odds", {"attackers": a, "defenders": d, "exact": "false"}),
        ("odds", {"attackers": a, "defenders": d, "choice": choice, "exact": "false"}),
        ("need", {"defenders": d, "target": draw.choice(["0.5", "0.8", "0.95"]), "exact": "false"}),
        ("chain", {"attackers": a, "defenders": f"{d},{draw.randint(1, 5)}", "exact": "false"}),
        ("left", {"attackers": a, "defenders": d}),
        ("table", {"attackers": min(a, 20), "defenders": min(d, 20)}),
        ("strategy", {"attackers": min(a, 10), "defenders": min(d, 10), "choice": choice}),
    ]
    endpoint, query = draw.choice(queries)
    return f"/api/{endpoint}?{urllib.parse.urlencode(query)}"


@dataclass(frozen=True)
class Outcome:
    path: str
    status: int
    seconds: float
    cached: bool


def client(port: int, paths: list[str], outcomes: list[Outcome], stop: float) -> None:
    """One player: its requests one after another over one kept-alive connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for path in paths:
        if time.monotonic() > stop:
            break
        began = time.perf_counter()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            status, cached = response.status, response.getheader("X-Cache") == "hit"
        except (OSError, http.client.HTTPException):
            status, cached = 0, False
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        outcomes.append(Outcome(path, status, time.perf_counter() - began, cached))
    connection.close()


def plans(seed: int) -> list[list[str]]:
    """Every client's requests, drawn from ``seed``."""
    draw = random.Random(seed)
    return [[mixed_request(draw) for _ in range(REQUESTS)] for _ in range(CLIENTS)]


def phase(port: int, paths: list[list[str]], stop: float) -> tuple[list[Outcome], float]:
    """All clients at once; their outcomes and the wall time."""
    outcomes: list[Outcome] = []
    threads = [threading.Thread(target=client, args=(port, plan, outcomes, stop)) for plan in paths]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes, time.perf_counter() - began


def in_process(paths: list[list[str]]) -> float:
    """The plain baseline: one process answers every distinct request once, in turn, with
    no HTTP, no workers and no limits; requests per second of the whole list."""
    from strategy.serve import jobs
    from strategy.serve.params import validate

    jobs.warm()
    every = [path for plan in paths for path in plan]
    began = time.perf_counter()
    for path in dict.fromkeys(every):
        endpoint, _, query = path.removeprefix("/api/").partition("?")
        assert (
            jobs.answer(endpoint, validate(endpoint, urllib.parse.parse_qsl(query)), 2**30)[0]
            == 200
        )
    return len(every) / (time.perf_counter() - began)


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def report(label: str, outcomes: list[Outcome], wall: float, baseline: float) -> float:
    """Print one phase's line; its p99."""
    times = sorted(o.seconds for o in outcomes)
    failed = [o for o in outcomes if o.status != 200]
    hits = sum(o.cached for o in outcomes)
    p50, p95, p99 = (percentile(times, share) * 1000 for share in (0.5, 0.95, 0.99))
    rate = len(outcomes) / wall
    print(
        f"{label:<24} {len(outcomes):>5} requests in {wall:6.2f} s = {rate:6.1f}/s; "
        f"p50 {p50:6.1f} ms, p95 {p95:6.1f} ms, p99 {p99:6.1f} ms, max {times[-1] * 1000:6.1f} ms; "
        f"{len(failed)} failed, {hits} from the cache; {rate / baseline:.2f} x baseline"
    )
    for o in failed[:5]:
        print(f"  failed: {o.status} {o.path}")
    return p99 / 1000


def send_huge(port: int, answers: list[tuple[int, float, str]]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    began = time.perf_counter()
    connection.request("GET", HUGE)
    response = connection.getresponse()
    body = json.loads(response.read())
    answers.append((response.status, time.perf_counter() - began, body.get("error", "")))


def main() -> int:
    print(f"machine: {machine()}")
    print(f"{CLIENTS} clients x {REQUESTS} requests; 2 workers + 1 for large requests; loopback")
    stop = time.monotonic() + DEADLINE
    paths = plans(seed=1)
    baseline = in_process(paths)
    print(f"{'plain baseline':<24} {baseline:6.1f} requests/s (one process, no HTTP, no workers)")
    p99s: dict[bool, list[float]] = {False: [], True: []}
    failures = 0
    # The same requests, each time to a fresh server (an empty cache): alone, then beside
    # one huge request that starts first; ROUNDS times, interleaved, against the noise of a
    # shared machine.
    for _ in range(ROUNDS):
        for beside in (False, True):
            huge: list[tuple[int, float, str]] = []
            with running_server("--workers", "2", "--timeout", "10") as base:
                port = urllib.parse.urlsplit(base).port
                assert port is not None
                big = threading.Thread(target=send_huge, args=(port, huge))
                if beside:
                    big.start()
                    time.sleep(0.2)  # the huge request is computing before the small ones
                outcomes, wall = phase(port, paths, stop)
                label = "beside one huge request" if beside else "small requests alone"
                p99s[beside].append(report(label, outcomes, wall, baseline))
                failures += sum(o.status != 200 for o in outcomes)
                if beside:
                    big.join(timeout=max(1.0, stop - time.monotonic()))
            if beside:
                status, seconds, error = huge[0] if huge else (0, float("nan"), "no answer")
                print(f"{'':<24} the huge request: {status} after {seconds:.2f} s {error}")
    alone, next_to = statistics.median(p99s[False]), statistics.median(p99s[True])
    print(
        f"median p99: alone {alone:.3f} s, beside the huge request {next_to:.3f} s, ratio "
        f"{next_to / alone:.2f}"
    )
    verdict = failures == 0 and next_to <= P99_LIMIT
    print(
        f"verdict: {'ok' if verdict else 'FAILED'} ({failures} failed; median p99 beside the "
        f"huge request {next_to:.3f} s, limit {P99_LIMIT:g} s)"
    )
    return 0 if verdict else 1


if __name__ == "__main__":
    sys.exit(main())

"""The JSON API of ``strategy serve``, against the real server on a loopback port.

Every endpoint's numbers are checked against the library (and published values where
there are some); its JSON against the command's ``--json``; bad parameters against the
command's own error message; and the limits: too large is refused at once, too long is
stopped at the time limit while small requests are still answered.

Deep imports: the command's entry point, the number text and the kernels, the references for every
endpoint's numbers.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.parse
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from strategy.cli.main import main
from strategy.engine.numbers import fraction_text
from strategy.risk import Battle, Rules, edition
from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.fewest import minimum_armies
from strategy.risk.optimal import optimal_odds, optimal_table
from strategy.risk.outcomes import capture_with_at_least
from strategy.risk.paths import chain_odds
from strategy.risk.play.matrices import strategy_matrix
from tests.serving import Reply, get, require_serve_extra, running_server

TIMEOUT = 2


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    require_serve_extra()
    with running_server("--workers", "1", "--timeout", str(TIMEOUT)) as url:
        yield url


def api(base: str, endpoint: str, **query: Any) -> Reply:
    return get(f"{base}/api/{endpoint}?{urllib.parse.urlencode(query)}")


def ok(base: str, endpoint: str, **query: Any) -> Any:
    reply = api(base, endpoint, **query)
    assert reply.status == 200, reply.text
    return reply.json()


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_odds(base: str, capsys: pytest.CaptureFixture[str]) -> None:
    answer = ok(base, "odds", attackers=10, defenders=6)
    odds = battle_odds(10, 6)
    assert answer["win_probability_exact"] == fraction_text(odds.win_probability)
    # Osborne (2003), Table 3: 0.808 at 9 attacking armies (10 in the territory) v 6.
    assert round(answer["win_probability"], 3) == 0.808
    assert answer["expected_attacker_left_exact"] == fraction_text(odds.expected_attacker_left)
    finals = [
        (s["attacker"], s["defender"], Fraction(s["probability_exact"]))
        for s in answer["final_states"]
    ]
    assert finals == list(odds.final_states)
    assert answer == cli_json(capsys, "risk", "odds", "10", "6")


def test_odds_under_optimal_play(base: str) -> None:
    answer = ok(base, "odds", attackers=10, defenders=6, choice="sees-roll", exact="true")
    best = optimal_odds(10, 6, Battle.of(choice="sees-roll"), exact=True)
    assert answer["value_exact"] == fraction_text(best.value)
    assert answer["win_probability"] == float(best.value)
    answered = {
        (r["attacker_dice"], tuple(r["roll"])): tuple(r["dice"])
        for r in answer["defender"]["responses"]
    }
    assert answered == {(dice, roll): best_dice for dice, roll, best_dice in best.play.responses}


def test_table(base: str, capsys: pytest.CaptureFixture[str]) -> None:
    answer = ok(base, "table", max_attackers=6, max_defenders=4, exact="true", count="attacking")
    table = battle_table(6, 4, Rules(count="attacking"))
    assert answer["values_exact"] == [[fraction_text(v) for v in row] for row in table.values]
    argv = (
        "risk",
        "table",
        "--attackers",
        "6",
        "--defenders",
        "4",
        "--exact",
        "--count",
        "attacking",
    )
    assert answer == cli_json(capsys, *argv)


def test_strategy_matrix(base: str) -> None:
    answer = ok(
        base,
        "strategy",
        max_attackers=5,
        max_defenders=4,
        choice="sees-roll",
        objective="balance:2",
    )
    from strategy.risk import Objective

    table = optimal_table(
        5, 4, Battle.of(objective=Objective.parse("balance:2"), choice="sees-roll")
    )
    matrix = strategy_matrix(table)
    assert [[c["code"] for c in row] for row in answer["cells"]] == [
        [cell.code for cell in row] for row in matrix.cells
    ]
    assert answer["legend"] == dict(matrix.legend)


def test_chain(base: str) -> None:
    # sipolac/risk's README: 5 armies against 3, 2 and 1 (d6, d8, d6 defending dice).
    answer = ok(base, "chain", attackers=5, defenders="3,2,1", defender_sides="6,8,6")
    sides = [Rules(defender_sides=s) for s in (6, 8, 6)]
    chain = chain_odds(5, (3, 2, 1), sides)
    assert answer["win_probability_exact"] == fraction_text(chain.win_probability)
    published = [0.6416, 0.1583, 0.0651]
    assert [round(c["probability"], 4) for c in answer["capture_probabilities"]] == published


def test_need(base: str) -> None:
    # sipolac/risk's README: 17 armies take 3, 2 and 1 (d6, d8, d6) with P >= 0.95.
    answer = ok(base, "need", defenders="3,2,1", target="0.95", defender_sides="6,8,6")
    assert answer["attackers"] == 17
    sees = ok(base, "need", defenders=5, target="80%", choice="sees-roll")
    assert sees["attackers"] == minimum_armies(5, Fraction(4, 5), choice="sees-roll").attackers


def test_left(base: str) -> None:
    answer = ok(base, "left", attackers=5, defenders=3)
    finals = battle_odds(5, 3).final_states
    tails = {t["armies"]: Fraction(t["probability_exact"]) for t in answer["capture_with_at_least"]}
    assert tails == {k: capture_with_at_least(finals, k) for k in tails}
    assert round(float(tails[4]), 4) == 0.4534  # sipolac/risk's README


BAD = [
    # endpoint, query, the same request on the command line
    (
        "odds",
        {"attackers": 10, "defenders": 6, "attacker_dice": 0},
        ["10", "6", "--attacker-dice", "0"],
    ),
    ("odds", {"attackers": "ten", "defenders": 6}, ["ten", "6"]),
    ("odds", {"attackers": 10, "defenders": 6, "ties": "both"}, ["10", "6", "--ties", "both"]),
    ("odds", {"attackers": 0, "defenders": 3}, ["0", "3"]),
    (
        "odds",
        {"attackers": 10, "defenders": 6, "attacker_sides": 1},
        ["10", "6", "--attacker-sides", "1"],
    ),
    (
        "odds",
        {"attackers": 5, "defenders": 3, "objective": "win"},
        ["5", "3", "--objective", "win"],
    ),
    (
        "odds",
        {"attackers": 5, "defenders": 3, "objective": "attacker-left", "choice": "sees-roll"},
        ["5", "3", "--objective", "attacker-left", "--choice", "sees-roll"],
    ),
    ("need", {"defenders": 3, "target": 2}, ["3", "--target", "2"]),
    (
        "chain",
        {"attackers": 10, "defenders": "3,2", "defender_sides": "6,8,6"},
        ["10", "3", "2", "--defender-sides", "6,8,6"],
    ),
    (
        "table",
        {"max_attackers": 5, "metric": "signed", "objective": "capture"},
        ["--attackers", "5", "--metric", "signed", "--objective", "capture"],
    ),
]


def cli_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The command's one-line error for ``argv``, without its prefix and ``(see --help)``."""
    capsys.readouterr()
    try:
        status = main(argv)
    except SystemExit as exit:  # the parser's own errors
        status = exit.code  # type: ignore[assignment]
    line = capsys.readouterr().err.strip()
    assert status == 2 and "\n" not in line
    return line.split(": error: ", 1)[1].removesuffix(" (see --help)")


def api_names(message: str) -> str:
    """Options named as the API names them: ``argument --attacker-dice: …`` is
    ``attacker_dice: …`` and the positionals A and D are ``attackers`` and ``defenders``."""
    message = re.sub(r"^argument (A|D): ", lambda m: f"{POSITIONALS[m.group(1)]}: ", message)
    message = message.removeprefix("argument ")
    return re.sub(r"--([a-z-]+)", lambda m: m.group(1).replace("-", "_"), message)


POSITIONALS = {"A": "attackers", "D": "defenders"}


@pytest.mark.parametrize(("endpoint", "query", "argv"), BAD)
def test_bad_input_gets_the_commands_words(
    base: str,
    capsys: pytest.CaptureFixture[str],
    endpoint: str,
    query: dict[str, Any],
    argv: list[str],
) -> None:
    reply = api(base, endpoint, **query)
    assert reply.status == 422
    body = reply.json()
    assert list(body) == ["error"]
    assert body["error"] == api_names(cli_error(capsys, ["risk", endpoint, *argv]))


@pytest.mark.parametrize(
    "query",
    [
        "attackers=10&defenders=6&foo=1",
        "attackers=10&attackers=11&defenders=6",
        "defenders=6",
        "attackers=10&defenders=6&exact=maybe",
        "attackers=10&defenders=6&out=/tmp/strategy-serve-test",
    ],
)
def test_bad_query_is_one_message(base: str, query: str) -> None:
    reply = get(f"{base}/api/odds?{query}")
    assert reply.status == 422 and list(reply.json()) == ["error"], reply.text


def test_no_value_can_reach_an_option(base: str, tmp_path: Path) -> None:
    target = tmp_path / "written.json"
    for query in (
        {"attackers": f"--out={target}", "defenders": 6},
        {"attackers": 3, "defenders": 2, "objective": f"--out={target}"},
    ):
        assert api(base, "odds", **query).status == 422
    assert not target.exists()


TOO_LARGE = [
    ("odds", {"attackers": 100_000, "defenders": 100_000}),
    ("odds", {"attackers": 10**7, "defenders": 10**7, "exact": "false"}),
    ("odds", {"attackers": 5000, "defenders": 5000, "choice": "sees-roll", "exact": "false"}),
    ("left", {"attackers": 3000, "defenders": 3000}),
    ("table", {"max_attackers": 5000, "max_defenders": 5000}),
    ("strategy", {"max_attackers": 300, "max_defenders": 300}),
    ("chain", {"attackers": 10_000, "defenders": "100,100"}),
    ("need", {"defenders": 100_000, "target": "0.9"}),
]


@pytest.mark.parametrize(("endpoint", "query"), TOO_LARGE)
def test_too_large_is_refused_at_once(base: str, endpoint: str, query: dict[str, Any]) -> None:
    began = time.perf_counter()
    reply = api(base, endpoint, **query)
    assert time.perf_counter() - began < 0.5
    assert reply.status == 422, reply.text
    body = reply.json()
    assert body["needed"] > body["limit"]
    assert f"{body['needed']:,}" in body["error"] and "this server allows" in body["error"]


def test_a_long_computation_is_stopped_and_others_still_answer(base: str) -> None:
    # 200,000 v 200,000 in floats is within the size limits but takes several seconds.
    slow: list[Reply] = []
    worker = threading.Thread(
        target=lambda: slow.append(
            api(base, "odds", attackers=200_000, defenders=200_000, exact="false")
        )
    )
    began = time.perf_counter()
    worker.start()
    time.sleep(0.2)
    for attackers in range(30, 36):
        small = time.perf_counter()
        assert api(base, "odds", attackers=attackers, defenders=7).status == 200
        assert time.perf_counter() - small < 1
    worker.join()
    assert TIMEOUT <= time.perf_counter() - began < TIMEOUT + 2
    assert slow[0].status == 503 and "took longer than" in slow[0].json()["error"]
    # The stopped worker was replaced: the server still computes.
    assert api(base, "odds", attackers=40, defenders=9).status == 200


def test_answers_are_cached(base: str) -> None:
    first = api(base, "odds", attackers=23, defenders=17)
    second = api(base, "odds", attackers=23, defenders=17)
    assert (first.headers["x-cache"], second.headers["x-cache"]) == ("miss", "hit")
    assert first.text == second.text


def test_openapi_lists_every_endpoint_and_parameter(base: str) -> None:
    from strategy.serve.params import ENDPOINTS, fields

    document = get(f"{base}/api/openapi.json").json()
    assert document["openapi"].startswith("3.")
    for name in ENDPOINTS:
        operation = document["paths"][f"/api/{name}"]["get"]
        assert [p["name"] for p in operation["parameters"]] == [f[0] for f in fields(name)]


def test_unknown_endpoint(base: str) -> None:
    reply = get(f"{base}/api/nothing")
    assert reply.status == 404 and "openapi" in reply.json()["error"]


def test_editions_and_modifiers(base: str) -> None:
    # smgstudio/risk-dice README, example 3: 30 v 15 attacking troops on a capital end with
    # 18 troops and no defender with probability 0.0222128001707278 (true random) and
    # 0.0100282888709122 (Balanced Blitz).
    for dice, published in (
        ("true-random", 0.0222128001707278),
        ("balanced-blitz", 0.0100282888709122),
    ):
        answer = ok(
            base,
            "odds",
            attackers=30,
            defenders=15,
            count="attacking",
            capital="true",
            dice=dice,
            exact="false",
        )
        final = {(s["attacker"], s["defender"]): s["probability"] for s in answer["final_states"]}
        assert final[(18, 0)] == pytest.approx(published, rel=1e-12)
    risiko = ok(base, "odds", attackers=10, defenders=6, edition="risiko")
    assert risiko["win_probability_exact"] == fraction_text(
        battle_odds(10, 6, edition("risiko").rules).win_probability
    )
    # README example 6: 49 attacking troops are the fewest with a Balanced Blitz win chance
    # above 0.8 against 50; --edition rgd counts attacking troops and blitzes balanced.
    assert ok(base, "need", defenders=50, target="0.8", edition="rgd")["attackers"] == 49


def test_plan(base: str, capsys: pytest.CaptureFixture[str]) -> None:
    position = {
        "attackers": "Central America=14",
        "defenders": "Venezuela=2,Brazil=3,Peru=1,Argentina=2",
        "target": "South America",
    }
    answer = ok(base, "plan", **position)
    argv = ["--from", position["attackers"], "--defenders", position["defenders"]]
    argv += ["--target", position["target"], "--max-states", "100000"]
    expected = cli_json(capsys, "risk", "plan", *argv)
    assert {k: v for k, v in answer.items() if k != "seconds"} == {
        k: v for k, v in expected.items() if k != "seconds"
    }
    # The best fixed chain is the chain calculator's (sipolac/risk's numbers, test_chain.py),
    # and the optimal plan does at least as well.
    best = answer["comparison"]["best_chain"]
    armies = {"Venezuela": 2, "Brazil": 3, "Peru": 1, "Argentina": 2}
    chain = chain_odds(14, [armies[t] for t in best["path"][1:]])
    assert best["value_exact"] == fraction_text(chain.win_probability)
    assert answer["value"] >= best["value"]


AFRICA_THREES = "North Africa=3,Egypt=3,East Africa=3,Congo=3,South Africa=3,Madagascar=3"


def test_a_plan_beyond_the_servers_limits_is_refused_up_front(base: str) -> None:
    began = time.perf_counter()
    reply = api(base, "plan", attackers="Brazil=80", target="Africa", defenders=AFRICA_THREES)
    assert time.perf_counter() - began < 2
    assert reply.status == 422
    # Refused by the estimate in floats (exact is refused sooner), with what it would need.
    answer = reply.json()
    bound = int(re.search(r"visit ([\d,]+) states", answer["error"]).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert answer["needed"] == bound > answer["limit"], answer
    # A cap asked above the library's is no refusal: the estimate of the turn decides.
    position = {"attackers": "Siam=5", "target": "Indonesia", "defenders": "Indonesia=2"}
    asked = api(base, "plan", **position, max_states=10**6)
    assert asked.status == 200, asked.text


def test_a_refusal_is_never_served_from_the_cache(base: str) -> None:
    # The library refuses a target no number of armies reaches while answering (in the
    # worker); a refusal, which could depend on the moment, is asked afresh each time.
    for _ in range(2):
        reply = api(base, "need", defenders=15, target="1")
        assert reply.status == 422 and reply.headers["x-cache"] == "miss", reply.text


def test_one_client_holds_at_most_one_large_request(base: str) -> None:
    # Each estimated at about 1 s of exact work: over a fifth of the 4 s limit, so large.
    first: list[Reply] = []
    worker = threading.Thread(
        target=lambda: first.append(api(base, "odds", attackers=1000, defenders=1000))
    )
    worker.start()
    time.sleep(0.3)
    second = api(base, "odds", attackers=1001, defenders=1000)
    worker.join()
    assert second.status == 503 and "your large request" in second.json()["error"]
    assert first[0].status in (200, 503)  # answered, or stopped at this server's time limit
    assert api(base, "odds", attackers=30, defenders=7).status == 200  # small ones still go

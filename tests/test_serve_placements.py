"""The web API's placement searches (issue 23): a plan's reinforcements and the defender's
fortification, against the library's own results, the command's ``--json`` and a brute
force over every placement; and the server's refusal, up front, of a search too long.

Deep imports: :mod:`strategy.cli.main`, the command's entry point, whose ``--json`` the API is held
to.
"""

from __future__ import annotations

import json
import time
import urllib.parse
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from strategy import risk
from strategy.cli.main import main
from tests.serving import Reply, get, require_serve_extra, running_server

#: Two attacking territories border Siam: four ways to place three armies on them.
REINFORCE = {"attackers": "India=3,China=2", "defenders": "Siam=2", "target": "Siam"}
#: The defender places 5 armies on Australia's 4 territories: one extra, four placements.
FORTIFY = {"attackers": "Siam=6", "target": "Australia", "armies": 5}
AUSTRALIA = ("Indonesia", "New Guinea", "Western Australia", "Eastern Australia")


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    require_serve_extra()
    with running_server("--workers", "1") as url:
        yield url


def api(base: str, endpoint: str, **query: Any) -> Reply:
    return get(f"{base}/api/{endpoint}?{urllib.parse.urlencode(query)}")


def timeless(obj: Any) -> Any:
    """``obj`` without its measured ``seconds``, at any depth."""
    if isinstance(obj, dict):
        return {k: timeless(v) for k, v in obj.items() if k != "seconds"}
    if isinstance(obj, list):
        return [timeless(v) for v in obj]
    return obj


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def plan_value(attackers: str, defenders: str, target: str) -> Fraction:
    value = risk.plan(attackers=attackers, defenders=defenders, target=target).plan.value
    assert isinstance(value, Fraction)
    return value


def test_plan_places_reinforcements(base: str, capsys: pytest.CaptureFixture[str]) -> None:
    reply = api(base, "plan", **REINFORCE, reinforce=3)
    assert reply.status == 200, reply.text
    answer = reply.json()
    library = risk.plan(
        attackers=REINFORCE["attackers"],
        defenders=REINFORCE["defenders"],
        target=REINFORCE["target"],
        reinforce=3,
    )
    assert timeless(answer) == timeless(library.to_json())
    argv = ["--from", REINFORCE["attackers"], "--defenders", REINFORCE["defenders"]]
    expected = cli_json(capsys, "risk", "plan", *argv, "--target", "Siam", "--reinforce", "3")
    assert timeless(answer) == timeless(expected)
    # Independently: plan every placement of the 3 armies on India and China as its own
    # position; the best placement is the best of those plans.
    values = {
        india: plan_value(f"India={3 + india},China={2 + 3 - india}", "Siam=2", "Siam")
        for india in range(4)
    }
    best = answer["reinforcement"]["best"]
    assert Fraction(best["value_exact"]) == max(values.values())
    assert Fraction(best["value_exact"]) == values[best["placement"].get("India", 0)]
    assert Fraction(answer["value_exact"]) == max(values.values())


def test_fortify(base: str, capsys: pytest.CaptureFixture[str]) -> None:
    reply = api(base, "fortify", **FORTIFY)
    assert reply.status == 200, reply.text
    answer = reply.json()
    library = risk.fortify(attackers="Siam=6", armies=5, target="Australia")
    assert timeless(answer) == timeless(library.to_json())
    argv = ["--from", "Siam=6", "--target", "Australia", "--armies", "5"]
    assert timeless(answer) == timeless(cli_json(capsys, "risk", "fortify", *argv))
    # Independently: the attacker's plan against each of the four placements (one army
    # on each territory, the fifth on one of them); the defender's best is the least.
    values = {}
    for extra in AUSTRALIA:
        placed = ",".join(f"{t}={1 + (t == extra)}" for t in AUSTRALIA)
        values[extra] = plan_value("Siam=6", placed, "Australia")
    best = answer["best"]
    assert Fraction(best["value_exact"]) == min(values.values())
    stacked = next(t for t, armies in best["placement"].items() if armies == 2)
    assert values[stacked] == min(values.values())
    assert Fraction(answer["spread_evenly"]["value_exact"]) >= min(values.values())


def test_fortify_refuses_in_the_commands_words(
    base: str, capsys: pytest.CaptureFixture[str]
) -> None:
    reply = api(base, "fortify", attackers="Siam=6", target="Australia", armies=3)
    assert reply.status == 422
    capsys.readouterr()
    argv = ["risk", "fortify", "--from", "Siam=6", "--target", "Australia", "--armies", "3"]
    assert main(argv) == 2
    said = capsys.readouterr().err.strip()
    assert said.endswith(reply.json()["error"])
    assert "at least one army on each of its 4 territories" in said


def test_a_placement_search_too_long_is_refused_up_front(base: str) -> None:
    began = time.perf_counter()
    # 969 placements (16 armies beyond one each on Australia's four), each a plan.
    reply = api(base, "fortify", attackers="Siam=10", target="Australia", armies=20)
    elapsed = time.perf_counter() - began
    assert reply.status == 422, reply.text
    message = reply.json()["error"]
    # The library's one estimate against the server's limit, before any planning.
    assert message.startswith("fortifying (969 placements x 1 reply)"), message
    assert "would take about" in message and "this server allows" in message, message
    assert elapsed < 5


def test_the_schemas_list_the_placement_parameters(base: str) -> None:
    schema = get(f"{base}/api/params").json()
    assert {"reinforce", "reinforce_on"} <= set(schema["endpoints"]["plan"]["params"])
    assert {"armies", "reinforce"} <= set(schema["endpoints"]["fortify"]["params"])
    paths = get(f"{base}/api/openapi.json").json()["paths"]
    names = [p["name"] for p in paths["/api/fortify"]["get"]["parameters"]]
    assert "armies" in names and "attackers" in names


def test_the_guides_fortification_is_answered_within_the_default_limits(base: str) -> None:
    # Issue 29: the guide's own example (docs/how-to/reinforce-and-fortify.md) was refused
    # by the web calculator, its estimate 50 times its time. The server runs at its
    # defaults here but for one worker.
    reply = api(base, "fortify", attackers="Siam=12", target="Australia", armies=10)
    assert reply.status == 200, reply.text
    library = risk.fortify(attackers="Siam=12", armies=10, target="Australia")
    assert timeless(reply.json()) == timeless(library.to_json())


def test_absurd_armies_are_refused_at_once(base: str) -> None:
    for armies in ("1e30", "1000000"):
        began = time.perf_counter()
        reply = api(base, "fortify", attackers="Siam=8", target="Australia", armies=armies)
        assert reply.status == 422 and time.perf_counter() - began < 2, reply.text

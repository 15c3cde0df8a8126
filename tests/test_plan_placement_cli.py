"""``strategy risk plan --reinforce`` and ``strategy risk fortify`` on the command line: each
against ``strategy risk plan`` run on every placement, text, JSON and errors."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from strategy.risk import fortify
from tests.helpers import run, run_json

SOUTH = "Venezuela=2,Brazil=2,Peru=1,Argentina=1"


def armies(placement: dict[str, int]) -> str:
    return ",".join(f"{t}={a}" for t, a in placement.items())


def test_reinforce_is_the_best_plan_over_every_placement(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mine = {"Central America": 5, "North Africa": 4}
    found = run_json(
        capsys,
        "risk", "plan", "--no-compare", "--from", armies(mine), "--defenders", SOUTH,
        "--target", "South America", "--reinforce", "3", "--reinforce-on", "any",
    )  # fmt: skip
    every = {}
    for extra in product(range(4), repeat=2):
        if sum(extra) != 3:
            continue
        placed = {t: a + e for (t, a), e in zip(mine.items(), extra, strict=True)}
        data = run_json(
            capsys, "risk", "plan", "--no-compare", "--from", armies(placed), "--defenders", SOUTH,
            "--target", "South America",
        )  # fmt: skip
        every[extra] = Fraction(data["value_exact"])
    best = found["reinforcement"]["best"]
    assert best["value_exact"] == found["value_exact"]
    assert max(every.values()) == Fraction(best["value_exact"])
    assert found["reinforcement"]["placements"] == len(every) == 4
    # The plan shown is the best placement's: its attacker holds the armies placed.
    placed = {t: a + best["placement"].get(t, 0) for t, a in mine.items()}
    assert found["attackers"] == placed


def test_reinforce_text_names_the_placements(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "risk", "plan", "--from", "Central America=6", "--defenders", SOUTH,
        "--target", "South America", "--reinforce", "2",
    )  # fmt: skip
    assert status == 0
    assert out.startswith("Reinforcements: 2 armies on the attacker's territories bordering")
    for row in ("best placement", "runner-up", "all on the strongest stack", "nearest the target"):
        assert row in out
    assert "Turn plan: take South America" in out  # followed by the best placement's plan


def test_fortify_is_the_least_plan_over_every_placement(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = run_json(
        capsys, "risk", "fortify", "--from", "Siam=6", "--target", "Australia", "--armies", "5"
    )
    every = {}
    for placed in product(range(1, 3), repeat=4):
        if sum(placed) != 5:
            continue
        names = ("Eastern Australia", "Indonesia", "New Guinea", "Western Australia")
        data = run_json(
            capsys, "risk", "plan", "--no-compare", "--from", "Siam=6", "--target", "Australia",
            "--defenders", armies(dict(zip(names, placed, strict=True))),
        )  # fmt: skip
        every[placed] = Fraction(data["value_exact"])
    assert found["placements"] == len(every) == 4
    assert Fraction(found["best"]["value_exact"]) == min(every.values())
    best = dict(zip(names, min(every, key=lambda p: every[p]), strict=True))
    assert found["best"]["placement"] == best


def test_fortify_text_and_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "risk", "fortify", "--from", "Siam=8", "--target", "Australia", "--armies",
        "6", "--reinforce", "2", "--simulate", "5000", "--seed", "4",
    )  # fmt: skip
    assert status == 0
    assert out.startswith("Fortification: the defender places 6 armies on Eastern Australia")
    for row in ("best fortification", "spread evenly", "stack the border", "reply: place Siam +2"):
        assert row in out
    assert "contains the exact value" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["fortify", "--from", "Siam=8", "--target", "Australia", "--armies", "3"], ">= 4"),
        (
            ["fortify", "--from", "Siam=8", "--target", "Australia", "--armies", "5",
             "--defenders", "Indonesia=1,New Guinea=1,Western Australia=1,Eastern Australia=1"],
            "none to place",
        ),
        (
            ["plan", "--from", "Central America=8", "--target", "Brazil", "--region",
             "Venezuela", "--defenders", "Venezuela=1,Brazil=1", "--reinforce", "2"],
            "none of the attacker's territories borders an enemy territory of Brazil",
        ),
        (
            ["fortify", "--from", "Siam=30", "--target", "Australia", "--armies", "40",
             "--reinforce", "9", "--max-seconds", "2"],
            "plans of up to",
        ),
    ],
)  # fmt: skip
def test_bad_requests_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, "risk", *argv)
    assert status == 2
    assert message in err and err.count("\n") == 1


def test_fortify_json_is_the_librarys(capsys: pytest.CaptureFixture[str]) -> None:
    printed = run_json(
        capsys, "risk", "fortify", "--from", "Siam=7", "--target", "Australia", "--armies", "6",
        "--reinforce", "1",
    )  # fmt: skip
    library = fortify(attackers="Siam=7", target="Australia", armies=6, reinforce=1).to_json()
    for obj in (printed, library):
        del obj["seconds"]  # the one field that differs between two runs
    assert printed == library

"""Every capability is one library call whose ``to_json()`` is what the CLI's ``--json``
prints, byte for byte (the CLI prints ``json.dumps(result.to_json(), indent=2)``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from strategy import risk
from tests.helpers import run


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What ``strategy risk ... --json`` prints."""
    status, out, err = run(capsys, "risk", *argv, "--json")
    assert status == 0, err
    return out


def printed(obj: Any) -> str:
    """A result's JSON as the CLI prints it."""
    return json.dumps(obj, indent=2) + "\n"


def test_balanced_blitz_with_stop_until_is_one_library_call(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = risk.odds(30, 15, edition="rgd", capital=True, dice="balanced-blitz", stop_until=3)
    argv = ("odds", "30", "15", "--edition", "rgd", "--capital", "--stop-until", "3")
    assert printed(found.to_json()) == cli_json(capsys, *argv)
    obj = found.to_json()
    assert (obj["dice"], obj["stop_until"], obj["rules"]["defender_dice"]) == (
        "balanced-blitz",
        3,
        3,
    )


def test_balanced_blitz_on_a_capital_meets_smg() -> None:
    # smgstudio/risk-dice README, example 3: 30 v 15 on a capital, Balanced Blitz,
    # P(winning with 18 troops left) = 0.0100282888709122.
    found = risk.odds(30, 15, edition="rgd", capital=True)
    states = {(a, d): p for a, d, p in found.odds.final_states}
    assert states[(18, 0)] == pytest.approx(0.0100282888709122, rel=1e-13)


@pytest.mark.parametrize(
    ("argv", "asked"),
    [
        (("10", "6"), {}),
        (("20", "15", "--at-most", "3"), {"at_most": 3}),
        (("31", "15", "--capital", "--dice", "balanced-blitz"), {}),
        (("21", "10", "--stop-until", "5", "--at-least", "10"), {"at_least": 10}),
    ],
)
def test_left_is_the_cli(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], asked: dict[str, Any]
) -> None:
    terms: dict[str, Any] = {}
    if "--capital" in argv:
        terms = {"capital": True, "dice": "balanced-blitz"}
    if "--stop-until" in argv:
        terms = {"stop_until": 5}
    found = risk.left(int(argv[0]), int(argv[1]), **terms, **asked)
    assert printed(found.to_json()) == cli_json(capsys, "left", *argv)

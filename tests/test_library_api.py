"""Every capability is one library call whose ``to_json()`` is what the CLI's ``--json``
prints, byte for byte (the CLI prints ``json.dumps(result.to_json(), indent=2)``)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from strategy import risk
from strategy.engine import InputError
from strategy.risk import Rules
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
    states = {(a, d): p for a, d, p in found.final_states}
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


@pytest.mark.parametrize(
    ("argv", "terms"),
    [
        (("10", "5", "3", "2"), {}),
        (("30", "5", "3", "2", "--leave", "2"), {"leave": 2}),
        (("20", "5", "3", "--dice", "balanced-blitz"), {"dice": "balanced-blitz"}),
        (
            ("5", "3", "2", "1", "--defender-sides", "6,8,6"),
            {"path_rules": [Rules(), Rules(defender_sides=8), Rules()]},
        ),
    ],
)
def test_chain_is_the_cli(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], terms: dict[str, Any]
) -> None:
    path = [int(argv[i]) for i in range(1, len(argv)) if argv[i].isdigit() and not _option(argv, i)]
    found = risk.chain(int(argv[0]), path, **terms)
    assert printed(found.to_json()) == cli_json(capsys, "chain", *argv)


def _option(argv: tuple[str, ...], index: int) -> bool:
    """Whether ``argv[index]`` is an option's value."""
    return argv[index - 1].startswith("--")


def test_chain_of_one_territory_is_one_battle() -> None:
    # 3 v 1, two dice against one: 125/216 to win the first roll (Osborne 2003, Table 1:
    # 0.579); losing it (91/216) leaves one die against one, which wins 15/36.
    expected = Fraction(125, 216) + Fraction(91, 216) * Fraction(15, 36)
    assert risk.chain(3, [1]).win_probability == expected


@pytest.mark.parametrize(
    ("argv", "terms"),
    [
        (("10", "--target", "0.8"), {"target": "0.8"}),
        (("3", "2", "1", "--target", "95%"), {"target": "95%"}),
        (
            ("5", "--target", "0.5", "--objective", "keep:4"),
            {"target": "0.5", "objective": "keep:4"},
        ),
        (("10", "--target", "0.5", "--stop-until", "4"), {"target": "0.5", "stop_until": 4}),
    ],
)
def test_need_is_the_cli(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], terms: dict[str, Any]
) -> None:
    path = [int(word) for word in argv[: argv.index("--target")]]
    found = risk.need(path, **terms)
    assert printed(found.to_json()) == cli_json(capsys, "need", *argv)


def test_need_meets_smg(capsys: pytest.CaptureFixture[str]) -> None:
    # smgstudio/risk-dice README, example 6: 49 attacking troops are the fewest with a
    # Balanced Blitz win chance of 80% against 50.
    found = risk.need(50, target="80%", edition="rgd")
    assert found.attackers == 49
    argv = ("need", "50", "--target", "80%", "--edition", "rgd")
    assert printed(found.to_json()) == cli_json(capsys, *argv)


@pytest.mark.parametrize(
    ("argv", "terms"),
    [
        (("20", "5"), {}),
        (("60", "10", "--edition", "rgd"), {"edition": "rgd"}),
        (
            ("31", "15", "--capital", "--dice", "balanced-blitz", "--worth", "3"),
            {"capital": True, "dice": "balanced-blitz", "worth": 3},
        ),
    ],
)
def test_commit_is_the_cli(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], terms: dict[str, Any]
) -> None:
    found = risk.commit(int(argv[0]), int(argv[1]), **terms)
    assert printed(found.to_json()) == cli_json(capsys, "commit", *argv)


def test_library_errors_are_input_errors() -> None:
    with pytest.raises(InputError, match="one territory"):
        risk.need([5, 3], target=0.5, stop_until=2)
    with pytest.raises(InputError, match="most dice"):
        risk.chain(10, [3], risk.Battle.of(choice="sees-roll"))


@pytest.mark.parametrize(
    ("argv", "terms"),
    [
        (("10", "10", "--trials", "5000", "--seed", "1"), {}),
        (
            ("8", "6", "--choice", "sees-roll", "--objective", "balance:2", "--seed", "3"),
            {"choice": "sees-roll", "objective": "balance:2"},
        ),
        (
            ("31", "15", "--capital", "--dice", "balanced-blitz", "--seed", "4"),
            {"capital": True, "dice": "balanced-blitz"},
        ),
        (("21", "10", "--stop-until", "5", "--seed", "1"), {"stop_until": 5}),
    ],
)
def test_simulate_is_the_cli(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], terms: dict[str, Any]
) -> None:
    trials = int(argv[argv.index("--trials") + 1]) if "--trials" in argv else 100_000
    seed = int(argv[argv.index("--seed") + 1])
    found = risk.simulate(int(argv[0]), int(argv[1]), trials=trials, seed=seed, **terms)
    assert printed(found.to_json()) == cli_json(capsys, "simulate", *argv)


PLAN = (
    "--from",
    "Central America=14",
    "--target",
    "South America",
    "--defenders",
    "Venezuela=2,Brazil=3,Peru=1,Argentina=2",
)


def without_time(obj: dict[str, Any]) -> str:
    """A plan's JSON but its wall-clock ``seconds``, which no two runs share."""
    return printed({key: value for key, value in obj.items() if key != "seconds"})


def test_plan_is_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    found = risk.plan(
        attackers="Central America=14",
        target="South America",
        defenders="Venezuela=2,Brazil=3,Peru=1,Argentina=2",
        simulate=2_000,
        seed=1,
    )
    cli = json.loads(cli_json(capsys, "plan", *PLAN, "--simulate", "2000", "--seed", "1"))
    assert without_time(found.to_json()) == without_time(cli)


def test_a_plan_for_one_territory_is_one_battle() -> None:
    # Nothing to choose: taking Venezuela from Central America is the battle 5 v 2.
    found = risk.plan(
        attackers={"Central America": 5}, defenders={"Venezuela": 2}, target="Venezuela"
    )
    assert found.plan.value == risk.odds(5, 2).win_probability


@pytest.mark.parametrize(
    ("argv", "terms"),
    [
        (("--attackers", "6", "--defenders", "5"), {}),
        (
            ("--attackers", "8", "--defenders", "6", "--edition", "rgd", "--capital"),
            {"edition": "rgd", "capital": True},
        ),
        (("--attackers", "7", "--defenders", "4", "--stop-until", "2"), {"stop_until": 2}),
    ],
)
def test_table_is_the_cli(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], terms: dict[str, Any]
) -> None:
    found = risk.table(int(argv[1]), int(argv[3]), **terms)
    status, out, err = run(capsys, "risk", "table", *argv, "--format", "json")
    assert status == 0, err
    assert json.dumps(found.to_json()) + "\n" == out


def test_every_result_shows_itself_in_a_notebook() -> None:
    results = [
        risk.odds(10, 6, stop_until=2),
        risk.table(4, 3, dice="balanced-blitz"),
        risk.left(10, 6),
        risk.chain(10, [3, 2]),
        risk.need(3, target=0.5),
        risk.commit(10, 3),
        risk.simulate(5, 3, trials=100, seed=1),
        risk.plan(attackers={"Central America": 5}, defenders={"Venezuela": 2}, target="Venezuela"),
    ]
    for result in results:
        shown = result._repr_html_()
        assert "<table" in shown or "<pre>" in shown, type(result).__name__


def test_tabular_results_are_data_frames() -> None:
    pytest.importorskip("pandas")
    frame = risk.left(3, 1).to_pandas()
    # 3 v 1 captures with all 3 left only by winning the first roll, two dice against
    # one: 125/216 (Osborne 2003, Table 1: 0.579).
    assert frame.loc[
        frame["armies"].eq(3) & frame["tail"].eq("at_least"), "probability"
    ].item() == (pytest.approx(125 / 216))
    assert len(risk.commit(10, 3).to_pandas()) == 9  # one row per troop committed, 1..9
    quantities = risk.simulate(5, 3, trials=100, seed=1).to_pandas()["quantity"]
    assert list(quantities) == [
        "win_probability",
        "expected_attacker_left",
        "expected_defender_left",
        "expected_signed",
    ]


def test_a_position_given_once_named_or_built() -> None:
    from strategy.risk.turns.calls import named

    terms = {"attackers": "Siam=7", "defenders": "Indonesia=2", "target": "Indonesia"}
    given = named(**terms)
    assert risk.position(given).turn == risk.position(**terms).turn
    with pytest.raises(InputError, match="the position is given: attackers"):
        risk.position(given, attackers="Siam=9")


@pytest.mark.parametrize("call", [risk.plan, risk.position, risk.fortify])
def test_a_position_without_the_attacker_says_so(call: Any) -> None:
    # fortify's attackers= was a required keyword before it took position()'s terms.
    with pytest.raises(InputError, match="name the attacker's territories"):
        call(target="Indonesia", **({"armies": 3} if call is risk.fortify else {}))

"""Minimum troops: a published answer, exact bracketing by independent odds, the command line.

Deep imports: the fewest-troops search and the classic kernels, bracketed by independent odds.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_chain import run

from strategy.risk import Battle, Objective, Rules
from strategy.risk.classic import battle_odds
from strategy.risk.fewest import fewest, minimum_armies, parse_target
from strategy.risk.outcomes import capture_with_at_least


def test_sipolac_min_troops() -> None:
    # sipolac/risk README: `min_troops.py 0.95 3 2 1 --dsides 6 8 6` prints
    # "17 troops gives a win probability of 0.953038445204023".
    rules = [Rules(defender_sides=s) for s in (6, 8, 6)]
    need = minimum_armies((3, 2, 1), Fraction("0.95"), rules)
    assert need.attackers == 17
    assert float(need.win_probability) == pytest.approx(0.953038445204023, rel=1e-12)
    assert need.previous_probability is not None and need.previous_probability < Fraction("0.95")


@settings(max_examples=40, deadline=None)
@given(
    defenders=st.integers(1, 12),
    target=st.fractions(Fraction(1, 100), Fraction(99, 100)),
    dice=st.integers(2, 3),
)
def test_answer_is_bracketed_by_battle_odds(defenders: int, target: Fraction, dice: int) -> None:
    rules = Rules(defender_dice=dice)
    need = minimum_armies(defenders, target, rules)
    p = battle_odds(need.attackers, defenders, rules).win_probability
    assert need.win_probability == p >= target
    if need.attackers > rules.min_attackers:
        assert battle_odds(need.attackers - 1, defenders, rules).win_probability < target


@pytest.mark.parametrize("choice", ["announce", "respond", "sees-roll"])
def test_choice_rules_are_bracketed_by_the_optimal_table(choice: str) -> None:
    from strategy.risk.optimal import optimal_table

    target = Fraction(3, 4)
    need = minimum_armies(6, target, choice=choice, exact=True)  # type: ignore[arg-type]
    table = optimal_table(need.attackers, 6, Battle.of(choice=choice), exact=True)  # type: ignore[arg-type]
    assert table.value(need.attackers, 6) == need.win_probability >= target
    assert table.value(need.attackers - 1, 6) < target
    # A defender who may choose never needs the attacker to bring fewer armies.
    assert need.attackers >= minimum_armies(6, target).attackers


@settings(max_examples=20, deadline=None)
@given(defenders=st.integers(1, 6), keep=st.integers(1, 6), target=st.sampled_from(("0.3", "0.7")))
def test_keep_k_is_bracketed_by_the_final_states(defenders: int, keep: int, target: str) -> None:
    goal = Fraction(target)
    need = minimum_armies(defenders, goal, objective=Objective("keep", keep))

    def tail(attackers: int) -> Fraction:
        finals = battle_odds(attackers, defenders).final_states
        return Fraction(capture_with_at_least(finals, keep))

    assert tail(need.attackers) == need.win_probability >= goal
    assert tail(need.attackers - 1) < goal


def test_the_comparison_is_exact() -> None:
    p = battle_odds(3, 1).win_probability  # seed 003: 15/36 * 91/216 + 125/216
    assert minimum_armies(1, p).attackers == 3
    assert minimum_armies(1, p + Fraction(1, 10**30)).attackers == 4


def test_fewest_on_a_step_function() -> None:
    assert fewest(lambda n: Fraction(int(n >= 40)), Fraction(1, 2), 1)[0] == 40
    assert fewest(lambda n: Fraction(1), Fraction(1, 2), 3) == (3, 1, None)
    with pytest.raises(ValueError, match="no army of up to 100"):
        fewest(lambda n: Fraction(0), Fraction(1, 2), 1, limit=100)


@pytest.mark.parametrize(
    ("text", "value"), [("0.8", Fraction(4, 5)), ("80%", Fraction(4, 5)), ("4/5", Fraction(4, 5))]
)
def test_parse_target(text: str, value: Fraction) -> None:
    assert parse_target(text) == value


@pytest.mark.parametrize("text", ["0", "1", "1.2", "-0.1", "abc", "1/0", "80%%"])
def test_parse_target_refuses(text: str) -> None:
    with pytest.raises(ValueError, match="target"):
        parse_target(text)


def test_cli_need_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "risk", "need", "10", "--target", "0.8", "--json")
    assert status == 0
    obj = json.loads(out)
    a, p = obj["attackers"], Fraction(obj["win_probability_exact"])
    assert p == battle_odds(a, 10).win_probability >= Fraction(4, 5)
    assert battle_odds(a - 1, 10).win_probability < Fraction(4, 5)
    assert obj["target_exact"] == "4/5" and obj["defenders"] == [10]


def test_cli_need_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "risk", "need", "3", "2", "1", "--target", "95%", "--defender-sides", "6,8,6"
    )
    assert status == 0 and out.startswith("17 armies")  # sipolac/risk's README


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["risk", "need", "10"], "--target"),
        (["risk", "need", "10", "--target", "2"], "strictly between 0 and 1"),
        (["risk", "need", "0", "--target", "0.5"], "at least 1"),
        (["risk", "need", "3", "2", "--target", "0.5", "--choice", "respond"], "not for a path"),
        (
            ["risk", "need", "3", "--target", "0.5", "--objective", "signed"],
            "probability objective",
        ),
    ],
)
def test_cli_need_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1

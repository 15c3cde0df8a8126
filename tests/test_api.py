"""``strategy.risk``'s one entry point: it picks the kernel from the Battle, for every caller.

An objective defined only here, for which stopping pays, gets the generic solver's values
through ``strategy.risk.table`` and ``strategy.risk.odds``: no part of the package knows it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategy.risk
from strategy import solve
from strategy.risk import Battle, BattleGame, BattleTable, Objective, OptimalTable, Rules
from tests.helpers import run


@dataclass(frozen=True)
class Bounty(Objective):
    """Two points per army still in the attacking territory, minus one per defender, and
    three more for a capture: keeping armies is worth something, so stopping can pay."""

    kind: str = "bounty"

    def payoff(self, attackers: int, defenders: int) -> int:
        return 2 * attackers - defenders + (3 if defenders == 0 else 0)

    @property
    def stopping_can_pay(self) -> bool:
        return True

    @property
    def description(self) -> str:
        return "bounty: 2 per attacker left, -1 per defender left, 3 for a capture"


CHOICES = ("max", "respond", "sees-roll", "announce")


@settings(max_examples=12, deadline=None)
@given(
    choice=st.sampled_from(CHOICES),
    attackers=st.integers(1, 7),
    defenders=st.integers(1, 5),
    rules=st.sampled_from([Rules(), Rules(defender_dice=3), Rules(count="attacking")]),
)
def test_a_new_objective_needs_no_change_to_the_package(
    choice: str, attackers: int, defenders: int, rules: Rules
) -> None:
    battle = Battle.of(rules=rules, objective=Bounty(), choice=choice)
    assert not battle.classic  # stopping pays, so the optimal-play kernels answer
    expected = solve(BattleGame(attackers, defenders, battle=battle)).value
    exact = strategy.risk.table(attackers, defenders, battle, exact=True)
    floats = strategy.risk.table(attackers, defenders, battle)
    assert exact.value(attackers, defenders) == expected
    assert floats.value(attackers, defenders) == pytest.approx(float(expected), abs=1e-12)
    assert strategy.risk.odds(attackers, defenders, battle).value == expected


def test_the_new_objective_stops_where_the_solver_stops() -> None:
    battle = Battle.of(objective=Bounty())
    table = strategy.risk.table(8, 8, battle, exact=True)
    stops = 0
    for attackers in range(2, 9):
        for defenders in range(1, 9):
            game = BattleGame(attackers, defenders, battle=battle)
            moves = solve(game).optimal_actions[game.initial_state()]
            assert table.play(attackers, defenders).attacker == moves
            stops += moves == ("stop",)
    assert stops > 0  # the objective is one for which stopping pays, somewhere


def test_the_kernel_follows_the_battle() -> None:
    # One result type for every way a battle is fought; its provenance says which kernel.
    methods = {
        "classic": strategy.risk.odds(10, 6),
        "optimal": strategy.risk.odds(10, 6, choice="respond"),
        "stop-until": strategy.risk.odds(10, 6, stop_until=3),
        "retreat-at": strategy.risk.odds(10, 6, retreat_at=3),
        "balanced-blitz": strategy.risk.odds(10, 6, dice="balanced-blitz"),
    }
    assert {odds.provenance.method for odds in methods.values()} == set(methods)
    assert all(odds.provenance.method == method for method, odds in methods.items())
    assert len({type(odds) for odds in methods.values()}) == 1
    assert methods["balanced-blitz"].provenance.error_bound > 0  # floats: powers of reals
    assert methods["classic"].provenance.exact and methods["classic"].error_bound == 0
    assert isinstance(strategy.risk.table(5, 5, objective="signed"), BattleTable)
    assert isinstance(strategy.risk.table(5, 5, objective="balance:1"), OptimalTable)
    assert not isinstance(strategy.risk.table(5, 5, objective="signed"), OptimalTable)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 14),
    st.integers(1, 8),
    st.sampled_from(["classic", "stop-until", "retreat-at", "balanced-blitz", "optimal"]),
    st.data(),
)
def test_every_way_of_fighting_records_itself(
    attackers: int, defenders: int, method: str, data: st.DataObject
) -> None:
    # Whichever kernel answers, the one result says which, and its error bound holds the
    # final states to a sum of 1: exactly when exact, within the bound (plus one rounding
    # per state) when not.
    terms: dict[str, Any] = {
        "classic": {},
        "optimal": {"choice": "sees-roll"},
        "balanced-blitz": {"dice": "balanced-blitz"},
    }.get(method, {})
    if method in ("stop-until", "retreat-at"):
        # The territory count keeps one army home: a limit runs from it to below the attack.
        terms = {method.replace("-", "_"): data.draw(st.integers(1, attackers - 1))}
    odds = strategy.risk.odds(attackers, defenders, **terms)
    provenance = odds.provenance
    assert provenance.method == method and provenance.exact == odds.exact
    if method == "optimal":
        assert odds.final_states == () and 0 <= odds.value <= 1
        return
    total = sum(p for *_, p in odds.final_states)
    if odds.exact:
        assert total == 1 and provenance.error_bound == 0
    else:
        slack = provenance.error_bound + len(odds.final_states) * 2.0**-52
        assert abs(total - 1) <= slack


def test_strings_and_values_name_the_same_battle() -> None:
    by_strings = strategy.risk.table(6, 6, choice="sees-roll", objective="keep:2", exact=True)
    battle = Battle.of(choice="sees-roll", objective=Objective("keep", 2))
    assert by_strings.values == strategy.risk.table(6, 6, battle, exact=True).values


def test_the_classic_path_equals_optimal_play_where_nobody_has_a_choice() -> None:
    # Under capture nobody gains by stopping or by fewer dice: both kernels agree exactly.
    classic = strategy.risk.table(12, 12, exact=True)
    optimal = strategy.risk.strategy_matrix(12, 12, exact=True).table
    assert classic.values == optimal.values


def test_huge_classic_odds_need_no_table() -> None:
    odds = strategy.risk.odds(50_000, 50_000, exact=False)
    assert odds.provenance.method == "classic" and odds.dropped_mass < 1e-250
    # A fair fight of equal stacks favours the attacker once it rolls three dice: Osborne
    # (2003), Table 3, has P > 1/2 from 5 v 5 on.
    assert 0.5 < odds.win_probability < 1


def test_the_library_gives_the_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    terms = {"choice": "sees-roll", "objective": "balance:2"}
    status, out, _ = run(
        capsys, "risk", "table", "--attackers", "12", "--defenders", "12",
        "--choice", "sees-roll", "--objective", "balance:2", "--json",
    )  # fmt: skip
    assert status == 0
    assert json.loads(out) == strategy.risk.table(12, 12, **terms).to_json()
    status, out, _ = run(capsys, "risk", "odds", "9", "7", "--choice", "respond", "--json")
    assert json.loads(out) == strategy.risk.odds(9, 7, choice="respond").to_json()
    status, out, _ = run(capsys, "risk", "odds", "9", "7", "--json")
    assert json.loads(out) == strategy.risk.odds(9, 7).to_json()


def test_exactness_defaults_are_one_per_question() -> None:
    assert isinstance(strategy.risk.odds(5, 3).win_probability, Fraction)
    assert not strategy.risk.table(5, 3).exact


def test_bad_terms_are_refused_with_the_valid_ones() -> None:
    # Every term is a keyword of the signature: Python refuses another, as it would anywhere;
    # the battle built from a mapping of terms names the valid ones.
    with pytest.raises(TypeError, match="unexpected keyword argument 'sides'"):
        strategy.risk.odds(5, 3, sides=3)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="unknown battle option 'sides'; rules take attacker_dice"):
        strategy.risk.Battle.of(**{"sides": 3})
    with pytest.raises(ValueError, match="dice must be true-random or balanced-blitz"):
        strategy.risk.odds(5, 3, dice=3)
    with pytest.raises(ValueError, match="unknown choice rule"):
        strategy.risk.table(5, 3, choice="bluff")
    with pytest.raises(ValueError, match="only describes"):
        strategy.risk.table(5, 3, objective="attacker-left", choice="respond")


@pytest.mark.parametrize(
    ("modifier", "plain"),
    [
        # RGD's rules (SMG, research notes §1.5): a capital or a wall adds a defender die,
        # a zombie defender wins ties, a zombie attacker rolls one die fewer.
        ({"capital": True}, {"defender_dice": 3}),
        ({"capital": True, "wall": True}, {"defender_dice": 4}),
        ({"zombie_defender": True}, {"ties": "attacker"}),
        ({"zombie_attacker": True}, {"attacker_dice": 2}),
    ],
)
def test_modifiers_as_keywords_fight_as_the_rules_they_stand_for(
    modifier: dict[str, object], plain: dict[str, object]
) -> None:
    asked = strategy.risk.odds(9, 7, **modifier)
    assert asked.rules.modifiers == tuple(modifier)
    assert asked.final_states == strategy.risk.odds(9, 7, **plain).final_states

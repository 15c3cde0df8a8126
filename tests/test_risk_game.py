"""The Risk battle as a Game: the protocol, its dice, and brute force over pure policies.

Deep imports: the dice and the classic and optimal kernels, against the battle game solved by brute
force over pure policies.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import prod
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from strategy import solve
from strategy.engine import NodeKind, check_game
from strategy.risk import BattleGame, BattleState, Objective, Rules
from strategy.risk.classic import battle_odds
from strategy.risk.dice import attacker_tops, rules_roll, seen_roll_losses
from strategy.risk.optimal import optimal_odds
from strategy.testing import objectives, risk_rules
from tests.helpers import CHOICES, reachable

OPTIMISED = st.sampled_from(
    [Objective("capture"), Objective("signed"), Objective("keep", 2), Objective("balance", 1)]
)


@pytest.mark.parametrize("choice", CHOICES)
def test_battle_game_keeps_the_protocol(choice: str) -> None:
    game = BattleGame(6, 4, Rules(), Objective("balance", 2), choice)  # type: ignore[arg-type]
    report = check_game(game, paths=40)
    assert report.ok, report.problems


def test_classic_game_is_the_classic_battle() -> None:
    # Seed 003: Pr(4,1) = Pr(3,1) * 441/1296 + 855/1296 with Pr(3,1) = 15/36 * 91/216 + 125/216.
    p31 = Fraction(15, 36) * Fraction(91, 216) + Fraction(125, 216)
    assert solve(BattleGame(4, 1, allow_stop=False)).value == p31 * Fraction(441, 1296) + Fraction(
        855, 1296
    )


@settings(max_examples=40, deadline=None)
@given(risk_rules(max_dice=3, max_sides=6), st.integers(1, 6), st.integers(1, 6), objectives())
def test_fighting_to_the_end_is_battle_odds(
    rules: Rules, attackers: int, defenders: int, objective: Objective
) -> None:
    # With no stopping and the most dice, there is nothing to choose: the game's value is
    # the expectation over battle_odds' final states, for every objective, counted from the start.
    game = BattleGame(rules.offset + attackers, defenders, rules, objective, allow_stop=False)
    odds = battle_odds(rules.offset + attackers, defenders, rules)
    assert solve(game).value == odds.expectation(objective)


def brute_force_top_counts(dice: int, sides: int, keep: int) -> Counter[tuple[int, ...]]:
    return Counter(
        tuple(sorted(roll, reverse=True)[:keep])
        for roll in product(range(1, sides + 1), repeat=dice)
    )


@settings(max_examples=40, deadline=None)
@given(risk_rules(max_dice=3, max_sides=5), st.data())
def test_seen_rolls_by_brute_force(rules: Rules, data: st.DataObject) -> None:
    # Every attacker roll and every defender roll, listed: the losses given the attacker's
    # top dice, and summed over those tops the plain roll distribution of the dice module.
    k = data.draw(st.integers(1, rules.attacker_dice))
    j = data.draw(st.integers(1, rules.defender_dice))
    keep = min(k, data.draw(st.integers(j, rules.defender_dice)))
    tops = dict(attacker_tops(rules, k, keep))
    assert tops == brute_force_top_counts(k, rules.attacker_sides, keep)
    total: Counter[tuple[int, int]] = Counter()
    for top, count in tops.items():
        expected: Counter[tuple[int, int]] = Counter()
        for defence in product(range(1, rules.defender_sides + 1), repeat=j):
            pairs = list(zip(top, sorted(defence, reverse=True), strict=False))
            won = sum(a > d or (a == d and rules.ties == "attacker") for a, d in pairs)
            expected[(len(pairs) - won, won)] += 1
        seen = seen_roll_losses(rules, top, j)
        assert {(a, d): n for a, d, n in seen} == expected
        for a, d, n in seen:
            total[(a, d)] += count * n
    assert {(a, d): n for a, d, n in rules_roll(rules, k, j).counts} == total


def policy_value(game: BattleGame, attacker: dict[Any, Any], defender: dict[Any, Any]) -> Fraction:
    """The exact expected payoff when both sides follow fixed pure policies."""
    memo: dict[BattleState, Fraction] = {}

    def value(state: BattleState) -> Fraction:
        if state not in memo:
            kind = game.kind(state)
            if kind is NodeKind.TERMINAL:
                result = Fraction(game.returns(state))
            elif kind is NodeKind.CHANCE:
                result = sum(
                    (p * value(game.child(state, o)) for o, p in game.chance_outcomes(state)),
                    Fraction(0),
                )
            elif kind is NodeKind.SIMULTANEOUS:
                result = value(game.child(state, (attacker[state], defender[state])))
            else:
                mover = attacker if kind is NodeKind.MAX else defender
                result = value(game.child(state, mover[state]))
            memo[state] = result
        return memo[state]

    return value(game.initial_state())


def pure_policies(
    game: BattleGame, kinds: dict[BattleState, NodeKind], side: NodeKind
) -> list[dict[Any, Any]]:
    options: dict[BattleState, list[Any]] = {}
    for state, kind in kinds.items():
        if kind is side:
            options[state] = list(game.legal_actions(state))
        elif kind is NodeKind.SIMULTANEOUS:
            options[state] = list(game.joint_actions(state)[0 if side is NodeKind.MAX else 1])
    states = list(options)
    return [dict(zip(states, choice, strict=True)) for choice in product(*options.values())]


def policy_count(game: BattleGame, kinds: dict[BattleState, NodeKind], side: NodeKind) -> int:
    counts = []
    for state, kind in kinds.items():
        if kind is side:
            counts.append(len(game.legal_actions(state)))
        elif kind is NodeKind.SIMULTANEOUS:
            counts.append(len(game.joint_actions(state)[0 if side is NodeKind.MAX else 1]))
    return prod(counts)


@st.composite
def small_games(draw: st.DrawFn) -> BattleGame:
    """Battles small enough to list every pure policy (the attacker's dice have two faces
    when the defender sees them: every roll is a decision state of the defender)."""
    choice = draw(st.sampled_from(CHOICES))
    sides = st.integers(2, 3)
    rules = Rules(
        attacker_dice=draw(st.integers(1, 3)),
        defender_dice=draw(st.integers(1, 2)),
        attacker_sides=2 if choice == "sees-roll" else draw(sides),
        defender_sides=draw(sides),
        ties=draw(st.sampled_from(("defender", "attacker"))),
        stay_behind=draw(st.integers(0, 1)),
        count=draw(st.sampled_from(("territory", "attacking"))),
    )
    attackers, defenders = rules.offset + draw(st.integers(1, 3)), draw(st.integers(1, 3))
    return BattleGame(
        attackers, defenders, rules, draw(OPTIMISED), choice, allow_stop=draw(st.booleans())
    )


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(small_games())
def test_solver_value_is_the_max_min_over_pure_policies(game: BattleGame) -> None:
    # Independent of the solver: list every pure policy of each side, evaluate each pair
    # exactly, and take the attacker's best guarantee. In the games of perfect information
    # (max, respond, sees-roll) it is the value; under announce the value lies between the
    # pure max-min and min-max, as mixed strategies may be needed. The dynamic programme
    # agrees with the solver.
    kinds = {state: game.kind(state) for state in reachable(game)}
    sizes = [policy_count(game, kinds, side) for side in (NodeKind.MAX, NodeKind.MIN)]
    assume(sizes[0] * sizes[1] <= 600)
    table = [
        [policy_value(game, a, d) for d in pure_policies(game, kinds, NodeKind.MIN)]
        for a in pure_policies(game, kinds, NodeKind.MAX)
    ]
    max_min = max(min(row) for row in table)
    min_max = min(max(column) for column in zip(*table, strict=True))
    value = solve(game).value
    start = game.initial_state()
    assert value == optimal_odds(start.attackers, start.defenders, game.battle, exact=True).value
    if game.choice.name == "announce":
        assert max_min <= value <= min_max
    else:
        assert value == max_min


def test_balance_counts_from_the_start() -> None:
    # Stopping at once is worth exactly 0 under balance: nothing killed, nothing lost.
    game = BattleGame(7, 5, objective=Objective("balance", 3))
    stopped = game.child(game.initial_state(), "stop")
    assert game.kind(stopped) is NodeKind.TERMINAL and game.returns(stopped) == 0


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: BattleGame(0, 3), "attackers must be at least 1"),
        (lambda: BattleGame(3, 3, choice="bluff"), "unknown choice rule"),  # type: ignore[arg-type]
        (lambda: BattleGame(3, 3, objective=Objective("defender-left")), "only describes"),
    ],
)
def test_bad_games_are_refused(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()

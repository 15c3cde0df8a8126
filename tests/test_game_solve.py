"""solve(): hand-checked games, protocol errors, deep chains, and random games checked against
independent computations (plain recursion, and max-min over every pair of pure policies)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings

from strategy import solve
from strategy.engine import FLOAT_TIE_TOLERANCE, GameError, NodeKind, check_chance_outcomes
from strategy.testing import TreeGame, brute_force_value, small_games
from tests.helpers import reachable

# A maximiser choosing between a sure 1/10 and a chance node worth 1/10 on average.
TIE = TreeGame.from_spec(
    (
        "max",
        {
            "sure": ("pay", "1/10"),
            "coin": ("chance", [("1/5", ("pay", "1/10")), ("4/5", ("pay", "1/10"))]),
        },
    )
)


# --- hand-checked games ---------------------------------------------------------------------


def test_expectiminimax_by_hand() -> None:
    # MIN picks between a die-like lottery and a MAX choice; worked out by hand below.
    game = TreeGame.from_spec(
        (
            "min",
            {
                "gamble": ("chance", [("1/6", ("pay", 6)), ("5/6", ("pay", 0))]),
                "concede": ("max", {"low": ("pay", "1/2"), "high": ("pay", "3/2")}),
            },
        )
    )
    gamble = Fraction(1, 6) * 6 + Fraction(5, 6) * 0  # 1
    concede = max(Fraction(1, 2), Fraction(3, 2))  # 3/2
    result = solve(game)
    assert result.value == min(gamble, concede) == 1
    assert result.optimal_actions[0] == ("gamble",)
    assert result.policy == {0: "gamble", 4: "high"}
    assert result.states_visited == len(game.nodes) == 7
    assert result.exact and result.method == "backward induction (exact)"
    assert all(type(v) is Fraction for v in result.values.values())


def test_all_tied_actions_are_reported_in_order() -> None:
    result = solve(TIE)
    assert result.optimal_actions[0] == ("sure", "coin")
    assert result.policy[0] == "sure"


def test_float_mode_still_reports_ties() -> None:
    # Round-off makes the coin worth slightly more than the sure thing in floats:
    assert 0.2 * 0.1 + 0.8 * 0.1 != 0.1
    result = solve(TIE, exact=False)
    assert result.optimal_actions[0] == ("sure", "coin")
    assert result.value == pytest.approx(0.1, rel=FLOAT_TIE_TOLERANCE)
    assert not result.exact and result.method == "backward induction (float)"
    assert all(type(v) is float for v in result.values.values())


def test_simultaneous_stage_game() -> None:
    # Matching pennies (von Neumann & Morgenstern 1944) for a prize of 2, after which the
    # maximiser may instead take a sure 1/2: value max(0, 1/2) = 1/2; the stage game's value is 0.
    pennies = {
        h: {t: ("pay", 2 if h == t else -2) for t in ("heads", "tails")} for h in ("heads", "tails")
    }
    game = TreeGame.from_spec(("max", {"play": ("simultaneous", pennies), "take": ("pay", "1/2")}))
    result = solve(game)
    assert result.value == Fraction(1, 2) and result.policy[0] == "take"
    (stage,) = result.mixed.values()
    assert stage.value == 0 and stage.row_strategy == (Fraction(1, 2), Fraction(1, 2))
    assert solve(game, exact=False).mixed[1].value == pytest.approx(0, abs=1e-12)


def test_start_state_restricts_the_search() -> None:
    game = TreeGame.from_spec(
        ("max", {"a": ("min", {"x": ("pay", 1), "y": ("pay", 2)}), "b": ("pay", 0)})
    )
    result = solve(game, start=1)
    assert result.start == 1 and result.value == 1
    assert set(result.values) == reachable(game, 1) == {1, 2, 3}


def test_result_is_read_only() -> None:
    result = solve(TIE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.value = Fraction(0)  # type: ignore[misc]
    with pytest.raises(TypeError):
        result.values[0] = Fraction(0)  # type: ignore[index]


class Chain:
    """0 -> 1 -> ... -> length, every move forced; pays 1 at the end."""

    def __init__(self, length: int, loop_back: bool = False) -> None:
        self.length = length
        self.loop_back = loop_back

    def initial_state(self) -> int:
        return 0

    def kind(self, state: int) -> NodeKind:
        if state == self.length and not self.loop_back:
            return NodeKind.TERMINAL
        return NodeKind.MAX

    def returns(self, state: int) -> int:
        return 1

    def legal_actions(self, state: int) -> tuple[int, ...]:
        return (1,)

    def chance_outcomes(self, state: int) -> list[tuple[int, Fraction]]:
        raise NotImplementedError("no chance in a chain")

    def joint_actions(self, state: int) -> tuple[list[int], list[int]]:
        raise NotImplementedError("no simultaneous moves in a chain")

    def child(self, state: int, action: int) -> int:
        return (state + action) % (self.length + 1)


def test_a_million_state_chain_needs_no_recursion() -> None:
    result = solve(Chain(1_000_000))
    assert result.value == 1 and result.states_visited == 1_000_001


@pytest.mark.parametrize("length", [0, 2, 100_000])
def test_cycles_are_reported(length: int) -> None:
    with pytest.raises(GameError, match=r"cycle.*state 0 .*value iteration"):
        solve(Chain(length, loop_back=True))


# --- malformed games ------------------------------------------------------------------------


class Broken:
    """A game whose start state answers with whatever the test gives it; its children pay 0."""

    def __init__(self, node_kind: Any, **answers: Any) -> None:
        self.answers = {"kind": node_kind, **answers}

    def initial_state(self) -> int:
        return 0

    def kind(self, state: int) -> Any:
        return self.answers["kind"] if state == 0 else NodeKind.TERMINAL

    def returns(self, state: int) -> Any:
        return self.answers.get("returns", 0)

    def legal_actions(self, state: int) -> Any:
        return self.answers["legal_actions"]

    def chance_outcomes(self, state: int) -> Any:
        return self.answers["chance_outcomes"]

    def joint_actions(self, state: int) -> Any:
        return self.answers["joint_actions"]

    def child(self, state: int, action: Any) -> Any:
        return self.answers.get("child", 1)


@pytest.mark.parametrize("exact", [True, False])
@pytest.mark.parametrize(
    ("game", "message"),
    [
        (
            Broken(NodeKind.CHANCE, chance_outcomes=[(1, Fraction(1, 3))]),
            "sum to 1/3, not exactly 1",
        ),
        (Broken(NodeKind.CHANCE, chance_outcomes=[(1, 0.5), (2, 0.5)]), "0.5 .* is a float"),
        (Broken(NodeKind.CHANCE, chance_outcomes=[(1, 0), (2, 1)]), "not positive"),
        (Broken(NodeKind.CHANCE, chance_outcomes=[]), "no chance outcomes"),
        (Broken(NodeKind.CHANCE, chance_outcomes=[1]), "not an .outcome, probability. pair"),
        (Broken(NodeKind.MAX, legal_actions=[]), "max state 0: no legal actions"),
        (Broken("max"), "state 0: kind.. returned 'max', not a NodeKind"),
        (Broken(NodeKind.SIMULTANEOUS, joint_actions=[1]), "not a pair"),
        (Broken(NodeKind.SIMULTANEOUS, joint_actions=([1], [])), "a player has no actions"),
        (Broken(NodeKind.MIN, legal_actions=[1], child=[1]), "not hashable"),
    ],
)
def test_malformed_games_raise_game_error(game: Broken, message: str, exact: bool) -> None:
    with pytest.raises(GameError, match=message):
        solve(game, exact=exact)


def test_payoffs_must_be_exact_in_exact_mode() -> None:
    game = Broken(NodeKind.TERMINAL, returns=0.25)
    with pytest.raises(GameError, match=r"terminal state 0: returns\(\) gave 0.25"):
        solve(game)
    assert solve(game, exact=False).value == 0.25
    with pytest.raises(GameError, match="not a number"):
        solve(Broken(NodeKind.TERMINAL, returns="1"), exact=False)


def test_a_missing_method_is_named() -> None:
    class OnlyChoices(Chain):
        legal_actions = None  # type: ignore[assignment]

    with pytest.raises(GameError, match=r"state 0 needs OnlyChoices.legal_actions\(\)"):
        solve(OnlyChoices(3))  # type: ignore[arg-type]


def test_check_chance_outcomes_accepts_ints_and_fractions() -> None:
    check_chance_outcomes("s", [("only", 1)])
    check_chance_outcomes("s", (("a", Fraction(1, 2)), ("b", Fraction(1, 2))))


# --- random games against independent computations ------------------------------------------


@settings(max_examples=150, deadline=None)
@given(small_games())
def test_every_state_value_matches_plain_recursion(game: TreeGame) -> None:
    result = solve(game)
    assert set(result.values) == reachable(game, 0)
    for state, value in result.values.items():
        assert value == brute_force_value(game, state)
        if game.kind(state) in (NodeKind.MAX, NodeKind.MIN):
            actions = game.legal_actions(state)
            tied = [a for a in actions if result.values[game.child(state, a)] == value]
            assert result.optimal_actions[state] == tuple(tied)
            assert result.policy[state] == tied[0]
        if game.kind(state) is NodeKind.SIMULTANEOUS:
            assert result.mixed[state].value == value
    assert set(result.optimal_actions) == set(result.policy)


@settings(max_examples=40, deadline=None)
@given(small_games(max_depth=7, max_width=4))
def test_larger_games_match_plain_recursion(game: TreeGame) -> None:
    # Wider levels share more subtrees: the memo is exercised, the plain recursion is not.
    assert solve(game).value == brute_force_value(game)


@settings(max_examples=100, deadline=None)
@given(small_games())
def test_float_mode_agrees_with_exact_mode(game: TreeGame) -> None:
    exact, approximate = solve(game), solve(game, exact=False)
    assert exact.values.keys() == approximate.values.keys()
    for state, value in exact.values.items():
        assert approximate.values[state] == pytest.approx(float(value), rel=1e-9, abs=1e-12)
    # Distinct exact values of these small games differ by far more than the tie tolerance.
    assert dict(approximate.optimal_actions) == dict(exact.optimal_actions)


def pure_policies(game: TreeGame, states: list[int]) -> list[dict[int, Hashable]]:
    """Every way of fixing one action at each of ``states``."""
    options = [game.legal_actions(state) for state in states]
    return [dict(zip(states, choice, strict=True)) for choice in itertools.product(*options)]


def payoff_under(game: TreeGame, policy: dict[int, Hashable], state: int) -> Fraction:
    """The exact expected payoff when both players follow ``policy`` (chance still random)."""
    node_kind = game.kind(state)
    if node_kind is NodeKind.TERMINAL:
        return Fraction(game.returns(state))
    if node_kind is NodeKind.CHANCE:
        return sum(
            (
                p * payoff_under(game, policy, game.child(state, o))
                for o, p in game.chance_outcomes(state)
            ),
            Fraction(0),
        )
    return payoff_under(game, policy, game.child(state, policy[state]))


@settings(max_examples=100, deadline=None)
@given(small_games(max_depth=4, max_width=2, kinds=[NodeKind.CHANCE, NodeKind.MAX, NodeKind.MIN]))
def test_value_is_max_min_over_all_pure_policies(game: TreeGame) -> None:
    # Perfect information with chance: pure policies suffice (Zermelo, Kuhn), so the value is
    # the best policy of the maximiser against the best reply of the minimiser.
    states = sorted(reachable(game, 0))
    maximiser = [s for s in states if game.kind(s) is NodeKind.MAX]
    minimiser = [s for s in states if game.kind(s) is NodeKind.MIN]
    value = max(
        min(payoff_under(game, {**mine, **theirs}, 0) for theirs in pure_policies(game, minimiser))
        for mine in pure_policies(game, maximiser)
    )
    assert solve(game).value == value

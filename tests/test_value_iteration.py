"""Value iteration and exact policy iteration on games whose states repeat."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings

from strategy import solve, value_iteration
from strategy.engine import CyclicResult, GameError, NodeKind, solve_exactly
from strategy.testing import TreeGame, small_games

games_with_chance = small_games(
    max_depth=4, max_width=3, kinds=[NodeKind.MAX, NodeKind.MIN, NodeKind.CHANCE]
)


@settings(max_examples=150, deadline=None)
@given(games_with_chance)
def test_on_acyclic_games_both_methods_equal_backward_induction(game: TreeGame) -> None:
    solved = solve(game)
    exact = solve_exactly(game)
    floats = value_iteration(game)
    assert exact.value == solved.value and exact.exact
    assert floats.value == pytest.approx(float(solved.value), abs=1e-9)
    for state, actions in solved.optimal_actions.items():
        assert exact.optimal_actions[state] == actions


class GamblersRuin:
    """Chance only: from n, gain 1 with probability 1/3, lose 1 with 2/3; stop at 0 or N."""

    def __init__(self, start: int, target: int) -> None:
        self.start, self.target = start, target

    def initial_state(self) -> int:
        return self.start

    def kind(self, state: int) -> NodeKind:
        return NodeKind.TERMINAL if state in (0, self.target) else NodeKind.CHANCE

    def returns(self, state: int) -> int:
        return 1 if state == self.target else 0

    def chance_outcomes(self, state: int) -> Sequence[tuple[int, Fraction]]:
        return ((state + 1, Fraction(1, 3)), (state - 1, Fraction(2, 3)))

    def child(self, state: int, action: int) -> int:
        return action


def test_gamblers_ruin_closed_form() -> None:
    # Feller, vol. I, ch. XIV: with q/p = 2 the chance of reaching N from n is
    # (2^n - 1) / (2^N - 1). Every state between 0 and N lies on one cycle.
    for start in range(1, 8):
        game = GamblersRuin(start, 8)
        expected = Fraction(2**start - 1, 2**8 - 1)
        assert solve_exactly(game).value == expected  # type: ignore[arg-type]
        floats: CyclicResult[int, int]
        floats = value_iteration(game, tolerance=1e-14)  # type: ignore[arg-type]
        assert floats.value == pytest.approx(float(expected), abs=1e-12)


class Chase:
    """MAX at 'a' takes 0 or flips a coin: heads pays 1, tails hands MIN the choice at 'b'
    between paying 1/2 and going back to 'a'. By hand: b = min(1/2, a), a = max(0, 1/2 + b/2),
    whose only solution is a = 3/4, b = 1/2 (MIN stops; looping back would give a = 1)."""

    def initial_state(self) -> str:
        return "a"

    def kind(self, state: str) -> NodeKind:
        kinds = {"a": NodeKind.MAX, "b": NodeKind.MIN, "coin": NodeKind.CHANCE}
        return kinds.get(state, NodeKind.TERMINAL)

    def returns(self, state: str) -> Fraction:
        return Fraction(state)

    def legal_actions(self, state: str) -> Sequence[str]:
        return ("0", "coin") if state == "a" else ("a", "1/2")

    def chance_outcomes(self, state: str) -> Sequence[tuple[str, Fraction]]:
        return (("1", Fraction(1, 2)), ("b", Fraction(1, 2)))

    def child(self, state: str, action: str) -> str:
        return action


def test_a_cycle_through_both_players() -> None:
    exact: CyclicResult[str, str] = solve_exactly(Chase())  # type: ignore[arg-type]
    assert exact.value == Fraction(3, 4) and exact.values["b"] == Fraction(1, 2)
    assert exact.policy["a"] == "coin" and exact.optimal_actions["b"] == ("1/2",)
    floats: CyclicResult[str, str] = value_iteration(Chase())  # type: ignore[arg-type]
    assert floats.value == pytest.approx(0.75, abs=1e-11) and floats.policy["b"] == "1/2"


class Dither:
    """The maximiser may stop for 1 or wait forever: not a stopping game."""

    def initial_state(self) -> str:
        return "wait"

    def kind(self, state: str) -> NodeKind:
        return NodeKind.MAX if state == "wait" else NodeKind.TERMINAL

    def returns(self, state: str) -> int:
        return 1

    def legal_actions(self, state: str) -> Sequence[str]:
        return ("wait", "stop")

    def child(self, state: str, action: str) -> str:
        return action


def test_a_game_that_may_never_end_is_reported() -> None:
    with pytest.raises(GameError, match="recur forever"):
        solve_exactly(Dither())  # type: ignore[arg-type]


def test_a_sweep_limit_is_reported() -> None:
    with pytest.raises(GameError, match="did not settle"):
        value_iteration(GamblersRuin(4, 8), tolerance=0.0, max_sweeps=3)  # type: ignore[arg-type]

"""Monte Carlo tree search against exact values, with a stated false-alarm budget.

The bound. Let X_t be the payoff of playout t (in [low, high], range r), V_t its expectation
given the search so far, and V* the exact value of the start. MCTS reports the mean R_n of
X_1..X_n.

* Sampling. X_t - V_t are martingale differences in intervals of length r, so by the
  Azuma-Hoeffding inequality |R_n - mean(V_t)| < r sqrt(ln(2/a) / 2n) but with probability a.
* Search. A playout that chooses only optimal actions (the exact solver lists them all) has
  expectation V*: along optimal play the exact values form a martingale. Switching a
  playout to optimal play at its first non-optimal choice changes its payoff by at most r,
  so |V_t - V*| <= r p_t, with p_t the chance that playout t makes a non-optimal choice
  (in the tree or in its random rollout). Let D_n count the playouts that made one; again by
  Azuma-Hoeffding, mean(p_t) < D_n / n + sqrt(ln(1/a) / 2n) but with probability a.

So |R_n - V*| < r (sqrt(ln(2/a) / 2n) + D_n / n + sqrt(ln(1/a) / 2n)) but with probability at
most 2a. Each assertion below spends 2a = ALPHA = 1e-6; games without decisions have D_n = 0
(plain Monte Carlo, Hoeffding's inequality). The bound shrinks as UCT stops choosing
non-optimal actions, which the power checks assert on fixed seeds.

Seeds are fixed (derived from the case), so the suite never flakes; the budget is the chance
that a correct change reshuffling the random streams would need new seeds.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings

from strategy import mcts, solve
from strategy.classic import Board, PigGame, TicTacToe
from strategy.engine import Game, GameError, MctsResult, NodeKind, solve_exactly
from strategy.risk import BattleGame
from strategy.testing import TreeGame, brute_force_value, small_games

ALPHA = 1e-6


def seed_of(*parts: object) -> int:
    """A fixed seed per case, the same in every run (``hash`` of a string is not)."""
    return zlib.crc32(repr(parts).encode())


def bounded_search(
    game: Game[Any, Any],
    optimal: Mapping[Hashable, Sequence[Hashable]],
    payoffs: tuple[float, float],
    playouts: int,
    seed: int,
    start: Any = None,
) -> tuple[MctsResult[Any, Any], float]:
    """Search, and the confidence radius of the module docstring around its value."""
    deviations = 0

    def count(decisions: Sequence[tuple[Any, Any]], payoff: float) -> None:
        nonlocal deviations
        deviations += any(action not in optimal[state] for state, action in decisions)

    result = mcts(game, start, playouts=playouts, seed=seed, payoffs=payoffs, on_playout=count)
    a, n, span = ALPHA / 2, playouts, payoffs[1] - payoffs[0]
    sampling = math.sqrt(math.log(2 / a) / (2 * n))
    search = deviations / n + math.sqrt(math.log(1 / a) / (2 * n)) if deviations else 0.0
    return result, span * (sampling + search)


decision_games = small_games(max_depth=3, kinds=[NodeKind.MAX, NodeKind.MIN, NodeKind.CHANCE])


def payoff_range(game: TreeGame) -> tuple[float, float]:
    """The least and most payoff of the game's terminal nodes (widened if they are equal)."""
    payoffs = [float(n.payoff) for n in game.nodes if n.kind is NodeKind.TERMINAL]
    low, high = min(payoffs), max(payoffs)
    return (low, high) if low < high else (low - 1, high + 1)


@settings(max_examples=25, deadline=None)
@given(decision_games)
def test_random_games_within_the_bound_and_the_bound_shrinks(game: TreeGame) -> None:
    exact = brute_force_value(game)
    solved = solve(game)
    radii = []
    for playouts in (300, 3000):
        result, radius = bounded_search(
            game, solved.optimal_actions, payoff_range(game), playouts, seed_of(game, playouts)
        )
        assert abs(result.value - float(exact)) <= radius
        radii.append(radius)
    # Power check: UCT leaves non-optimal moves, so the bound shrinks. (The sampling terms
    # alone shrink by sqrt(10); the share of non-optimal playouts more slowly where the gaps
    # between moves are small against the payoff range: 1.3x at worst over 1,500 drawn games.)
    assert radii[1] < radii[0]


@settings(max_examples=25, deadline=None)
@given(small_games(max_depth=4, kinds=[NodeKind.CHANCE]))
def test_games_of_chance_are_plain_monte_carlo(game: TreeGame) -> None:
    exact = brute_force_value(game)
    result, radius = bounded_search(game, {}, (-2, 2), 1000, seed_of(game))
    assert radius == 4 * math.sqrt(math.log(4 / ALPHA) / 2000)  # Hoeffding's radius alone
    assert abs(result.value - float(exact)) <= radius
    assert result.best_action is None and sum(result.visits.values()) == 1000


@pytest.mark.parametrize(
    ("name", "game", "payoffs", "playouts"),
    [
        ("tic-tac-toe, X to win", TicTacToe(Board.parse("XO. .X. ..O")), (-1, 1), 20_000),
        ("tic-tac-toe, a draw", TicTacToe(Board.parse("X.. .O. ...")), (-1, 1), 20_000),
        (
            "Risk 3 v 2, the defender sees the roll",
            BattleGame(3, 2, choice="sees-roll"),
            (0, 1),
            20_000,
        ),
        ("Risk 4 v 2, the defender responds", BattleGame(4, 2, choice="respond"), (0, 1), 20_000),
    ],
)
def test_games_with_choices_within_the_bound(
    name: str, game: Game[Any, Any], payoffs: tuple[float, float], playouts: int
) -> None:
    solved = solve(game)
    first, first_radius = bounded_search(game, solved.optimal_actions, payoffs, 1000, seed_of(name))
    result, radius = bounded_search(game, solved.optimal_actions, payoffs, playouts, seed_of(name))
    assert abs(result.value - float(solved.value)) <= radius
    assert abs(first.value - float(solved.value)) <= first_radius
    # Power checks: the bound shrinks, and the most-tried move is an optimal one.
    assert radius < first_radius / 1.5
    assert result.best_action in solved.optimal_actions[game.initial_state()]


def test_pig_with_fixed_holding_is_plain_monte_carlo() -> None:
    # Both hold at 2: every decision is forced, so the search is Monte Carlo sampling of a
    # game whose states repeat; the exact value comes from policy iteration.
    game = PigGame(goal=6, hold_at=2)
    solved = solve_exactly(game)
    result, radius = bounded_search(game, solved.optimal_actions, (0, 1), 4000, seed_of("pig"))
    assert radius == math.sqrt(math.log(4 / ALPHA) / 8000)  # no choice was non-optimal
    assert abs(result.value - float(solved.value)) <= radius


def test_pig_with_choices_within_the_bound() -> None:
    game = PigGame(goal=4)
    solved = solve_exactly(game)
    result, radius = bounded_search(game, solved.optimal_actions, (0, 1), 4000, seed_of("pig 4"))
    assert abs(result.value - float(solved.value)) <= radius


def test_the_same_seed_repeats_the_search() -> None:
    game = BattleGame(5, 3, choice="sees-roll")
    first = mcts(game, playouts=500, seed=11)
    assert first == mcts(game, playouts=500, seed=11)
    assert dict(first.visits) == dict(mcts(game, playouts=500, seed=11).visits)
    assert first != mcts(game, playouts=500, seed=12)
    fresh = mcts(game, playouts=200)
    assert fresh == mcts(game, playouts=200, seed=fresh.seed)


def test_visits_add_up_and_the_best_action_is_most_visited() -> None:
    result = mcts(TicTacToe(), playouts=900, seed=3)
    assert sum(result.visits.values()) == 900
    assert list(result.visits) == list(range(1, 10))  # the game's order
    most = max(result.visits.values())
    assert result.best_action is not None and result.visits[result.best_action] == most
    assert result.tree_size == 901  # one new state per playout while none ends in the tree


def test_a_chance_start_reports_outcomes() -> None:
    game = TreeGame.from_spec(
        ("chance", [("1/3", ("pay", 3)), ("2/3", ("max", {"a": ("pay", 0)}))])
    )
    result = mcts(game, playouts=3000, seed=5)
    assert result.best_action is None and set(result.visits) == {0, 1}
    assert abs(result.visits[0] / 3000 - 1 / 3) < 0.05  # Hoeffding at 1e-6 allows 0.049


def test_simultaneous_states_are_refused() -> None:
    with pytest.raises(GameError, match="simultaneous"):
        mcts(BattleGame(3, 2, choice="announce"), playouts=50, seed=0)


def test_bad_arguments_and_broken_games_are_refused() -> None:
    game = TicTacToe()
    for kwargs, message in (
        ({"playouts": 0}, "playouts"),
        ({"exploration": -1.0}, "exploration"),
        ({"payoffs": (1.0, 1.0)}, "low < high"),
        ({"seed": -3}, "seed"),
    ):
        with pytest.raises(ValueError, match=message):
            mcts(game, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="outside the payoff bounds"):
        mcts(game, playouts=10, seed=0, payoffs=(0.0, 1.0))  # O's wins pay -1
    bad = TreeGame.from_spec(("chance", [("1/2", ("pay", 1)), ("1/3", ("pay", 0))]))
    with pytest.raises(GameError, match="sum to 5/6"):
        mcts(bad, playouts=10, seed=0)


class _Loop:
    """A state whose only move leads back to itself: random play never ends."""

    def initial_state(self) -> int:
        return 0

    def kind(self, state: int) -> NodeKind:
        return NodeKind.MAX

    def legal_actions(self, state: int) -> tuple[int, ...]:
        return (0,)

    def child(self, state: int, action: int) -> int:
        return 0

    def returns(self, state: int) -> Fraction:
        raise AssertionError("never terminal")


def test_a_game_that_never_ends_is_reported() -> None:
    with pytest.raises(GameError, match="without ending"):
        mcts(_Loop(), playouts=1, seed=0)  # type: ignore[arg-type]

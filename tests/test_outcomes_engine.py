"""Playing a solved game out: where play ends, and with what probability.

Deep imports: the classic, optimal and played-odds kernels, against where the solved game's play
ends.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings

from strategy import solve
from strategy.engine import NodeKind, terminal_distribution
from strategy.risk import Battle, BattleGame, Objective
from strategy.risk.classic import battle_odds
from strategy.risk.optimal import optimal_odds
from strategy.risk.played import played_odds
from strategy.testing import TreeGame, brute_force_value, small_games


@settings(max_examples=150, deadline=None)
@given(small_games())
def test_play_ends_with_probability_one_and_pays_the_value(game: TreeGame) -> None:
    result = solve(game)
    ends = terminal_distribution(game, result)
    assert sum(ends.values()) == 1
    assert all(game.kind(state) is NodeKind.TERMINAL and p > 0 for state, p in ends.items())
    # Played optimally (mixes at simultaneous states), the game pays its value on average.
    assert sum(p * game.returns(state) for state, p in ends.items()) == brute_force_value(game)


def test_the_classic_battle_played_out_is_the_classic_distribution() -> None:
    # Without a choice and with nothing to gain by stopping, optimal play is the classic battle.
    assert played_odds(BattleGame(7, 5)).final_states == battle_odds(7, 5).final_states


def test_stops_are_final_states() -> None:
    # balance:2 under sees-roll: 2 armies against 2 defenders stop at once (README: T = 2
    # stops at A = 2 against D >= 2), so the battle ends where it began.
    assert played_odds(
        BattleGame(2, 2, objective="balance:2", choice="sees-roll")
    ).final_states == ((2, 2, Fraction(1)),)
    odds = played_odds(BattleGame(8, 6, objective="balance:2", choice="announce"))
    value = optimal_odds(
        8, 6, Battle.of(objective="balance:2", choice="announce"), exact=True
    ).value
    assert odds.expectation(Objective("balance", 2)) == value

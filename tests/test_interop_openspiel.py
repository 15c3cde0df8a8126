"""strategy's games in OpenSpiel and OpenSpiel's in strategy: the values agree both ways.

OpenSpiel's own algorithms (value iteration, expectiminimax, MCTS) are the independent
computation here: they see only what :func:`to_pyspiel` declares and the moves it allows.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from strategy.engine.errors import InputError
from strategy.engine.game import GameError, NodeKind
from strategy.engine.solve import solve
from strategy.risk.game import BattleGame

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra (open-spiel)")
from open_spiel.python.algorithms import mcts, minimax  # noqa: E402

from strategy.interop.openspiel import from_pyspiel, summarise, to_pyspiel  # noqa: E402


def test_value_iteration_of_openspiel_equals_solve_on_10_v_10() -> None:
    # OpenSpiel's value iteration imports its LP solver, which needs cvxpy (the test extra).
    value_iteration = pytest.importorskip("open_spiel.python.algorithms.value_iteration")
    game = BattleGame(10, 10, choice="respond")
    spiel = to_pyspiel(game)
    # cyclic_game=True only makes the state enumeration stop at states seen before; without
    # it OpenSpiel walks every play of the tree.
    values = value_iteration.value_iteration(spiel, -1, 1e-15, cyclic_game=True)
    assert values[str(spiel.new_initial_state())] == pytest.approx(
        float(solve(game).value), abs=1e-12
    )


@pytest.mark.parametrize("choice", ["respond", "sees-roll"])
def test_expectiminimax_of_openspiel_equals_solve(choice: str) -> None:
    game = BattleGame(3, 2, choice=choice)
    value, _ = minimax.expectiminimax(to_pyspiel(game).new_initial_state(), 100, None, 0)
    assert value == pytest.approx(float(solve(game).value), abs=1e-12)


def test_declared_game_type_and_bounds() -> None:
    kinds = pyspiel.GameType
    sequential = to_pyspiel(BattleGame(3, 2, objective="signed"))
    game_type = sequential.get_type()
    assert game_type.dynamics == kinds.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == kinds.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == kinds.Information.PERFECT_INFORMATION
    assert game_type.utility == kinds.Utility.ZERO_SUM
    # signed: +3 armies left when the attacker wins 3 v 2 untouched, -2 when it loses all.
    assert (sequential.min_utility(), sequential.max_utility()) == (-3.0, 3.0)
    simultaneous = to_pyspiel(BattleGame(3, 2, choice="announce"))
    assert simultaneous.get_type().dynamics == kinds.Dynamics.SIMULTANEOUS
    assert pyspiel.load_game(sequential.get_type().short_name).max_utility() == 3.0


def test_declared_game_length_is_the_longest_play() -> None:
    # 3 v 1 under max dice with no stopping: the attacker decides once per round and loses
    # at most one army a round, so the longest play is 2 decisions (3v1 -> 2v1 -> 1v1).
    game = BattleGame(3, 1, allow_stop=False)
    assert to_pyspiel(game).max_game_length() == 2 == summarise(game).longest


def test_mcts_bot_plays_a_battle_to_the_end() -> None:
    game = BattleGame(10, 10, choice="respond")
    spiel = to_pyspiel(game)
    rng = random.Random(3)
    bots = [
        mcts.MCTSBot(
            spiel,
            2,
            30,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            random_state=np.random.RandomState(seed),
        )
        for seed in (1, 2)
    ]
    state = spiel.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            assert sum(weights) == pytest.approx(1)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert 1 <= moves <= spiel.max_game_length()
    value = game.returns(state.state)  # the wrapped strategy state where play ended
    assert state.returns() == [float(value), -float(value)]


def test_tic_tac_toe_is_a_draw() -> None:
    # Tic-tac-toe is a draw with best play (a classic result; the engine's own tic-tac-toe
    # agrees, tests/test_classic_tictactoe.py).
    result = solve(from_pyspiel(pyspiel.load_game("tic_tac_toe"), identify="text"))
    assert result.value == 0 and result.states_visited == 5478  # OpenSpiel's state count


def test_one_shot_matrix_games_have_their_values() -> None:
    # Rock-paper-scissors and matching pennies are fair: value 0 (von Neumann 1928).
    for name in ("matrix_rps", "matrix_mp"):
        assert solve(from_pyspiel(pyspiel.load_game(name))).value == 0


def test_pig_by_history_equals_openspiel_expectiminimax() -> None:
    pig = pyspiel.load_game("pig(winscore=3,horizon=6,diceoutcomes=3)")
    exact = solve(from_pyspiel(pig)).value
    value, _ = minimax.expectiminimax(pig.new_initial_state(), 100, None, 0)
    assert float(exact) == pytest.approx(value, abs=1e-12)
    assert exact.denominator in (3**k for k in range(12))  # dice of 3 sides: powers of 3


def test_round_trip_through_openspiel_keeps_the_value() -> None:
    # The simultaneous (announce) battle goes out as a simultaneous game and back.
    for choice in ("announce", "sees-roll"):
        game = BattleGame(3, 2, choice=choice)
        back = from_pyspiel(to_pyspiel(game), identify="text")
        assert solve(back).value == solve(game).value


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("kuhn_poker", "imperfect information"),
        ("pig(players=3)", "3 players"),
        ("matrix_pd", "not zero-sum"),
    ],
)
def test_refused_kinds_say_why(name: str, why: str) -> None:
    with pytest.raises(InputError, match=why):
        from_pyspiel(pyspiel.load_game(name))


def test_too_large_to_declare_is_refused_with_its_size() -> None:
    with pytest.raises(InputError, match="more than 100 reachable states"):
        to_pyspiel(BattleGame(10, 10), max_states=100)


class Loop:
    """One decision whose only move comes back to it: a game that never ends."""

    def initial_state(self) -> int:
        return 0

    def kind(self, state: int) -> NodeKind:
        return NodeKind.MAX

    def legal_actions(self, state: int) -> tuple[str]:
        return ("again",)

    def child(self, state: int, action: str) -> int:
        return state


def test_a_game_with_a_cycle_is_refused() -> None:
    with pytest.raises(GameError, match="reached from itself"):
        summarise(Loop())  # type: ignore[arg-type]

"""solve() in float mode, a level at a time: against exact values, on wide, uneven, narrow and
cyclic games, and the read-only mappings it answers with.

Deep imports: :mod:`strategy.engine.float_levels`, the float kernel of :func:`strategy.solve`,
against exact values.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from strategy import solve
from strategy.engine import FLOAT_TIE_TOLERANCE, GameError, NodeKind
from strategy.engine.float_levels import Unsuitable, solve_float_levels
from strategy.testing import TreeGame, brute_force_value, small_games
from tests.helpers import reachable

State = tuple[int, int]
_KINDS = (NodeKind.MAX, NodeKind.CHANCE, NodeKind.MIN)
_DIE = ((0, Fraction(1, 6)), (1, Fraction(1, 3)), (2, Fraction(1, 2)))


class Lattice:
    """States ``(depth, i)`` for ``i < width``: MAX, CHANCE and MIN by turns, paying at ``depth``.

    ``skip`` adds a move two levels down, so paths to a state differ in length (the levels are
    then the longest paths, not the breadth-first layers). ``loop`` sends the last level back
    to the start: a cycle among thousands of states.
    """

    def __init__(self, width: int, depth: int, *, skip: bool = False, loop: bool = False) -> None:
        self.width, self.depth, self.skip, self.loop = width, depth, skip, loop

    def initial_state(self) -> State:
        return (0, 0)

    def kind(self, state: State) -> NodeKind:
        if state[0] == self.depth and not self.loop:
            return NodeKind.TERMINAL
        return _KINDS[state[0] % 3]

    def returns(self, state: State) -> int:
        return state[1] % 5 - 2

    def legal_actions(self, state: State) -> tuple[int, ...]:
        return (0, 1, 2, 3) if self.skip and state[0] + 2 <= self.depth else (0, 1, 2)

    def chance_outcomes(self, state: State) -> tuple[tuple[int, Fraction], ...]:
        return _DIE

    def child(self, state: State, action: int) -> State:
        depth, i = state
        if depth == self.depth:
            return (0, 0)
        if action == 3:
            return (depth + 2, (i + 7) % self.width)
        return (depth + 1, (2 * i + action) % self.width)


@pytest.mark.parametrize("skip", [False, True])
def test_wide_games_match_the_exact_solution(skip: bool) -> None:
    game = Lattice(60, 12, skip=skip)
    exact = solve(game)
    floats = solve(game, exact=False)
    assert solve_float_levels(game, (0, 0), tolerance=FLOAT_TIE_TOLERANCE)  # not a fallback
    assert floats.states_visited == exact.states_visited == len(reachable(game, (0, 0)))
    for state, value in exact.values.items():
        assert floats.values[state] == pytest.approx(float(value), rel=1e-12, abs=1e-12)
    assert dict(floats.optimal_actions) == dict(exact.optimal_actions)
    assert dict(floats.policy) == dict(exact.policy)


@settings(max_examples=50, deadline=None)
@given(small_games(max_depth=4))
def test_random_games_by_levels_match_the_search(game: TreeGame) -> None:
    # The exact depth-first search is checked against plain recursion in test_game_solve.
    found = solve_float_levels(game, 0, tolerance=FLOAT_TIE_TOLERANCE, min_width=1)
    exact = solve(game)
    assert found.values[0] == pytest.approx(float(brute_force_value(game)))
    states = reachable(game, 0)
    assert set(found.values) == states and len(found.values) == len(states)
    decisions = {s for s in states if game.kind(s) in (NodeKind.MAX, NodeKind.MIN)}
    assert set(found.policy) == set(found.optimal_actions) == decisions
    for state in states:
        assert found.values[state] == pytest.approx(float(exact.values[state]))
        if state in decisions:
            assert found.optimal_actions[state] == exact.optimal_actions[state]
            assert found.policy[state] == found.optimal_actions[state][0]
        if game.kind(state) is NodeKind.SIMULTANEOUS:
            assert found.mixed[state].value == pytest.approx(found.values[state])


def test_narrow_games_go_to_the_depth_first_search() -> None:
    # A forced chain has one state per level: numpy cannot pay, so solve() falls back.
    from tests.test_game_solve import Chain

    with pytest.raises(Unsuitable, match="too narrow"):
        solve_float_levels(Chain(10_000), 0, tolerance=FLOAT_TIE_TOLERANCE)
    result = solve(Chain(10_000), exact=False)
    assert result.value == 1.0 and result.states_visited == 10_001


def test_cycles_are_reported_in_float_mode() -> None:
    from tests.test_game_solve import Chain

    with pytest.raises(GameError, match=r"cycle.*value iteration"):
        solve(Chain(100, loop_back=True), exact=False)
    with pytest.raises(Unsuitable, match="cycle"):
        solve_float_levels(Lattice(60, 12, loop=True), (0, 0), tolerance=FLOAT_TIE_TOLERANCE)
    with pytest.raises(GameError, match=r"cycle.*state \(0, 0\)"):
        solve(Lattice(60, 12, loop=True), exact=False)


def test_the_mappings_are_read_only_and_complete() -> None:
    result = solve(Lattice(40, 6), exact=False)
    values, policy = result.values, result.policy
    assert len(values) == len(list(values)) == result.states_visited
    assert (0, 0) in values and (99, 99) not in values and values.get((99, 99)) is None
    chance = (1, 0)  # no one moves at a chance state: no policy there
    assert chance in values and chance not in policy
    with pytest.raises(KeyError):
        policy[chance]
    with pytest.raises(TypeError):
        values[(0, 0)] = 0.0  # type: ignore[index]
    assert dict(values) == {state: values[state] for state in values}
    assert "states" in repr(values)

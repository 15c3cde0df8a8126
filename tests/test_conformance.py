"""check_game(): sound games pass; each way of breaking the protocol is reported, never raised."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings

from strategy.engine import ConformanceReport, NodeKind, check_game
from strategy.testing import TreeGame, small_games


class Countdown:
    """Take 1 or 2 from a pile; whoever takes the last one wins (pays 1 to the maximiser)."""

    def initial_state(self) -> tuple[int, NodeKind]:
        return (4, NodeKind.MAX)

    def kind(self, state: tuple[int, NodeKind]) -> NodeKind:
        return state[1] if state[0] else NodeKind.TERMINAL

    def returns(self, state: tuple[int, NodeKind]) -> int:
        return 1 if state[1] is NodeKind.MIN else -1  # the player who just moved took the last

    def legal_actions(self, state: tuple[int, NodeKind]) -> list[int]:
        return [1, 2] if state[0] >= 2 else [1]

    def chance_outcomes(self, state: tuple[int, NodeKind]) -> list[tuple[int, Fraction]]:
        raise NotImplementedError

    def joint_actions(self, state: tuple[int, NodeKind]) -> tuple[list[int], list[int]]:
        raise NotImplementedError

    def child(self, state: tuple[int, NodeKind], action: int) -> tuple[int, NodeKind]:
        mover = NodeKind.MIN if state[1] is NodeKind.MAX else NodeKind.MAX
        return (state[0] - action, mover)


def test_a_sound_game_passes_and_every_state_is_checked() -> None:
    game = Countdown()
    report = check_game(game)
    # Independently, every state reachable from the start (the walk is random, but 200 paths
    # through a game this small miss none).
    reachable, frontier = set(), [game.initial_state()]
    while frontier:
        state = frontier.pop()
        reachable.add(state)
        if state[0]:
            frontier.extend(game.child(state, a) for a in game.legal_actions(state))
    assert report == ConformanceReport(len(reachable), 200, ())
    assert report.ok


@settings(max_examples=50, deadline=None)
@given(small_games())
def test_random_tree_games_pass(game: TreeGame) -> None:
    assert check_game(game, paths=20).ok


def test_the_walk_is_reproducible() -> None:
    game = TreeGame.from_spec(("chance", [("1/2", ("pay", 0)), ("1/2", ("pay", 1))]))
    assert check_game(game, paths=1, seed=3) == check_game(game, paths=1, seed=3)
    assert check_game(game, paths=0) == ConformanceReport(0, 0, ())


class Faulty(Countdown):
    """Countdown with one method replaced, to break one rule at a time."""

    def __init__(self, **overrides: Any) -> None:
        self.__dict__.update(overrides)


class Mutable:
    """A state that hashes by identity but compares by value: copies do not match."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mutable) and other.n == self.n

    __hash__ = object.__hash__


class Unstable:
    """A state whose value changes while the game still holds it (hash stays constant)."""

    def __init__(self) -> None:
        self.n = 2

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unstable) and other.n == self.n

    def __hash__(self) -> int:
        return 0

    def __deepcopy__(self, memo: object) -> Unstable:
        copy = Unstable()
        copy.n = self.n
        return copy


def mutating_child(state: Unstable, action: int) -> tuple[int, NodeKind]:
    state.n -= 1
    return (0, NodeKind.MAX)


counter = itertools.count()


def raise_error(*_: object) -> Any:
    raise RuntimeError("boom")


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (Faulty(initial_state=lambda: [4]), "state [4] is not hashable"),
        (Faulty(initial_state=lambda: Mutable(4)), "a copy compares or hashes differently"),
        (Faulty(initial_state=raise_error), "initial_state() raised RuntimeError: boom"),
        (Faulty(kind=lambda s: "max"), "state (4, <NodeKind.MAX: 'max'>): kind() gave 'max'"),
        (Faulty(kind=raise_error), "kind() raised RuntimeError: boom"),
        (Faulty(returns=lambda s: 0.5), "returns() gave 0.5 (float); payoffs must be int or"),
        (Faulty(returns=lambda s: True), "returns() gave True (bool)"),
        (
            Faulty(legal_actions=lambda s: []),
            "max state (4, <NodeKind.MAX: 'max'>): actions: there",
        ),
        (Faulty(legal_actions=lambda s: [[1]]), "action [1] is not hashable"),
        (Faulty(legal_actions=lambda s: [1, 1]), "actions [1, 1] contain duplicates"),
        (Faulty(legal_actions=lambda s: 3), "legal_actions() gave 3, which is not a sequence"),
        (Faulty(legal_actions=None), "the game has no legal_actions() method"),
        (Faulty(child=lambda s, a: (next(counter), s[1])), "is not deterministic"),
        (Faulty(child=lambda s, a: [0]), "gave state [0] which is not hashable"),
        (Faulty(child=lambda s, a: s), "repeats on one path: the game has a cycle"),
        (
            Faulty(
                initial_state=Unstable,
                kind=lambda s: NodeKind.MAX,
                legal_actions=lambda s: [1],
                child=mutating_child,
            ),
            "child() changed the state it was given",
        ),
    ],
)
def test_each_fault_is_reported(game: Faulty, expected: str) -> None:
    report = check_game(game, paths=3)
    assert not report.ok
    assert any(expected in problem for problem in report.problems), report.problems


def one_move_game(kind: NodeKind, **hooks: Any) -> Faulty:
    """A game whose start is a ``kind`` state and whose every move ends it."""
    return Faulty(
        kind=lambda s: kind if s[0] else NodeKind.TERMINAL,
        child=lambda s, move: (0, NodeKind.MAX),
        **hooks,
    )


@pytest.mark.parametrize(
    ("outcomes", "expected"),
    [
        ([(1, 0.25), (2, 0.75)], "probability 0.25 of outcome 1 is a float"),
        ([(1, Fraction(1, 4))], "probabilities sum to 1/4, not exactly 1"),
        ([(1, Fraction(0)), (2, 1)], "is not positive"),
        ([(1, Fraction(1, 2)), (1, Fraction(1, 2))], "outcomes [1, 1] contain duplicates"),
        ([([1], 1)], "outcome [1] is not hashable"),
    ],
)
def test_bad_chance_outcomes_are_reported(outcomes: object, expected: str) -> None:
    game = one_move_game(NodeKind.CHANCE, chance_outcomes=lambda s: outcomes)
    (problem,) = check_game(game, paths=3).problems
    assert problem.startswith("chance state (4, <NodeKind.MAX: 'max'>)")
    assert expected in problem


@pytest.mark.parametrize(
    ("joint", "expected"),
    [
        (([1, 2], ["x"]), None),
        ([1, 2, 3], "joint_actions() gave [1, 2, 3], not a pair of sequences"),
        (([1], []), "column actions: there are none"),
        ((5, [1]), "joint_actions() gave row actions 5, which is not a sequence"),
    ],
)
def test_joint_actions_are_checked(joint: object, expected: str | None) -> None:
    game = one_move_game(NodeKind.SIMULTANEOUS, joint_actions=lambda s: joint)
    report = check_game(game, paths=3)
    if expected is None:
        assert report.ok
    else:
        assert len(report.problems) == 1 and expected in report.problems[0]


def test_cycles_may_be_allowed() -> None:
    # A Pig-like loop: the chance state returns to itself half of the time.
    loop = Faulty(
        kind=lambda s: NodeKind.CHANCE if s[0] else NodeKind.TERMINAL,
        chance_outcomes=lambda s: [(0, Fraction(1, 2)), (1, Fraction(1, 2))],
        child=lambda s, o: (s[0] * o, NodeKind.MAX),
    )
    assert not check_game(loop, paths=20).ok
    assert check_game(loop, paths=20, allow_cycles=True).ok


def test_endless_paths_are_reported() -> None:
    endless = Faulty(child=lambda s, a: (s[0] + 2, s[1]))
    (problem,) = check_game(endless, paths=2, max_depth=50).problems
    assert problem == "a path made 50 moves without reaching a terminal state"


def test_a_path_of_exactly_max_depth_moves_is_fine() -> None:
    one_at_a_time = Faulty(legal_actions=lambda s: [1])  # 4 moves from the start to the end
    assert check_game(one_at_a_time, paths=1, max_depth=4).ok
    assert not check_game(one_at_a_time, paths=1, max_depth=3).ok


def test_a_state_whose_equality_raises_does_not_crash_the_checker() -> None:
    class Touchy:
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("do not compare me")

        def __hash__(self) -> int:
            return 1

    report = check_game(Faulty(initial_state=Touchy), paths=2)
    assert not report.ok and "do not compare me" in report.problems[0]

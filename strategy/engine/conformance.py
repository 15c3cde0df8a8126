"""Check that a user's game keeps the Game protocol, by walking random paths through it.

The checker never trusts the game: every call into it is guarded, and whatever goes wrong
becomes a readable line in the report instead of an exception.

>>> from fractions import Fraction
>>> from strategy.engine.game import NodeKind
>>> class LoadedCoin:
...     '''A coin whose probabilities are floats: they cannot sum to exactly 1.'''
...     def initial_state(self): return "toss"
...     def kind(self, state):
...         return NodeKind.CHANCE if state == "toss" else NodeKind.TERMINAL
...     def returns(self, state): return 1 if state == "heads" else 0
...     def chance_outcomes(self, state): return [("heads", 0.3), ("tails", 0.7)]
...     def child(self, state, action): return action
>>> report = check_game(LoadedCoin(), paths=5)
>>> report.ok, report.states_checked
(False, 1)
>>> print(report.problems[0])
chance state 'toss': probability 0.3 of outcome 'heads' is a float; use fractions.Fraction ...
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from strategy.engine.game import GameError, NodeKind, check_chance_outcomes, state_text

__all__ = ["ConformanceReport", "check_game"]


@dataclass(frozen=True)
class ConformanceReport:
    """What :func:`check_game` found: how much it looked at, and every distinct problem.

    >>> ConformanceReport(states_checked=12, paths_sampled=3, problems=()).ok
    True
    """

    states_checked: int
    paths_sampled: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems


class _Broken(Exception):
    """A problem that ends the current path (continuing from a broken state proves nothing)."""


def check_game(
    game: Any,
    *,
    paths: int = 200,
    max_depth: int = 10_000,
    seed: int = 0,
    allow_cycles: bool = False,
) -> ConformanceReport:
    """Walk ``paths`` random paths from the initial state and report protocol violations.

    Each new state is checked once: it is hashable, equal to and hashed like a deep copy, and
    usable as a dict key; ``kind`` gives a :class:`~strategy.engine.game.NodeKind`; a terminal
    payoff is an ``int`` or ``Fraction``; chance probabilities are exact, positive and sum to 1;
    legal and joint actions are non-empty, hashable and distinct; ``child`` works for every
    action, is deterministic and leaves the parent unchanged. A path that revisits a state
    is reported unless ``allow_cycles`` (for games such as Pig); a path longer than
    ``max_depth`` moves is reported. Chance moves follow their probabilities, player moves
    are uniform; ``seed`` makes the walk reproducible.

    >>> from strategy.engine.game import NodeKind
    >>> class Countdown:
    ...     def initial_state(self): return 3
    ...     def kind(self, n): return NodeKind.MAX if n else NodeKind.TERMINAL
    ...     def returns(self, n): return 0
    ...     def legal_actions(self, n): return [1, 2] if n >= 2 else [1]
    ...     def child(self, n, step): return n - step
    >>> check_game(Countdown())
    ConformanceReport(states_checked=4, paths_sampled=200, problems=())
    """
    checker = _Checker(game, random.Random(seed), allow_cycles)
    problems: dict[str, None] = {}  # an ordered set: the same fault shows up on many paths
    for number in range(paths):
        try:
            checker.walk(max_depth)
        except _Broken as broken:
            problems.setdefault(str(broken))
        except Exception as error:  # the game broke the checker's own bookkeeping (e.g. __eq__)
            problems.setdefault(f"path {number}: checking failed with {_describe(error)}")
    return ConformanceReport(len(checker.checked) + len(checker.broken), paths, tuple(problems))


class _Checker:
    def __init__(self, game: Any, rng: random.Random, allow_cycles: bool) -> None:
        self.game = game
        self.rng = rng
        self.allow_cycles = allow_cycles
        # Each sound state with its kind and the moves out of it: (action, weight, child).
        self.checked: dict[Hashable, tuple[NodeKind, list[tuple[Any, float, Any]]]] = {}
        # Each faulty (but hashable) state with its fault.
        self.broken: dict[Hashable, str] = {}

    def walk(self, max_depth: int) -> None:
        state = self.call("initial_state()", self.method("initial_state"))
        on_path = set()
        for moves_made in range(max_depth + 1):
            try:
                verdict = self.checked.get(state)
            except TypeError:
                verdict = None  # unhashable: check() reports it
            node_kind, moves = verdict or self.check(state)
            if node_kind is NodeKind.TERMINAL:
                return
            if moves_made == max_depth:
                break
            on_path.add(state)
            _, _, state = self.rng.choices(moves, weights=[weight for _, weight, _ in moves])[0]
            if state in on_path and not self.allow_cycles:
                raise _Broken(
                    f"state {state_text(state)} repeats on one path: the game has a cycle "
                    "(pass allow_cycles=True if that is intended, as in Pig)"
                )
        raise _Broken(f"a path made {max_depth} moves without reaching a terminal state")

    def check(self, state: Any) -> tuple[NodeKind, list[tuple[Any, float, Any]]]:
        """Check a state not seen before; remember the verdict so each fault is found once."""
        try:
            known = self.broken.get(state)
        except TypeError:
            known = None  # unhashable: examine() says so
        if known is not None:
            raise _Broken(known)
        try:
            verdict = self.examine(state)
        except _Broken as broken:
            with contextlib.suppress(TypeError):
                self.broken[state] = str(broken)
            raise
        self.checked[state] = verdict
        return verdict

    def examine(self, state: Any) -> tuple[NodeKind, list[tuple[Any, float, Any]]]:
        where = f"state {state_text(state)}"
        self.check_value(state, where)
        node_kind = self.call(f"{where}: kind()", self.method("kind"), state)
        if not isinstance(node_kind, NodeKind):
            raise _Broken(f"{where}: kind() gave {node_kind!r}, not a NodeKind")
        where = f"{node_kind.value} {where}"
        moves: list[tuple[Any, float, Any]] = []
        if node_kind is NodeKind.TERMINAL:
            payoff = self.call(f"{where}: returns()", self.method("returns"), state)
            if isinstance(payoff, bool) or not isinstance(payoff, int | Fraction):
                raise _Broken(
                    f"{where}: returns() gave {payoff!r} ({type(payoff).__name__}); "
                    "payoffs must be int or Fraction"
                )
            return node_kind, moves
        if node_kind is NodeKind.CHANCE:
            outcomes = self.sequence(f"{where}: chance_outcomes()", "chance_outcomes", state)
            try:
                check_chance_outcomes(state, outcomes)
            except GameError as error:
                raise _Broken(str(error)) from None
            self.check_actions([outcome for outcome, _ in outcomes], f"{where}: outcome")
            moves = [(o, float(p), None) for o, p in outcomes]
        elif node_kind is NodeKind.SIMULTANEOUS:
            joint = self.sequence(f"{where}: joint_actions()", "joint_actions", state)
            if len(joint) != 2:
                raise _Broken(f"{where}: joint_actions() gave {joint!r}, not a pair of sequences")
            rows = self.listed(f"{where}: joint_actions() gave row actions", joint[0])
            columns = self.listed(f"{where}: joint_actions() gave column actions", joint[1])
            self.check_actions(rows, f"{where}: row action")
            self.check_actions(columns, f"{where}: column action")
            moves = [((r, c), 1.0, None) for r in rows for c in columns]
        else:
            actions = self.sequence(f"{where}: legal_actions()", "legal_actions", state)
            self.check_actions(actions, f"{where}: action")
            moves = [(a, 1.0, None) for a in actions]
        before = copy.deepcopy(state)
        moves = [(a, weight, self.child(state, a, where)) for a, weight, _ in moves]
        if before != state:
            raise _Broken(
                f"{where}: child() changed the state it was given; states must be immutable"
            )
        return node_kind, moves

    def child(self, state: Any, action: Any, where: str) -> Any:
        what = f"{where}: child(state, {state_text(action)})"
        first = self.call(what, self.method("child"), state, action)
        self.check_value(first, f"{what} gave state {state_text(first)} which")
        second = self.call(what, self.method("child"), state, action)
        if first != second or hash(first) != hash(second):
            raise _Broken(
                f"{what} is not deterministic: {state_text(first)}, then {state_text(second)}"
            )
        return first

    def check_value(self, value: Any, where: str) -> None:
        """``value`` must behave as an immutable value: hashable, equal to its copy."""
        try:
            duplicate = copy.deepcopy(value)
        except Exception as error:
            raise _Broken(f"{where} cannot be deep-copied ({_describe(error)})") from None
        try:
            if duplicate != value or hash(duplicate) != hash(value):
                raise _Broken(f"{where}: a copy compares or hashes differently from the original")
            if {value: True}.get(duplicate) is not True:
                raise _Broken(f"{where}: a copy does not find the original as a dict key")
        except TypeError as error:
            raise _Broken(f"{where} is not hashable ({error}); states must be immutable") from None

    def check_actions(self, actions: list[Any], what: str) -> None:
        if not actions:
            raise _Broken(f"{what}s: there are none")
        for action in actions:
            try:
                hash(action)
            except TypeError:
                raise _Broken(f"{what} {state_text(action)} is not hashable") from None
        if len(set(actions)) != len(actions):
            raise _Broken(f"{what}s {state_text(actions)} contain duplicates")

    def method(self, name: str) -> Callable[..., Any]:
        function: Callable[..., Any] | None = getattr(self.game, name, None)
        if not callable(function):
            raise _Broken(f"the game has no {name}() method")
        return function

    def sequence(self, what: str, name: str, state: Any) -> list[Any]:
        """``game.<name>(state)`` as a list; ``what`` says where, for messages."""
        return self.listed(f"{what} gave", self.call(what, self.method(name), state))

    @staticmethod
    def listed(what: str, result: Any) -> list[Any]:
        try:
            return list(result)
        except TypeError:
            raise _Broken(f"{what} {result!r}, which is not a sequence") from None

    @staticmethod
    def call(what: str, function: Callable[..., Any], *arguments: Any) -> Any:
        try:
            return function(*arguments)
        except Exception as error:
            raise _Broken(f"{what} raised {_describe(error)}") from None


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"

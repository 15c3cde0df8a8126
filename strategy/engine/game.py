"""The Game protocol: what a game must tell the solvers about its states.

A game is a set of hashable, immutable states. Each state has one :class:`NodeKind`: a
*terminal* state pays the maximiser a number, a *chance* state lists outcomes with exact
probabilities, a *max* or *min* state lists the legal actions of the player to move, and a
*simultaneous* state lists both players' actions for a zero-sum stage game. Payoffs are
always to the maximiser; the minimiser receives their negation.

>>> from fractions import Fraction
>>> class CoinThenChoice:
...     '''Heads or tails (1/2 each); after heads the maximiser picks 1 or 3, after tails 0.'''
...     def initial_state(self): return "start"
...     def kind(self, state):
...         return {"start": NodeKind.CHANCE, "heads": NodeKind.MAX}.get(state, NodeKind.TERMINAL)
...     def returns(self, state): return int(state) if state.isdigit() else 0
...     def legal_actions(self, state): return ("1", "3")
...     def chance_outcomes(self, state): return (("heads", Fraction(1, 2)), ("0", Fraction(1, 2)))
...     def joint_actions(self, state): raise NotImplementedError
...     def child(self, state, action): return action
>>> game: Game[str, str] = CoinThenChoice()
>>> game.kind(game.initial_state())
<NodeKind.CHANCE: 'chance'>
>>> check_chance_outcomes("start", game.chance_outcomes("start"))  # passes silently
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar

__all__ = ["Game", "GameError", "NodeKind", "check_chance_outcomes", "state_text"]

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)

# Long reprs (a whole board, a big tuple) would drown the message they belong to.
_MAX_REPR = 200


class NodeKind(enum.Enum):
    """What happens at a state: it pays out, chance moves, or a player moves.

    >>> NodeKind("max") is NodeKind.MAX
    True
    """

    TERMINAL = "terminal"
    CHANCE = "chance"
    MAX = "max"
    MIN = "min"
    SIMULTANEOUS = "simultaneous"


class Game(Protocol[S, A]):
    """A finite two-player zero-sum game with chance, seen one state at a time.

    States (``S``) must be hashable and immutable: they are memo keys. Actions (``A``) must be
    hashable. Each method other than :meth:`initial_state`, :meth:`kind` and :meth:`child` is
    called only on states of the matching kind. The module docstring shows a complete game.

    >>> from strategy.engine.game import Game, NodeKind
    >>> class Stop:
    ...     def initial_state(self): return 0
    ...     def kind(self, state): return NodeKind.TERMINAL
    ...     def returns(self, state): return 7
    >>> Stop().returns(Stop().initial_state())
    7
    """

    def initial_state(self) -> S:
        """The state play starts from."""
        ...

    def kind(self, state: S) -> NodeKind:
        """The kind of ``state``."""
        ...

    def returns(self, state: S) -> Fraction | int:
        """TERMINAL only: the exact payoff to the maximiser."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """MAX / MIN only: the mover's actions, non-empty, in a fixed order."""
        ...

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        """CHANCE only: ``(outcome, probability)`` pairs; probabilities exact, > 0, summing to 1."""
        ...

    def joint_actions(self, state: S) -> tuple[Sequence[A], Sequence[A]]:
        """SIMULTANEOUS only: ``(maximiser's actions, minimiser's actions)``, both non-empty."""
        ...

    def child(self, state: S, action: A) -> S:
        """The state after ``action``; at SIMULTANEOUS states ``action`` is ``(row, column)``."""
        ...


class GameError(ValueError):
    """A game broke the protocol; the message names the state and what is wrong.

    >>> raise GameError("state (3, 1): no legal actions")
    Traceback (most recent call last):
    ...
    strategy.engine.game.GameError: state (3, 1): no legal actions
    """


def state_text(state: object) -> str:
    """``repr(state)`` for error messages, shortened when very long.

    >>> state_text((1, 2))
    '(1, 2)'
    >>> len(state_text(tuple(range(1000)))) <= 203
    True
    """
    try:
        text = repr(state)
    except Exception as error:  # a user's broken __repr__ must not hide the real problem
        text = f"<{type(state).__name__} whose repr raised {error!r}>"
    return text if len(text) <= _MAX_REPR else text[: _MAX_REPR - 3] + "..."


def check_chance_outcomes(state: object, outcomes: Iterable[tuple[object, object]]) -> None:
    """Raise :class:`GameError` unless ``outcomes`` is a valid chance distribution.

    Valid means: at least one ``(outcome, probability)`` pair, every probability an ``int`` or a
    ``Fraction`` (floats cannot sum to exactly 1, so they are refused), every probability > 0,
    and the probabilities summing to exactly 1.

    >>> check_chance_outcomes("s", [("a", Fraction(1, 3)), ("b", Fraction(2, 3))])
    >>> check_chance_outcomes("s", [("a", 0.5), ("b", 0.5)])
    Traceback (most recent call last):
    ...
    strategy.engine.game.GameError: chance state 's': probability 0.5 of outcome 'a' is a float; ...
    """
    total = Fraction(0)
    count = 0
    for pair in outcomes:
        try:
            outcome, probability = pair
        except (TypeError, ValueError):
            raise GameError(
                f"chance state {state_text(state)}: {state_text(pair)} is not an "
                "(outcome, probability) pair"
            ) from None
        if not isinstance(probability, int | Fraction):
            what = "a float" if isinstance(probability, float) else "not an int or Fraction"
            raise GameError(
                f"chance state {state_text(state)}: probability {probability!r} of outcome "
                f"{state_text(outcome)} is {what}; use fractions.Fraction for exact probabilities"
            )
        if probability <= 0:
            raise GameError(
                f"chance state {state_text(state)}: probability {probability} of outcome "
                f"{state_text(outcome)} is not positive; leave impossible outcomes out"
            )
        total += probability
        count += 1
    if count == 0:
        raise GameError(f"chance state {state_text(state)}: no chance outcomes")
    if total != 1:
        raise GameError(
            f"chance state {state_text(state)}: probabilities sum to {total}, not exactly 1"
        )

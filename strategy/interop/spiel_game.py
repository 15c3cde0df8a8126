"""An OpenSpiel game seen as a ``strategy`` game, so :func:`~strategy.engine.solve.solve`
values it exactly: :func:`from_pyspiel` (re-exported by :mod:`strategy.interop.openspiel`).

Two-player zero-sum games of perfect information (sequential, with or without explicit
chance, or simultaneous with perfect information of the past) whose payoffs come at the end
are wrapped. Games with hidden information, such as ``kuhn_poker``, are refused:
:func:`~strategy.engine.solve.solve` finds the value of a game whose players see the whole
state, and a hidden card has no such value. Sampled chance (no listed probabilities),
general-sum games, more players and rewards during play are refused too.

>>> import pyspiel
>>> from strategy.engine.solve import solve
>>> solve(from_pyspiel(pyspiel.load_game("matrix_mp"))).value  # matching pennies is fair
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, Literal

from strategy.engine.errors import InputError
from strategy.engine.extras import require
from strategy.engine.game import GameError, NodeKind, state_text

__all__ = ["Identity", "SpielGame", "from_pyspiel", "pyspiel_module"]

# OpenSpiel's floats are read as the simplest fraction with at most this denominator that
# rounds to the same float: enough for any dice, cards or payoffs a person writes down.
_MAX_DENOMINATOR = 1 << 32


def pyspiel_module() -> Any:
    """OpenSpiel's module, or :class:`~strategy.engine.extras.MissingExtra` naming the extra."""
    return require("pyspiel", "openspiel", "OpenSpiel interop")


#: How :func:`from_pyspiel` tells states apart: by the whole history of actions (a tree:
#: always right, but tic-tac-toe's has 549,946 nodes), or by OpenSpiel's text of the state
#: with the player to move and the move number (transpositions solved once, as OpenSpiel's
#: own value iteration does by text: 5,478 states for tic-tac-toe). ``"text"`` is right only
#: when the text shows everything the future depends on; ``pig``'s hides how many turns are
#: left before its horizon, so ``"text"`` gives pig a wrong value.
Identity = Literal["text", "history"]


def from_pyspiel(game: Any, *, identify: Identity = "history") -> SpielGame:
    """An OpenSpiel ``game`` as a ``strategy`` game; :class:`InputError` for kinds of game the
    solver cannot value (the message says which and why).

    >>> import pyspiel
    >>> from_pyspiel(pyspiel.load_game("kuhn_poker"))
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: kuhn_poker has imperfect information: ...
    """
    _check_supported(game)
    return SpielGame(game, identify)


def _check_supported(game: Any) -> None:
    pyspiel = pyspiel_module()
    kinds = pyspiel.GameType
    game_type = game.get_type()
    name = game_type.short_name
    if game.num_players() != 2:
        raise InputError(
            f"{name} has {game.num_players()} players; strategy solves two-player games"
        )
    if game_type.utility != kinds.Utility.ZERO_SUM:
        raise InputError(
            f"{name} is not zero-sum ({game_type.utility.name}); strategy's values are "
            "one number per state, which needs a zero-sum game"
        )
    if game_type.information not in (
        kinds.Information.PERFECT_INFORMATION,
        kinds.Information.ONE_SHOT,
    ):
        raise InputError(
            f"{name} has imperfect information: strategy solves games whose players see the "
            "whole state, and hidden information (cards, private rolls) gives no value per state"
        )
    if game_type.chance_mode == kinds.ChanceMode.SAMPLED_STOCHASTIC:
        raise InputError(f"{name} samples its chance moves without listing their probabilities")
    if game_type.reward_model != kinds.RewardModel.TERMINAL:
        raise InputError(f"{name} pays rewards during play; strategy needs payoffs at the end")


class SpielGame:
    """A perfect-information, two-player zero-sum OpenSpiel game seen as a ``strategy`` game.

    States are keys (see :data:`Identity`); each key's OpenSpiel state is kept, so the
    game holds every state it has been asked about. Chance probabilities and payoffs arrive
    as floats and are taken exactly as the simplest fraction that rounds to the same float
    (``1/6`` for OpenSpiel's ``0.1666...``); a chance state whose fractions do not sum to
    exactly 1 is a :class:`~strategy.engine.game.GameError`.
    """

    def __init__(self, game: Any, identify: Identity = "history") -> None:
        self.spiel = game
        self.identify = identify
        self._pyspiel = pyspiel_module()
        self._states: dict[Hashable, Any] = {}
        self._start = self._key(game.new_initial_state())

    def _key(self, spiel_state: Any) -> Hashable:
        if self.identify == "history":
            key: Hashable = tuple(spiel_state.history())
        else:
            key = (str(spiel_state), spiel_state.current_player(), spiel_state.move_number())
        self._states.setdefault(key, spiel_state)
        return key

    def initial_state(self) -> Hashable:
        """The key of OpenSpiel's initial state."""
        return self._start

    def kind(self, state: Hashable) -> NodeKind:
        """Terminal, chance, simultaneous, or MAX (player 0) / MIN (player 1)."""
        spiel_state = self._states[state]
        if spiel_state.is_terminal():
            return NodeKind.TERMINAL
        if spiel_state.is_chance_node():
            return NodeKind.CHANCE
        if spiel_state.is_simultaneous_node():
            return NodeKind.SIMULTANEOUS
        return NodeKind.MAX if spiel_state.current_player() == 0 else NodeKind.MIN

    def returns(self, state: Hashable) -> Fraction:
        """Player 0's return, exactly."""
        return _exact(self._states[state].returns()[0], state, "payoff")

    def legal_actions(self, state: Hashable) -> list[int]:
        """The mover's OpenSpiel actions."""
        return list(self._states[state].legal_actions())

    def joint_actions(self, state: Hashable) -> tuple[list[int], list[int]]:
        """Each player's actions at a simultaneous state."""
        spiel_state = self._states[state]
        return list(spiel_state.legal_actions(0)), list(spiel_state.legal_actions(1))

    def chance_outcomes(self, state: Hashable) -> list[tuple[int, Fraction]]:
        """Chance's outcomes with positive probability, each probability exact."""
        return [
            (action, _exact(probability, state, "probability"))
            for action, probability in self._states[state].chance_outcomes()
            if probability > 0
        ]

    def child(self, state: Hashable, action: Any) -> Hashable:
        """The key of the state after ``action`` (a pair at simultaneous states)."""
        spiel_state = self._states[state].clone()
        if isinstance(action, tuple):
            spiel_state.apply_actions(list(action))
        else:
            spiel_state.apply_action(action)
        return self._key(spiel_state)


def _exact(number: float, state: Hashable, what: str) -> Fraction:
    exact = Fraction(number).limit_denominator(_MAX_DENOMINATOR)
    if float(exact) != number:
        raise GameError(
            f"state {state_text(state)}: {what} {number!r} is no simple fraction; "
            "strategy needs exact numbers"
        )
    return exact

"""What the classic games share: stand-ins for the Game methods their states never need.

The :class:`~strategy.engine.game.Game` protocol has a method per node kind. A game without chance
or simultaneous states inherits :class:`GameDefaults` and overrides only what it uses; a
stand-in called by mistake raises :class:`~strategy.engine.game.GameError` naming the game.

>>> class Stop(GameDefaults):
...     pass
>>> Stop().joint_actions("s")
Traceback (most recent call last):
...
strategy.engine.game.GameError: Stop has no simultaneous states, but joint_actions() ...
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NoReturn

from strategy.engine.game import GameError, state_text

__all__ = ["GameDefaults"]


class GameDefaults:
    """Base class of the classic games: each method raises, naming the missing node kind.

    >>> GameDefaults().chance_outcomes(3)
    Traceback (most recent call last):
    ...
    strategy.engine.game.GameError: GameDefaults has no chance states, but chance_outcomes() was ...
    """

    def _missing(self, kind: str, method: str, state: object) -> NoReturn:
        raise GameError(
            f"{type(self).__name__} has no {kind} states, but {method}() was asked about "
            f"{state_text(state)}"
        )

    def returns(self, state: Any) -> Fraction | int:
        """Games that never end would have no terminal states."""
        self._missing("terminal", "returns", state)

    def legal_actions(self, state: Any) -> Sequence[Any]:
        """A game of chance alone has no decision states."""
        self._missing("decision", "legal_actions", state)

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, Fraction]]:
        """A deterministic game has no chance states."""
        self._missing("chance", "chance_outcomes", state)

    def joint_actions(self, state: Any) -> tuple[Sequence[Any], Sequence[Any]]:
        """A game of alternating moves has no simultaneous states."""
        self._missing("simultaneous", "joint_actions", state)

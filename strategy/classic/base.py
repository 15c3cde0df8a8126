"""What the classic games share: stand-ins for the Game methods their states never need, and
the registration of a game played on heaps (:func:`register_heap_game`).

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

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, NoReturn

from strategy.engine.game import GameError, state_text
from strategy.engine.impartial import ImpartialGame
from strategy.engine.registry import Parameter, register_game

__all__ = ["GameDefaults", "register_heap_game"]

Heaps = tuple[int, ...]
#: The largest heap the registry's tools take: a state lists about a move per token, and a
#: random play of heaps this size already takes thousands of moves.
MAX_HEAP = 1000


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


def register_heap_game(
    name: str,
    moves: Callable[..., Callable[[Heaps], Iterable[Heaps]]],
    *,
    summary: str,
    parameters: Sequence[Parameter] = (),
    example: str,
    title: Callable[..., str],
    states: Callable[..., int] | None = None,
) -> None:
    """Register a game played on heaps: ``moves(**parameters)`` gives the positions one move
    from each position; the registry's tools take the heaps (positional) and ``--misere``;
    ``states`` bounds the positions, as :func:`~strategy.engine.registry.register_game` says.

    >>> from strategy.engine.registry import load_game, unregister_game
    >>> register_heap_game(
    ...     "halving", lambda: lambda heaps: [heaps[:-1] + (heaps[-1] // 2,)] if heaps[-1] else [],
    ...     summary="halve the last heap", example="4", title=lambda heaps, misere: "halving",
    ... )
    >>> load_game("halving", heaps=(4,)).legal_actions(((4,), True))
    ((2,),)
    >>> unregister_game("halving")
    """

    def game(heaps: Heaps, misere: bool, **rules: Any) -> ImpartialGame[Heaps]:
        return ImpartialGame(moves(**rules), start=heaps, misere=misere)

    register_game(
        name,
        game,
        summary=summary,
        parameters=(
            Parameter(
                "heaps", "the heaps", minimum=0, maximum=MAX_HEAP, many=True, positional=True
            ),
            *parameters,
            Parameter("misere", "whoever moves last loses", default=False, kind=bool),
        ),
        flags=("impartial",),
        example=example,
        payoffs=(-1.0, 1.0),
        title=title,
        label=lambda state: (
            (" ".join(map(str, state[0])) or "no heaps") + (" first" if state[1] else " second")
        ),
        attributes=lambda state: {"counters": sum(state[0])},
        states=states,
    )

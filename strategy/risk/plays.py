"""How to play one state of a Risk battle optimally: the attacker's moves, the defender's answers.

A :class:`CellPlay` records every optimal choice at one ``(A, D)``, ties included, in the
order the battle game lists them (:meth:`strategy.risk.choices.ChoiceRule.attacker_moves`).
The tables of :mod:`strategy.risk.optimal` hold one per state (exact tables as objects,
float tables as bitmasks decoded when read).

>>> play = CellPlay((3, STOP), ((3, (), (1, 2)),))
>>> play.dice, play.stops, play.response(3)
(3, False, (1, 2))
>>> OVER.over
True
"""

from __future__ import annotations

from dataclasses import dataclass

from strategy.engine.numbers import Value
from strategy.risk.choices import ATTACK, STOP, Move
from strategy.risk.dice import Roll

__all__ = ["ATTACK", "OVER", "STOP", "CellPlay", "Move", "Response", "Value"]

#: The defender's best answers: ``(attacker dice, attacker's top roll or (), defender dice)``.
Response = tuple[int, Roll, tuple[int, ...]]


@dataclass(frozen=True)
class CellPlay:
    """Optimal play at one state.

    ``attacker`` holds every optimal move, in the order the battle game lists them
    (dice counts, or ``ATTACK``, then ``STOP``); it is empty where the battle is over.
    ``responses`` holds the defender's optimal answers (every tie) to each attacker
    dice count (``respond``) or each attacker roll (``sees-roll``). Under
    ``announce`` the mixes are an equilibrium of the stage game: the probabilities
    of rolling 1, 2, … dice.

    >>> CellPlay((ATTACK,), (), (1.0, 0.0), (0.0, 1.0)).dice is None  # dice chosen in the mix
    True
    """

    attacker: tuple[Move, ...]
    responses: tuple[Response, ...] = ()
    attacker_mix: tuple[Value, ...] = ()
    defender_mix: tuple[Value, ...] = ()

    @property
    def over(self) -> bool:
        """Whether the battle is over here (no one moves)."""
        return not self.attacker

    @property
    def stops(self) -> bool:
        """Whether stopping is the attacker's only optimal move."""
        return self.attacker == (STOP,)

    @property
    def dice(self) -> int | None:
        """The most dice among the attacker's optimal pure choices (None if it stops or mixes)."""
        counts = [move for move in self.attacker if isinstance(move, int)]
        return max(counts) if counts else None

    def response(self, attacker_dice: int, roll: Roll = ()) -> tuple[int, ...]:
        """The defender's optimal dice counts against ``attacker_dice`` (and ``roll``)."""
        for dice, seen, answers in self.responses:
            if dice == attacker_dice and seen == roll:
                return answers
        raise KeyError(f"no response recorded for {attacker_dice} dice and roll {roll}")


OVER = CellPlay(())

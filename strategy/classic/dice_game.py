"""Seed 002's roll-or-stop dice game, solved by expectiminimax on the engine.

A player rolls a die with ``sides`` faces and may keep the face as the reward or roll again,
up to ``rolls`` rolls in all; the last roll must be kept. Chance nodes (the rolls) alternate
with the player's decisions, so :func:`strategy.engine.solve.solve` gives the exact expected reward
and the optimal rule: keep a face when it is at least the value of rolling again.

>>> analysis = analyse_dice(rolls=3)
>>> analysis.value, analysis.keep_from
(Fraction(14, 3), (5, 4))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from strategy.classic.base import GameDefaults
from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.engine.game import NodeKind
from strategy.engine.registry import Parameter, register_game
from strategy.engine.resources import require
from strategy.engine.solve import solve

__all__ = ["DiceAnalysis", "DiceState", "RollOrStop", "analyse_dice"]


@dataclass(frozen=True)
class DiceState:
    """After ``rolls_used`` rolls: the face showing (``None`` while the die is in the air),
    and whether the player has stopped.

    >>> DiceState(1, 4, False).face
    4
    """

    rolls_used: int
    face: int | None
    stopped: bool


@dataclass(frozen=True)
class RollOrStop(GameDefaults):
    """The game for the engine; the reward (the kept face) is the maximiser's payoff.

    >>> from strategy.engine.solve import solve
    >>> solve(RollOrStop(rolls=1)).value  # one roll: the mean face
    Fraction(7, 2)
    """

    rolls: int = 3
    sides: int = 6

    def __post_init__(self) -> None:
        if self.rolls < 1 or self.sides < 1:
            raise InputError(f"need at least one roll and one side ({self.rolls}, {self.sides})")

    def initial_state(self) -> DiceState:
        """The first roll, about to happen."""
        return DiceState(0, None, False)

    def kind(self, state: DiceState) -> NodeKind:
        """CHANCE while rolling, TERMINAL once a face is kept, else MAX."""
        if state.face is None:
            return NodeKind.CHANCE
        if state.stopped or state.rolls_used == self.rolls:
            return NodeKind.TERMINAL
        return NodeKind.MAX

    def returns(self, state: DiceState) -> int:
        """The kept face."""
        assert state.face is not None
        return state.face

    def legal_actions(self, state: DiceState) -> Sequence[str]:
        """Keep the face, or roll again."""
        return ("stop", "roll")

    def chance_outcomes(self, state: DiceState) -> Sequence[tuple[int, Fraction]]:
        """Each face with probability ``1 / sides``."""
        return tuple((face, Fraction(1, self.sides)) for face in range(1, self.sides + 1))

    def child(self, state: DiceState, action: int | str) -> DiceState:
        """A face lands, or the player stops or rolls again."""
        if isinstance(action, int):
            return DiceState(state.rolls_used + 1, action, False)
        if action == "stop":
            return DiceState(state.rolls_used, state.face, True)
        return DiceState(state.rolls_used, None, False)


@dataclass(frozen=True, repr=False)
class DiceAnalysis(Summarised):
    """The exact expected reward under best play and when to keep a face.

    ``keep_from[r - 1]`` is the smallest face worth keeping after roll ``r`` (for each roll
    but the last, which is always kept). ``states`` counts the states the solver evaluated.

    >>> analyse_dice(rolls=2).keep_from
    (4,)
    """

    rolls: int
    sides: int
    value: Fraction
    keep_from: tuple[int, ...]
    states: int


def analyse_dice(rolls: int = 3, sides: int = 6) -> DiceAnalysis:
    """Solve the roll-or-stop game with ``rolls`` rolls of a ``sides``-sided die.

    >>> analyse_dice(rolls=4).value
    Fraction(89, 18)
    """
    game = RollOrStop(rolls, sides)
    # About 2 rolls x sides states, each about 30 us and a few hundred bytes, more as the
    # exact values (denominators up to sides ** rolls) grow.
    states = 2 * rolls * sides + rolls
    digits = rolls * math.log10(max(sides, 2))
    require(
        f"the dice game of {rolls:,} rolls of a {sides:,}-sided die",
        memory=states * (400 + digits),
        seconds=states * 30e-6 * (1 + digits / 2000),
    )
    result = solve(game)
    keep_from = tuple(
        min(
            face
            for face in range(1, sides + 1)
            if "stop" in result.optimal_actions[DiceState(used, face, False)]
        )
        for used in range(1, rolls)
    )
    value = result.value
    assert isinstance(value, Fraction)
    return DiceAnalysis(rolls, sides, value, keep_from, result.states_visited)


def _label(state: DiceState) -> str:
    face = "rolling" if state.face is None else f"shows {state.face}"
    return f"roll {state.rolls_used} {face}" + (" kept" if state.stopped else "")


register_game(
    "dice",
    RollOrStop,
    summary="seed 002's roll-or-stop dice game: keep a face or roll again",
    parameters=(
        Parameter("rolls", "rolls allowed (default 2)", default=2, minimum=1),
        Parameter("sides", "faces of the die (default 6)", default=6, minimum=1),
    ),
    flags=("chance",),
    example="--rolls 3 --sides 4",
    # A position is the rolls used, the face showing and whether play stopped.
    states=lambda rolls, sides: 2 * rolls * sides + 1,
    title=lambda rolls, sides: f"roll-or-stop, {rolls} rolls of a d{sides}",
    label=_label,
)

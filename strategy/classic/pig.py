"""Pig (Neller & Presser 2004): roll a die for a turn total, hold to bank it, or lose it on a 1.

Each turn the player rolls until rolling a 1 (the turn scores nothing) or holding (the turn
total is added to the score); the first to reach ``goal`` wins. Scores and turn totals can
come back (both players roll a 1), so the game is cyclic: :class:`PigGame` states it for the
generic methods of :mod:`strategy.engine.value_iteration` (exact for small goals), and
:func:`solve_pig` is a vectorised solver for goals up to a few hundred.

Following Neller and Presser, ``P[i, j, k]`` is the probability that the player to move wins
with score ``i``, opponent's score ``j`` and turn total ``k``. Turns pass a pair of scores
``(i, j)`` back and forth, and every other move raises the sum ``i + j``, so
:func:`solve_pig` solves the pairs one score sum at a time from the highest down. Within a
score sum, ``P[i, j, .]`` is linear in the opponent's ``P[j, i, 0]`` once the hold/roll choices
are fixed, so policy iteration finds the exact fixed point of each sum: evaluate the choices
by a 2-by-2 linear solve, choose greedily again, and stop when the choices repeat. All in
float64; the tests hold it to the exact solution on small goals.

>>> # To 1 point, a roll wins unless it is a 1: P = 5/6 + (1 - P)/6, so P = 6/7.
>>> round(solve_pig(goal=1).win_probability, 12) == round(6 / 7, 12)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from strategy.classic.base import GameDefaults
from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.engine.game import NodeKind
from strategy.engine.resources import require_memory

__all__ = ["PigGame", "PigSolution", "PigState", "solve_pig"]

SIDES = 6
_MAX_POLICY_ROUNDS = 50


@dataclass(frozen=True)
class PigState:
    """The player to move has ``score`` and turn total ``turn``; the other has ``opponent``.

    ``first`` says the player to move is the one who started; ``rolling`` marks the die in
    the air. A state whose ``score`` reached the goal is the end: that player has won.

    >>> PigState(0, 0, 0, first=True, rolling=False).turn
    0
    """

    score: int
    opponent: int
    turn: int
    first: bool
    rolling: bool


@dataclass(frozen=True)
class PigGame(GameDefaults):
    """Pig to ``goal`` for the generic solvers; the payoff is 1 when the first player wins.

    With ``hold_at`` both players follow "hold at ``hold_at`` or goal" and the value is the
    first player's chance under that policy; without it both play optimally.

    >>> from strategy.engine.value_iteration import solve_exactly
    >>> solve_exactly(PigGame(goal=2)).value  # any roll but a 1 reaches 2
    Fraction(6, 7)
    """

    goal: int = 100
    hold_at: int | None = None

    def __post_init__(self) -> None:
        if self.goal < 1 or (self.hold_at is not None and self.hold_at < 1):
            raise InputError(f"goal and hold_at must be at least 1 ({self.goal}, {self.hold_at})")

    def initial_state(self) -> PigState:
        """The first player's first turn."""
        return PigState(0, 0, 0, first=True, rolling=False)

    def kind(self, state: PigState) -> NodeKind:
        """TERMINAL at the goal, CHANCE while the die rolls, else MAX (first) or MIN."""
        if state.score >= self.goal:
            return NodeKind.TERMINAL
        if state.rolling:
            return NodeKind.CHANCE
        return NodeKind.MAX if state.first else NodeKind.MIN

    def returns(self, state: PigState) -> int:
        """1 if the first player reached the goal, else 0."""
        return 1 if state.first else 0

    def legal_actions(self, state: PigState) -> Sequence[str]:
        """Roll; hold too once the turn total is positive (a turn starts with a roll)."""
        if self.hold_at is not None:
            return ("hold",) if state.turn >= self.hold_at else ("roll",)
        return ("roll", "hold") if state.turn > 0 else ("roll",)

    def chance_outcomes(self, state: PigState) -> Sequence[tuple[int, Fraction]]:
        """Each face of the die with probability 1/6."""
        return tuple((face, Fraction(1, SIDES)) for face in range(1, SIDES + 1))

    def child(self, state: PigState, action: int | str) -> PigState:
        """Roll, hold, or a face of the die: a 1 passes the turn, others add to the total."""
        if action == "roll":
            return PigState(state.score, state.opponent, state.turn, state.first, rolling=True)
        if action == "hold":
            return PigState(state.opponent, state.score + state.turn, 0, not state.first, False)
        assert isinstance(action, int)
        if action == 1:
            return PigState(state.opponent, state.score, 0, not state.first, False)
        total = state.turn + action
        if state.score + total >= self.goal:
            return PigState(state.score + total, state.opponent, 0, state.first, False)
        return PigState(state.score, state.opponent, total, state.first, False)


FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, repr=False)
class PigSolution(Summarised):
    """Pig solved for every state: win probabilities and the hold/roll choice.

    ``win[i, j, k]`` is the probability that the player to move wins from score ``i``,
    opponent ``j``, turn total ``k`` (for ``i + k < goal``; other entries are 1), and
    ``hold[i, j, k]`` whether holding is the choice there (never at ``k = 0``).

    >>> bool(solve_pig(goal=3).hold[0, 0, 2])  # 2 of 3 points: roll on to win, do not bank
    False
    """

    SHOWN = ("win_probability",)

    goal: int
    hold_at: int | None
    win: FloatArray
    hold: BoolArray

    @property
    def win_probability(self) -> float:
        """The first player's probability of winning from the start."""
        return float(self.win[0, 0, 0])

    def hold_threshold(self, score: int, opponent: int) -> int:
        """The least turn total at which the player holds (``goal - score`` if never).

        >>> solve_pig(goal=100, hold_at=20).hold_threshold(0, 0)
        20
        """
        holds = np.flatnonzero(self.hold[score, opponent, : self.goal - score])
        return int(holds[0]) if holds.size else self.goal - score

    def hold_thresholds(self) -> list[list[int]]:
        """``hold_threshold(i, j)`` for every pair of scores, as nested lists."""
        return [[self.hold_threshold(i, j) for j in range(self.goal)] for i in range(self.goal)]


def solve_pig(
    goal: int = 100,
    hold_at: int | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> PigSolution:
    """Solve Pig to ``goal`` with optimal play, or with both players holding at ``hold_at``;
    ``progress(done, total)``, if given, hears of the pairs of scores solved.

    >>> round(solve_pig(goal=100, hold_at=20).win_probability, 4)  # Neller: about .5347
    0.5347
    """
    if goal < 1 or (hold_at is not None and hold_at < 1):
        raise InputError(f"goal and hold_at must be at least 1 ({goal}, {hold_at})")
    # Turn totals run to goal - 1, plus room for the six-face lookahead past the goal.
    width = goal + SIDES
    # One float and one bool per (score, score, turn total), and as much again in work space.
    require_memory(2 * 9 * goal * goal * width, f"Pig to {goal}")
    win = np.ones((goal, goal, width))
    hold = np.zeros((goal, goal, width), dtype=bool)
    solved = 0
    for total in range(2 * goal - 2, -1, -1):
        scores = np.arange(max(0, total - goal + 1), min(total, goal - 1) + 1)
        _solve_score_sum(win, hold, scores, total - scores, goal, hold_at)
        solved += len(scores)
        if progress is not None:
            progress(solved, goal * goal)
    return PigSolution(goal, hold_at, win[:, :, :goal], hold[:, :, :goal])


def _solve_score_sum(
    win: FloatArray,
    hold: BoolArray,
    mine: npt.NDArray[Any],
    theirs: npt.NDArray[Any],
    goal: int,
    hold_at: int | None,
) -> None:
    """Fill ``win`` and ``hold`` for the score pairs ``(mine, theirs)`` of one score sum."""
    width = win.shape[2]
    turns = np.arange(width)
    won = mine[:, None] + turns[None, :] >= goal
    # The pairs are listed by ``mine``; the swapped pair (theirs, mine) is the reverse list.
    swapped = slice(None, None, -1)
    # P[mine, theirs, k] = a[:, k] + b[:, k] * y, with y = 1 - P[theirs, mine, 0] the value
    # left after rolling a 1; a and b are rebuilt for each guess of the choices.
    a = won.astype(float)
    b = np.zeros_like(a)
    choices = np.zeros(a.shape, dtype=bool)
    y = np.full(len(mine), 0.5)
    previous: BoolArray | None = None
    for _ in range(_MAX_POLICY_ROUNDS):
        for k in range(goal - 1 - int(mine[0]), -1, -1):
            playing = ~won[:, k]
            roll_a = a[:, k + 2 : k + SIDES + 1].sum(axis=1) / SIDES
            roll_b = (1 + b[:, k + 2 : k + SIDES + 1].sum(axis=1)) / SIDES
            if k == 0:
                holds = np.zeros(len(mine), dtype=bool)
                hold_value = roll_a
            else:
                banked = np.minimum(mine + k, goal - 1)
                hold_value = 1 - win[theirs, banked, 0]
                if hold_at is None:
                    holds = hold_value >= roll_a + roll_b * y
                else:
                    holds = np.full(len(mine), k >= hold_at)
            holds &= playing
            choices[:, k] = holds
            a[:, k] = np.where(playing, np.where(holds, hold_value, roll_a), 1.0)
            b[:, k] = np.where(playing & ~holds, roll_b, 0.0)
        a0, b0 = a[:, 0], b[:, 0]
        a1, b1 = a0[swapped], b0[swapped]
        start = (a0 + b0 * (1 - a1 - b1)) / (1 - b0 * b1)
        y = 1 - start[swapped]
        # Fixed choices need one evaluation; chosen ones are optimal once they choose
        # themselves again against their own values.
        if hold_at is not None or (previous is not None and np.array_equal(choices, previous)):
            break
        previous = choices.copy()
    else:
        raise RuntimeError(
            f"Pig policy iteration did not settle at score sum {mine[0] + theirs[0]}"
        )
    win[mine, theirs, :] = np.where(won, 1.0, a + b * y[:, None])
    hold[mine, theirs, :] = choices

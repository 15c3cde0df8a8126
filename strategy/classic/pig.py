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
score sum, ``P[i, j, .]`` is linear in ``y = 1 - P[j, i, 0]`` (what is left after rolling a 1)
once the hold/roll choices are fixed, so policy iteration finds the exact fixed point of each
sum: one backward pass over the turn totals, for every pair of the sum at once, chooses
greedily against a guess of ``y`` and carries each value with its slope in ``y``; a 2-by-2
linear solve then gives the true ``y``, and the choices stand if they choose themselves again
against it (one vectorised comparison), else the pass runs again. Guessing ``y`` from the
sums above (already solved) makes one pass enough for most sums. All in float64; the tests
hold it to the exact solution on small goals.

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
from strategy.engine.registry import Parameter, register_game
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
        """``hold_threshold(i, j)`` for every pair of scores, as nested lists.

        >>> solution = solve_pig(goal=10)
        >>> solution.hold_thresholds()[4][7] == solution.hold_threshold(4, 7)
        True
        """
        scores = np.arange(self.goal)
        playing = scores[None, :] < self.goal - scores[:, None]  # [i, k]: i + k < goal
        holds = self.hold & playing[:, None, :]
        first = np.argmax(holds, axis=2)
        never = self.goal - scores[:, None]
        thresholds: list[list[int]] = np.where(holds.any(axis=2), first, never).tolist()
        return thresholds


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
    # A float and a bool per (score, score, turn total), and about ten floats per turn total
    # and pair of one score sum as work space.
    require_memory(9 * goal**3 + 80 * goal * (goal + SIDES), f"Pig to {goal}")
    win = np.ones((goal, goal, goal))
    hold = np.zeros((goal, goal, goal), dtype=bool)
    starts = np.ones((goal, goal))  # P[i, j, 0], filled in as the score sums are solved
    solved = 0
    for total in range(2 * goal - 2, -1, -1):
        mine = np.arange(max(0, total - goal + 1), min(total, goal - 1) + 1)
        _solve_score_sum(win, hold, starts, mine, total - mine, hold_at)
        solved += len(mine)
        if progress is not None:
            progress(solved, goal * goal)
    return PigSolution(goal, hold_at, win, hold)


def _solve_score_sum(
    win: FloatArray,
    hold: BoolArray,
    starts: FloatArray,
    mine: npt.NDArray[Any],
    theirs: npt.NDArray[Any],
    hold_at: int | None,
) -> None:
    """Fill ``win``, ``hold`` and ``starts`` for the score pairs ``(mine, theirs)`` of one sum.

    The pairs are listed by ``mine``, so the swapped pairs ``(theirs, mine)`` are the same
    list reversed. Arrays run over turn totals ``k`` (rows) and pairs (columns); ``[k, 0]``
    is a value and ``[k, 1]`` its slope in ``y``.
    """
    goal = win.shape[0]
    top = goal - 1 - int(mine[0])  # the highest turn total a pair of this sum can play at
    turns = np.arange(goal + SIDES)[:, None]
    reach = mine + turns
    won = reach >= goal
    # Holding at k hands the opponent the pair (theirs, mine + k), of a higher score sum.
    banked = 1 - starts[theirs, np.minimum(reach, goal - 1)]
    held = np.zeros((len(turns), 2, len(mine)))
    held[:, 0] = np.where(won, 1.0, banked)
    # Hold where the threshold reaches the value of rolling: +inf holds, -inf rolls.
    if hold_at is None:
        threshold = np.where(won, np.inf, banked)
    else:
        threshold = np.where(won | (turns >= hold_at), np.inf, -np.inf)
    threshold[0] = -np.inf  # a turn starts with a roll
    values = np.zeros_like(held)
    values[:, 0] = 1.0  # the rows past ``top`` are won for every pair
    rolled = np.zeros_like(held)
    choices = np.zeros(won.shape, dtype=bool)
    y = 1 - _guess_starts(starts, theirs, mine)
    for _ in range(_MAX_POLICY_ROUNDS):
        # The six faces: a 1 leaves y (slope 1), the others move k on by 2 to 6.
        window = values[top + 2 : top + SIDES + 1].sum(axis=0)
        window[0] += y
        window[1] += 1
        for k in range(top, -1, -1):
            roll = np.multiply(window, 1 / SIDES, out=rolled[k])
            holds = np.greater_equal(threshold[k], roll[0], out=choices[k])
            np.copyto(values[k], roll)
            np.copyto(values[k], held[k], where=holds)
            window += values[k + 1]  # the window of k - 1: faces k + 1 to k + 5
            window -= values[k + SIDES]
        slope = values[0, 1]
        base = values[0, 0] - slope * y
        swapped_base, swapped_slope = base[::-1], slope[::-1]
        start = (base + slope * (1 - swapped_base - swapped_slope)) / (1 - slope * swapped_slope)
        shift = 1 - start[::-1] - y
        if hold_at is not None:
            break  # fixed choices need one evaluation
        greedy = threshold >= rolled[:, 0] + rolled[:, 1] * shift
        if np.array_equal(greedy[: top + 1], choices[: top + 1]):
            break
        y += shift
    else:
        raise RuntimeError(
            f"Pig policy iteration did not settle at score sum {mine[0] + theirs[0]}"
        )
    starts[mine, theirs] = start
    win[mine, theirs, :] = np.where(won, 1.0, values[:, 0] + values[:, 1] * shift)[:goal].T
    hold[mine, theirs, :] = (choices & ~won)[:goal].T


def _guess_starts(
    starts: FloatArray, theirs: npt.NDArray[Any], mine: npt.NDArray[Any]
) -> FloatArray:
    """``P[theirs, mine, 0]`` extrapolated from the two score sums above, solved already."""
    goal = starts.shape[0]
    up_mine, up_theirs = np.minimum(mine + 1, goal - 1), np.minimum(theirs + 1, goal - 1)
    along_mine, along_theirs = starts[theirs, up_mine], starts[up_theirs, mine]
    guess = along_mine + along_theirs - starts[up_theirs, up_mine]
    # At a score of goal - 1 only the other score can step up.
    guess = np.where(mine == goal - 1, along_theirs, guess)
    guess = np.where(theirs == goal - 1, along_mine, guess)
    return np.where((mine == goal - 1) & (theirs == goal - 1), 0.5, guess)


#: The largest goal solved exactly on request (the exact method grows quickly).
MAX_EXACT_GOAL = 30

register_game(
    "pig",
    PigGame,
    summary="Pig (payoff 1 if the first player wins)",
    # A random playout to goal G takes about 1.7 G moves (100,000 moves reach scores near
    # 59,000): the tools that play Pig out (MCTS) stay well inside their playout limit.
    parameters=(Parameter("goal", "points to win (10)", default=10, minimum=1, maximum=10_000),),
    flags=("chance", "cyclic"),
    example="--goal 10",
    payoffs=(0.0, 1.0),
    title=lambda goal: f"Pig to {goal}",
    exact_limit=lambda goal: (
        f"an exact solve of Pig is limited to goals up to {MAX_EXACT_GOAL}"
        if goal > MAX_EXACT_GOAL
        else None
    ),
)

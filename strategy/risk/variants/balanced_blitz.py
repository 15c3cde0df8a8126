"""Balanced Blitz, RISK: Global Domination's blitz dice, as of v3.3.

Balanced Blitz does not change the dice. It takes the true-random distribution of a
battle's final states and reshapes it in four steps (SMG's dice code, smgstudio/risk-dice
v3.3, as described in our research notes; written from that description, not from the code):

1. *win-chance cutoff*: a win chance ``W <= 0.05`` becomes 0 and ``1 - W <= 0.05`` makes it
   1, each side keeping the shape of its outcomes;
2. *win-chance power*: ``W`` becomes ``W**1.3 / (W**1.3 + L**1.3)``;
3. *outcome cutoff*: 0.1 of probability is cut off each end of the list of final states
   ordered from the attacker's best (a capture losing nothing) to the defender's best;
4. *outcome power*: each outcome's probability is raised to 1.8, and each side is scaled
   back to its win chance.

The true-random distribution and the cutoff decisions can be exact; the powers are not
rational, so balanced probabilities are floats. Every result carries a bound on its
distance (the sum of absolute differences over the final states) from Balanced Blitz
computed in exact arithmetic from the exact true-random distribution.

SMG's README (smgstudio/risk-dice): 30 v 15 attacking troops on a capital, P(the attacker
wins having lost exactly 12) is 0.0222128001707278 in true random and 0.0100282888709122 in
Balanced Blitz.

>>> from strategy.risk.classic import battle_odds
>>> from strategy.risk.rules import Rules
>>> rules = Rules(count="attacking").with_modifiers(capital=True)
>>> balanced = balance_odds(battle_odds(30, 15, rules))
>>> [round(float(p), 16) for a, d, p in balanced.odds.final_states if (a, d) == (18, 0)]
[0.0100282888709122]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np

from strategy.engine.probability import at_most_one
from strategy.risk.kernels.classic_float import FloatArray
from strategy.risk.resolution import V3_3, Balance
from strategy.risk.results import BattleOdds, Value

#: The unit roundoff of a float.
UNIT = 2.0**-53
#: Digits of the win chance computed by :func:`balanced_win_chance`.
DIGITS = 50


@dataclass(frozen=True)
class Balanced:
    """A balanced battle: its final states (floats), where they came from, and how far
    they may be from the exact balanced distribution.

    ``win_steps`` is the win chance after each of the four steps. ``error_bound`` bounds
    the sum over final states of the absolute difference from Balanced Blitz computed in
    exact arithmetic from the exact true-random distribution; ``inf`` when a cutoff
    decision cannot be settled at the input's precision.
    """

    balance: Balance
    true_random: BattleOdds
    odds: BattleOdds
    win_steps: tuple[float, float, float, float]
    error_bound: float


def input_error(odds: BattleOdds) -> float:
    """A bound on the sum of absolute errors of ``odds``' final states as floats.

    Exact odds round once per state. A float push sums non-negative products only, so each
    state's relative error grows at most linearly with the rolls it took: we bound it by
    ``8 (A + D)`` unit roundoffs, about 40 times the largest error measured against exact
    odds (tests/test_balanced_blitz.py checks it), plus the mass the push dropped.

    >>> from strategy.risk.classic import battle_odds
    >>> input_error(battle_odds(3, 2)) == UNIT
    True
    """
    if odds.exact:
        return UNIT
    return 8 * (odds.attackers + odds.defenders) * UNIT + odds.dropped_mass


def outcome_order(state: tuple[int, int, Value]) -> tuple[bool, int]:
    """Sort key from the attacker's best final state to the defender's best: captures with
    most armies left first, then holds with fewest defenders left.

    >>> sorted([(1, 2, 0.5), (3, 0, 0.25), (2, 0, 0.25)], key=outcome_order)
    [(3, 0, 0.25), (2, 0, 0.25), (1, 2, 0.5)]
    """
    attackers, defenders, _ = state
    return (defenders != 0, -attackers if defenders == 0 else defenders)


def balance_odds(true_random: BattleOdds, balance: Balance = V3_3) -> Balanced:
    """Apply the four steps to a true-random battle (exact or float).

    >>> from strategy.risk.classic import battle_odds
    >>> balanced = balance_odds(battle_odds(10, 1))  # a 5% cutoff makes this a sure win
    >>> balanced.win_steps[0], balanced.odds.win_probability
    (1.0, 1.0)
    """
    states = sorted(true_random.final_states, key=outcome_order)
    wins = sum(1 for _, d, _ in states if d == 0)
    masses = np.array([float(p) for _, _, p in states])
    exact_win: Fraction | None = None
    if true_random.exact:
        exact_win = sum((Fraction(p) for _, d, p in states if d == 0), Fraction(0))
    balanced, win_steps, error = balance_masses(
        masses, wins, balance, exact_win=exact_win, error=input_error(true_random)
    )
    # Outcomes the cuts removed are impossible now: leave them out, as exact odds do.
    final = tuple(
        (a, d, at_most_one(float(p)))
        for (a, d, _), p in zip(states, balanced, strict=True)
        if p > 0
    )
    odds = replace(true_random, final_states=final, exact=False, dropped_mass=0.0)
    return Balanced(balance, true_random, odds, win_steps, error)


def balance_masses(
    masses: FloatArray,
    wins: int,
    balance: Balance = V3_3,
    *,
    exact_win: Fraction | None = None,
    error: float = UNIT,
) -> tuple[FloatArray, tuple[float, float, float, float], float]:
    """The four steps on the final states' masses, ordered from the attacker's best to the
    defender's best, the first ``wins`` of them captures. ``exact_win``, when known, settles
    step 1 exactly; ``error`` bounds the masses' L1 error. Returns the balanced masses, the
    win chance after each step and the L1 error bound of the result.

    >>> balanced, steps, _ = balance_masses(np.array([0.3, 0.2, 0.5]), 2)
    >>> round(float(balanced.sum()), 12), steps[2] == steps[3]
    (1.0, True)
    """
    steps = _Steps(masses, wins, balance, error)
    steps.cut_win_chance(exact_win)
    steps.power_win_chance()
    steps.cut_outcomes()
    steps.power_outcomes()
    after = [at_most_one(win) for win in steps.wins_after]
    return steps.masses, (after[0], after[1], after[2], after[3]), steps.error


class _Steps:
    """The four steps on one ordered list of final states, the first ``wins`` of them
    captures, with an L1 error bound carried along."""

    def __init__(self, masses: FloatArray, wins: int, balance: Balance, error: float) -> None:
        self.masses, self.wins, self.balance = masses.copy(), wins, balance
        self.error = error
        self.wins_after: list[float] = []
        # One product per state and one running sum over them: their rounding, per step.
        self.rounding = (len(masses) + 8) * UNIT

    def blocks(self) -> tuple[float, float]:
        return float(self.masses[: self.wins].sum()), float(self.masses[self.wins :].sum())

    def _rescale(self, win_target: float, loss_target: float, target_error: float) -> None:
        """Scale each block to its target; the error of a block ``x / m * T`` is at most
        ``T (2 e / (m - e)) + e_T`` when ``x`` is off by ``e`` in L1."""
        error = 0.0
        for part, target in (
            (slice(None, self.wins), win_target),
            (slice(self.wins, None), loss_target),
        ):
            block = self.masses[part]
            total = float(block.sum())
            if target == 0:
                block[:] = 0.0
            elif total - self.error <= 0:
                error = math.inf
                block *= target / total if total > 0 else 0.0
            else:
                block *= target / total
                error += target * 2 * self.error / (total - self.error)
            error += target_error
        self.error = error + self.rounding

    def cut_win_chance(self, exact_win: Fraction | None) -> None:
        """Step 1: a win chance within the cutoff of 0 or 1 becomes 0 or 1."""
        cutoff = self.balance.win_cutoff
        win, loss = self.blocks()
        if exact_win is not None:
            win_low, loss_low = exact_win <= cutoff, 1 - exact_win <= cutoff
        else:
            win_low, loss_low = win <= cutoff, loss <= cutoff
            if min(abs(win - cutoff), abs(loss - cutoff)) <= self.error:
                self.error = math.inf  # the float input cannot settle the decision
        if win_low:
            self._rescale(0.0, 1.0, 0.0)
        elif loss_low:
            self._rescale(1.0, 0.0, 0.0)
        self.wins_after.append(self.blocks()[0])

    def power_win_chance(self) -> None:
        """Step 2: ``W -> W**p / (W**p + L**p)``, each block keeping its shape."""
        win, loss = self.blocks()
        if win > 0 and loss > 0:
            power = float(self.balance.win_power)
            t = power * (math.log(loss) - math.log(win))
            # W' = 1 / (1 + e**t), in the form that keeps the smaller side accurate.
            small = math.exp(-abs(t)) / (1 + math.exp(-abs(t)))
            new_win, new_loss = (1 - small, small) if t < 0 else (small, 1 - small)
            # x**p / (x**p + (1-x)**p) has slope at most p on [0, 1] when p >= 1.
            self._rescale(new_win, new_loss, power * self.error)
        self.wins_after.append(self.blocks()[0])

    def cut_outcomes(self) -> None:
        """Step 3: cut the cutoff's mass off each end of the list, then renormalise."""
        cutoff = float(self.balance.outcome_cutoff)
        for ordered in (self.masses, self.masses[::-1]):
            running = np.cumsum(ordered)
            first = int(np.searchsorted(running, cutoff, side="right"))
            ordered[:first] = 0.0
            if first < len(ordered):
                ordered[first] = running[first] - cutoff
        total = float(self.masses.sum())
        # Cutting c off the front changes by at most 3 e what was e off in L1 (the mass
        # kept, the mass cut, and where the cut falls); two cuts, then the division.
        error = 9 * self.error
        # The masses always sum to 1 again; only the bound is lost when the error could
        # have eaten all that was kept.
        self.masses /= total
        if total - error <= 0:
            self.error = math.inf
        else:
            self.error = 2 * error / (total - error) + self.rounding
        self.wins_after.append(self.blocks()[0])

    def power_outcomes(self) -> None:
        """Step 4: raise each outcome to the power, each block back to its own mass."""
        power = float(self.balance.outcome_power)
        error = 0.0
        for part in (slice(None, self.wins), slice(self.wins, None)):
            block = self.masses[part]
            target = float(block.sum())
            if target == 0:
                continue
            positive = block > 0
            largest = float(block.max())
            logs = power * np.log(block[positive])
            raised = np.exp(logs - logs.max())
            # |x**p - y**p| <= p m**(p-1) |x - y| for x, y <= m; here in units of largest**p,
            # written as ratios so that a subnormal largest (whose power is 0.0) divides by
            # nothing.
            ratio = self.error / largest
            moved = power * (1 + ratio) ** (power - 1) * ratio
            total = float(raised.sum())
            block[positive] = raised * (target / total)
            error += math.inf if total <= moved else target * 2 * moved / (total - moved)
            error += self.error
        self.error = error + self.rounding
        self.wins_after.append(self.blocks()[0])


def balanced_win_chance(win: Value, balance: Balance = V3_3) -> Decimal:
    """Balanced Blitz's win chance from the true-random one alone (steps 1-3; step 4 keeps
    it), to ``DIGITS`` digits: an exact ``win`` settles step 1 exactly and any comparison
    of the result with a target to far below a float's precision.

    >>> float(balanced_win_chance(Fraction(1, 2)))
    0.5
    >>> balanced_win_chance(Fraction(1, 20)), balanced_win_chance(Fraction(96, 100))
    (Decimal('0'), Decimal('1'))
    """
    cutoff = balance.win_cutoff
    exact = Fraction(win)
    if exact <= cutoff:
        return Decimal(0)
    if 1 - exact <= cutoff:
        return Decimal(1)
    with localcontext() as context:
        context.prec = DIGITS + 10
        w = Decimal(exact.numerator) / Decimal(exact.denominator)
        power = Decimal(balance.win_power.numerator) / Decimal(balance.win_power.denominator)
        w_p, l_p = (power * w.ln()).exp(), (power * (1 - w).ln()).exp()
        w2 = w_p / (w_p + l_p)
        c = Decimal(balance.outcome_cutoff.numerator) / Decimal(balance.outcome_cutoff.denominator)
        if w2 <= c:
            return Decimal(0)
        if 1 - w2 <= c:
            return Decimal(1)
        result = (w2 - c) / (1 - 2 * c)
        context.prec = DIGITS
        return +result

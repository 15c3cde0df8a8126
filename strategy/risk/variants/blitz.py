"""How a battle is fought to its end: the dice (true random or Balanced Blitz) and where
the attacker stops (stop-until or a retreat threshold).

A ``Blitz`` is one value that every command and the library ask for a battle's final
states, a table, or the fewest troops: the plain ``Blitz()`` is the classic battle.
Balanced Blitz starts from the exact true-random distribution when the battle has at
most ``EXACT_ARMIES`` armies in all (or when asked), else from the float one; either way
the result states a bound on its distance from the exact balanced distribution.

>>> from strategy.risk.rules import Rules
>>> blitz = Blitz("balanced-blitz")
>>> rules = Rules(count="attacking")
>>> [blitz.odds(a, 50, rules).odds.win_probability > 0.8 for a in (48, 49)]  # SMG's README
[False, True]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.engine.forward import Forward
from strategy.engine.resources import TooLarge
from strategy.risk.battle import Battle
from strategy.risk.blitz_terms import V3_3, Balance, check_terms
from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.editions import DiceMode
from strategy.risk.kernels.classic_float import FloatArray, FloatRows
from strategy.risk.kernels.geometry import Progress
from strategy.risk.limits import Limit, stop_until_rules, table_of
from strategy.risk.need import Need, fewest, minimum_armies
from strategy.risk.objectives import Objective
from strategy.risk.outcomes import FinalStates
from strategy.risk.plays import CellPlay
from strategy.risk.results import BattleOdds, BattleTable, Value
from strategy.risk.rules import Rules
from strategy.risk.variants.balanced_blitz import (
    UNIT,
    balance_masses,
    balance_odds,
    balanced_win_chance,
    input_error,
)
from strategy.risk.variants.grid import final_distributions

#: Balanced Blitz starts from the exact true-random distribution up to this many armies.
EXACT_ARMIES = 1000


@dataclass(frozen=True, repr=False)
class BlitzOdds(Summarised):
    """One battle as the blitz fights it.

    ``odds`` holds the final states (balanced ones for Balanced Blitz), ``true_random``
    the true-random battle they came from (the same for true random dice). ``error_bound``
    bounds the sum of the absolute errors of ``odds``' final states (0 when exact).
    ``win_steps`` is Balanced Blitz's win chance after each of its four steps.

    >>> fought = Blitz(limit=Limit("stop-until", 3)).odds(5, 2, Rules())
    >>> obj = fought.to_json()  # stop-until 3 from 5: the classic battle 3 v 2, two staying home
    >>> obj["stop_until"], obj["win_probability"] == float(battle_odds(3, 2).win_probability)
    (3, True)
    """

    SHOWN = ("win_probability",)

    blitz: Blitz
    odds: BattleOdds
    true_random: BattleOdds
    error_bound: float
    win_steps: tuple[float, float, float, float] | None = None

    battle = Forward[Battle]("odds", "The battle asked about (its rules, and how it is fought).")
    win_probability = Forward[Value]("odds", "P(the attacker captures), as the blitz fights.")
    value = Forward[Value](
        "odds", "The expected value of the battle's objective, as the blitz fights."
    )
    play = Forward[CellPlay]("odds", "The first move: the most dice (a blitz does not choose).")

    def to_json(self, *, at_least: int | None = None, at_most: int | None = None) -> dict[str, Any]:
        """The CLI's ``odds --json`` shape (:func:`~strategy.risk.serialise.blitz_odds_json`)."""
        from strategy.risk.serialise import blitz_odds_json

        return blitz_odds_json(self, at_least=at_least, at_most=at_most)

    def to_pandas(self, *, fractions: bool = False) -> Any:
        """The final states as a DataFrame (pandas: the ``notebook`` extra)."""
        return self.odds.to_pandas(fractions=fractions)


@dataclass(frozen=True, repr=False)
class BlitzTable(Summarised):
    """A table as the blitz fights each battle, and a bound on each cell's error (for an
    expectation, times the largest payoff).

    >>> fought = Blitz(limit=Limit("stop-until", 2)).table(4, 2, Rules(), Objective("capture"))
    >>> fought.to_json()["stop_until"], fought.to_json()["values"][3][1] == fought.table.value(4, 2)
    (2, True)
    """

    table: BattleTable
    error_bound: float
    blitz: Blitz | None = None

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``table --json`` shape: the table's, then the dice and the bound."""
        from strategy.risk.serialise import blitz_table_json

        return blitz_table_json(self)

    def to_pandas(self, *, fractions: bool = False) -> Any:
        """The values as a DataFrame (pandas: the ``notebook`` extra)."""
        return self.table.to_pandas(fractions=fractions)

    def as_array(self) -> FloatArray:
        """The values as a float array, attackers down, defenders across."""
        return self.table.as_array()


@dataclass(frozen=True)
class Blitz:
    """The dice and the limit of a blitz; ``Blitz()`` is the classic battle.

    >>> Blitz("balanced-blitz", limit=Limit("retreat-at", 3))
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: Balanced Blitz knows stop-until, not retreat-at (no ...
    """

    dice: DiceMode = "true-random"
    balance: Balance = V3_3
    limit: Limit | None = None

    def __post_init__(self) -> None:
        check_terms(
            self.dice,
            custom_balance=self.balance != V3_3,
            stop_until=self.stop_until,
            retreat_at=self.retreat_at,
        )

    @property
    def stop_until(self) -> int | None:
        """The stop-until limit's armies, if that is the limit."""
        return self._limit("stop-until")

    @property
    def retreat_at(self) -> int | None:
        """The retreat threshold, if that is the limit."""
        return self._limit("retreat-at")

    def _limit(self, kind: str) -> int | None:
        return self.limit.armies if self.limit is not None and self.limit.kind == kind else None

    @property
    def balanced(self) -> bool:
        """Whether the dice are Balanced Blitz."""
        return self.dice == "balanced-blitz"

    @property
    def plain(self) -> bool:
        """Whether this is the classic battle: true random dice, fought to the end."""
        return not self.balanced and self.limit is None

    def describe(self) -> str:
        """One line for captions.

        >>> Blitz("balanced-blitz", limit=Limit("stop-until", 5)).describe()
        'Balanced Blitz as of v3.3; stop-until 5: the attacker never rolls below 5 armies \
(SMG blitz attack limit)'
        """
        dice = self.balance.label if self.balanced else "true random dice"
        return dice + ("" if self.limit is None else f"; {self.limit.describe()}")

    def fought_rules(self, rules: Rules) -> Rules:
        """The rules whose classic battle this blitz's true-random battle is (stop-until
        is the classic battle with more armies staying behind)."""
        if self.limit is not None and self.limit.kind == "stop-until":
            return stop_until_rules(rules, self.limit.armies)
        return rules

    def true_random(
        self,
        attackers: int,
        defenders: int,
        rules: Rules,
        *,
        exact: bool,
        progress: Progress | None = None,
    ) -> BattleOdds:
        """The true-random battle under the limit, before any balancing."""
        if self.limit is None:
            return battle_odds(attackers, defenders, rules, exact=exact, progress=progress)
        return self.limit.odds(attackers, defenders, rules, exact=exact)

    def odds(
        self,
        attackers: int,
        defenders: int,
        rules: Rules,
        *,
        exact: bool | None = None,
        progress: Progress | None = None,
    ) -> BlitzOdds:
        """The battle's final states. ``exact=None`` chooses: exact true-random odds for
        true random dice (refused when too large), and for Balanced Blitz up to
        ``EXACT_ARMIES`` armies when they fit, floats beyond.

        >>> limited = Blitz(limit=Limit("stop-until", 3)).odds(5, 2, Rules()).odds
        >>> shifted = tuple((a + 2, d, p) for a, d, p in battle_odds(3, 2).final_states)
        >>> limited.final_states == shifted
        True
        """
        if self.limit is not None:
            self.limit.check(attackers, rules)
        want = self._exact(attackers, defenders, exact)
        try:
            true_random = self.true_random(
                attackers, defenders, rules, exact=want, progress=progress
            )
        except TooLarge:
            if exact is not None or not self.balanced:
                raise
            true_random = self.true_random(
                attackers, defenders, rules, exact=False, progress=progress
            )
        if not self.balanced:
            bound = 0.0 if true_random.exact else input_error(true_random)
            return BlitzOdds(self, true_random, true_random, bound)
        balanced = balance_odds(true_random, self.balance)
        return BlitzOdds(self, balanced.odds, true_random, balanced.error_bound, balanced.win_steps)

    def _exact(self, attackers: int, defenders: int, exact: bool | None) -> bool:
        """Whether to start from exact true-random odds (``None``: choose)."""
        if exact is None:
            return not self.balanced or attackers + defenders <= EXACT_ARMIES
        return exact

    def final_states(
        self, attackers: int, defenders: int, rules: Rules, exact: bool
    ) -> FinalStates:
        """Only the final states (for attack chains); floats under Balanced Blitz."""
        return self.odds(attackers, defenders, rules, exact=exact or None).odds.final_states

    def win_chance(self, attackers: int, defenders: int, rules: Rules, *, exact: bool) -> Value:
        """P(capture), for comparisons with a target. Under Balanced Blitz it is computed
        from the true-random win chance alone to ``DIGITS`` digits (from exact true-random
        odds when asked and at most ``EXACT_ARMIES`` armies), and returned as the
        ``Fraction`` of those digits."""
        if not self.balanced:
            return self.true_random(attackers, defenders, rules, exact=exact).win_probability
        want = exact and attackers + defenders <= EXACT_ARMIES
        win = self.true_random(attackers, defenders, rules, exact=want).win_probability
        return Fraction(balanced_win_chance(win, self.balance))

    def need(
        self,
        defenders: Sequence[int],
        target: Fraction,
        rules: Sequence[Rules],
        *,
        leave: int = 1,
        exact: bool = True,
    ) -> Need:
        """The fewest attackers that capture with P >= ``target``; for one territory
        under Balanced Blitz every comparison is made to ``DIGITS`` digits.

        >>> need = Blitz("balanced-blitz").need((50,), Fraction(4, 5), (Rules(count="attacking"),))
        >>> need.attackers  # SMG's README: 49 against 50
        49
        """
        path = tuple(defenders)
        if self.limit is not None and len(path) > 1:
            raise InputError("stop-until is for one territory: on a path every battle moves on")
        if self.limit is not None and self.limit.kind == "retreat-at":
            raise InputError(
                "need does not take retreat-at: a retreat threshold does not make "
                "P(capture) grow with the attackers, which the search relies on"
            )
        if len(path) > 1:
            return minimum_armies(
                path, target, rules, leave=leave, exact=False, battle=self.final_states
            )
        smallest = rules[0].min_attackers
        if self.limit is not None:
            smallest = max(smallest, self.limit.armies + 1)
        found, value, previous = fewest(
            lambda a: self.win_chance(a, path[0], rules[0], exact=exact), target, smallest
        )
        if self.balanced:
            return Need(
                found, float(value), None if previous is None else float(previous), target, path
            )
        return Need(found, value, previous, target, path)

    def table(
        self,
        max_attackers: int,
        max_defenders: int,
        rules: Rules,
        objective: Objective,
        *,
        exact: bool = False,
        progress: Progress | None = None,
    ) -> BlitzTable:
        """``objective`` over the grid, each battle fought as this blitz fights it."""
        if not self.balanced:
            if self.limit is None:
                table = battle_table(
                    max_attackers, max_defenders, rules, objective, exact=exact, progress=progress
                )
            else:
                table = self.limit.table(
                    max_attackers, max_defenders, rules, objective, exact=exact
                )
            return BlitzTable(
                table, 0.0 if exact else float_table_error(max_attackers, max_defenders), self
            )
        if exact:
            raise InputError("Balanced Blitz tables are floats (its powers are irrational)")
        return self._balanced_table(max_attackers, max_defenders, rules, objective, progress)

    def cell(
        self, captured: FloatArray, held: FloatArray, rules: Rules
    ) -> tuple[FloatArray, float]:
        """One battle of :func:`final_distributions` (``n = len(captured) - 1`` armies that
        may attack), balanced, ordered from the attacker's best outcome, with its bound."""
        n, d = len(captured) - 1, len(held) - 1
        masses = np.concatenate((captured[n:0:-1], held[1:]))
        error = 8 * (n + d) * UNIT
        balanced, _, bound = balance_masses(masses, n, self.balance, error=error)
        if math.isinf(bound):
            # The float win chance sits on a cutoff: settle it with exact odds.
            exact_win = Fraction(battle_odds(n + rules.offset, d, rules).win_probability)
            balanced, _, bound = balance_masses(
                masses, n, self.balance, exact_win=exact_win, error=error
            )
        return balanced, bound

    def _balanced_table(
        self,
        max_attackers: int,
        max_defenders: int,
        rules: Rules,
        objective: Objective,
        progress: Progress | None,
    ) -> BlitzTable:
        fought = self.fought_rules(rules)
        offset = fought.offset
        values = np.array(
            [
                [
                    objective.payoff(a, d) + objective.start_offset(a, d)
                    for d in range(1, max_defenders + 1)
                ]
                for a in range(1, max_attackers + 1)
            ],
            dtype=np.float64,
        )
        max_n = max_attackers - offset
        worst = 0.0
        if max_n >= 1:
            captured_pay = np.array(
                [objective.payoff(m + offset, 0) for m in range(max_n + 1)], dtype=np.float64
            )
            held_pay = np.array(
                [objective.payoff(offset, j) for j in range(max_defenders + 1)], dtype=np.float64
            )
            for n, d, captured, held in final_distributions(max_n, max_defenders, fought, progress):
                balanced, bound = self.cell(captured, held, fought)
                a = n + offset
                value = float(
                    captured_pay[n:0:-1] @ balanced[:n] + held_pay[1 : d + 1] @ balanced[n:]
                )
                values[a - 1, d - 1] = value + objective.start_offset(a, d)
                worst = max(worst, bound)
        return BlitzTable(table_of(rules, objective, FloatRows(values), False), worst, self)


def float_table_error(max_attackers: int, max_defenders: int) -> float:
    """The L1 bound of a float table's battles, as for one float push of the largest."""
    return 8 * (max_attackers + max_defenders) * UNIT


def blitz_of(battle: Battle) -> Blitz:
    """How ``battle`` is fought to its end, as the blitz kernels take it.

    >>> blitz_of(Battle.of(edition="rgd", stop_until=3)).describe()
    'Balanced Blitz as of v3.3; stop-until 3: the attacker never rolls below 3 armies (SMG \
blitz attack limit)'
    """
    limit = None
    if battle.stop_until is not None:
        limit = Limit("stop-until", battle.stop_until)
    elif battle.retreat_at is not None:
        limit = Limit("retreat-at", battle.retreat_at)
    return Blitz(battle.dice, battle.balance or V3_3, limit)


PLAIN = Blitz()

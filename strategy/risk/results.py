"""What the Risk questions answer: the odds of a battle, tables of values, optimal play.

Every result is a frozen value that records the battle it answers (rules, objective,
choice rule, stopping) and whether it is exact, and describes itself as a JSON-ready dict
(:meth:`to_json`, the shapes :mod:`strategy.risk.serialise` defines), so the command line,
the web API and notebooks show one shape.

>>> from strategy.risk.classic import battle_odds
>>> battle_odds(2, 1).to_json()["win_probability_exact"]
'5/12'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from strategy.engine.display import Summarised, drawn
from strategy.engine.forward import Forward
from strategy.engine.numbers import Value as Value  # re-exported: the results speak of it
from strategy.engine.probability import probability_sum
from strategy.engine.solve import FLOAT_TIE_TOLERANCE as FLOAT_TIE
from strategy.risk.battle import Battle
from strategy.risk.choices import STOP, ChoiceRule
from strategy.risk.kernels.classic_float import FloatArray, FloatRows
from strategy.risk.kernels.optimal_float import PlayRows
from strategy.risk.kernels.scaled import ScaledRows
from strategy.risk.objectives import CAPTURE, Objective
from strategy.risk.plays import OVER, CellPlay
from strategy.risk.rules import Rules


class Terms:
    """The battle's terms, read from a result's ``battle``: its rules, objective, choice
    rule and whether the attacker may stop."""

    battle: Battle

    rules = Forward[Rules]("battle", "The rules of the battle.")
    objective = Forward[Objective](
        "battle", "What the values are the expectation of: the attacker maximises it."
    )
    choice = Forward[ChoiceRule]("battle", "When each side chooses its dice.")
    allow_stop = Forward[bool]("battle", "Whether the attacker may stop.")


@dataclass(frozen=True, repr=False)
class BattleOdds(Summarised, Terms):
    """The outcome distribution of one classic battle.

    ``final_states`` lists ``(attackers, defenders, probability)``: captures
    first (most attackers left first), then failures (fewest defenders first).
    Float odds leave out final states below the push's tolerance; ``dropped_mass`` is
    the probability left out that way (0 for exact odds).

    ``battle`` says how it was asked: its :attr:`value` is the expectation of the
    battle's objective, and :attr:`play` how the attacker starts (the most dice; stopping
    too where that is worth as much).

    >>> from strategy.risk.classic import battle_odds
    >>> odds = battle_odds(2, 1)
    >>> odds.win_probability, odds.expected_signed
    (Fraction(5, 12), Fraction(1, 4))
    """

    battle: Battle
    attackers: int
    defenders: int
    final_states: tuple[tuple[int, int, Value], ...]
    exact: bool
    dropped_mass: float = 0.0

    @property
    def value(self) -> Value:
        """The expected value of the battle's objective."""
        return self.expectation(self.battle.objective)

    @property
    def play(self) -> CellPlay:
        """The attacker's optimal first moves: nobody has a real choice in a classic battle,
        so the most dice, and stopping as well where it is worth the same.

        >>> from strategy.risk.classic import battle_odds
        >>> battle_odds(3, 2).play.attacker
        (2,)
        """
        if self.defenders == 0 or self.rules.attacker_dice_for(self.attackers) == 0:
            return OVER
        objective = self.battle.objective
        stopped = objective.payoff(self.attackers, self.defenders)
        stopped += objective.start_offset(self.attackers, self.defenders)
        tied = self.battle.allow_stop and (
            self.value == stopped
            if self.exact
            else abs(float(self.value) - stopped) <= FLOAT_TIE * max(1.0, abs(stopped))
        )
        most = self.rules.attacker_dice_for(self.attackers)
        return CellPlay((most, STOP) if tied else (most,))

    def to_json(self, *, at_least: int | None = None, at_most: int | None = None) -> dict[str, Any]:
        """The CLI's ``odds --json`` shape, with the tails asked for."""
        from strategy.risk.serialise import odds_json

        return odds_json(self, at_least=at_least, at_most=at_most)

    def _repr_html_(self) -> str:
        return str(drawn(self, "html"))

    def to_pandas(self, *, fractions: bool = False) -> Any:
        """The final states as a DataFrame (pandas: the ``notebook`` extra)."""
        return drawn(self, "pandas", fractions=fractions)

    def to_numpy(self) -> FloatArray:
        """The final states as floats: rows ``(attackers, defenders, probability)``."""
        return np.asarray(drawn(self, "numpy"), dtype=np.float64)

    def to_sympy(self) -> Any:
        """The exact final states as a ``sympy.Matrix`` (sympy: the ``symbolic`` extra)."""
        return drawn(self, "sympy")

    def expectation(self, objective: Objective) -> Value:
        """The expected value of ``objective`` over the final states; a probability as
        :func:`~strategy.engine.probability.probability_sum` adds it up (never above 1).

        >>> from strategy.risk.classic import battle_odds
        >>> odds = battle_odds(2, 1, exact=False)
        >>> cheat = BattleOdds(odds.battle, 2, 1, ((2, 0, 0.6), (1, 0, 0.4 + 1e-16)), False)
        >>> cheat.win_probability
        1.0
        """
        zero: Value = Fraction(0) if self.exact else 0.0
        if objective.is_probability:  # payoffs 0 or 1
            winning = (p for a, d, p in self.final_states if objective.payoff(a, d))
            return probability_sum(winning, zero)
        total: Value = sum((p * objective.payoff(a, d) for a, d, p in self.final_states), zero)
        return total + objective.start_offset(self.attackers, self.defenders)

    @property
    def win_probability(self) -> Value:
        """P(the attacker captures the territory)."""
        return self.expectation(CAPTURE)

    @property
    def expected_attacker_left(self) -> Value:
        """Expected armies left in the attacking territory (in ``rules``' count)."""
        return self.expectation(Objective("attacker-left"))

    @property
    def expected_defender_left(self) -> Value:
        """Expected armies left in the defending territory."""
        return self.expectation(Objective("defender-left"))

    @property
    def expected_signed(self) -> Value:
        """Seed 000's outcome: attackers left if captured, minus defenders left if not."""
        return self.expectation(Objective("signed"))


@dataclass(frozen=True)
class CellResult:
    """One battle's value as a float, and the probability dropped to compute it.

    The exact value lies within ``dropped_mass`` times the largest payoff (in absolute
    value) of ``value``, plus float rounding. ``tolerance`` is the mass below which
    states were dropped.
    """

    value: float
    dropped_mass: float
    tolerance: float


@dataclass(frozen=True, repr=False)
class BattleTable(Summarised, Terms):
    """Values of one objective over a grid of battles (rows: attackers, columns: defenders).

    Float tables hold one numpy array (:meth:`as_array`) behind ``values``; exact ones
    hold integers over prime powers and reduce a row to ``Fraction`` objects when it is
    first read.

    >>> from strategy.risk.classic import battle_table
    >>> table = battle_table(3, 3)
    >>> table.attackers, table.defenders
    ((1, 2, 3), (1, 2, 3))
    """

    battle: Battle
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    values: Sequence[Sequence[Value]]
    exact: bool

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``table --json`` shape.

        >>> from strategy.risk.classic import battle_table
        >>> battle_table(2, 1).to_json()["values_exact"]
        [['0/1'], ['5/12']]
        """
        from strategy.risk.serialise import table_json

        return table_json(self)

    def _repr_html_(self) -> str:
        return str(drawn(self, "html"))

    def to_pandas(self, *, fractions: bool = False) -> Any:
        """The values as a DataFrame, index ``A``, columns ``D`` (pandas: the ``notebook``
        extra); ``fractions`` keeps an exact table's ``Fraction`` objects."""
        return drawn(self, "pandas", fractions=fractions)

    def to_numpy(self) -> FloatArray:
        """The values as a read-only float64 array (:meth:`as_array`)."""
        return self.as_array()

    def to_sympy(self) -> Any:
        """An exact table as a ``sympy.Matrix`` (sympy: the ``symbolic`` extra)."""
        return drawn(self, "sympy")

    def value(self, attackers: int, defenders: int) -> Value:
        """The value at one cell, looked up by army counts."""
        row, column = self.attackers.index(attackers), self.defenders.index(defenders)
        if isinstance(self.values, FloatRows):
            return float(self.values.array[row, column])
        return self.values[row][column]

    def as_floats(self) -> list[list[float]]:
        """The values as floats, row by row."""
        if isinstance(self.values, FloatRows | ScaledRows):
            rows: list[list[float]] = self.as_array().tolist()
            return rows
        return [[float(v) for v in row] for row in self.values]

    def as_array(self) -> FloatArray:
        """The values as a read-only float64 array, without a Python object per cell.

        >>> from strategy.risk.classic import battle_table
        >>> battle_table(2, 2, exact=False).as_array().shape
        (2, 2)
        """
        if isinstance(self.values, FloatRows):
            return self.values.array
        if isinstance(self.values, ScaledRows):
            array = self.values.floats()
            array.flags.writeable = False
            return array
        array = np.array(self.as_floats(), dtype=np.float64).reshape(
            len(self.attackers), len(self.defenders)
        )
        array.flags.writeable = False
        return array


@dataclass(frozen=True, repr=False)
class OptimalTable(BattleTable):
    """Values under optimal play over a grid, and how to play at every state.

    ``plays[i][j]`` is the play at the ``i``-th attacker count and ``j``-th defender
    count; float tables decode it from compact arrays when it is read.

    >>> from strategy.risk.optimal import optimal_table
    >>> table = optimal_table(4, 3, choice="sees-roll")
    >>> table.choice.name, table.play(4, 3).attacker
    ('sees-roll', (3,))
    """

    plays: Sequence[Sequence[CellPlay]]

    def play(self, attackers: int, defenders: int) -> CellPlay:
        """Optimal play at one cell, looked up by army counts."""
        row, column = self.attackers.index(attackers), self.defenders.index(defenders)
        if isinstance(self.plays, PlayRows):
            return self.plays.grid.play(attackers, defenders)
        return self.plays[row][column]


@dataclass(frozen=True, repr=False)
class OptimalOdds(Summarised, Terms):
    """One battle under optimal play: its value and both sides' first choices.

    >>> from strategy.risk.optimal import optimal_odds
    >>> optimal_odds(2, 1).value  # one die each: seed 003's 15/36
    0.4166666666666667
    """

    battle: Battle
    attackers: int
    defenders: int
    value: Value
    play: CellPlay
    exact: bool

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``odds --choice … --json`` shape.

        >>> from strategy.risk.optimal import optimal_odds
        >>> optimal_odds(2, 1, exact=True).to_json()["attacker"]["moves"]
        [1]
        """
        from strategy.risk.serialise import play_odds_json

        return play_odds_json(self)

    def _repr_html_(self) -> str:
        return str(drawn(self, "html"))

    def to_sympy(self) -> Any:
        """An exact value as a ``sympy.Rational`` (sympy: the ``symbolic`` extra)."""
        return drawn(self, "sympy")

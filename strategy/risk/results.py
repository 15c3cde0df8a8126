"""What the Risk questions answer: the odds of a battle, tables of values, optimal play.

Every result is a frozen value that records the battle it answers (rules, objective,
choice rule, stopping, resolution) and how it was computed (:attr:`provenance`: the
method, exact or floats, the error bound), and writes its own JSON (:meth:`to_json`, from
the leaves of :mod:`strategy.risk.leaves`) and text (:meth:`~BattleOdds.text`, from
:mod:`strategy.risk.texts`), so the command line, the web API and notebooks show one
shape. One :class:`BattleOdds` answers every way a battle is fought: the classic
battle, optimal play, Balanced Blitz, stop-until, retreat-at (tables of values are
:mod:`strategy.risk.tables`).

>>> from strategy.risk.classic import battle_odds
>>> battle_odds(2, 1).to_json()["win_probability_exact"]
'5/12'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from strategy.engine.display import Summarised, drawn, short_repr, summary
from strategy.engine.errors import InputError
from strategy.engine.numbers import Value as Value  # re-exported: the results speak of it
from strategy.engine.numbers import fraction_text
from strategy.engine.probability import probability_sum
from strategy.engine.provenance import Provenance
from strategy.risk import leaves
from strategy.risk.battle import Battle
from strategy.risk.choices import STOP
from strategy.risk.kernels.classic_float import FloatArray
from strategy.risk.leaves import (
    QUANTITIES,
    FinalStates,
    Terms,
    battle_json,
    most_likely,
    number_json,
    rules_json,
    tail_json,
)
from strategy.risk.objectives import CAPTURE, Objective
from strategy.risk.outcomes import capture_with_at_least, defender_down_to
from strategy.risk.plays import OVER, CellPlay
from strategy.risk.texts import dropped_line, final_state_lines, number_line


@dataclass(frozen=True, repr=False)
class BattleOdds(Summarised, Terms):
    """One battle, however it is fought: the classic battle, optimal play, or a resolution
    (Balanced Blitz, stop-until, retreat-at).

    ``final_states`` lists ``(attackers, defenders, probability)``: captures
    first (most attackers left first), then failures (fewest defenders first); under
    optimal play only the value and the first moves are computed (``solved``), and
    ``final_states`` is empty. Float odds leave out final states below the push's
    tolerance; ``dropped_mass`` is the probability left out that way (0 for exact odds).

    How it was computed: ``method`` (``classic``, ``optimal``, ``stop-until``,
    ``retreat-at``, ``balanced-blitz``), ``exact``, and ``error_bound``, a bound on the
    sum of the absolute errors of the final states (0 when exact; :attr:`provenance`
    gathers the three). Under Balanced Blitz, :attr:`true_random` is the true-random
    battle the final states were balanced from and ``win_steps`` the win chance after each
    of its four steps.

    ``battle`` says how it was asked: its :attr:`value` is the expectation of the
    battle's objective, and :attr:`play` how the attacker starts.

    >>> from strategy.risk.classic import battle_odds
    >>> odds = battle_odds(2, 1)
    >>> odds.win_probability, odds.expected_signed, odds.provenance.describe()
    (Fraction(5, 12), Fraction(1, 4), 'classic, exact')
    """

    SHOWN = ("win_probability",)

    battle: Battle
    attackers: int
    defenders: int
    final_states: FinalStates
    exact: bool
    dropped_mass: float = 0.0
    # How it was computed, beside the numbers (shown by :attr:`provenance`, not the repr).
    method: str = field(default="classic", repr=False)
    error_bound: float = field(default=0.0, repr=False)
    unbalanced: BattleOdds | None = field(default=None, repr=False)
    win_steps: tuple[float, float, float, float] | None = field(default=None, repr=False)
    solved: tuple[Value, CellPlay] | None = field(default=None, repr=False)

    def __repr__(self) -> str:
        # Under optimal play the answer is the value and the first moves, not final states.
        text = short_repr(self)
        if self.solved is None:
            return text
        return f"{text[:-1]}, value={summary(self.value)}, play={summary(self.play)})"

    @property
    def provenance(self) -> Provenance:
        """How the odds were computed: the method, exact or floats, the error bound.

        >>> from strategy.risk.optimal import optimal_odds
        >>> optimal_odds(2, 1, exact=True)  # doctest: +ELLIPSIS
        BattleOdds(battle=Battle(), attackers=2, defenders=1, ..., value=Fraction(5, 12), ...)
        """
        return Provenance(self.method, self.exact, self.error_bound)

    @property
    def true_random(self) -> BattleOdds:
        """The true-random battle these odds come from (themselves unless balanced)."""
        return self.unbalanced or self

    @property
    def value(self) -> Value:
        """The expected value of the battle's objective."""
        if self.solved is not None:
            return self.solved[0]
        return self.expectation(self.battle.objective)

    @property
    def play(self) -> CellPlay:
        """The attacker's optimal first moves: where nobody has a real choice, the most
        dice, and stopping as well where it is worth the same.

        >>> from strategy.risk.classic import battle_odds
        >>> battle_odds(3, 2).play.attacker
        (2,)
        """
        from strategy.engine.solve import FLOAT_TIE_TOLERANCE as FLOAT_TIE

        if self.solved is not None:
            return self.solved[1]
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
        """The CLI's ``odds --json`` shape, with the tails asked for: the summary, the tails,
        the final states (at most :data:`~strategy.risk.leaves.JSON_STATES`, the most
        likely first) and the rules, then how a resolution fought it; under optimal play
        :meth:`play_json`.

        >>> from strategy.risk.classic import battle_odds
        >>> battle_odds(2, 1).to_json()["win_probability_exact"]
        '5/12'
        """
        if self.solved is not None:
            return self.play_json()
        obj: dict[str, Any] = {"attackers": self.attackers, "defenders": self.defenders}
        for key, _, _ in QUANTITIES:
            obj |= number_json(key, getattr(self, key))
        if at_least is not None:
            obj["at_least"] = tail_json(
                at_least, capture_with_at_least(self.final_states, at_least)
            )
        if at_most is not None:
            obj["at_most"] = tail_json(at_most, defender_down_to(self.final_states, at_most))
        shown, truncated = most_likely(self.final_states, leaves.JSON_STATES)
        obj["dropped_mass"] = self.dropped_mass
        obj["final_states_count"] = len(self.final_states)
        obj["final_states_truncated"] = truncated
        obj["final_states_probability"] = probability_sum((float(p) for _, _, p in shown), 0.0)
        obj["final_states"] = [
            {"attacker": a, "defender": d, "probability": float(p)}
            | ({"probability_exact": fraction_text(p)} if self.exact else {})
            for a, d, p in shown
        ]
        obj["rules"] = rules_json(self.rules)
        return obj | self.fought_json()

    def fought_json(self) -> dict[str, Any]:
        """What a resolution adds to a battle's JSON: the dice, the limit, the true-random
        win chance and the error bound (nothing for the classic battle)."""
        if self.resolution.plain:
            return {}
        true_random = self.true_random
        bound = self.error_bound
        obj = self.resolution.to_json() | {
            "error_bound": bound if math.isfinite(bound) else None,
            "true_random_exact": true_random.exact,
            "true_random_win_probability": float(true_random.win_probability),
        }
        if true_random.exact:
            obj["true_random_win_probability_exact"] = fraction_text(true_random.win_probability)
        if self.win_steps is not None:
            obj["win_probability_after_steps"] = list(self.win_steps)
        return obj

    def play_json(self) -> dict[str, Any]:
        """The battle under optimal play: its value and both sides' first choices, the
        battle's terms, and ``win_probability`` under ``capture``; ``dropped_mass`` where a
        float push left probability out (the CLI's ``odds --choice … --json`` shape).

        >>> from strategy.risk.optimal import optimal_odds
        >>> optimal_odds(2, 1, exact=True).to_json()["attacker"]["moves"]
        [1]
        """
        from strategy.risk.play.cells import cell_json, describe_cell

        battle = self.battle
        cell = describe_cell(self.play, battle.rules, battle.choice, self.attackers, self.defenders)
        obj = cell_json(cell, self.play, self.value)
        if self.dropped_mass:
            obj["dropped_mass"] = self.dropped_mass
        obj |= battle_json(battle)
        if battle.objective.kind == "capture":
            obj = obj | number_json("win_probability", self.value)
            obj["rules"] = obj.pop("rules")
        return obj

    def text(
        self,
        *,
        exact: bool = False,
        at_least: int | None = None,
        at_most: int | None = None,
        play: bool | None = None,
    ) -> str:
        """The CLI's ``odds`` text: the summary (``exact``: the fractions beside the decimals,
        where the odds are exact), the tails asked for, how a resolution fought it and the
        most likely final states; under optimal play (``play``, by default when it was
        solved for) the value and both sides' first choices.

        >>> from strategy.risk.classic import battle_odds
        >>> print(battle_odds(2, 1).text(exact=True).splitlines()[3])  # seed 003: 15/36
        P(attacker captures)          0.416667  = 5/12
        """
        fractions = exact and self.exact
        if play is None:
            play = self.solved is not None
        if play:
            return self._play_text(fractions)
        blitz, finals = self.resolution, self.final_states
        rows = [(label, getattr(self, key)) for key, label, _ in QUANTITIES]
        if at_least is not None:
            rows.append(
                (f"P(capture with >= {at_least} left)", capture_with_at_least(finals, at_least))
            )
        if at_most is not None:
            rows.append((f"P(defender <= {at_most} left)", defender_down_to(finals, at_most)))
        how = "both always rolling the most dice" if blitz.plain else blitz.describe()
        lines = [
            f"Battle {self.attackers} v {self.defenders} "
            f"(A attacking armies, D defending armies, {how})",
            f"rules: {self.rules.describe()}",
            "",
            *(number_line(label, value, fractions=fractions) for label, value in rows),
        ]
        if not self.exact and not blitz.balanced:
            lines.append(dropped_line(self.dropped_mass))
        lines += self.fought_lines()
        lines += final_state_lines(finals, fractions=fractions)
        return "\n".join(lines)

    def _play_text(self, fractions: bool) -> str:
        """The battle under optimal play: its value and both sides' first choices (where
        nobody has a real choice, the classic battle's value: both roll the most dice)."""
        from strategy.risk.play.cells import cell_lines, describe_cell

        battle = self.battle
        cell = describe_cell(self.play, battle.rules, battle.choice, self.attackers, self.defenders)
        stop = "the attacker may stop before any roll" if battle.allow_stop else "no stopping"
        lines = [
            f"Battle {self.attackers} v {self.defenders} under optimal play "
            f"(choice {battle.choice}: {battle.choice.summary})",
            f"rules: {battle.rules.describe()}",
            f"objective: {battle.objective.description}; {stop}",
            "",
            number_line("value", self.value, fractions=fractions),
            *cell_lines(cell),
        ]
        if not self.exact and battle.classic:
            lines.append(dropped_line(self.dropped_mass))
        return "\n".join(lines)

    def fought_lines(self) -> list[str]:
        """What Balanced Blitz adds to a battle's text: the true-random win chance, the win
        chance after each step and how close the floats are (nothing otherwise)."""
        if not self.resolution.balanced:
            return []
        source = "exact" if self.true_random.exact else "float"
        steps = ", ".join(f"{w:.6f}" for w in self.win_steps or ())
        closeness = (
            f"the final states are within {self.error_bound:.2g} in all (sum of absolute "
            "errors) of exact Balanced Blitz"
            if math.isfinite(self.error_bound)
            else "the float win chance is too close to a cutoff to settle it: use --exact"
        )
        return [
            f"{'true-random P(capture)':<26}{float(self.true_random.win_probability):>12.6f}",
            f"win chance after each step: {steps}",
            f"balanced from the {source} true-random distribution; {closeness}",
        ]

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
        if self.solved is not None:
            if objective == self.battle.objective:
                return self.solved[0]
            raise InputError(
                f"under optimal play only the value of {self.battle.objective.label} is "
                f"computed, not {objective.label}"
            )
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

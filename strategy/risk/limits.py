"""The kernels of an attack that stops short: SMG's stop-until S, and a retreat threshold K
(the limit itself is a term of the battle, :class:`~strategy.risk.resolution.Limit`).

They sound alike and give different numbers.

* **Stop-until S** (RISK: Global Domination's "blitz attack limit"): the attacker never
  rolls so many dice that it could fall below ``S`` armies. It is exactly the battle of
  ``A - S`` attackers (as many as may attack, less the reserve) against ``D``, the reserve
  staying home, so it is the classic battle with ``S`` armies staying behind: every kernel,
  exact or float, table or one battle, computes it. "The defender holds" then means "the
  attack stopped with ``S`` armies left".
* **Retreat at K** (sipolac/risk's ``stop``, Minerva's retreat value): full dice while the
  attacker has more than ``K``; it may overshoot to below ``K`` on the last roll.

Both count armies as ``A`` is counted (``rules.count``). The research notes' example, 11 v 5
in the attacking count with 7: stop-until 7 is the battle 4 v 5; retreat at 7 fights 3 v 2
dice from 11 down to at most 7 armies.

>>> from strategy.risk.rules import Rules
>>> rules = Rules(count="attacking")
>>> stop_until_odds(11, 5, rules, 7).win_probability == battle_odds(4, 5, rules).win_probability
True
>>> round(float(retreat_odds(11, 5, rules, 7).win_probability), 3)  # Minerva's README: 50.7%
0.507
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from strategy.engine.errors import InputError
from strategy.engine.extras import require
from strategy.engine.resources import require_memory
from strategy.risk.battle import Battle
from strategy.risk.choices import Sight
from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.dice import rules_roll
from strategy.risk.kernels.classic_float import FloatRows
from strategy.risk.objectives import Objective
from strategy.risk.play.dice_policy import AttackerView, DefenderView, IntArray
from strategy.risk.resolution import Limit, stop_until_rules
from strategy.risk.results import BattleOdds, Value
from strategy.risk.rules import Rules, check_table_size
from strategy.risk.tables import BattleTable

#: Exact retreat odds and tables hold one fraction per state: refuse more states than this.
MAX_EXACT_STATES = 250_000
#: One row of masses or values: floats, or ``Fraction`` objects when exact.
Array = np.ndarray[tuple[int], np.dtype[Any]]
#: ``(attacker losses, defender losses, probability)``: a ``Fraction`` or a float.
Outcomes = tuple[tuple[int, int, Any], ...]


def limited_odds(
    limit: Limit, attackers: int, defenders: int, rules: Rules, *, exact: bool
) -> BattleOdds:
    """The battle's final states under ``limit``."""
    limit.check(attackers, rules)
    fight = stop_until_odds if limit.kind == "stop-until" else retreat_odds
    return fight(attackers, defenders, rules, limit.armies, exact=exact)


def limited_table(
    limit: Limit,
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    *,
    exact: bool,
) -> BattleTable:
    """``objective`` over the grid under ``limit``; rows with at most its armies never attack."""
    make = stop_until_table if limit.kind == "stop-until" else retreat_table
    return make(max_attackers, max_defenders, rules, objective, limit.armies, exact=exact)


def stop_until_odds(
    attackers: int, defenders: int, rules: Rules, stop_until: int, *, exact: bool = True
) -> BattleOdds:
    """The final states of ``attackers`` v ``defenders`` when the attacker stops at
    ``stop_until``: the battle ``(attackers - stop_until)`` v ``defenders``, shifted."""
    odds = battle_odds(attackers, defenders, stop_until_rules(rules, stop_until), exact=exact)
    return replace(odds, battle=replace(odds.battle, rules=rules))


def stop_until_table(
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    stop_until: int,
    *,
    exact: bool = False,
) -> BattleTable:
    """The classic table under stop-until: rows of at most ``stop_until`` never attack."""
    limited = stop_until_rules(rules, stop_until)
    table = battle_table(max_attackers, max_defenders, limited, objective, exact=exact)
    return replace(table, battle=replace(table.battle, rules=rules))


def _rolls(rules: Rules, exact: bool) -> Callable[[int, int], Outcomes]:
    """The outcomes of a roll for each pair of dice counts."""

    def outcomes(attacker_dice: int, defender_dice: int) -> Outcomes:
        roll = rules_roll(rules, attacker_dice, defender_dice)
        return tuple(
            (la, ld, Fraction(c, roll.total) if exact else c / roll.total)
            for la, ld, c in roll.counts
        )

    return outcomes


def _recur(x: Array, q: Any, step: int, exact: bool) -> Array:
    """``y[i] = x[i] + q * y[i - step]`` (``y`` is 0 before the start)."""
    if not exact:
        # scipy is an extra (stats) and ships no type information: lfilter is Any.
        lfilter = require("scipy.signal", "stats", "a float retreat-at battle").lfilter
        filtered: Array = lfilter([1.0], [1.0] + [0.0] * (step - 1) + [-float(q)], x)
        return filtered
    y = x.copy()
    for i in range(step, len(y)):
        y[i] += q * y[i - step]
    return y


def _zeros(length: int, exact: bool) -> Array:
    if exact:
        return np.array([Fraction(0)] * length, dtype=object)
    return np.zeros(length)


def _check_retreat_size(cells: int, held: int, exact: bool, what: str) -> None:
    """Refuse work of ``cells`` states, ``held`` of them in memory at once, up front."""
    if exact and cells > MAX_EXACT_STATES:
        raise InputError(
            f"{what} takes {cells:,} exact fractions, more than {MAX_EXACT_STATES:,}; use --float"
        )
    require_memory(held * (200 if exact else 8), what)


def retreat_odds(
    attackers: int, defenders: int, rules: Rules, retreat_at: int, *, exact: bool = True
) -> BattleOdds:
    """Push the mass of the battle forward, full dice while the attacker has more than
    ``retreat_at`` armies; row by row, the defender's losses within a row by one recurrence.

    >>> [(a, d) for a, d, _ in retreat_odds(4, 2, Rules(), 3).final_states]
    [(4, 0), (3, 1), (2, 2)]
    """
    rules.check_state(attackers, defenders)
    offset = rules.offset
    n0, stop = attackers - offset, max(retreat_at - offset, 0)
    rows_held = 2 * rules.attacker_dice + 2
    _check_retreat_size(
        max(n0, 1) * (defenders + 1),
        rows_held * (defenders + 1),
        exact,
        f"the retreat odds of {attackers} v {defenders}",
    )
    outcomes = _rolls(rules, exact)
    top_d = rules.defender_dice
    rows: dict[int, Array] = {n0: _zeros(defenders + 1, exact)}
    rows[n0][defenders] = Fraction(1) if exact else 1.0
    captured: dict[int, Value] = {}
    for n in range(n0, stop, -1):
        x = rows.pop(n, None)
        if x is None:
            continue
        dice = min(rules.attacker_dice, n)
        full = outcomes(dice, top_d)
        y = x.copy()
        if defenders >= top_d:
            q, k = next(((p, ld) for la, ld, p in full if la == 0), (0, 1))
            y[top_d:] = _recur(x[top_d:][::-1], q, k, exact)[::-1]
            for d in range(top_d - 1, -1, -1):
                if d + k <= defenders and d + k >= top_d:
                    y[d] += q * y[d + k]
        for d in range(min(top_d, defenders + 1) - 1, 0, -1):
            for la, ld, p in outcomes(dice, d):
                if la == 0:
                    y[d - ld] += p * y[d]
        captured[n] = y[0]
        for source in range(1, min(top_d, defenders + 1)):
            for la, ld, p in outcomes(dice, source):
                if la:
                    rows.setdefault(n - la, _zeros(defenders + 1, exact))[source - ld] += (
                        p * y[source]
                    )
        if defenders >= top_d:
            for la, ld, p in full:
                if la:
                    target = rows.setdefault(n - la, _zeros(defenders + 1, exact))
                    target[top_d - ld : defenders + 1 - ld] += p * y[top_d:]
    zero: Value = Fraction(0) if exact else 0.0
    ends: dict[tuple[int, int], Value] = {(n, 0): p for n, p in captured.items() if p}
    for n, row in rows.items():
        for d, p in enumerate(row.tolist()):
            if p:
                ends[(n, d)] = ends.get((n, d), zero) + p
    order = sorted(ends, key=lambda s: (s[1] != 0, -s[0] if s[1] == 0 else s[1], -s[0]))
    states = tuple((n + offset, d, ends[(n, d)]) for n, d in order)
    return BattleOdds(Battle(rules, allow_stop=False), attackers, defenders, states, exact)


def retreat_table(
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    retreat_at: int,
    *,
    exact: bool = False,
) -> BattleTable:
    """``objective`` over the grid when the attacker retreats at ``retreat_at``: values row
    by row, the defender's side of each row by one recurrence.

    >>> table = retreat_table(4, 2, Rules(), Objective("capture"), 3, exact=True)
    >>> table.value(4, 2) == retreat_odds(4, 2, Rules(), 3).win_probability
    True
    """
    check_table_size(max_attackers, max_defenders)
    cells = (max_attackers + 1) * (max_defenders + 1)
    _check_retreat_size(cells, cells, exact, "the retreat table")
    offset, columns = rules.offset, max_defenders + 1
    stop = max(retreat_at - offset, 0)
    outcomes = _rolls(rules, exact)
    top_d = rules.defender_dice
    # Row i holds A = i (the user's count), so the attacking armies are n = i - offset.
    values = np.zeros((max_attackers + 1, columns), dtype=object if exact else np.float64)
    for a in range(max_attackers + 1):
        row = values[a]
        row[:] = [objective.payoff(a, d) for d in range(columns)]
        n = a - offset
        if n <= stop or n < 1:
            continue
        dice = min(rules.attacker_dice, n)
        rest = _zeros(columns, exact)
        for la, ld, p in outcomes(dice, top_d) if max_defenders >= top_d else ():
            if la:
                rest[top_d:] += values[a - la, top_d - ld : columns - ld] * p
        for d in range(1, min(top_d, columns)):
            row[d] = sum(
                (p * values[a - la if la else a, d - ld] for la, ld, p in outcomes(dice, d)),
                Fraction(0) if exact else 0.0,
            )
        if max_defenders >= top_d:
            q, k = next(((p, ld) for la, ld, p in outcomes(dice, top_d) if la == 0), (0, 1))
            seeded = rest[top_d:].copy()
            for i in range(min(k, len(seeded))):
                seeded[i] += q * row[top_d + i - k]
            row[top_d:] = _recur(seeded, q, k, exact)
    by_row, by_column = objective.split("start_offset", max_attackers, max_defenders)
    grid = values[1:, 1:] + (np.array(by_row[1:])[:, None] + np.array(by_column[1:])[None, :])
    kept: Sequence[Sequence[Value]] = (
        tuple(tuple(row) for row in grid.tolist()) if exact else FloatRows(grid.copy())
    )
    return table_of(rules, objective, kept, exact)


def table_of(
    rules: Rules, objective: Objective, rows: Sequence[Sequence[Value]], exact: bool
) -> BattleTable:
    """A table of battles ``1..len(rows)`` v ``1..len(rows[0])`` holding ``rows``.

    >>> table_of(Rules(), Objective("capture"), ((0.5, 0.25),), False).defenders
    (1, 2)
    """
    return BattleTable(
        Battle(rules, objective, allow_stop=False),
        tuple(range(1, len(rows) + 1)),
        tuple(range(1, len(rows[0]) + 1)),
        rows,
        exact,
    )


@dataclass(frozen=True)
class RetreatAt:
    """A dice policy for the simulator: the most dice while the attacker has more than
    ``armies``, then stop.

    >>> from strategy.risk.sampling import simulate
    >>> played = simulate(12, 5, policy=RetreatAt(8), trials=20_000, seed=2)
    >>> played.win_probability.contains(retreat_odds(12, 5, Rules(), 8).win_probability)
    True
    """

    armies: int
    sight: Sight = "nothing"

    def attacker_dice(self, view: AttackerView, rng: np.random.Generator) -> IntArray:
        """The most dice while the attacker has more than ``armies``, else 0 (stop)."""
        stopped: IntArray = np.where(view.attackers > self.armies, view.most, 0)
        return stopped

    def defender_dice(self, view: DefenderView, rng: np.random.Generator) -> IntArray:
        """The most dice the defender may roll, in every battle."""
        return view.most

"""The kernels of a battle fought to its end as a :class:`~strategy.risk.resolution.Resolution`
says: true random or Balanced Blitz dice, to the end, to stop-until S or to retreat-at K.

Each answers with the one result type of its question (:class:`~strategy.risk.results.BattleOdds`,
:class:`~strategy.risk.tables.BattleTable`), which records the method and the error bound.
Balanced Blitz starts from the exact true-random distribution when the battle has at most
``EXACT_ARMIES`` armies in all (or when asked), else from the float one; either way the
result states a bound on its distance from the exact balanced distribution.

>>> balanced = Battle.of(dice="balanced-blitz", count="attacking")
>>> [fight_odds(a, 50, balanced).win_probability > 0.8 for a in (48, 49)]  # SMG
[False, True]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from strategy.engine.errors import InputError
from strategy.engine.resources import TooLarge
from strategy.risk.battle import Battle
from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.resolution import Balance, Resolution
from strategy.risk.results import BattleOdds, Value
from strategy.risk.rules import Rules

# The classic battle, fought to its end with true random dice, needs only the classic
# kernels: those of a limit, of Balanced Blitz and of the search for the fewest troops
# load where a battle asks for them (so that the odds of 3 v 2 start fast).
if TYPE_CHECKING:
    from strategy.risk.fewest import Need
    from strategy.risk.kernels.classic_float import FloatArray
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.objectives import Objective
    from strategy.risk.outcomes import FinalStates
    from strategy.risk.tables import BattleTable

#: Balanced Blitz starts from the exact true-random distribution up to this many armies.
EXACT_ARMIES = 1000


def true_random_odds(
    resolution: Resolution,
    attackers: int,
    defenders: int,
    rules: Rules,
    *,
    exact: bool,
    progress: Progress | None = None,
) -> BattleOdds:
    """The true-random battle under the resolution's limit, before any balancing."""
    if resolution.limit is None:
        return battle_odds(attackers, defenders, rules, exact=exact, progress=progress)
    from strategy.risk.limits import limited_odds

    return limited_odds(resolution.limit, attackers, defenders, rules, exact=exact)


def fight_odds(
    attackers: int,
    defenders: int,
    battle: Battle,
    *,
    exact: bool | None = None,
    progress: Progress | None = None,
) -> BattleOdds:
    """The battle's final states as its resolution fights it to the end, both sides rolling
    the most dice, with the method and the error bound (the classic battle's odds, with a
    float distribution's error bound, for a plain one). ``exact=None`` chooses: exact
    true-random odds for true random dice (refused when too large), and for Balanced Blitz
    up to ``EXACT_ARMIES`` armies when they fit, floats beyond.

    >>> limited = fight_odds(5, 2, Battle.of(stop_until=3))  # the battle 3 v 2
    >>> shifted = tuple((a + 2, d, p) for a, d, p in battle_odds(3, 2).final_states)
    >>> limited.final_states == shifted, limited.method, limited.attackers
    (True, 'stop-until', 5)
    """
    refuse_choice(battle)
    resolution, rules = battle.resolution, battle.rules
    if resolution.limit is not None:
        resolution.limit.check(attackers, rules)
    want = exact if exact is not None else _starts_exact(resolution, attackers + defenders)
    try:
        true_random = true_random_odds(
            resolution, attackers, defenders, rules, exact=want, progress=progress
        )
    except TooLarge:
        if exact is not None or not resolution.balanced:
            raise
        true_random = true_random_odds(
            resolution, attackers, defenders, rules, exact=False, progress=progress
        )
    method = "classic" if resolution.limit is None else resolution.limit.kind
    if not resolution.balanced and true_random.exact:
        return replace(true_random, battle=battle, method=method, error_bound=0.0)
    from strategy.risk.variants.balanced_blitz import balance_odds, input_error

    if not resolution.balanced:
        bound = input_error(true_random)
        return replace(true_random, battle=battle, method=method, error_bound=bound)
    balanced = balance_odds(true_random, resolution.balance)
    return replace(
        balanced.odds,
        battle=battle,
        method="balanced-blitz",
        error_bound=balanced.error_bound,
        unbalanced=true_random,
        win_steps=balanced.win_steps,
    )


def refuse_choice(battle: Battle) -> None:
    """A blitz fights with the most dice: refuse a battle whose sides choose theirs."""
    if not battle.choice.fixed:
        raise InputError(
            f"{battle.resolution.describe()} is fought with the most dice: a choice rule "
            f"({battle.choice}) is for manual rolls"
        )


def _starts_exact(resolution: Resolution, armies: int) -> bool:
    return not resolution.balanced or armies <= EXACT_ARMIES


def final_states(
    resolution: Resolution, attackers: int, defenders: int, rules: Rules, exact: bool
) -> FinalStates:
    """Only the final states (for attack chains); floats under Balanced Blitz."""
    battle = Battle(rules, resolution=resolution)
    return fight_odds(attackers, defenders, battle, exact=exact or None).final_states


def win_chance(
    resolution: Resolution, attackers: int, defenders: int, rules: Rules, *, exact: bool
) -> Value:
    """P(capture), for comparisons with a target. Under Balanced Blitz it is computed
    from the true-random win chance alone to ``DIGITS`` digits (from exact true-random
    odds when asked and at most ``EXACT_ARMIES`` armies), and returned as the
    ``Fraction`` of those digits."""
    if not resolution.balanced:
        odds = true_random_odds(resolution, attackers, defenders, rules, exact=exact)
        return odds.win_probability
    from strategy.risk.variants.balanced_blitz import balanced_win_chance

    want = exact and attackers + defenders <= EXACT_ARMIES
    win = true_random_odds(resolution, attackers, defenders, rules, exact=want).win_probability
    return Fraction(balanced_win_chance(win, resolution.balance))


def fewest_needed(
    resolution: Resolution,
    defenders: Sequence[int],
    target: Fraction,
    rules: Sequence[Rules],
    *,
    leave: int = 1,
    exact: bool = True,
) -> Need:
    """The fewest attackers that capture with P >= ``target`` as ``resolution`` fights;
    for one territory under Balanced Blitz every comparison is made to ``DIGITS`` digits.

    >>> balanced = Resolution("balanced-blitz")
    >>> fewest_needed(balanced, (50,), Fraction(4, 5), (Rules(count="attacking"),)).attackers
    49
    """
    from strategy.risk.fewest import Need, fewest, minimum_armies

    path = tuple(defenders)
    limit = resolution.limit
    if limit is not None and len(path) > 1:
        raise InputError("stop-until is for one territory: on a path every battle moves on")
    if limit is not None and limit.kind == "retreat-at":
        raise InputError(
            "need does not take retreat-at: a retreat threshold does not make "
            "P(capture) grow with the attackers, which the search relies on"
        )
    if len(path) > 1:

        def fought(a: int, d: int, r: Rules, exact: bool) -> FinalStates:
            return final_states(resolution, a, d, r, exact)

        return minimum_armies(path, target, rules, leave=leave, exact=False, battle=fought)
    smallest = rules[0].min_attackers
    if limit is not None:
        smallest = max(smallest, limit.armies + 1)
    found, value, previous = fewest(
        lambda a: win_chance(resolution, a, path[0], rules[0], exact=exact), target, smallest
    )
    if resolution.balanced:
        return Need(
            found, float(value), None if previous is None else float(previous), target, path
        )
    return Need(found, value, previous, target, path)


def fight_table(
    max_attackers: int,
    max_defenders: int,
    battle: Battle,
    *,
    exact: bool = False,
    progress: Progress | None = None,
) -> BattleTable:
    """The battle's objective over the grid, each battle fought as its resolution fights it
    to the end with the most dice, with a bound on each cell's error (for an expectation,
    times the largest payoff). A table of a blitz records its resolution with no stopping.

    >>> limited = fight_table(4, 2, Battle.of(stop_until=2), exact=True)  # 4 v 2 fought as 3 v 2
    >>> limited.value(4, 1) == battle_odds(3, 1).win_probability, limited.battle.allow_stop
    (True, False)
    """
    refuse_choice(battle)
    table = _fought_table(max_attackers, max_defenders, battle, exact, progress)
    if battle.plain:
        return replace(table, battle=battle)
    return replace(table, battle=replace(table.battle, resolution=battle.resolution))


def _fought_table(
    max_attackers: int, max_defenders: int, battle: Battle, exact: bool, progress: Progress | None
) -> BattleTable:
    resolution, rules, objective = battle.resolution, battle.rules, battle.objective
    if not resolution.balanced:
        if resolution.limit is None:
            table = battle_table(
                max_attackers, max_defenders, rules, objective, exact=exact, progress=progress
            )
            method = "classic"
        else:
            from strategy.risk.limits import limited_table

            table = limited_table(
                resolution.limit, max_attackers, max_defenders, rules, objective, exact=exact
            )
            method = resolution.limit.kind
        bound = 0.0 if exact else float_table_error(max_attackers, max_defenders)
        return replace(table, method=method, error_bound=bound)
    if exact:
        raise InputError("Balanced Blitz tables are floats (its powers are irrational)")
    return _balanced_table(resolution, max_attackers, max_defenders, rules, objective, progress)


def balanced_cell(
    balance: Balance, captured: FloatArray, held: FloatArray, rules: Rules
) -> tuple[FloatArray, float]:
    """One battle of :func:`final_distributions` (``n = len(captured) - 1`` armies that
    may attack), balanced, ordered from the attacker's best outcome, with its bound."""
    from strategy.risk.variants.balanced_blitz import UNIT, balance_masses

    n, d = len(captured) - 1, len(held) - 1
    masses = np.concatenate((captured[n:0:-1], held[1:]))
    error = 8 * (n + d) * UNIT
    balanced, _, bound = balance_masses(masses, n, balance, error=error)
    if math.isinf(bound):
        # The float win chance sits on a cutoff: settle it with exact odds.
        exact_win = Fraction(battle_odds(n + rules.offset, d, rules).win_probability)
        balanced, _, bound = balance_masses(masses, n, balance, exact_win=exact_win, error=error)
    return balanced, bound


def _balanced_table(
    resolution: Resolution,
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    progress: Progress | None,
) -> BattleTable:
    from strategy.risk.kernels.classic_float import FloatRows
    from strategy.risk.limits import table_of
    from strategy.risk.variants.grid import final_distributions

    fought = resolution.fought_rules(rules)
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
            balanced, bound = balanced_cell(resolution.balance, captured, held, fought)
            a = n + offset
            value = float(captured_pay[n:0:-1] @ balanced[:n] + held_pay[1 : d + 1] @ balanced[n:])
            values[a - 1, d - 1] = value + objective.start_offset(a, d)
            worst = max(worst, bound)
    table = table_of(rules, objective, FloatRows(values), False)
    return replace(table, method="balanced-blitz", error_bound=worst)


def float_table_error(max_attackers: int, max_defenders: int) -> float:
    """The L1 bound of a float table's battles, as for one float push of the largest."""
    from strategy.risk.variants.balanced_blitz import UNIT

    return 8 * (max_attackers + max_defenders) * UNIT

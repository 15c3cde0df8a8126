"""The classic battle: both sides roll the most dice they may until one side is spent.

Internally the attacker is counted by the armies that may still attack
(``n = A - rules.offset``), so the battle ends at ``n = 0`` or ``D = 0`` under
either count convention. Each roll removes ``min(attacker dice, defender dice)``
armies, so every state depends only on states with fewer armies. Tables are filled
anti-diagonal by anti-diagonal (floats, :mod:`strategy.risk.kernels.classic_float`) or with
integers over powers of the dice's faces (exact, :mod:`strategy.risk.kernels.classic_exact`);
one battle pushes its probability mass forward to the final states.

>>> odds = battle_odds(3, 1)
>>> odds.win_probability == Fraction(15, 36) * Fraction(91, 216) + Fraction(125, 216)
True
>>> p31 = Fraction(15, 36) * Fraction(91, 216) + Fraction(125, 216)
>>> battle_table(4, 2).value(4, 1) == p31 * Fraction(441, 1296) + Fraction(855, 1296)
True
>>> round(battle_odds(5_000, 5_000, exact=False).win_probability, 9)  # memory: A + D only
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from math import lcm, log2, log10
from typing import TYPE_CHECKING

from strategy.engine.errors import InputError
from strategy.engine.resources import grid_what, require, require_memory
from strategy.risk.battle import Battle
from strategy.risk.dice import rules_roll
from strategy.risk.kernels.classic_exact import exact_push, exact_table
from strategy.risk.kernels.classic_float import FloatRows, float_table
from strategy.risk.kernels.geometry import Progress
from strategy.risk.kernels.push import DEFAULT_TOLERANCE, push_forward, push_seconds
from strategy.risk.objectives import CAPTURE, Objective
from strategy.risk.results import BattleOdds, Value
from strategy.risk.rules import DEFAULT_RULES, Rules, check_table_size

# Tables load with the first table asked for: one battle's odds need none.
if TYPE_CHECKING:
    from strategy.risk.tables import BattleTable

__all__ = [
    "battle_odds",
    "battle_odds_seconds",
    "battle_table",
    "check_table_memory",
    "classic_steps",
    "float_table_memory",
    "table_memory",
]


@cache
def classic_steps(
    rules: Rules, attackers: int, defenders: int
) -> tuple[tuple[int, int, Fraction], ...]:
    """``(attacker_losses, defender_losses, probability)`` of one classic roll from a state.

    The state is counted in ``rules``' convention and must allow an attack.

    >>> classic_steps(Rules(), 2, 1)
    ((1, 0, Fraction(7, 12)), (0, 1, Fraction(5, 12)))
    """
    attacker_dice = rules.attacker_dice_for(attackers)
    defender_dice = rules.defender_dice_for(defenders)
    if attacker_dice < 1 or defender_dice < 1:
        raise InputError(f"no roll is possible at ({attackers}, {defenders})")
    return rules_roll(rules, attacker_dice, defender_dice).probabilities()


def battle_odds(
    attackers: int,
    defenders: int,
    rules: Rules = DEFAULT_RULES,
    *,
    exact: bool = True,
    tolerance: float = DEFAULT_TOLERANCE,
    progress: Progress | None = None,
) -> BattleOdds:
    """Push the probability mass of one battle forward to its final states.

    Float odds drop masses below ``tolerance`` on the way, counted in ``dropped_mass``
    (the value of any objective is then off by at most that times its largest payoff),
    and take memory proportional to ``A + D``: one cell of a huge battle needs no table.
    Exact odds are refused up front when too large.

    >>> [(a, d) for a, d, _ in battle_odds(3, 2).final_states]
    [(3, 0), (2, 0), (1, 1), (1, 2)]
    """
    rules.check_state(attackers, defenders)
    offset = rules.offset
    n0 = attackers - offset
    if exact:
        require(
            f"computing the exact odds of {attackers} v {defenders}",
            memory=_exact_odds_memory(n0, defenders, rules),
            seconds=_exact_odds_seconds(n0, defenders, rules),
        )
        final = exact_push(n0, defenders, rules, progress)
        order = sorted(final, key=lambda s: (s[1] != 0, -s[0] if s[1] == 0 else s[1]))
        states: tuple[tuple[int, int, Value], ...] = tuple(
            (n + offset, d, final[(n, d)]) for n, d in order
        )
        return BattleOdds(Battle(rules, allow_stop=False), attackers, defenders, states, exact)
    # The final states as Python objects, beside the push's own arrays.
    require(f"computing the odds of {attackers} v {defenders}", memory=120 * (n0 + defenders + 2))
    pushed = push_forward(n0, defenders, rules, tolerance, progress)
    captured, held = pushed.captured.tolist(), pushed.held.tolist()
    states = tuple(
        (n + offset, 0, captured[n]) for n in range(n0, -1, -1) if captured[n] > 0
    ) + tuple((offset, d, held[d]) for d in range(1, defenders + 1) if held[d] > 0)
    fought = Battle(rules, allow_stop=False)
    return BattleOdds(fought, attackers, defenders, states, exact, pushed.dropped)


def _exact_odds_memory(n0: int, defenders: int, rules: Rules) -> int:
    """Bytes the exact push may hold: a few diagonals and the final states, at full length."""
    k = min(rules.attacker_dice, rules.defender_dice)
    states = (k + 1) * (min(n0, defenders) + 1) + n0 + defenders + 1
    return states * (150 + _numerator_bytes(n0 + defenders, rules))


def battle_odds_seconds(attackers: int, defenders: int, rules: Rules, *, exact: bool) -> float:
    """About how long :func:`battle_odds` takes.

    >>> battle_odds_seconds(1000, 1000, Rules(), exact=True) > 10 * battle_odds_seconds(
    ...     1000, 1000, Rules(), exact=False)
    True
    """
    n0 = max(attackers - rules.offset, 0)
    if exact:
        return _exact_odds_seconds(n0, defenders, rules)
    return push_seconds(n0, defenders)


def _exact_odds_seconds(n0: int, defenders: int, rules: Rules) -> float:
    """The exact push adds numbers of up to ``_numerator_bytes`` bytes at each state of
    ``n0 + d0`` diagonals, about ``min(n0, d0)`` states each (measured: 1000 v 1000 in
    1.6 s, 4000 v 4000 in 56 s)."""
    diagonals = n0 + defenders
    states = diagonals * (min(n0, defenders) + 1)
    return 2.5e-10 * states * max(8 * _numerator_bytes(diagonals, rules), 64) / 13


def _numerator_bytes(armies: int, rules: Rules) -> int:
    """A bound on an exact numerator's size: at most ``armies`` rolls of all the dice."""
    base = lcm(rules.attacker_sides, rules.defender_sides)
    return int(armies * (rules.attacker_dice + rules.defender_dice) * log2(base) / 8)


def table_memory(max_attackers: int, max_defenders: int, rules: Rules, *, exact: bool) -> int:
    """Estimated bytes a table of Python numbers needs: exact cells grow with the battle.

    Float tables from :func:`battle_table` hold a numpy array instead and need
    :func:`float_table_memory`.

    >>> table_memory(10, 10, Rules(), exact=False) < 10_000
    True
    """
    cells = (max_attackers + 1) * (max_defenders + 1)
    if not exact:
        return cells * 40
    rolls = rules.attacker_sides**rules.attacker_dice * rules.defender_sides**rules.defender_dice
    digits_bytes = (max_attackers + max_defenders) * log2(rolls) / 8
    return int(cells * (120 + 2 * digits_bytes))


def float_table_memory(max_attackers: int, max_defenders: int, rules: Rules) -> int:
    """Bytes :func:`battle_table` needs for a float table: the array and a few diagonals.

    >>> float_table_memory(10_000, 10_000, Rules()) // 10**6
    800
    """
    k = min(rules.attacker_dice, rules.defender_dice)
    return 8 * (max_attackers * max_defenders + (k + 4) * (max_defenders + 1))


def check_table_memory(
    max_attackers: int, max_defenders: int, rules: Rules, *, exact: bool
) -> None:
    """Refuse (:class:`strategy.engine.resources.TooLarge`) a table from :func:`battle_table` that
    this machine's memory cannot hold, with the size it would need.

    >>> check_table_memory(100, 100, Rules(), exact=True)
    """
    what = f"a {max_attackers} x {max_defenders} {'exact' if exact else 'float'} table"
    if exact:
        needed = table_memory(max_attackers, max_defenders, rules, exact=True)
    else:
        needed = float_table_memory(max_attackers, max_defenders, rules)
    require_memory(needed, grid_what(what, max_attackers * max_defenders, needed))


def battle_table(
    max_attackers: int,
    max_defenders: int,
    rules: Rules = DEFAULT_RULES,
    objective: Objective = CAPTURE,
    *,
    exact: bool = True,
    progress: Progress | None = None,
) -> BattleTable:
    """The classic battle's ``objective`` for attackers and defenders 1..max.

    At (2, 2) one die meets two: lose (161/216) and end at -2, or win (55/216) and
    reach (2, 1), worth 1/4.

    >>> battle_table(2, 2, objective=Objective("signed")).values
    ((Fraction(-1, 1), Fraction(-2, 1)), (Fraction(1, 4), Fraction(-137, 96)))
    """
    from strategy.risk.tables import BattleTable

    check_table_size(max_attackers, max_defenders)
    check_table_memory(max_attackers, max_defenders, rules, exact=exact)
    values: Sequence[Sequence[Value]]
    if exact:
        values = exact_table(max_attackers, max_defenders, rules, objective, progress)
    else:
        array = float_table(max_attackers, max_defenders, rules, objective, progress)
        values = FloatRows(array)
    return BattleTable(
        Battle(rules, objective, allow_stop=False),
        tuple(range(1, max_attackers + 1)),
        tuple(range(1, max_defenders + 1)),
        values,
        exact,
    )


def output_chars(
    attackers: int, defenders: int, rules: Rules, fmt: str, exact: bool, digits: int = 0
) -> int:
    """A rough size of the table written in a text format: a float's characters per cell
    (HTML adds a style), or ``digits`` decimals and a few characters more, and in CSV and
    JSON each exact fraction's digits, which grow with the battle's length.

    >>> output_chars(100, 100, Rules(), "json", exact=False)
    240000
    """
    per_cell = max(24, digits + 8) + (24 if fmt == "html" else 0)
    if exact and fmt in ("csv", "json"):
        # A cell's numerator and denominator have about one roll's digits per army lost,
        # half the table's longest battle on average.
        attacker_digits = rules.attacker_dice * log10(rules.attacker_sides)
        defender_digits = rules.defender_dice * log10(rules.defender_sides)
        per_cell += int((attackers + defenders) * (attacker_digits + defender_digits))
    return attackers * defenders * per_cell

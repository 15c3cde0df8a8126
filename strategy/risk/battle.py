"""The classic battle: both sides roll the most dice they may until one side is spent.

Internally the attacker is counted by the armies that may still attack
(``n = A - rules.offset``), so the battle ends at ``n = 0`` or ``D = 0`` under
either count convention. Each roll removes ``min(attacker dice, defender dice)``
armies, so every state depends only on states with fewer armies: one pass over
the grid in increasing order fills a whole table.

>>> odds = battle_odds(3, 1)
>>> odds.win_probability == Fraction(15, 36) * Fraction(91, 216) + Fraction(125, 216)
True
>>> p31 = Fraction(15, 36) * Fraction(91, 216) + Fraction(125, 216)
>>> battle_table(4, 2).value(4, 1) == p31 * Fraction(441, 1296) + Fraction(855, 1296)
True
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import log2

from strategy.resources import require_memory
from strategy.risk.dice import rules_roll
from strategy.risk.objectives import Objective
from strategy.risk.rules import DEFAULT_RULES, Rules

Value = Fraction | float
CAPTURE = Objective("capture")


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
        raise ValueError(f"no roll is possible at ({attackers}, {defenders})")
    return rules_roll(rules, attacker_dice, defender_dice).probabilities()


@dataclass(frozen=True)
class BattleOdds:
    """The outcome distribution of one classic battle.

    ``final_states`` lists ``(attackers, defenders, probability)``: captures
    first (most attackers left first), then failures (fewest defenders first).

    >>> odds = battle_odds(2, 1)
    >>> odds.win_probability, odds.expected_signed
    (Fraction(5, 12), Fraction(1, 4))
    """

    rules: Rules
    attackers: int
    defenders: int
    final_states: tuple[tuple[int, int, Value], ...]
    exact: bool

    def expectation(self, objective: Objective) -> Value:
        """The expected value of ``objective`` over the final states."""
        total: Value = sum(
            (p * objective.payoff(a, d) for a, d, p in self.final_states),
            Fraction(0) if self.exact else 0.0,
        )
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


def battle_odds(
    attackers: int, defenders: int, rules: Rules = DEFAULT_RULES, *, exact: bool = True
) -> BattleOdds:
    """Push the probability mass of one battle forward to its final states.

    >>> [(a, d) for a, d, _ in battle_odds(3, 2).final_states]
    [(3, 0), (2, 0), (1, 1), (1, 2)]
    """
    rules.check_state(attackers, defenders)
    one: Value = Fraction(1) if exact else 1.0
    # States with the same number of armies in play are processed together, largest first,
    # since every roll removes at least one army.
    pending: dict[int, dict[tuple[int, int], Value]] = defaultdict(dict)
    pending[attackers + defenders][(attackers, defenders)] = one
    final: dict[tuple[int, int], Value] = {}
    for armies in range(attackers + defenders, -1, -1):
        for (a, d), mass in pending.pop(armies, {}).items():
            if d == 0 or rules.attacker_dice_for(a) == 0:
                final[(a, d)] = mass
                continue
            for lost_a, lost_d, p in classic_steps(rules, a, d):
                layer = pending[armies - lost_a - lost_d]
                key = (a - lost_a, d - lost_d)
                layer[key] = layer.get(key, 0) + mass * (p if exact else float(p))
    order = sorted(final, key=lambda s: (s[1] != 0, -s[0] if s[1] == 0 else s[1]))
    states = tuple((a, d, final[(a, d)]) for a, d in order)
    return BattleOdds(rules, attackers, defenders, states, exact)


@dataclass(frozen=True)
class BattleTable:
    """Values of one objective over a grid of battles (rows: attackers, columns: defenders).

    >>> table = battle_table(3, 3)
    >>> table.attackers, table.defenders
    ((1, 2, 3), (1, 2, 3))
    """

    rules: Rules
    objective: Objective
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    values: tuple[tuple[Value, ...], ...]
    exact: bool

    def value(self, attackers: int, defenders: int) -> Value:
        """The value at one cell, looked up by army counts."""
        return self.values[self.attackers.index(attackers)][self.defenders.index(defenders)]

    def as_floats(self) -> list[list[float]]:
        """The values as floats, row by row."""
        return [[float(v) for v in row] for row in self.values]


def table_memory(max_attackers: int, max_defenders: int, rules: Rules, *, exact: bool) -> int:
    """Estimated bytes a table needs: exact cells grow with the battle's length.

    >>> table_memory(10, 10, Rules(), exact=False) < 10_000
    True
    """
    cells = (max_attackers + 1) * (max_defenders + 1)
    if not exact:
        return cells * 40
    rolls = rules.attacker_sides**rules.attacker_dice * rules.defender_sides**rules.defender_dice
    digits_bytes = (max_attackers + max_defenders) * log2(rolls) / 8
    return int(cells * (120 + 2 * digits_bytes))


def battle_table(
    max_attackers: int,
    max_defenders: int,
    rules: Rules = DEFAULT_RULES,
    objective: Objective = CAPTURE,
    *,
    exact: bool = True,
) -> BattleTable:
    """The classic battle's ``objective`` for attackers and defenders 1..max.

    At (2, 2) one die meets two: lose (161/216) and end at -2, or win (55/216) and
    reach (2, 1), worth 1/4.

    >>> battle_table(2, 2, objective=Objective("signed")).values
    ((-1, -2), (Fraction(1, 4), Fraction(-137, 96)))
    """
    for name, value in (("max_attackers", max_attackers), ("max_defenders", max_defenders)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, not {value!r}")
    kind = "exact" if exact else "float"
    require_memory(
        table_memory(max_attackers, max_defenders, rules, exact=exact),
        f"a {max_attackers} x {max_defenders} {kind} table",
    )
    grid = _classic_grid(max_attackers, max_defenders, rules, objective, exact)
    rows = tuple(
        tuple(grid[a][d] + objective.start_offset(a, d) for d in range(1, max_defenders + 1))
        for a in range(1, max_attackers + 1)
    )
    return BattleTable(
        rules,
        objective,
        tuple(range(1, max_attackers + 1)),
        tuple(range(1, max_defenders + 1)),
        rows,
        exact,
    )


def _classic_grid(
    max_attackers: int, max_defenders: int, rules: Rules, objective: Objective, exact: bool
) -> list[list[Value]]:
    """``grid[A][D]`` for 0 <= A, D <= max, without the start offset."""
    grid: list[list[Value]] = []
    for a in range(max_attackers + 1):
        row: list[Value] = []
        for d in range(max_defenders + 1):
            if d == 0 or rules.attacker_dice_for(a) == 0:
                row.append(objective.payoff(a, d))
                continue
            value: Value = Fraction(0) if exact else 0.0
            for lost_a, lost_d, p in classic_steps(rules, a, d):
                source = row if lost_a == 0 else grid[a - lost_a]
                value += (p if exact else float(p)) * source[d - lost_d]
            row.append(value)
        grid.append(row)
    return grid

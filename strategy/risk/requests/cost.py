"""What a request will cost before any work: states, seconds and bytes, one model for the
library, the command line and the server.

Each estimate is the kernel's own where it has one (the push's seconds, a table's bytes,
the turn planner's :func:`~strategy.risk.turns.solve.plan_cost`); the seconds of the
others are fitted to measured runs (``benchmarks/bench_estimate.py`` prints the estimate
beside the measured time for every benchmark position).

>>> cost = estimate_odds(Odds(attackers=10, defenders=6))
>>> cost.states, cost.seconds < 0.01
(77, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategy.risk.battle import Battle
from strategy.risk.requests.battles import Left, Odds
from strategy.risk.requests.terms import battle_of, fought, path_rules, rules_of
from strategy.risk.rules import Rules

if TYPE_CHECKING:
    from strategy.risk.requests.grids import Strategy, Table
    from strategy.risk.requests.paths import Chain, Need

#: Seconds of one state of the exact optimal-play kernels, per army of the battle (their
#: integers grow with it; sees-roll, a reduction per roll the defender sees, the dearest).
OPTIMAL_EXACT = 0.5e-6
OPTIMAL_EXACT_SEES = 1.6e-6
#: Seconds an exact cell adds where a stage game is solved in it (``announce``'s matrix
#: game, ``sees-roll``'s answer to each roll): the small battles' fixed part (12 v 7: 0.01 s
#: measured, 0.005 s from the per-army rate alone).
OPTIMAL_EXACT_STAGE = 4e-5
#: Seconds of one cell of the float optimal-play kernels.
OPTIMAL_FLOAT = 2e-7
#: Seconds of one cell of a classic float table, and of an exact one per army.
TABLE_FLOAT = 2e-8
TABLE_EXACT = 2.5e-8
#: Seconds to describe one cell of a strategy matrix (measured at 300 x 300: 0.2 s).
DESCRIBE_CELL = 2.5e-6
#: Seconds of one state of an attack chain, exact and float (measured at 30 v 5, 3, 2).
CHAIN_EXACT = 3e-6
CHAIN_FLOAT = 3e-7
#: Seconds Balanced Blitz adds per army of the battle it balances.
BALANCE_ARMY = 1e-5
#: Seconds of one commitment of a commitment curve.
COMMITMENT = 5e-5
#: Seconds to set up any computation beyond one small battle: added to its work.
FLOOR = 1.5e-3


@dataclass(frozen=True)
class Cost:
    """A request's estimated work: ``what`` it is (a phrase ending in a verb of size, "the
    exact odds of 9 v 9 would visit"), the ``states`` it visits, ``seconds`` on one core,
    peak ``memory`` in bytes, and the bytes of its answer's JSON where that can be large
    (0: small)."""

    what: str
    states: int
    seconds: float
    memory: int
    output: int = 0

    def describe(self) -> str:
        """One phrase: what, states and the time.

        >>> Cost("a table would fill", 100, 2.5, 10**6).describe()
        'a table would fill 100 states and would take about 2.5 s'
        """
        return f"{self.what} {self.states:,} states and would take about {self.seconds:.2g} s"


def _cells(attackers: int, defenders: int) -> int:
    return (attackers + 1) * (defenders + 1)


def battle_cost(attackers: int, defenders: int, battle: Battle, exact: bool, what: str) -> Cost:
    """One battle under ``battle``: the classic push, or a table of optimal play."""
    from strategy.risk.classic import battle_odds_seconds

    rules = battle.rules
    if battle.classic or not battle.plain:
        seconds = battle_odds_seconds(attackers, defenders, rules, exact=exact)
        if exact:
            # A few diagonals of numerators growing with every roll of all the dice.
            digits = (attackers + defenders) * (rules.attacker_dice + rules.defender_dice)
            memory = (min(attackers, defenders) + 8) * (150 + digits * 3 // 8)
            states = _cells(attackers, defenders)
        else:
            states, memory = attackers + defenders, 64 * (attackers + defenders + 8)
        if not battle.plain:
            seconds += BALANCE_ARMY * (attackers + defenders)
        return Cost(f"{what} would visit", states, seconds + FLOOR, memory)
    return optimal_cost(attackers, defenders, battle, exact, what)


def optimal_cost(attackers: int, defenders: int, battle: Battle, exact: bool, what: str) -> Cost:
    """A table of optimal play up to ``attackers`` x ``defenders``."""
    from strategy.risk.optimal import optimal_table_memory

    cells = _cells(attackers, defenders)
    if exact:
        per = OPTIMAL_EXACT_SEES if battle.choice.defender_sees_roll else OPTIMAL_EXACT
        seconds = per * cells * (attackers + defenders)
        if battle.choice.simultaneous or battle.choice.defender_sees_roll:
            seconds += OPTIMAL_EXACT_STAGE * cells
    else:
        seconds = OPTIMAL_FLOAT * cells
    memory = optimal_table_memory(attackers, defenders, battle, exact=exact)
    kind = "exact" if exact else "float"
    return Cost(f"{what} under optimal play ({kind}) would fill", cells, seconds + FLOOR, memory)


def table_cost(attackers: int, defenders: int, battle: Battle, exact: bool, what: str) -> Cost:
    """A table of the classic battle, or of optimal play."""
    from strategy.risk.classic import float_table_memory, table_memory

    if battle.plain and not battle.classic:
        return optimal_cost(attackers, defenders, battle, exact, what)
    cells = attackers * defenders
    rules = battle.rules
    if exact:
        seconds = TABLE_EXACT * cells * (attackers + defenders)
        memory = table_memory(attackers, defenders, rules, exact=True)
    else:
        seconds = TABLE_FLOAT * cells
        memory = float_table_memory(attackers, defenders, rules)
    return Cost(f"{what} would fill", cells, seconds + FLOOR, memory)


def chain_cost(attackers: int, path: tuple[int, ...], rules: Rules, exact: bool) -> Cost:
    """An attack chain: up to ``attackers + 1`` battles of up to ``(A + 1)(D + 1)`` states
    at each territory."""
    states = (attackers + 1) * sum(_cells(attackers, d) for d in path)
    what = f"a chain of {attackers} armies against {', '.join(map(str, path))} would visit"
    seconds = states * (CHAIN_EXACT if exact else CHAIN_FLOAT) + FLOOR
    # One battle's states at a time, for each of the armies the attack may arrive with.
    memory = 64 * (attackers + 1) * (max(path) + 1)
    return Cost(what, states, seconds, memory)


def estimate_odds(request: Odds) -> Cost:
    """One battle's odds, as :func:`~strategy.risk.requests.battles.run_odds` computes them."""
    battle = fought(request, battle_of(request))
    a, d = request.attackers, request.defenders
    exact = request.exact is not False
    if not battle.plain and request.exact is None and a + d > 1000:
        exact = False  # Balanced Blitz balances the float distribution beyond 1000 armies
    kind = "exact" if exact else "float"
    return battle_cost(a, d, battle, exact, f"the {kind} odds of {a} v {d}")


def estimate_left(request: Left) -> Cost:
    """The tails of one battle, exact where the dice are true random."""
    battle = fought(request, Battle(rules_of(request)))
    a, d = request.attackers, request.defenders
    exact = battle.plain or a + d <= 1000
    return battle_cost(a, d, battle, exact, f"the odds of {a} v {d}")


def estimate_table(request: Table) -> Cost:
    """A table of the grid asked for."""
    from dataclasses import replace

    from strategy.risk.classic import output_chars
    from strategy.risk.requests.grids import table_battle

    a, d = request.size
    battle = table_battle(request)
    found = table_cost(a, d, battle, request.exact, f"a {a} x {d} table")
    return replace(found, output=output_chars(a, d, battle.rules, "json", request.exact))


def estimate_strategy(request: Strategy) -> Cost:
    """A strategy matrix: a table of optimal play and a description of every cell."""
    from dataclasses import replace

    a, d = request.size
    battle = battle_of(request)
    found = optimal_cost(a, d, battle, request.exact, f"a {a} x {d} strategy matrix")
    found = replace(found, seconds=found.seconds + DESCRIBE_CELL * a * d)
    # Each cell's JSON lists its play: measured at 300 x 300, 2,800 characters under
    # sees-roll (every response), 600 elsewhere.
    per_cell = 3000 if battle.choice.defender_sees_roll else 600
    return replace(found, output=per_cell * a * d)


def estimate_chain(request: Chain) -> Cost:
    """An attack chain."""
    rules = path_rules(request, len(request.defenders))[0]
    return chain_cost(request.attackers, request.defenders, rules, request.exact)


def estimate_need(request: Need) -> Cost:
    """The search for the fewest armies fights battles up to about twice the defenders
    (a target so close to 1 that it needs more is stopped by the time limit)."""
    path = request.defenders
    guess = 2 * sum(path) + 10
    rules = path_rules(request, len(path))[0]
    if len(path) > 1:
        return chain_cost(guess, path, rules, request.exact)
    battle = fought(request, battle_of(request, rules=rules))
    what = (
        f"finding the fewest armies against {path[0]:,} (battles of about {guess:,} v {path[0]:,})"
    )
    if battle.plain and not battle.classic:
        return optimal_cost(guess, path[0], battle, request.exact, what)
    # The search tries about log2(guess) battles of up to that size.
    found = battle_cost(guess, path[0], battle, request.exact and battle.plain, what)
    return Cost(found.what, found.states, found.seconds * math.log2(guess) + FLOOR, found.memory)

"""Bounds on a capture-all plan too large to solve: a pooled upper bound and a lower bound
from a plan that is solved.

**Upper bound: one pool of armies.** Let ``U`` be the armies the attacker could still roll
with, the sum over its territories of the armies above ``stay_behind``. In the *pooled*
turn the attacker holds the same territories and ``U``, and may roll against any enemy
territory bordering one it holds with any number of dice some stack of at most
``U + stay_behind`` armies would roll; a roll loses what it loses, and a capture costs one
army of ``U`` (the territory taken must hold one). Every move of the real turn is a move of
the pooled turn with the same chances (its source is a stack of at most ``U +
stay_behind``; a capture costs it at least one army of ``U``, since the source keeps
``stay_behind`` and the territory taken at least one), and more ``U`` never hurts in the
pooled turn (it can roll as if it had less), so by induction on the armies in play the
pooled value is at least the real one. Its states are the territories held, ``U`` and the
defenders bordering them: thousands where the real turn has hundreds of millions.

**Lower bound**: the value of any plan the attacker can follow is at most the optimal one;
:func:`plan_bounds` takes the best of attacking everything
(:mod:`strategy.risk.turns.baselines`) and of the plans that split the target among the
stacks, each blitzing its own path (:func:`split_chains`), each evaluated exactly.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.solve import plan_turn
>>> turn = path_turn(6, (2, 1))
>>> pooled_value(turn) == plan_turn(turn).value  # one stack on a path: nothing is pooled
True
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from strategy.engine.errors import InputError
from strategy.engine.resources import TooLarge
from strategy.risk.turns.baselines import AttackEverything, Chain
from strategy.risk.turns.building import path_turn
from strategy.risk.turns.model import Turn
from strategy.risk.turns.solve import Value, plan_turn

#: The most armies in play for which the pooled upper bound is computed.
POOL_ARMIES = 2_000


def pooled_value(turn: Turn, *, exact: bool = True) -> Value:
    """The pooled turn's value: at least the optimal plan's (capture-all only)."""
    if turn.objective.kind != "capture-all":
        raise InputError("the pooled bound is for capture-all plans")
    rules, stay = turn.rules, turn.rules.stay_behind
    near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
    enemies = [i for i in range(turn.size) if not turn.attacker >> i & 1]
    taken_cost = 1 if stay else 0
    memo: dict[tuple[int, int, tuple[int, ...]], Any] = {}
    one: Any = Fraction(1) if exact else 1.0
    chances: dict[tuple[int, int], list[tuple[int, int, Any]]] = {}

    def rolls(attacking: int, defending: int) -> list[tuple[int, int, Any]]:
        key = attacking, defending
        if key not in chances:
            steps = turn.roll_steps(attacking, defending)
            chances[key] = [(a, d, p if exact else float(p)) for a, d, p in steps]
        return chances[key]

    def value(owned: int, usable: int, defenders: tuple[int, ...]) -> Any:
        key = owned, usable, defenders
        found = memo.get(key)
        if found is not None:
            return found
        best = one * (owned & turn.target == turn.target)
        reach = 0
        for i in range(turn.size):
            if owned >> i & 1:
                reach |= near[i]
        # One stack size per number of dice the pool can roll.
        stacks = {rules.attacker_dice_for(a): a for a in range(usable + stay, stay, -1)}
        for k, e in enumerate(enemies):
            if owned >> e & 1 or not reach >> e & 1:
                continue
            for stack in stacks.values():
                total: Any = 0
                for lost, killed, p in rolls(stack, defenders[k]):
                    left = defenders[k] - killed
                    after = (*defenders[:k], left, *defenders[k + 1 :])
                    if left:
                        total += p * value(owned, usable - lost, after)
                    else:
                        total += p * value(owned | 1 << e, usable - lost - taken_cost, after)
                best = max(best, total)
        memo[key] = best
        return best

    usable = sum(max(a - stay, 0) for i, a in enumerate(turn.armies) if turn.attacker >> i & 1)
    if sum(turn.armies) > POOL_ARMIES:
        # The recursion goes about four calls deep per army in play.
        raise TooLarge(
            f"the pooled bound of a turn with {sum(turn.armies):,} armies in play recurses too "
            f"deep (at most {POOL_ARMIES:,})"
        )
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * (usable + sum(turn.armies)) + 100))
    try:
        result: Value = value(turn.attacker, usable, tuple(turn.armies[e] for e in enemies))
    finally:
        sys.setrecursionlimit(limit)
    return result


@dataclass(frozen=True)
class PlanBounds:
    """The optimal capture-all plan's value lies in ``[lower, upper]``: ``lower`` is the
    value of the plan ``lower_plan`` names, ``upper`` the pooled turn's."""

    lower: Value
    lower_plan: str
    upper: Value
    exact: bool

    @property
    def gap(self) -> Value:
        """How far apart the bounds are."""
        return self.upper - self.lower

    def to_json(self) -> dict[str, Any]:
        """The bounds as JSON-ready data (exact values as ``p/q`` strings)."""

        def shown(value: Value) -> Any:
            return str(value) if isinstance(value, Fraction) else value

        return {
            "lower": shown(self.lower),
            "lower_plan": self.lower_plan,
            "upper": shown(self.upper),
            "upper_plan": "one pool of armies",
            "gap": shown(self.gap),
            "exact": self.exact,
        }


def split_chains(turn: Turn, *, exact: bool = False) -> tuple[Value, tuple[Chain, ...]]:
    """The best plan that splits the target among the attacker's stacks: each stack blitzes
    its own path (a fixed chain), the paths disjoint and together covering the target. The
    chains never meet, so the plan takes everything with the product of their chances;
    it is a plan the attacker can follow, so its value is a lower bound. Paths are tried up
    to :data:`MAX_PATHS` from each stack; ``(0, ())`` if no split covers the target.

    >>> from strategy.risk.paths import chain_odds
    >>> value, chains = split_chains(path_turn(6, (2, 1)), exact=True)
    >>> value == chain_odds(6, (2, 1)).win_probability, chains
    (True, (Chain(origin=0, path=(1, 2)),))
    """
    start, _ = turn.start()
    values: dict[tuple[int, tuple[int, ...]], Value] = {}

    def chance(origin: int, path: tuple[int, ...]) -> Value:
        # A chain's chance depends only on its armies and defenders: solve it as a path.
        key = turn.armies[origin], tuple(turn.armies[t] for t in path)
        if key not in values:
            line = path_turn(key[0], key[1], rules=turn.rules, move_in=turn.move_in)
            chain = Chain(0, tuple(range(1, len(path) + 1)))
            values[key] = plan_turn(line, exact=exact, restriction=chain).value
        return values[key]

    zero: Value = Fraction(0) if exact else 0.0
    one: Value = Fraction(1) if exact else 1.0
    # The best split so far of each set of territories taken, and its chains.
    best: dict[int, tuple[Value, tuple[Chain, ...]]] = {0: (one, ())}
    for origin in range(turn.size):
        if not start.armies[origin] or not turn.attacker >> origin & 1:
            continue
        own: dict[int, tuple[Value, Chain]] = {}
        for path in _paths(turn, origin):
            mask = sum(1 << t for t in path)
            value = chance(origin, path)
            if mask not in own or value > own[mask][0]:
                own[mask] = (value, Chain(origin, path))
        joined = dict(best)
        for mask, (value, chains) in best.items():
            for more, (extra, chain) in own.items():
                if mask & more:
                    continue
                product = value * extra
                if mask | more not in joined or product > joined[mask | more][0]:
                    joined[mask | more] = (product, (*chains, chain))
        best = joined
    found = [
        (v, c) for m, (v, c) in best.items() if m & turn.target == turn.target & ~turn.attacker
    ]
    return max(found, key=lambda pair: pair[0], default=(zero, ()))


#: Paths tried from each stack by :func:`split_chains`.
MAX_PATHS = 20_000


def _paths(turn: Turn, origin: int) -> list[tuple[int, ...]]:
    """The simple paths through enemy territories from ``origin`` (at most MAX_PATHS)."""
    found: list[tuple[int, ...]] = []
    stack: list[tuple[int, ...]] = [
        (t,) for t in turn.neighbours[origin] if not turn.attacker >> t & 1
    ]
    while stack and len(found) < MAX_PATHS:
        path = stack.pop()
        found.append(path)
        stack += [
            (*path, t)
            for t in turn.neighbours[path[-1]]
            if not turn.attacker >> t & 1 and t not in path
        ]
    return found


def plan_bounds(turn: Turn, *, exact: bool = False) -> PlanBounds:
    """Bounds on the optimal capture-all plan's value without solving it: the best of
    attacking everything and :func:`split_chains` below, the pooled turn above.

    >>> from strategy.risk.turns.building import path_turn
    >>> bounds = plan_bounds(path_turn(6, (2, 1)), exact=True)
    >>> bounds.lower == bounds.upper, bounds.lower_plan
    (True, 'attack everything')
    """
    upper = pooled_value(turn, exact=exact)
    lower: Value = plan_turn(turn, exact=exact, restriction=AttackEverything()).value
    name = "attack everything"
    split, chains = split_chains(turn, exact=exact)
    if split > lower:
        lower = split
        name = (
            "the best chain: " if len(chains) == 1 else "the stacks split the target: "
        ) + "; ".join(
            f"{turn.names[c.origin]} takes {', '.join(turn.names[t] for t in c.path)}"
            for c in chains
        )
    return PlanBounds(lower, name, upper, exact)

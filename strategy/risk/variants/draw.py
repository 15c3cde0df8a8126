"""Simulating a blitz: the in-game draw for Balanced Blitz, dice for true random ones.

RISK: Global Domination resolves a Balanced Blitz with one uniform number per battle,
drawn from the open interval (0, 1): the attacker wins if it is at most the win chance,
with the losses where the cumulative captures first reach it; otherwise the number less
the win chance is walked through the defender's outcomes the same way (SMG's dice code
as our research notes describe it). Both walks are one search of the cumulative masses
ordered from the attacker's best outcome to the defender's best.

True random blitzes are rolled (:func:`roll_blitz`): stop-until as the classic battle
with the reserve staying behind, a retreat threshold by a policy that stops.

>>> from strategy.risk.battle import Battle
>>> from strategy.risk.variants.blitz import fight_odds
>>> balanced = fight_odds(12, 5, Battle.of(dice="balanced-blitz"))
>>> draw(balanced, trials=20_000, seed=3).win_probability.contains(balanced.win_probability)
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np

from strategy.risk.battle import Battle
from strategy.risk.limits import RetreatAt
from strategy.risk.results import BattleOdds
from strategy.risk.sampling import CHUNK, Simulation, checked_seed, simulate
from strategy.risk.variants.balanced_blitz import outcome_order

#: Uniform numbers are drawn as k / 2**53 for k = 1 .. 2**53 - 1: the open interval (0, 1).
STEPS = 2**53


def draw(odds: BattleOdds, *, trials: int, seed: int | None = None) -> Simulation:
    """``trials`` battles, each one uniform number against ``odds``' final states.

    >>> from strategy.risk.classic import battle_odds
    >>> played = draw(battle_odds(3, 1), trials=10_000, seed=1)
    >>> played.win_probability.contains(battle_odds(3, 1).win_probability)
    True
    """
    seed = checked_seed(trials, seed)
    states = sorted(odds.final_states, key=outcome_order)
    cumulative = np.cumsum([float(p) for _, _, p in states])
    # Rounding can leave the total a hair below 1: the last outcome takes what is above it.
    cumulative[-1] = max(float(cumulative[-1]), 1.0)
    rng = np.random.default_rng(seed)
    counts: Counter[int] = Counter()
    for low in range(0, trials, CHUNK):
        size = min(CHUNK, trials - low)
        u = rng.integers(1, STEPS, size=size) / STEPS
        index = np.searchsorted(cumulative, u, side="left")
        found, numbers = np.unique(index, return_counts=True)
        counts.update(dict(zip(found.tolist(), numbers.tolist(), strict=True)))
    finals = tuple((states[i][0], states[i][1], counts[i]) for i in sorted(counts))
    return Simulation(odds.rules, odds.attackers, odds.defenders, trials, seed, finals)


def roll_blitz(
    attackers: int, defenders: int, battle: Battle, *, trials: int, seed: int | None = None
) -> Simulation:
    """``trials`` battles rolled as the battle's true random blitz fights them (Balanced
    Blitz is not rolled: :func:`draw` from its distribution).

    >>> from strategy.risk.variants.blitz import fight_odds
    >>> limited = Battle.of(stop_until=4)
    >>> played = roll_blitz(10, 3, limited, trials=20_000, seed=3)
    >>> played.win_probability.contains(fight_odds(10, 3, limited).win_probability)
    True
    """
    rules, resolution = battle.rules, battle.resolution
    if resolution.balanced:
        raise ValueError("Balanced Blitz is not rolled: draw from its distribution")
    limit = resolution.limit
    if limit is None:
        return simulate(attackers, defenders, rules, trials=trials, seed=seed)
    limit.check(attackers, rules)
    if limit.kind == "retreat-at":
        policy = RetreatAt(limit.armies)
        return simulate(attackers, defenders, rules, trials=trials, seed=seed, policy=policy)
    fought = resolution.fought_rules(rules)
    played = simulate(attackers, defenders, fought, trials=trials, seed=seed)
    return replace(played, rules=rules)

"""Monte Carlo runs of a solved plan: roll real dice, follow the plan, count the payoffs.

The simulator shares the plan's model of the map (who may attack whom, the armies that
move in) but none of its probabilities: each roll throws the dice with numpy's generator,
sorts them and pairs them. Trials that reach the same state together are rolled together,
one array per state, so a run of 100,000 turns takes well under a second. The estimate and
its confidence interval come from :mod:`strategy.risk.sampling` (Clopper-Pearson for
probabilities, an adjusted normal interval for means), so its agreement with the plan's
exact value is a check of the whole induction.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.solve import plan_turn
>>> plan = plan_turn(path_turn(8, (2, 1)))
>>> run = simulate_plan(plan, trials=20_000, seed=7)
>>> run.estimate.contains(plan.value)
True
"""

from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import dataclass
from itertools import count

import numpy as np

from strategy.engine.errors import InputError, echo
from strategy.engine.resources import require
from strategy.risk.rules import whole_at_least
from strategy.risk.sampling import Estimate, mean_interval, proportion_interval
from strategy.risk.turns.model import TurnState
from strategy.risk.turns.solve import TurnPlan

#: (state, attack just rolled or None, rewards banked so far)
_Group = tuple[TurnState, tuple[int, int] | None, int]


@dataclass(frozen=True)
class PlanSimulation:
    """The estimate of ``trials`` simulated turns from ``seed``."""

    estimate: Estimate
    trials: int
    seed: int


#: Peak bytes and seconds per simulated turn: every turn's first roll is drawn at once
#: (measured: a million turns of the module's example take 3 s and about 60 MB).
BYTES_PER_TRIAL = 150
SECONDS_PER_TRIAL = 3e-6


def require_trials(trials: int) -> None:
    """Refuse, before any solving, a number of simulated turns that is not a whole number
    >= 1 or would not fit the budget (:class:`~strategy.engine.resources.TooLarge`).

    >>> require_trials(10**11)
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: simulating 100,000,000,000 turns needs about 13.6 TiB ...
    """
    if not whole_at_least(trials, 1):
        raise InputError(f"trials must be a whole number >= 1, not {echo(trials)}")
    require(
        f"simulating {trials:,} turns",
        memory=trials * BYTES_PER_TRIAL,
        seconds=trials * SECONDS_PER_TRIAL,
    )


def simulate_plan(
    plan: TurnPlan, *, trials: int, seed: int | None = None, confidence: float = 0.95
) -> PlanSimulation:
    """Play ``trials`` turns by ``plan`` with random dice; ``seed=None`` draws a fresh one."""
    require_trials(trials)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    rng = np.random.default_rng(seed)
    turn, rules = plan.turn, plan.turn.rules
    groups: Counter[_Group] = Counter({(plan.start, None, plan.bank): trials})
    # The serial number keeps the heap from comparing groups, whose parts may be None.
    serial = count()
    queue: list[tuple[int, int, _Group]] = [
        (-turn.key(plan.start), 0, (plan.start, None, plan.bank))
    ]
    payoffs: Counter[int] = Counter()
    while queue:
        _, _, group = heapq.heappop(queue)
        state, previous, bank = group
        trials_here = groups.pop(group)
        choice = plan.policy[state].following(previous)
        if choice.attack is None:
            payoffs[turn.payoff(state) + bank] += trials_here
            continue
        source, target = choice.attack
        defenders = state.armies[target]
        lost, killed = _roll(
            rng, trials_here, turn.dice(state, source), rules.defender_dice_for(defenders), plan
        )
        outcomes = Counter(zip(lost.tolist(), killed.tolist(), strict=True))
        for (a, d), n in sorted(outcomes.items()):
            if d == defenders:
                assert choice.move_in is not None
                child, reward = turn.after_move_in(state, source, target, choice.move_in)
                key: _Group = (child, None, bank + reward)
            else:
                child, reward = turn.after_roll(state, source, target, a, d)
                key = (child, choice.attack, bank + reward)
            if key not in groups:
                heapq.heappush(queue, (-turn.key(child), next(serial), key))
            groups[key] += n
    return PlanSimulation(_estimate(plan, payoffs, trials, confidence), trials, seed)


def _roll(
    rng: np.random.Generator, count: int, attacker: int, defender: int, plan: TurnPlan
) -> tuple[np.ndarray, np.ndarray]:
    """Each trial's attacker and defender losses from one roll of the dice."""
    rules = plan.turn.rules
    attack = -np.sort(-rng.integers(1, rules.attacker_sides + 1, size=(count, attacker)), axis=1)
    defend = -np.sort(-rng.integers(1, rules.defender_sides + 1, size=(count, defender)), axis=1)
    pairs = min(attacker, defender)
    high, low = attack[:, :pairs], defend[:, :pairs]
    wins = (high >= low) if rules.ties == "attacker" else (high > low)
    killed = wins.sum(axis=1)
    return pairs - killed, killed


def _estimate(plan: TurnPlan, payoffs: Counter[int], trials: int, confidence: float) -> Estimate:
    objective = plan.turn.objective
    if objective.is_probability:
        return proportion_interval(payoffs[1], trials, confidence)
    total = sum(v * n for v, n in payoffs.items())
    squares = sum(v * v * n for v, n in payoffs.items())
    taken = bin(plan.turn.target & ~plan.turn.attacker).count("1")
    if objective.counts_armies:
        bounds = (-plan.turn.initial_armies, objective.amount + taken)
    else:
        bounds = (0, taken)
    return mean_interval(total, squares, trials, (float(bounds[0]), float(bounds[1])), confidence)

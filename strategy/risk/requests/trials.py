"""The questions answered by trying every choice or many battles: how many troops to
commit (RGD's slider), and Monte Carlo battles checked against the exact values.

>>> best = {b.objective: b.committed for b in run_commit(Commit(attackers=10, defenders=3)).best}
>>> best["capture"]  # true random: each troop more captures more often; 9 may attack
9
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategy.engine.errors import InputError
from strategy.engine.fields import param
from strategy.risk.battle import Battle
from strategy.risk.requests import terms
from strategy.risk.requests.battles import ATTACKERS, BATTLE, DEFENDERS
from strategy.risk.requests.cost import COMMITMENT, FLOOR, Cost, battle_cost

if TYPE_CHECKING:
    from strategy.risk.commitment import CommitCurve
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.montecarlo import SimulationCheck

TRIALS = "the simulation"


@dataclass(frozen=True, kw_only=True)
class Commit(terms.RuleTerms, terms.BlitzDice):
    """How many troops to commit: for every number, the odds, the losses and the balance."""

    attackers: int = param(**ATTACKERS)
    defenders: int = param(**DEFENDERS)
    worth: int = param(
        0, help="what a capture is worth in armies, for the objective balance:T (default 0)",
        label="What a capture is worth", kind="integer", minimum=0, metavar="T", group=BATTLE,
        form=True,
    )  # fmt: skip


def run_commit(request: Commit, progress: Progress | None = None) -> CommitCurve:
    """The commitment curve of the battle asked for."""
    from strategy.risk.capabilities import commit

    battle = terms.fought(request, Battle(terms.rules_of(request)))
    return commit(**terms.asked(request), battle=battle, progress=progress)


def estimate_commit(request: Commit) -> Cost:
    """One battle's float distribution per number of troops committed."""
    battle = terms.fought(request, Battle(terms.rules_of(request)))
    a, d = request.attackers, request.defenders
    one = battle_cost(a, d, battle, False, f"committing up to {a} troops against {d}")
    seconds = one.seconds + COMMITMENT * a + FLOOR
    return Cost(one.what, one.states * (a + 1), seconds, one.memory)


@dataclass(frozen=True, kw_only=True)
class Simulate(terms.PlayTerms, terms.RuleTerms, terms.BlitzDice, terms.StopUntil, terms.RetreatAt):
    """Monte Carlo battles, each estimate with its confidence interval beside the exact
    value."""

    attackers: int = param(**ATTACKERS)
    defenders: int = param(**DEFENDERS)
    trials: int = param(
        100_000, help="battles to simulate (default 100000)", label="Battles to simulate",
        kind="integer", minimum=1, metavar="N", group=TRIALS, form=True,
    )  # fmt: skip
    seed: int | None = param(
        None, help="seed of the random generator: the same seed gives the same output "
        "(default: a fresh seed, printed so the run can be repeated)", label="Seed",
        kind="integer", minimum=0, metavar="S", group=TRIALS,
    )  # fmt: skip
    optimal: bool | None = param(
        None, help="play as the optimal-play table says (default: when --choice, --objective "
        "or --no-stop is given; --most-dice: both always roll the most dice)",
        label="Optimal play", kind="boolean", off="--most-dice", group=TRIALS,
    )  # fmt: skip
    confidence: float = param(
        0.95, help="confidence level of the intervals (default 0.95)",
        label="Confidence of the intervals", kind="number", metavar="C", group=TRIALS,
    )  # fmt: skip


def check_confidence(confidence: float) -> None:
    """A confidence level strictly between 0 and 1, that floats can tell from 1.

    >>> check_confidence(1.0)
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: confidence 1.0 must lie strictly between 0 and 1
    """
    if not 0 < confidence < 1:
        raise InputError(f"confidence {confidence!r} must lie strictly between 0 and 1")
    if not (1 + confidence) / 2 < 1:
        raise InputError(
            f"confidence {confidence!r} is too close to 1 for floats (at most 1 - 2e-16)"
        )


def simulated_battle(request: Simulate) -> Battle:
    """The battle simulated: as the blitz fights it, or under the optimal play asked for."""
    battle = terms.fought(request, terms.battle_of(request))
    if not battle.plain and terms.play_asked(request):
        raise InputError(
            f"{battle.resolution.describe()}: not with --choice, --objective or --no-stop"
        )
    return battle


def run_simulate(request: Simulate, progress: Progress | None = None) -> SimulationCheck:
    """Simulate, and compare with the exact engine."""
    from strategy.risk.montecarlo import simulate

    check_confidence(request.confidence)
    return simulate(
        request.attackers,
        request.defenders,
        simulated_battle(request),
        trials=request.trials,
        seed=request.seed,
        confidence=request.confidence,
        optimal=request.optimal,
        progress=progress,
    )


def estimate_simulate(request: Simulate) -> Cost:
    """The battles simulated, and the exact values they are checked against."""
    from strategy.risk.sampling import simulation_seconds

    a, d = request.attackers, request.defenders
    exact = battle_cost(a, d, simulated_battle(request), False, "")
    seconds = simulation_seconds(request.trials, a + d) + exact.seconds
    what = f"simulating {request.trials:,} battles of {a + d:,} armies would play"
    return Cost(what, request.trials, max(seconds, FLOOR), exact.memory)

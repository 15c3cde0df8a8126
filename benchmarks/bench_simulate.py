"""Time the vectorised battle simulator against a plain Python loop like seed 000's.

Run: ``python benchmarks/bench_simulate.py``. Prints battles per second at 10 v 10 (the
median of several runs) for both, and their ratio; the target is 10^6 battles per second.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import count

from common import machine, median_seconds

from strategy.risk.sampling import simulate

ATTACKERS, DEFENDERS = 10, 10


def plain_battle(rand: random.Random, attackers: int, defenders: int) -> tuple[int, int]:
    """Seed 000's ``run_battle``: roll, sort, pair, until one side is spent."""
    while attackers > 1 and defenders > 0:
        attack = sorted((rand.randint(1, 6) for _ in range(min(attackers - 1, 3))), reverse=True)
        defend = sorted((rand.randint(1, 6) for _ in range(min(defenders, 2))), reverse=True)
        for a, d in zip(attack, defend, strict=False):
            if a > d:
                defenders -= 1
            else:
                attackers -= 1
    return attackers, defenders


def plain_battles(trials: int, seed: int) -> int:
    rand = random.Random(seed)
    return sum(plain_battle(rand, ATTACKERS, DEFENDERS)[1] == 0 for _ in range(trials))


def battles_per_second(job: Callable[[int], object], trials: int, repeats: int) -> float:
    """Battles per second over the median run; run ``i`` draws its dice from seed ``i``."""
    seeds = count()
    return trials / median_seconds(lambda: job(next(seeds)), repeats)


def main() -> None:
    print(f"machine: {machine()}")
    simulate(ATTACKERS, DEFENDERS, trials=1000, seed=0)  # import and warm up numpy and scipy
    trials = 1_000_000
    ours = battles_per_second(
        lambda seed: simulate(ATTACKERS, DEFENDERS, trials=trials, seed=seed), trials, 7
    )
    plain_trials = 50_000
    plain = battles_per_second(lambda seed: plain_battles(plain_trials, seed), plain_trials, 3)
    print(
        f"{ATTACKERS} v {DEFENDERS}: vectorised {ours:,.0f} battles/s (median of 7 runs of "
        f"{trials:,}); plain loop {plain:,.0f} battles/s (median of 3 runs of "
        f"{plain_trials:,}); ratio {ours / plain:.0f}x; target 1,000,000 battles/s: "
        f"{'met' if ours >= 1e6 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()

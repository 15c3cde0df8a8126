"""Time Balanced Blitz odds against computing the true-random distribution alone.

Run: ``python benchmarks/bench_editions.py``. For 100, 1000 and 10,000 armies a side
(SMG's attacking count, on a capital), prints the median time of the true-random final
states (floats, and exact where they are cheap), of Balanced Blitz on top of them (what
``strategy risk odds A D --dice balanced-blitz`` computes), their ratio, and the error
bound the result states. The targets: 1000 v 1000 under a second, 10,000 v 10,000 in
seconds. Timings are noisy on a shared machine.
"""

from __future__ import annotations

from common import machine, median_seconds

from strategy.risk.battle import Battle
from strategy.risk.classic import battle_odds
from strategy.risk.resolution import Resolution
from strategy.risk.rules import Rules
from strategy.risk.variants.blitz import fight_odds

RULES = Rules(count="attacking").with_modifiers(capital=True)
BLITZ = Battle(RULES, resolution=Resolution("balanced-blitz"))


def row(armies: int, exact: bool, repeats: int) -> str:
    """One line: both timings, their ratio and the stated bound."""
    plain = median_seconds(lambda: battle_odds(armies, armies, RULES, exact=exact), repeats)
    balanced = median_seconds(lambda: fight_odds(armies, armies, BLITZ, exact=exact), repeats)
    bound = fight_odds(armies, armies, BLITZ, exact=exact).error_bound
    kind = "exact" if exact else "float"
    return (
        f"{armies:>8}{kind:>7}{plain:>12.3f}s{balanced:>10.3f}s"
        f"{balanced / plain:>7.2f}{bound:>10.1e}"
    )


def main() -> None:
    print(machine())
    print(f"{'armies':>8}{'input':>7}{'true random':>13}{'balanced':>11}{'ratio':>7}{'bound':>10}")
    for armies, repeats in ((100, 5), (1000, 3), (10_000, 1)):
        for exact in (False, True) if armies <= 1000 else (False,):
            print(row(armies, exact, repeats))
    print("(the odds command balances the exact distribution up to 1000 armies in all)")


if __name__ == "__main__":
    main()

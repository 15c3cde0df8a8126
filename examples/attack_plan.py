"""Plan an attack through three territories, as sipolac/risk's README does.

The path holds 3, 2 and 1 defenders; the second territory's defender rolls eight-sided
dice (a +2 defence bonus). How likely are 5 armies to get through, how many armies make
it 95% likely, and with how many armies does the attack arrive?

Run: python examples/attack_plan.py
"""

from __future__ import annotations

from fractions import Fraction

from strategy.risk.fewest import minimum_armies
from strategy.risk.paths import chain_odds
from strategy.risk.rules import Rules


def main() -> None:
    path = (3, 2, 1)
    rules = [Rules(defender_sides=sides) for sides in (6, 8, 6)]

    odds = chain_odds(5, path, rules)
    for territory, p in enumerate(odds.capture_probabilities, start=1):
        print(f"5 armies take territory {territory} with probability {float(p):.4f}")

    need = minimum_armies(path, Fraction("0.95"), rules)
    print(
        f"{need.attackers} armies are the fewest that take all three with probability "
        f">= 0.95 ({float(need.win_probability):.4f})"
    )

    plan = chain_odds(need.attackers, path, rules)
    arrive = [(o.armies, o.probability) for o in plan.outcomes if o.captured == len(path)]
    at_least_5 = sum((p for armies, p in arrive if armies >= 5), Fraction(0))
    print(
        f"with {need.attackers}, P(all three taken, >= 5 armies in the last) = "
        f"{float(at_least_5):.4f}"
    )


if __name__ == "__main__":
    main()

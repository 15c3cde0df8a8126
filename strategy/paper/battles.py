"""The classic battle: one roll's exact distributions, exact and decimal battle tables, and
the effect of each rule variant.

>>> section = battle_sections()
>>> sorted(section.files)[:2]
['battle_decimal.tex', 'battle_exact.tex']
"""

from __future__ import annotations

from fractions import Fraction

from strategy.paper.common import Section, armies_needed
from strategy.paper.latex import decimal, frac, tabular
from strategy.risk.classic import battle_table
from strategy.risk.dice import roll_distribution
from strategy.risk.rules import Rules

#: The variants of the rules the paper compares with the classic battle.
VARIANTS = (
    ("classic (3 v 2 dice, d6, ties to the defender)", Rules()),
    ("defender rolls up to 3 dice (Risiko, seed 001)", Rules(defender_dice=3)),
    ("defender rolls 8-sided dice (Risk 2210 commander)", Rules(defender_sides=8)),
    ("ties go to the attacker", Rules(ties="attacker")),
)
SQUARES = (5, 10, 20, 30)


def rolls_table() -> str:
    """One roll, every pairing of 1-3 attacker dice with 1-3 defender dice, exact."""
    rows = []
    for a in (1, 2, 3):
        for d in (1, 2, 3):
            roll = roll_distribution(a, d)
            pairs = min(a, d)
            cells = ["--"] * 4
            for lost_a, _, p in roll.probabilities():
                cells[lost_a] = f"${frac(p)}$"
            rows.append([f"{a} v {d}", str(roll.total), *cells[: pairs + 1], *[""] * (3 - pairs)])
    header = ["dice", "rolls", *(f"attacker loses {k}" for k in range(4))]
    return tabular(header, rows, "lrcccc", comment="strategy.paper.battles.rolls_table")


def exact_table(max_attackers: int = 6, max_defenders: int = 4) -> str:
    """P(capture) as exact fractions for the small battles (territory count)."""
    table = battle_table(max_attackers, max_defenders)
    rows = [
        [str(a), str(d), f"${frac(table.value(a, d))}$", decimal(table.value(a, d), 6)]
        for a in range(2, max_attackers + 1)
        for d in table.defenders
    ]
    return tabular(
        ["$n$", "$m$", "P(capture)", "decimal"], rows, "rrlr", comment="exact small battles"
    )


def decimal_table(size: int = 30, split: int = 15) -> str:
    """P(capture) to three decimals for n, m up to ``size``, in two column blocks."""
    table = battle_table(size, size)
    blocks = []
    for first in range(1, size + 1, split):
        columns = range(first, min(first + split, size + 1))
        rows = [
            [str(a), *(decimal(table.value(a, d), 3)[1:] if a > 1 else "0" for d in columns)]
            for a in table.attackers
        ]
        header = ["$n \\backslash m$", *(str(d) for d in columns)]
        blocks.append(tabular(header, rows, "r|" + "r" * len(columns)))
    return "\\medskip\n".join(blocks)


def variants_table() -> tuple[str, dict[str, str]]:
    """P(capture) at n = m for each variant, and the armies needed to be favourite."""
    half = (Fraction(1, 2),)
    rows = []
    numbers: dict[str, str] = {}
    for index, (name, rules) in enumerate(VARIANTS):
        table = battle_table(max(SQUARES), max(SQUARES), rules)
        needed = armies_needed(rules, 30, half, 120)
        squares = [decimal(table.value(k, k), 3) for k in SQUARES]
        rows.append([name, *squares, *(str(needed[m][0]) for m in (10, 30))])
        tag = "ABCD"[index]
        numbers[f"VariantTenTen{tag}"] = squares[1]
        numbers[f"VariantNeedThirty{tag}"] = str(needed[30][0])
    header = ["rules", *(f"{k} v {k}" for k in SQUARES), "$n$ for $m=10$", "$n$ for $m=30$"]
    return tabular(header, rows, "l" + "r" * (len(SQUARES) + 2)), numbers


def battle_sections() -> Section:
    """The tables of the classic battle and its variants, and the numbers quoted about them."""
    variants, numbers = variants_table()
    classic = battle_table(10, 10)
    attacking = battle_table(10, 10, Rules(count="attacking"))
    numbers |= {
        "PTwoOne": f"${frac(classic.value(2, 1))}$",
        "PThreeOne": f"${frac(classic.value(3, 1))}$",
        "PTenTen": decimal(classic.value(10, 10), 3),
        "PTenTenAttacking": decimal(attacking.value(10, 10), 3),
        "PFiveFiveAttacking": decimal(attacking.value(5, 5), 3),
    }
    return Section(
        {
            "rolls.tex": rolls_table(),
            "battle_exact.tex": exact_table(),
            "battle_decimal.tex": decimal_table(),
            "variants.tex": variants,
        },
        numbers,
    )

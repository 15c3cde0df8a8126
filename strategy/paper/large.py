"""Large battles: how the break-even line ``n ~ a m + b`` behaves as the armies grow, its
limit slope, and how far the rules of thumb found on ``n, m <= 50`` drift from it.

For large armies both sides roll the most dice at every roll, and by the law of large
numbers the attacker wins about when its armies outlast the defender's at the average
loss rates: the break-even slope tends to ``a = E[attacker losses] / E[defender losses]``
per roll. Under ``sees-roll`` the defender picks its dice after seeing the roll, so the
limit is the value of a ratio game, solved here exactly by Dinkelbach's iteration.

>>> limit_slope(Rules())  # 3 v 2 dice: 7161/7776 armies lost for 8391/7776 killed
Fraction(2387, 2797)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from pathlib import Path
from typing import Any

from strategy.paper.common import Section
from strategy.paper.figures import Curves, curve_plots, curves_csv
from strategy.paper.latex import decimal, frac, tabular
from strategy.risk import api
from strategy.risk.battle import Battle
from strategy.risk.dice import attacker_tops, rules_roll, seen_roll_losses
from strategy.risk.play.rule_of_thumb import RuleReport, ThresholdRule
from strategy.risk.rules import Rules

#: The defender counts sampled, and the largest that whole tables cover (beyond it each
#: break-even is found battle by battle, from the line's guess, with memory growing only
#: with the armies; a battle of 10,000 a side takes about a quarter of a second).
SAMPLES = (5, 10, 20, 50, 100, 200, 500, 1000, 2000, 10000)
TABLE_DEFENDERS = 2000
#: Optimal play under sees-roll needs the optimal-play kernel: whole tables up to here.
SEES_DEFENDERS = 1000
HALF = Fraction(1, 2)


@dataclass(frozen=True)
class BreakEven:
    """At ``defenders``: the fewest attackers with P(capture) > 1/2, the (interpolated)
    army count at which P crosses 1/2, and P at the armies each rule of thumb asks for."""

    defenders: int
    fewest: int
    crossing: float
    rules: tuple[tuple[int, float], ...]


def limit_slope(rules: Rules) -> Fraction:
    """Expected attacker losses over defender losses per roll, both sides rolling the most."""
    roll = rules_roll(rules, rules.attacker_dice, rules.defender_dice)
    lost, killed = _losses(roll.counts, roll.total)
    return lost / killed


def sees_roll_slope(rules: Rules) -> tuple[Fraction, int, tuple[tuple[int, ...], ...]]:
    """The limit slope when the defender sees the roll: the attacker's dice ``k`` minimise
    (and the defender's answers maximise) ``E[lost] / E[killed]``; with the best ``k`` and
    the attacker's top dice against which the defender then rolls one die.

    >>> slope, dice, one = sees_roll_slope(Rules())
    >>> slope > 1, dice, (4, 4) in one
    (True, 3, True)
    """
    best: tuple[Fraction, int, tuple[tuple[int, ...], ...]] | None = None
    for k in range(1, rules.attacker_dice + 1):
        tops = attacker_tops(rules, k, min(k, rules.defender_dice))
        answers = {
            top: [
                _losses(seen_roll_losses(rules, top, j), rules.defender_sides**j)
                for j in range(1, rules.defender_dice + 1)
            ]
            for top, _ in tops
        }
        total = rules.attacker_sides**k
        ratio, choice = Fraction(1), {top: 0 for top, _ in tops}
        while True:
            # The defender's best answer to each roll at the current ratio (Dinkelbach).
            choice = {
                top: min(range(len(options)), key=lambda j: ratio * options[j][1] - options[j][0])
                for top, options in answers.items()
            }
            lost = sum(
                (Fraction(n, total) * answers[top][choice[top]][0] for top, n in tops), Fraction(0)
            )
            killed = sum(
                (Fraction(n, total) * answers[top][choice[top]][1] for top, n in tops), Fraction(0)
            )
            if lost / killed == ratio:
                break
            ratio = lost / killed
        one_die = tuple(top for top, _ in tops if choice[top] == 0)
        if best is None or ratio < best[0]:
            best = (ratio, k, one_die)
    assert best is not None
    return best


def _losses(counts: Sequence[tuple[int, int, int]], total: int) -> tuple[Fraction, Fraction]:
    """Expected (attacker, defender) losses of one roll's loss counts."""
    lost = sum((Fraction(a * n, total) for a, _, n in counts), Fraction(0))
    killed = sum((Fraction(d * n, total) for _, d, n in counts), Fraction(0))
    return lost, killed


def break_evens(
    battle: Battle,
    slope: Fraction,
    rules_of_thumb: Sequence[ThresholdRule],
    largest_table: int,
    samples: Sequence[int],
) -> list[BreakEven]:
    """The break-even at each sampled defender count: from one float table up to
    ``largest_table`` defenders, then battle by battle, starting from the line's guess."""
    inside = [m for m in samples if m <= largest_table]
    most = ceil(float(slope) * max(inside) * 1.02) + 40
    grid = api.table(most, max(inside), battle).as_array()
    found = []
    offset = 0.0
    for m in samples:
        column = grid[:, m - 1] if m <= largest_table else None
        known: dict[int, float] = {}

        def probability(n: int, m: int = m, column: Any = column, known: Any = known) -> float:
            if column is not None and n <= most:
                return float(column[n - 1])
            if n not in known:
                known[n] = float(api.odds(n, m, battle, exact=False).value)
            return float(known[n])

        fewest = _search(probability, round(float(slope) * m + offset))
        below, above = probability(fewest - 1), probability(fewest)
        crossing = fewest - 1 + (0.5 - below) / (above - below)
        offset = crossing - float(slope) * m
        asked = [ceil(rule.slope * m + rule.offset) for rule in rules_of_thumb]
        found.append(BreakEven(m, fewest, crossing, tuple((n, probability(n)) for n in asked)))
    return found


def _search(probability: Callable[[int], float], guess: int) -> int:
    """The fewest n with probability(n) > 1/2, walking one army at a time from ``guess``."""
    n = guess
    if probability(n) > 0.5:
        while probability(n - 1) > 0.5:
            n -= 1
        return n
    while probability(n + 1) <= 0.5:
        n += 1
    return n + 1


@dataclass(frozen=True)
class Variant:
    """One set of battle terms followed to large armies, with the rules of thumb checked."""

    tag: str
    title: str
    battle: Battle
    slope: Fraction
    rules: tuple[tuple[str, ThresholdRule], ...]
    largest_table: int
    points: tuple[BreakEven, ...]


def variants(reports: dict[str, RuleReport]) -> list[Variant]:
    """The classic rules and three defender dice up to ``SAMPLES``' largest, and sees-roll
    up to ``SEES_DEFENDERS``, each with its rules of thumb."""
    classic, three = reports["Classic"], reports["Three"]
    hoehle = classic.published[0]
    specs = (
        (
            "Classic",
            "classic",
            Battle(rules=classic.rules),
            limit_slope(classic.rules),
            (("ours", classic.threshold[0]), ("Höhle", hoehle[1])),
            TABLE_DEFENDERS,
        ),
        (
            "Three",
            "3 defender dice",
            Battle(rules=three.rules),
            limit_slope(three.rules),
            (("ours", three.threshold[0]),),
            TABLE_DEFENDERS,
        ),
        (
            "Sees",
            "sees-roll",
            Battle.of(choice="sees-roll"),
            sees_roll_slope(Rules())[0],
            (),
            SEES_DEFENDERS,
        ),
    )
    found = []
    for tag, title, battle, slope, rules, largest in specs:
        samples = [m for m in SAMPLES if tag != "Sees" or m <= largest]
        points = break_evens(battle, slope, [r for _, r in rules], largest, samples)
        found.append(Variant(tag, title, battle, slope, rules, largest, tuple(points)))
    return found


def fitted_line(variant: Variant, smallest: int = 100) -> tuple[float, float]:
    """The least-squares line through the crossings at ``smallest`` defenders or more."""
    import numpy as np

    chosen = [p for p in variant.points if p.defenders >= smallest]
    slope, offset = np.polyfit(
        [p.defenders for p in chosen], [p.crossing for p in chosen], deg=1
    ).tolist()
    return float(slope), float(offset)


def large_table(found: Sequence[Variant]) -> str:
    """Break-even and the rules of thumb at each sampled defender count."""
    by_m: dict[int, list[str]] = {m: [str(m)] for m in SAMPLES}
    header = ["$m$"]
    align = "r"
    for variant in found:
        header += ["$n^*$", "$b$"]
        header += [cell for name, _ in variant.rules for cell in (f"{name} $\\Delta n$", "$P$")]
        align += "|rr" + "rr" * len(variant.rules)
        seen = {p.defenders: p for p in variant.points}
        for m, row in by_m.items():
            point = seen.get(m)
            if point is None:
                row += ["--"] * (2 + 2 * len(variant.rules))
                continue
            row += [str(point.fewest), decimal(point.crossing - float(variant.slope) * m, 2)]
            for n, p in point.rules:
                row += [f"{n - point.fewest:+d}", decimal(p, 3)]
    groups = " & ".join(f"\\multicolumn{{{2 + 2 * len(v.rules)}}}{{c}}{{{v.title}}}" for v in found)
    text = tabular(header, list(by_m.values()), align, comment="break-even at large m")
    return text.replace("\\toprule\n", f"\\toprule\n & {groups} \\\\\n", 1)


def large_numbers(found: Sequence[Variant]) -> dict[str, str]:
    """The limit slopes, fitted lines and the rules' drift, for the prose."""
    numbers: dict[str, str] = {}
    for variant in found:
        tag = variant.tag
        slope, offset = fitted_line(variant)
        last = variant.points[-1]
        far = [p.crossing - float(variant.slope) * p.defenders for p in variant.points]
        far = far[-sum(p.defenders >= 100 for p in variant.points) :]
        numbers |= {
            f"Limit{tag}": decimal(variant.slope, 4),
            f"Limit{tag}Exact": f"${frac(variant.slope)}$",
            f"Fit{tag}Slope": decimal(slope, 4),
            f"Fit{tag}Offset": decimal(offset, 2),
            f"Offset{tag}": decimal(sum(far) / len(far), 2),
            f"Large{tag}Max": f"{last.defenders:,}",
            f"Large{tag}Fewest": f"{last.fewest:,}",
        }
        for index, ((_, rule), (n, p)) in enumerate(zip(variant.rules, last.rules, strict=True)):
            name = f"Large{tag}Rule{'AB'[index]}"
            numbers |= {
                f"{name}Asks": f"{abs(n - last.fewest)} {'more' if n > last.fewest else 'fewer'}",
                f"{name}P": decimal(p, 3),
                f"{name}Versus": _versus(rule.slope - variant.slope),
            }
    _, dice, one_die = sees_roll_slope(Rules())
    numbers["LargeTableMax"] = f"{TABLE_DEFENDERS:,}"
    numbers["SeesLimitDice"] = str(dice)
    numbers["SeesLimitOneDie"] = ", ".join("-".join(map(str, top)) for top in one_die)
    return numbers


def _versus(drift: Fraction) -> str:
    """How a rule's slope stands against the limit, in words.

    >>> _versus(Fraction(-9, 10000))
    'falls short of the limit by 0.0009'
    """
    word = "exceeds" if drift > 0 else "falls short of"
    return f"{word} the limit by {decimal(abs(drift), 4)}"


def large_figure(found: Sequence[Variant], directory: Path) -> str:
    """Armies above the limit line, break-even and rules of thumb, against m (log)."""
    plots = []
    for variant in found:
        xs = tuple(p.defenders for p in variant.points)
        series: list[tuple[str, tuple[float | None, ...], bool]] = [
            (
                "break-even",
                tuple(p.crossing - float(variant.slope) * p.defenders for p in variant.points),
                True,
            )
        ]
        series += [
            (
                name,
                tuple(float((rule.slope - variant.slope) * m + rule.offset) for m in xs),
                False,
            )
            for name, rule in variant.rules
        ]
        plots.append(
            Curves(
                variant.title,
                xs,
                tuple(series),
                "defending armies m",
                f"n - {decimal(variant.slope, 4)} m",
            )
        )
    curve_plots(directory / "fig_large.pdf", plots)
    return curves_csv(plots)


def large_sections(reports: dict[str, RuleReport], directory: Path) -> Section:
    """The large-battle table, numbers and figure."""
    found = variants(reports)
    files = {"large.tex": large_table(found), "fig_large.csv": large_figure(found, directory)}
    return Section(files, large_numbers(found))

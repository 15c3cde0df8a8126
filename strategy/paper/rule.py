"""Seed 001's question answered: the rule of thumb for both variants, its errors, the
published rules, the cheat sheet's exact small battles, and the capture heat maps with the
rules drawn in.

>>> rule_text(ThresholdRule(Fraction(6, 7), Fraction(3, 2)))
'$n \\\\ge \\\\frac{6}{7}\\\\,m + \\\\frac{3}{2}$'
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from math import erf, sqrt
from pathlib import Path

from strategy.paper.common import Section
from strategy.paper.figures import Panel, data_csv, heatmaps
from strategy.paper.latex import decimal, frac, percent, tabular
from strategy.risk.classic import battle_table
from strategy.risk.play.rule_of_thumb import (
    SIZE,
    OddsErrors,
    OddsRule,
    PublishedRule,
    RuleReport,
    ThresholdRule,
    find_rules,
)
from strategy.risk.rules import Rules

#: The two variants seed 001 asks about, with the tag used in macro and file names.
VARIANTS = (("Classic", Rules()), ("Three", Rules(defender_dice=3)))
#: LaTeX macro names take letters only: the bands' targets in words.
BAND_NAMES = {
    Fraction(1, 4): "Quarter",
    Fraction(1, 2): "Half",
    Fraction(3, 4): "ThreeQuarters",
    Fraction(9, 10): "NineTenths",
}


def _coefficient(value: Fraction) -> str:
    # Simple fractions as fractions; published decimals (0.8525) as the decimals printed.
    if value.denominator <= 8:
        return frac(value)
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def rule_text(rule: ThresholdRule) -> str:
    """``n >= a m + b`` in LaTeX.

    >>> rule_text(ThresholdRule(Fraction(1), Fraction("2.2204")))
    '$n \\\\ge m + 2.2204$'
    """
    sign = "-" if rule.offset < 0 else "+"
    offset = f" {sign} {_coefficient(abs(rule.offset))}" if rule.offset else ""
    slope = "" if rule.slope == 1 else f"{_coefficient(rule.slope)}\\,"
    return f"$n \\ge {slope}m{offset}$"


def _cell(cell: tuple[int, int] | None) -> str:
    return "--" if cell is None else f"({cell[0]}, {cell[1]})"


def odds_text(rule: OddsRule) -> str:
    """An odds rule in LaTeX."""
    unit = f"{frac(rule.width)}\\sqrt{{m}}"
    if rule.shape == "ramp":
        return f"$\\tfrac12 + s/({unit})$"
    return f"$\\Phi(s/({unit}))$"


def _odds_row(rule: OddsRule, domain: OddsErrors, whole: OddsErrors) -> list[str]:
    return [
        rule_text(ThresholdRule(rule.slope, rule.offset)).replace("\\ge", "="),
        odds_text(rule),
        decimal(domain.max_error, 3),
        decimal(domain.mean_error, 3),
        decimal(whole.max_error, 3),
        _cell(whole.worst_cell),
        decimal(whole.mean_error, 3),
    ]


def report_tables(tag: str, report: RuleReport) -> dict[str, str]:
    """The threshold rules by denominator, the odds rules, and the published rules."""
    thresholds = tabular(
        ["rule", "misclassified", "worst $|P-\\frac12|$", "at $(n,m)$"],
        [
            [rule_text(r), str(e.misclassified), decimal(e.worst, 3), _cell(e.worst_cell)]
            for r, e in report.by_denominator
        ],
        "lrrr",
        comment=f"best threshold rule per slope denominator, {report.rules.describe()}",
    )
    odds = tabular(
        ["break-even", "P", f"max, $n\\ge{report.full_dice}$", "mean", "max", "at", "mean"],
        [
            _odds_row(*x)
            for x in report.on_line + tuple(x for x in report.odds if x not in report.on_line)
        ],
        "llrrrrr",
        comment="odds rules: first those on the threshold rule's line, then the best overall",
    )
    bands = tabular(
        ["$P >$", "if", "misclassified", "worst $|P - t|$", "at $(n,m)$"],
        [
            [
                f"${frac(r.target)}$",
                rule_text(r),
                str(e.misclassified),
                decimal(e.worst, 3),
                _cell(e.worst_cell),
            ]
            for r, e in report.bands
        ],
        "rlrrr",
        comment="the best threshold rule for each chance of capture t",
    )
    files = {
        f"rule{tag}_thresholds.tex": thresholds,
        f"rule{tag}_odds.tex": odds,
        f"rule{tag}_bands.tex": bands,
    }
    if report.published:
        files[f"rule{tag}_published.tex"] = tabular(
            ["rule", "in our count", "battles", "cells", "misclassified", "worst", "at"],
            [
                [
                    p.name,
                    rule_text(rule),
                    where,
                    str(e.cells),
                    str(e.misclassified),
                    decimal(e.worst, 3),
                    _cell(e.worst_cell),
                ]
                for p, rule, domain, whole in report.published
                for where, e in (
                    (f"$n \\ge {domain_start(p, report)}$", domain),
                    ("all", whole),
                )
            ],
            "lllrrrr",
            comment="published rules, each over its own domain, then over the whole grid",
        )
    return files


def domain_start(published: PublishedRule, report: RuleReport) -> int:
    """The smallest n (in the report's count) of the published rule's own domain."""
    return published.in_count(report.rules)[1]


def report_numbers(tag: str, report: RuleReport) -> dict[str, str]:
    """The numbers the prose and the cheat sheet quote about the recommended rules."""
    rule, errors = report.threshold
    numbers = {
        f"Rule{tag}": rule_text(rule),
        f"Rule{tag}Slope": f"${frac(rule.slope)}$",
        f"Rule{tag}Offset": f"${frac(rule.offset)}$",
        f"Rule{tag}Mis": str(errors.misclassified),
        f"Rule{tag}Cells": str(errors.cells),
        f"Rule{tag}Worst": decimal(errors.worst, 3),
        f"Rule{tag}FullDice": str(report.full_dice),
    }
    numbers[f"Band{tag}Worst"] = decimal(max(e.worst for _, e in report.bands), 3)
    for band, band_errors in report.bands:
        name = f"Band{tag}{BAND_NAMES[band.target]}"
        numbers |= {
            name: rule_text(band),
            f"{name}Mis": str(band_errors.misclassified),
            f"{name}Worst": decimal(band_errors.worst, 3),
        }
    for odds, domain, whole in report.on_line:
        name = f"Odds{tag}{odds.shape.capitalize()}"
        numbers |= {
            name: odds_text(odds),
            f"{name}Width": f"${frac(odds.width)}$",
            f"{name}Max": decimal(domain.max_error, 3),
            f"{name}Mean": decimal(domain.mean_error, 3),
            f"{name}MaxAll": decimal(whole.max_error, 3),
            f"{name}MeanAll": decimal(whole.mean_error, 3),
        }
        if odds.shape == "ramp":
            # Percentage points that each sqrt(m) armies of surplus add.
            numbers[f"{name}Step"] = percent(1 / odds.width, 0)[:-2]
    for index, (_, _, found, _) in enumerate(report.published):
        name = f"Published{'ABC'[index]}"
        numbers |= {
            f"{name}Mis": str(found.misclassified),
            f"{name}Worst": decimal(found.worst, 3),
            f"{name}Cells": str(found.cells),
        }
    return numbers


def small_battles(rules: Rules) -> str:
    """The exact odds, in whole percent, of the small battles in which the attacker rolls
    fewer than all its dice (the cheat sheet's corner table)."""
    small = battle_table(rules.attacker_dice + rules.offset - 1, 8, rules)
    rows = [
        [str(n), *(percent(p, 0) for p in row)]
        for n, row in zip(small.attackers, small.values, strict=True)
        if n > rules.offset
    ]
    return tabular(["$n \\backslash m$", *(str(m) for m in small.defenders)], rows, "r|" + "r" * 8)


def capture_figure(reports: dict[str, RuleReport], directory: Path) -> dict[str, str]:
    """Heat maps of P(capture), classic and 3 defender dice, with the rules drawn in."""
    panels = []
    for tag, report in reports.items():
        grid = battle_table(SIZE, SIZE, report.rules, exact=False).as_floats()
        rule = report.threshold[0]
        lines = [
            (
                rule.text().replace(">=", "≥"),
                float(rule.slope),
                float(rule.offset),
            )
        ]
        lines += [
            (p.name.split(",")[0].replace("Hoehle", "Höhle"), float(r.slope), float(r.offset))
            for p, r, _, _ in report.published[:1]
        ]
        title = "classic (2 defender dice)" if tag == "Classic" else "3 defender dice"
        panels.append(Panel(title, tuple(tuple(row) for row in grid), "probability", tuple(lines)))
    heatmaps(directory / "fig_capture.pdf", panels)
    return {
        f"fig_capture_{tag.lower()}.csv": data_csv(p)
        for tag, p in zip(reports, panels, strict=True)
    }


def rule_reports() -> dict[str, RuleReport]:
    """The rule search for both variants, by tag (shared with the large-battle section)."""
    return {tag: find_rules(rules) for tag, rules in VARIANTS}


def rule_sections(directory: Path, reports: dict[str, RuleReport]) -> Section:
    """Write both variants' rule tables, numbers and figure."""
    files: dict[str, str] = {}
    # The normal curve at one and two units, for reading the Phi rules without a table.
    numbers = {
        f"Phi{name}": percent((1 + erf(z / sqrt(2))) / 2, 0) for name, z in (("One", 1), ("Two", 2))
    }
    for tag, report in reports.items():
        files |= report_tables(tag, report)
        files[f"cheatSmall{tag}.tex"] = small_battles(report.rules)
        numbers |= report_numbers(tag, report)
    files |= capture_figure(reports, directory)
    return Section(files, numbers)

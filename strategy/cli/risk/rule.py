"""``strategy risk rule``: a rule of thumb for the odds of n v m, scored on the exact table."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import add_output_options, add_parser, write_json, write_text
from strategy.cli.options import positive_int
from strategy.cli.risk.terms import add_rule_options, rules_from_args

if TYPE_CHECKING:
    from strategy.risk.play.rule_of_thumb import (
        OddsErrors,
        OddsRule,
        RuleReport,
        ThresholdErrors,
        ThresholdRule,
    )

SUMMARY = "a rule of thumb for the odds of n v m armies, with its errors"
ABOUT = (
    "Search a family of memorable rules (attack if n >= a m + b; odds from "
    "the surplus over that line) and score each against the exact table for n, m in 1..N."
)
EPILOG = """examples:
  strategy risk rule
  strategy risk rule --defender-dice 3
  strategy risk rule --count attacking --json"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``rule`` to the ``risk`` group."""
    parser = add_parser(commands, "rule", SUMMARY, ABOUT, EPILOG)
    parser.add_argument(
        "--size", type=positive_int, default=50, metavar="N", help="n, m = 1..N (default 50)"
    )
    add_rule_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Search the rules and print the best with their errors."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.play.rule_of_thumb import find_rules

    with ProgressBar("rule") as progress:
        report = find_rules(rules_from_args(args), args.size, progress=progress)
    if args.format == "json":
        write_json(args, report_json(report))
    else:
        write_text(args, report_text(report))
    return 0


def _cell(cell: tuple[int, int] | None) -> str:
    return "-" if cell is None else f"n={cell[0]}, m={cell[1]}"


def _threshold_line(rule: ThresholdRule, errors: ThresholdErrors) -> str:
    return (
        f"  {rule.text():<32} misclassified {errors.misclassified:>4} of {errors.cells}, "
        f"worst |P - {rule.target}| {errors.worst:.3f} ({_cell(errors.worst_cell)})"
    )


def _odds_line(rule: OddsRule, domain: OddsErrors, whole: OddsErrors) -> str:
    return (
        f"  {rule.text()}\n"
        f"      n >= {{full}}: max error {domain.max_error:.3f} ({_cell(domain.worst_cell)}), "
        f"mean {domain.mean_error:.4f};  all n: max {whole.max_error:.3f} "
        f"({_cell(whole.worst_cell)}), mean {whole.mean_error:.4f}"
    )


def report_text(report: RuleReport) -> str:
    """The report as a few readable paragraphs."""
    rule, errors = report.threshold
    odds = [_odds_line(*x).replace("{full}", str(report.full_dice)) for x in report.on_line]
    lines = [
        f"Rule of thumb for n attacking v m defending armies, n, m = 1..{report.size}",
        f"rules: {report.rules.describe()}",
        "scored against the exact P(capture), both sides always rolling the most dice",
        "",
        "Attack (odds above one half):",
        _threshold_line(rule, errors),
        "",
        f"Odds, from the surplus s over that line (m > 0; n >= {report.full_dice}: the attacker "
        "rolls all its dice):",
        *odds,
        "",
        "Odds bands (the best rule for each chance of capture):",
        *(_threshold_line(r, e) for r, e in report.bands),
        "",
        "Best threshold rule for each slope denominator (the cost of simplicity):",
        *(_threshold_line(r, e) for r, e in report.by_denominator),
        "",
        "Best odds rules of the family:",
        *(_odds_line(*x).replace("{full}", str(report.full_dice)) for x in report.odds),
    ]
    if report.published:
        lines += ["", "Published rules, converted to this count:"]
        for published, converted, domain, whole in report.published:
            start = published.in_count(report.rules)[1]
            lines += [f"  {published.name}: {published.source}", f"    here: {converted.text()}"]
            for where, errors in ((f"n >= {start}", domain), ("all n", whole)):
                lines.append(
                    f"    {where:<7} misclassified {errors.misclassified:>4} of {errors.cells}, "
                    f"worst |P - 1/2| {errors.worst:.3f} ({_cell(errors.worst_cell)})"
                )
    return "\n".join(lines)


def _threshold_json(rule: ThresholdRule, errors: ThresholdErrors) -> dict[str, Any]:
    return {
        "slope": str(rule.slope),
        "offset": str(rule.offset),
        "text": rule.text(),
        "cells": errors.cells,
        "misclassified": errors.misclassified,
        "worst": errors.worst,
        "worst_cell": errors.worst_cell,
    }


def _odds_json(rule: OddsRule, domain: OddsErrors, whole: OddsErrors) -> dict[str, Any]:
    return {
        "slope": str(rule.slope),
        "offset": str(rule.offset),
        "width": str(rule.width),
        "shape": rule.shape,
        "text": rule.text(),
        "full_dice_errors": {"max": domain.max_error, "mean": domain.mean_error},
        "errors": {"max": whole.max_error, "mean": whole.mean_error},
    }


def report_json(report: RuleReport) -> dict[str, Any]:
    """The report as JSON: rules as exact fractions in text, errors as floats."""
    from strategy.risk.leaves import rules_json

    return {
        "size": report.size,
        "rules": rules_json(report.rules),
        "full_dice": report.full_dice,
        "threshold": _threshold_json(*report.threshold),
        "odds": [_odds_json(*x) for x in report.on_line],
        "bands": [{"target": str(r.target)} | _threshold_json(r, e) for r, e in report.bands],
        "by_denominator": [_threshold_json(*x) for x in report.by_denominator],
        "best_odds": [_odds_json(*x) for x in report.odds],
        "published": [
            {
                "name": p.name,
                "statement": p.source,
                "domain": _threshold_json(rule, domain),
                "whole_grid": _threshold_json(rule, whole),
            }
            for p, rule, domain, whole in report.published
        ],
    }

"""The rule-of-thumb search: every error it reports equals a plain recount over the exact table.

Deep imports: the rule-of-thumb search, against a plain recount over the classic kernels' exact
table.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from math import erf, sqrt

import pytest

from strategy.cli.main import main
from strategy.risk import Rules
from strategy.risk.classic import battle_table
from strategy.risk.play.rule_of_thumb import (
    PUBLISHED,
    OddsRule,
    RuleReport,
    ThresholdRule,
    capture_grid,
    find_rules,
    odds_errors,
    threshold_errors,
)

SIZE = 50
VARIANTS = (Rules(), Rules(defender_dice=3))
TARGET_PAIRS = ((1, 4), (1, 2), (3, 4), (9, 10))


@cache
def report_for(rules: Rules) -> RuleReport:
    return find_rules(rules)


@cache
def exact(rules: Rules) -> dict[tuple[int, int], Fraction]:
    table = battle_table(SIZE, SIZE, rules)
    return {(n, m): Fraction(table.value(n, m)) for n in table.attackers for m in table.defenders}


def recount_threshold(
    rule: ThresholdRule, p: dict[tuple[int, int], Fraction], low: int = 1
) -> tuple[int, int, float]:
    """Cells scored, cells misclassified, and the worst |P - 1/2| among them, cell by cell."""
    cells = wrong = 0
    worst = 0.0
    for (n, m), value in p.items():
        if n < low:
            continue
        cells += 1
        if (n >= rule.slope * m + rule.offset) != (value > rule.target):
            wrong += 1
            worst = max(worst, float(abs(value - rule.target)))
    return cells, wrong, worst


def recount_odds(
    rule: OddsRule, p: dict[tuple[int, int], Fraction], low: int
) -> tuple[float, float]:
    errors = []
    for (n, m), value in p.items():
        if n < low:
            continue
        z = (n - float(rule.slope) * m - float(rule.offset)) / (float(rule.width) * sqrt(m))
        if n <= 1:
            guess = 0.0
        elif rule.shape == "ramp":
            guess = min(1.0, max(0.0, 0.5 + z))
        else:
            guess = 0.5 * (1 + erf(z / sqrt(2)))
        errors.append(abs(guess - float(value)))
    return max(errors), sum(errors) / len(errors)


@pytest.mark.parametrize("rules", VARIANTS, ids=("classic", "defender-3"))
def test_reported_errors_equal_a_recount(rules: Rules) -> None:
    p = exact(rules)
    report = report_for(rules)
    for rule, errors in (report.threshold, *report.by_denominator):
        assert (errors.cells, errors.misclassified) == recount_threshold(rule, p)[:2]
        assert errors.worst == pytest.approx(recount_threshold(rule, p)[2], abs=1e-12)
    for rule, errors in report.bands:
        cells, wrong, worst = recount_threshold(rule, p)
        assert (errors.cells, errors.misclassified) == (cells, wrong)
        assert errors.worst == pytest.approx(worst, abs=1e-12)
    assert [r.target for r, _ in report.bands] == [Fraction(k, d) for k, d in TARGET_PAIRS]
    best, best_errors = report.threshold
    # The best rule beats every rule of the family it was chosen from on its own criterion.
    assert best_errors.misclassified <= min(e.misclassified for _, e in report.by_denominator)
    for rule, domain, whole in report.odds + report.on_line:
        for errors, low in ((domain, report.full_dice), (whole, 1)):
            largest, mean = recount_odds(rule, p, low)
            assert errors.max_error == pytest.approx(largest, abs=1e-9)
            assert errors.mean_error == pytest.approx(mean, abs=1e-9)
    for rule, _, _ in report.on_line:
        assert (rule.slope, rule.offset) == (best.slope, best.offset)


def test_published_rules_are_converted_to_the_territory_count() -> None:
    hoehle = PUBLISHED[0]
    rule, low = hoehle.in_count(Rules())
    # Hoehle: A >= 1.2204 + 0.8525 D for A >= 5, A = armies that may attack = n - 1.
    assert rule == ThresholdRule(Fraction("0.8525"), Fraction("2.2204"))
    assert low == 6
    same, low_same = hoehle.in_count(Rules(count="attacking"))
    assert (same.offset, low_same) == (Fraction("1.2204"), 5)
    p = exact(Rules())
    report = report_for(Rules())
    for published, converted, domain, whole in report.published:
        start = published.in_count(Rules())[1]
        assert (domain.cells, domain.misclassified) == recount_threshold(converted, p, start)[:2]
        assert (whole.cells, whole.misclassified) == recount_threshold(converted, p)[:2]


def test_small_grid_and_single_rule() -> None:
    grid = capture_grid(Rules(), size=6)
    rule = OddsRule(Fraction(1), Fraction(1), Fraction(2), "normal")
    errors = odds_errors(rule, grid)
    p = {k: v for k, v in exact(Rules()).items() if k[0] <= 6 and k[1] <= 6}
    assert errors.max_error == pytest.approx(recount_odds(rule, p, 1)[0], abs=1e-12)
    assert threshold_errors(ThresholdRule(Fraction(1), Fraction(1)), grid).cells == 36


def test_cli_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["risk", "rule", "--size", "12", "--defender-dice", "3"]) == 0
    text = capsys.readouterr().out
    assert "attack if n >=" in text and "3 v 3 dice" in text
    assert main(["risk", "rule", "--size", "12", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    rule = ThresholdRule(Fraction(obj["threshold"]["slope"]), Fraction(obj["threshold"]["offset"]))
    table = battle_table(12, 12)
    p = {(n, m): Fraction(table.value(n, m)) for n in range(1, 13) for m in range(1, 13)}
    assert obj["threshold"]["misclassified"] == recount_threshold(rule, p)[1]
    assert [x["name"] for x in obj["published"]] == [r.name for r in PUBLISHED]

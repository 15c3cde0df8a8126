"""Rules of thumb for the odds of a battle, found by search and scored against the exact table.

Seed 001 asks for a *simple* rule, one a player can apply at the table, for the odds of
``n`` attacking against ``m`` defending armies, ``n, m`` in 1..50. Two families are searched:

* **threshold rules** "attack if n >= a*m + b" (the attacker's odds are above one half),
  with ``a`` a fraction of small denominator and ``b`` a whole or half number. A rule is
  scored by the cells it misclassifies and by the largest ``|P - 1/2|`` among them: a
  misclassified cell at 0.51 is harmless, one at 0.75 is not. The same search for other
  chances of capture (``TARGETS``: 1/4, 3/4, 9/10) gives *bands*: "above 3/4 if n >= m + 3".
* **odds rules** that estimate ``P`` from the surplus ``s = n - (a*m + b)`` over the
  break-even line, measured in units of ``w * sqrt(m)`` (the spread of a long battle grows
  like the square root of its length): ``ramp`` reads ``P = 1/2 + s / (w sqrt(m))``, clipped
  to [0, 1]; ``normal`` reads ``P = Phi(s / (w sqrt(m)))`` with the 68-95 rule in mind.
  A rule is scored by its largest and mean absolute error.

Armies are counted as ``rules.count`` says; published rules are stated in their own count
and converted (``PublishedRule.in_count``).

>>> grid = capture_grid(Rules(), size=8)
>>> rule = ThresholdRule(Fraction(6, 7), Fraction(3, 2))
>>> rule.attack(6, 5), rule.text()
(True, 'attack if n >= 6/7 m + 3/2')
>>> threshold_errors(rule, grid)  # 5 v 4 is 0.477: the rule says attack
ThresholdErrors(cells=64, misclassified=1, worst=0.023..., worst_cell=(5, 4))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Literal

import numpy as np

from strategy.engine.errors import InputError
from strategy.engine.extras import require
from strategy.risk.classic import battle_table
from strategy.risk.kernels.geometry import Progress
from strategy.risk.rules import DEFAULT_RULES, Rules

Shape = Literal["ramp", "normal"]
FloatArray = np.ndarray[tuple[int, int], np.dtype[np.float64]]
BoolArray = np.ndarray[tuple[int, int], np.dtype[np.bool_]]

#: Seed 001's range of armies on each side.
SIZE = 50
#: Slopes a player can apply in the head: fractions with a denominator up to this.
MAX_DENOMINATOR = 8
#: Break-even offsets b: whole and half numbers in this range.
OFFSETS = tuple(Fraction(k, 2) for k in range(-6, 17))
#: The odds a threshold rule may promise: even odds, and the bands of a cheat sheet.
TARGETS = (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(9, 10))
HALF = Fraction(1, 2)
#: Widths w of the odds rules, in units of sqrt(m).
WIDTHS = tuple(Fraction(k, 4) for k in (4, 5, 6, 8, 10, 12, 16, 20, 24, 32))


@dataclass(frozen=True)
class CaptureGrid:
    """The exact P(capture) for ``n, m`` in 1..size as floats, and the exact tests ``P > t``
    for each ``t`` in ``TARGETS`` (``above[t]``)."""

    rules: Rules
    size: int
    probability: FloatArray
    above: dict[Fraction, BoolArray]


def capture_grid(rules: Rules, size: int = SIZE) -> CaptureGrid:
    """The classic battle's exact odds (both sides always roll the most dice) on a square grid.

    >>> grid = capture_grid(Rules(), size=3)
    >>> grid.above[HALF].tolist()
    [[False, False, False], [False, False, False], [True, False, False]]
    """
    table = battle_table(size, size, rules)
    above = {
        t: np.array([[v > t for v in row] for row in table.values], dtype=np.bool_) for t in TARGETS
    }
    return CaptureGrid(rules, size, np.array(table.as_floats()), above)


def _armies(size: int) -> tuple[np.ndarray[tuple[int, int], np.dtype[np.int64]], ...]:
    n = np.arange(1, size + 1, dtype=np.int64)
    return n[:, None], n[None, :]


def _number(value: Fraction) -> str:
    """A simple fraction as a fraction, a published decimal as the decimal printed.

    >>> _number(Fraction(6, 7)), _number(Fraction("2.2204")), _number(Fraction(3))
    ('6/7', '2.2204', '3')
    """
    if value.denominator <= MAX_DENOMINATOR or 10**20 % value.denominator:
        return str(value)
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def _line(slope: Fraction, offset: Fraction) -> str:
    term = "m" if slope == 1 else f"{_number(slope)} m"
    sign = "-" if offset < 0 else "+"
    return f"{term} {sign} {_number(abs(offset))}" if offset else term


@dataclass(frozen=True)
class ThresholdRule:
    """The odds are above ``target`` if ``n >= slope * m + offset`` ("attack" at one half).

    >>> ThresholdRule(Fraction(1), Fraction(3), Fraction(3, 4)).text()
    'P > 3/4 if n >= m + 3'
    """

    slope: Fraction
    offset: Fraction
    target: Fraction = HALF

    def attack(self, attackers: int, defenders: int) -> bool:
        """Whether the rule says the attacker's odds are above ``target``."""
        return attackers >= self.slope * defenders + self.offset

    def text(self) -> str:
        """The rule in words."""
        condition = f"n >= {_line(self.slope, self.offset)}"
        return (
            f"attack if {condition}" if self.target == HALF else f"P > {self.target} if {condition}"
        )


@dataclass(frozen=True)
class ThresholdErrors:
    """How a threshold rule fares: cells scored, cells misclassified, the worst ``|P - target|``
    among them."""

    cells: int
    misclassified: int
    worst: float
    worst_cell: tuple[int, int] | None


def threshold_errors(
    rule: ThresholdRule, grid: CaptureGrid, min_attackers: int = 1
) -> ThresholdErrors:
    """Score ``rule`` on the cells with ``n >= min_attackers``; comparisons are exact.

    The rule's target must be one of ``TARGETS``, for which the grid holds the exact tests.

    >>> threshold_errors(ThresholdRule(Fraction(1), Fraction(0)), capture_grid(Rules(), 4))
    ThresholdErrors(cells=16, misclassified=7, worst=0.5, worst_cell=(1, 1))
    """
    n, m = _armies(grid.size)
    # n >= (p/q) m + r/s  <=>  q s n >= p s m + r q: integers, so no rounding at the boundary.
    p, q = rule.slope.numerator, rule.slope.denominator
    r, s = rule.offset.numerator, rule.offset.denominator
    attack = q * s * n >= p * s * m + r * q
    wrong = (attack != grid.above[rule.target]) & (n >= min_attackers)
    cells = int(np.count_nonzero(np.broadcast_to(n >= min_attackers, wrong.shape)))
    if not wrong.any():
        return ThresholdErrors(cells, 0, 0.0, None)
    margin = np.where(wrong, np.abs(grid.probability - float(rule.target)), -1.0)
    i, j = np.unravel_index(int(np.argmax(margin)), margin.shape)
    return ThresholdErrors(
        cells, int(np.count_nonzero(wrong)), float(margin[i, j]), (int(i) + 1, int(j) + 1)
    )


@dataclass(frozen=True)
class OddsRule:
    """Estimate P from the surplus ``s = n - (slope m + offset)`` in units of ``width sqrt(m)``."""

    slope: Fraction
    offset: Fraction
    width: Fraction
    shape: Shape

    def estimate(self, attackers: int, defenders: int) -> float:
        """The rule's P(capture); an attacker with no army to spare has none.

        >>> OddsRule(Fraction(1), Fraction(0), Fraction(4), "ramp").estimate(6, 4)
        0.75
        """
        return float(self.estimates(np.array([[attackers]]), np.array([[defenders]]))[0, 0])

    def estimates(
        self,
        attackers: np.ndarray[tuple[int, int], np.dtype[np.int64]],
        defenders: np.ndarray[tuple[int, int], np.dtype[np.int64]],
    ) -> FloatArray:
        """The rule's estimates over arrays of army counts (broadcast together)."""
        return _estimates(
            self.shape, self.slope, np.array(float(self.offset)), self.width, attackers, defenders
        )

    def text(self) -> str:
        """The rule in words."""
        unit = f"{_number(self.width)} sqrt(m)"
        surplus = f"s = n - ({_line(self.slope, self.offset)})"
        if self.shape == "ramp":
            return f"P = 1/2 + s / ({unit}) within 0..1, {surplus}"
        return f"P = Phi(s / ({unit})), {surplus}"


@dataclass(frozen=True)
class OddsErrors:
    """How an odds rule fares: largest and mean absolute error in probability."""

    max_error: float
    mean_error: float
    worst_cell: tuple[int, int]


def odds_errors(rule: OddsRule, grid: CaptureGrid, min_attackers: int = 1) -> OddsErrors:
    """Score an odds rule on the cells with ``n >= min_attackers``.

    >>> errors = odds_errors(OddsRule(Fraction(1), Fraction(0), Fraction(4), "ramp"),
    ...                      capture_grid(Rules(), 2))
    >>> errors.worst_cell, round(errors.max_error, 3)
    ((2, 2), 0.394)
    """
    n, m = _armies(grid.size)
    low = min_attackers - 1
    error = np.abs(rule.estimates(n, m) - grid.probability)[low:]
    i, j = np.unravel_index(int(np.argmax(error)), error.shape)
    return OddsErrors(float(error[i, j]), float(error.mean()), (int(i) + min_attackers, int(j) + 1))


def _estimates(
    shape: Shape,
    slope: Fraction,
    offsets: FloatArray,
    width: Fraction,
    attackers: np.ndarray[tuple[int, int], np.dtype[np.int64]],
    defenders: np.ndarray[tuple[int, int], np.dtype[np.int64]],
) -> FloatArray:
    """Estimates of the odds rules with these offsets (broadcast with the army counts)."""
    z = (attackers - float(slope) * defenders - offsets) / (float(width) * np.sqrt(defenders))
    p = np.clip(0.5 + z, 0.0, 1.0) if shape == "ramp" else _normal_cdf(z)
    return np.where(attackers <= 1, 0.0, p)


def _normal_cdf(z: FloatArray) -> FloatArray:
    # scipy is an extra (stats) and untyped; ndtr is the standard normal distribution function.
    ndtr: Any = require("scipy.special", "stats", "the normal odds rule").ndtr
    result: FloatArray = ndtr(z)
    return result


def simple_slopes(max_denominator: int = MAX_DENOMINATOR) -> tuple[Fraction, ...]:
    """Slopes from 1/4 to 3 with small denominators, simplest first.

    >>> simple_slopes(2)
    (Fraction(1, 1), Fraction(2, 1), Fraction(3, 1), Fraction(1, 2), Fraction(3, 2), Fraction(5, 2))
    """
    found = {
        Fraction(p, q)
        for q in range(1, max_denominator + 1)
        for p in range(1, 3 * q + 1)
        if Fraction(1, 4) <= Fraction(p, q) <= Fraction(3)
    }
    return tuple(sorted(found, key=lambda a: (a.denominator, a)))


def search_thresholds(
    grid: CaptureGrid, target: Fraction = HALF, max_denominator: int = MAX_DENOMINATOR
) -> tuple[tuple[ThresholdRule, ThresholdErrors], ...]:
    """Every threshold rule of the family for odds above ``target``, best first.

    Best means the smallest worst error to the percent, then the fewest misclassified
    cells, then the simplest rule.
    """
    scored = [
        (rule, threshold_errors(rule, grid))
        for slope in simple_slopes(max_denominator)
        for offset in OFFSETS
        for rule in (ThresholdRule(slope, offset, target),)
    ]
    # Ties go to the simpler rule: smaller denominators, whole offsets (for whole n and m,
    # n >= m + 5/2 and n >= m + 3 are the same rule).
    scored.sort(
        key=lambda x: (
            round(x[1].worst, 2),
            x[1].misclassified,
            x[0].slope.denominator,
            x[0].offset.denominator,
        )
    )
    return tuple(scored)


def search_odds(
    grid: CaptureGrid,
    min_attackers: int = 1,
    max_denominator: int = MAX_DENOMINATOR,
    progress: Progress | None = None,
) -> tuple[tuple[OddsRule, OddsErrors], ...]:
    """Every odds rule of the family scored on ``n >= min_attackers``, best first: smallest
    max error to the percent, then mean error; ``progress(done, total)`` hears of each
    slope searched."""
    n, m = _armies(grid.size)
    offsets = np.array([float(b) for b in OFFSETS])[:, None, None]
    low = min_attackers - 1
    scored: list[tuple[OddsRule, OddsErrors]] = []
    shapes: tuple[Shape, ...] = ("ramp", "normal")
    slopes = simple_slopes(max_denominator)
    for searched, (shape, slope) in enumerate(itertools.product(shapes, slopes), start=1):
        for width in WIDTHS:
            # All offsets at once: axis 0 is the offset, as odds_errors scores one rule.
            error = np.abs(_estimates(shape, slope, offsets, width, n, m) - grid.probability)
            error = error[:, low:, :]
            flat = error.reshape(len(OFFSETS), -1)
            worst = np.argmax(flat, axis=1)
            for k, offset in enumerate(OFFSETS):
                i, j = divmod(int(worst[k]), grid.size)
                errors = OddsErrors(
                    float(flat[k, worst[k]]),
                    float(error[k].mean()),
                    (i + min_attackers, j + 1),
                )
                scored.append((OddsRule(slope, offset, width, shape), errors))
        if progress is not None:
            progress(searched, len(shapes) * len(slopes))
    scored.sort(key=lambda x: (round(x[1].max_error, 2), x[1].mean_error))
    return tuple(scored)


def best_per_denominator(
    ranked: tuple[tuple[ThresholdRule, ThresholdErrors], ...],
) -> tuple[tuple[ThresholdRule, ThresholdErrors], ...]:
    """The best threshold rule for each slope denominator: how much simplicity costs."""
    best: dict[int, tuple[ThresholdRule, ThresholdErrors]] = {}
    for rule, errors in ranked:
        best.setdefault(rule.slope.denominator, (rule, errors))
    return tuple(best[q] for q in sorted(best))


@dataclass(frozen=True)
class PublishedRule:
    """A published threshold rule, stated in its own army count."""

    name: str
    source: str
    slope: Fraction
    offset: Fraction
    count: Literal["territory", "attacking"]
    min_attackers: int = 1

    def in_count(self, rules: Rules) -> tuple[ThresholdRule, int]:
        """The rule and its smallest ``n`` in the count ``rules`` uses."""
        shift = 0
        if self.count != rules.count:
            # Territory armies = attacking armies + those that must stay behind.
            shift = rules.stay_behind if rules.count == "territory" else -rules.stay_behind
        return ThresholdRule(self.slope, self.offset + shift), self.min_attackers + shift


#: Published rules of thumb for the classic battle (two defender dice), as printed.
PUBLISHED = (
    PublishedRule(
        "Hoehle 2025",
        "attack if A >= 1.2204 + 0.8525 D, for A >= 5 (A: armies that may attack)",
        Fraction("0.8525"),
        Fraction("1.2204"),
        "attacking",
        min_attackers=5,
    ),
    PublishedRule(
        "Hendel et al. 2015, read as attacking armies",
        '"two more than 86%" of the defending armies: A >= 0.86 D + 2',
        Fraction("0.86"),
        Fraction(2),
        "attacking",
    ),
    PublishedRule(
        "Hendel et al. 2015, read as territory armies",
        '"two more than 86%" of the defending armies: n >= 0.86 m + 2',
        Fraction("0.86"),
        Fraction(2),
        "territory",
    ),
)


@dataclass(frozen=True)
class RuleReport:
    """The search's answer for one set of rules.

    ``threshold`` is the best threshold rule and ``by_denominator`` the best for each slope
    denominator (what simplicity costs); ``bands`` holds the best rule for each of
    ``TARGETS``. ``odds`` holds the best odds rules of each shape, ``on_line`` the best of
    each shape whose break-even line is ``threshold``'s (one line to remember), each with
    its errors on ``n >= full_dice`` and on the whole grid. ``published`` scores the
    published rules, converted to this count, over their own domain and the whole grid.
    """

    rules: Rules
    size: int
    threshold: tuple[ThresholdRule, ThresholdErrors]
    by_denominator: tuple[tuple[ThresholdRule, ThresholdErrors], ...]
    bands: tuple[tuple[ThresholdRule, ThresholdErrors], ...]
    full_dice: int
    odds: tuple[tuple[OddsRule, OddsErrors, OddsErrors], ...]
    on_line: tuple[tuple[OddsRule, OddsErrors, OddsErrors], ...]
    published: tuple[tuple[PublishedRule, ThresholdRule, ThresholdErrors, ThresholdErrors], ...]


def find_rules(
    rules: Rules, size: int = SIZE, shown: int = 3, *, progress: Progress | None = None
) -> RuleReport:
    """Search both families on the exact table; keep the ``shown`` best odds rules per shape;
    ``progress(done, total)`` hears how the odds search, most of the work, goes.

    Odds rules are ranked on the battles in which the attacker rolls all its dice
    (``n >= full_dice``): below that a battle is a handful of rolls whose odds a short
    table states exactly. Their errors are reported on that range and on the whole grid.

    >>> report = find_rules(Rules(), size=10)
    >>> report.threshold[1].cells
    100
    """
    full_dice = rules.attacker_dice + rules.offset
    if size < full_dice:
        raise InputError(
            f"a grid of size {size} has no battle in which the attacker rolls all "
            f"{rules.attacker_dice} dice (n >= {full_dice}), where the odds rules are fitted: "
            f"give a size of at least {full_dice}"
        )
    grid = capture_grid(rules, size)
    thresholds = search_thresholds(grid)
    ranked = search_odds(grid, full_dice, progress=progress)
    best = thresholds[0][0]
    line = [x for x in ranked if (x[0].slope, x[0].offset) == (best.slope, best.offset)]
    odds, on_line = (
        tuple(
            (rule, errors, odds_errors(rule, grid))
            for shape in ("ramp", "normal")
            for rule, errors in [x for x in candidates if x[0].shape == shape][:count]
        )
        for candidates, count in ((ranked, shown), (line, 1))
    )
    published = []
    # The published rules are for the classic dice; they say nothing of other editions.
    classic = replace(rules, count=DEFAULT_RULES.count, stay_behind=1) == DEFAULT_RULES
    for rule in PUBLISHED if classic else ():
        converted, low = rule.in_count(rules)
        domain = threshold_errors(converted, grid, low)
        published.append((rule, converted, domain, threshold_errors(converted, grid)))
    return RuleReport(
        rules,
        size,
        thresholds[0],
        best_per_denominator(thresholds),
        tuple(search_thresholds(grid, t)[0] for t in TARGETS),
        full_dice,
        odds,
        on_line,
        tuple(published),
    )

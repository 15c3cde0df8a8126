"""The cheat sheet's tables beyond the rule of thumb: the fewest armies for each chance of
capture in every mode a player meets, and the defender's rule when it sees the roll.

>>> [label for label, _, _ in MODES][:2]
['classic', 'Risiko']
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np

from strategy.paper.common import Section, fewest_troops
from strategy.paper.latex import frac, percent, tabular
from strategy.paper.rgd import BALANCED
from strategy.paper.rgd import MODES as RGD_MODES
from strategy.risk import api
from strategy.risk.play.rule_of_thumb import simple_slopes
from strategy.risk.resolution import TRUE_RANDOM, Resolution
from strategy.risk.rules import Rules

TARGETS = (Fraction(1, 2), Fraction(3, 4), Fraction(9, 10))
DEFENDERS = range(1, 21)
_RGD = dict(RGD_MODES)
#: (label, rules, dice) for each row group of the table: classic and Risiko count the armies
#: in the territory, RGD the troops that attack.
MODES: tuple[tuple[str, Rules, Resolution], ...] = (
    ("classic", Rules(), TRUE_RANDOM),
    ("Risiko", Rules(defender_dice=3), TRUE_RANDOM),
    ("RGD BB", _RGD["plain"], BALANCED),
    ("RGD BB capital/wall", _RGD["capital or wall"], BALANCED),
    ("RGD BB zombie def.", _RGD["zombie defender"], BALANCED),
    ("RGD BB zombie att.", _RGD["zombie attacker"], BALANCED),
)
#: The strategy matrix the defender's rule is read from.
MATRIX = 50


#: Fixed column widths, so that every block of the sheet lines up.
LABEL = ">{\\raggedright\\arraybackslash}p{2.9cm}"
NUMBER = ">{\\raggedleft\\arraybackslash}p{1.45em}"
SPACE = "\\addlinespace[2pt]"
#: The far columns (classic and Risiko only), in blocks of this many defenders.
FAR = range(21, 51)
FAR_BLOCK = 15


def _rows(modes: tuple[tuple[str, Rules, Resolution], ...], defenders: range) -> list[list[str]]:
    """Per mode, one row per target: the fewest armies with P(capture) >= it."""
    rows = []
    for label, rules, blitz in modes:
        found = fewest_troops(blitz, rules, defenders, TARGETS)
        for k, target in enumerate(TARGETS):
            name = label if k == 0 else ""
            cells = [str(found[m, target]) for m in defenders]
            rows.append([name, f"${percent(target, 0)}$", *cells])
    return rows


def _block(header: list[str], rows: list[list[str]], columns: int) -> str:
    """One table of fixed column widths, a little space between the modes."""
    grouped: list[list[str]] = []
    for index, row in enumerate(rows):
        if index and not index % len(TARGETS):
            grouped.append([SPACE])
        grouped.append(row)
    align = f"{LABEL}r|*{{{columns}}}{{{NUMBER}}}"
    text = tabular(header, grouped, align, comment="fewest_needed's answer, P >= t")
    return text.replace(f"{SPACE} \\\\", SPACE)


def need_table() -> str:
    """The fewest armies with P(capture) >= each target, m = 1..20, every mode."""
    header = ["$m$", "$P \\ge$", *(str(m) for m in DEFENDERS)]
    return _block(header, _rows(MODES, DEFENDERS), len(DEFENDERS))


def far_table() -> str:
    """The same for m = 21..50, classic and Risiko, in blocks of ``FAR_BLOCK`` columns."""
    rows = _rows(MODES[:2], FAR)
    blocks = []
    for start in range(0, len(FAR), FAR_BLOCK):
        columns = FAR[start : start + FAR_BLOCK]
        header = ["$m$", "$P \\ge$", *(str(m) for m in columns)]
        body = [row[:2] + row[2 + start : 2 + start + FAR_BLOCK] for row in rows]
        blocks.append(_block(header, body, len(columns)))
    return "\\smallskip\n".join(blocks)


def sees_roll_rule() -> dict[str, str]:
    """The defender's play under sees-roll in one line: the two most common codes where the
    attacker rolls three dice and the defender may roll two, split by the threshold line
    ``n >= a m + b`` that misclassifies the fewest of their cells; and how many of all
    such states the line's rule gets exactly right."""
    matrix = api.strategy_matrix(MATRIX, MATRIX, choice="sees-roll")
    cells = {
        (n, m): matrix.cells[n - 1][m - 1].code
        for n in range(4, MATRIX + 1)
        for m in range(2, MATRIX + 1)
    }
    (low, _), (high, _) = Counter(cells.values()).most_common(2)
    if _mean_lead(cells, high) < _mean_lead(cells, low):
        low, high = high, low  # the code of the stronger attackers goes above the line
    slope, offset = _best_line(
        {key: code == high for key, code in cells.items() if code in (low, high)}
    )
    right = sum(
        code == (high if n >= slope * m + offset else low) for (n, m), code in cells.items()
    )
    legend = dict(matrix.legend)
    line = f"n \\ge {'' if slope == 1 else frac(slope) + chr(92) + ','}m"
    line += f" {'-' if offset < 0 else '+'} {frac(abs(offset))}" if offset else ""
    return {
        "SeesRuleLow": legend[low].replace("the defender rolls", "roll"),
        "SeesRuleHigh": legend[high].replace("the defender rolls", "roll"),
        "SeesRuleLine": f"${line}$",
        "SeesRuleRight": str(right),
        "SeesRuleCells": str(len(cells)),
        "SeesRuleSize": str(MATRIX),
    }


def _best_line(above: dict[tuple[int, int], bool]) -> tuple[Fraction, Fraction]:
    """The line ``n >= a m + b`` (a of denominator at most 4, b a multiple of 1/2) that puts
    the fewest cells on the wrong side, simplest slope first among equals; in whole numbers
    (``2q n >= 2p m + 2q b``) so that no cell on the line is misjudged."""
    keys = list(above)
    n = np.array([k[0] for k in keys])
    m = np.array([k[1] for k in keys])
    up = np.array([above[k] for k in keys])
    best: tuple[int, int, Fraction, Fraction] | None = None
    for a in simple_slopes(4):
        p, q = a.numerator, a.denominator
        for twice in range(-20, 21):
            wrong = int(((2 * q * n >= 2 * p * m + q * twice) != up).sum())
            found = (wrong, q, a, Fraction(twice, 2))
            if best is None or found < best:
                best = found
    assert best is not None
    return best[2], best[3]


def _mean_lead(cells: dict[tuple[int, int], str], code: str) -> float:
    """The mean of n - m over the cells with ``code``."""
    leads = [n - m for (n, m), found in cells.items() if found == code]
    return sum(leads) / len(leads)


def cheat_sections() -> Section:
    """The cheat sheet's need table and the sees-roll rule."""
    return Section({"cheat_need.tex": need_table(), "cheat_far.tex": far_table()}, sees_roll_rule())

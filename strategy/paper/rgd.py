"""RISK: Global Domination (SMG Studio): how Balanced Blitz moves the odds, the troops each
of the game's modes needs, and where committing fewer troops pays.

The game counts the attacking troops (the one left behind is not counted), so every table
here does too (``Rules(count="attacking")``).

>>> [name for name, _ in MODES][:2]
['plain', 'capital or wall']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import numpy as np

from strategy.paper.common import Section, fewest_troops
from strategy.paper.figures import Panel, data_csv, heatmaps
from strategy.paper.latex import decimal, tabular
from strategy.paper.published import (
    SMG_CAPITAL_30_15_LOSE_12,
    SMG_IDEAL_TROOPS_50,
    SMG_ZOMBIE_300_800,
)
from strategy.risk import api
from strategy.risk.battle import Battle
from strategy.risk.commitment import CommitCurve, commit_curve
from strategy.risk.resolution import Resolution
from strategy.risk.rules import Rules
from strategy.risk.variants.blitz import fewest_needed, fight_odds, fight_table

#: The game's army count.
RGD = Rules(count="attacking")
#: The game's modes as rules (a wall adds a defender die exactly as a capital does).
MODES: tuple[tuple[str, Rules], ...] = (
    ("plain", RGD),
    ("capital or wall", RGD.with_modifiers(capital=True)),
    ("capital and wall", RGD.with_modifiers(capital=True, wall=True)),
    ("zombie defender", RGD.with_modifiers(zombie_defender=True)),
    ("zombie attacker", RGD.with_modifiers(zombie_attacker=True)),
)
BALANCED = Resolution("balanced-blitz")
TRUE_RANDOM = Resolution()
#: The grid of the figure, and the modes drawn.
SIZE = 50
DRAWN = ("plain", "capital or wall")
#: The troops-needed table: SMG's own example asks for 80%.
NEED_TARGET = Fraction(4, 5)
NEED_DEFENDERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50)
#: The commit table: troops available, and the defenders they face.
COMMIT_TROOPS = 60
COMMIT_DEFENDERS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20)


def difference_panels() -> list[Panel]:
    """Balanced Blitz minus true random P(capture), for the modes drawn."""
    panels = []
    for name, rules in MODES:
        if name not in DRAWN:
            continue
        balanced = fight_table(SIZE, SIZE, Battle(rules, resolution=BALANCED)).as_array()
        true_random = api.table(SIZE, SIZE, Battle(rules)).as_array()
        values = balanced - true_random
        panels.append(Panel(name, tuple(tuple(row) for row in values.tolist()), "difference"))
    return panels


def difference_numbers(panels: Sequence[Panel]) -> dict[str, str]:
    """Where Balanced Blitz helps and hurts the attacker most (plain mode)."""
    values = np.array(panels[0].values)
    high = np.unravel_index(int(np.argmax(values)), values.shape)
    low = np.unravel_index(int(np.argmin(values)), values.shape)
    return {
        "RgdGain": decimal(float(values[high]), 3),
        "RgdGainCell": f"{high[0] + 1} v {high[1] + 1}",
        "RgdLoss": decimal(-float(values[low]), 3),
        "RgdLossCell": f"{low[0] + 1} v {low[1] + 1}",
        "RgdHelped": str(int((values > 0).sum())),
        "RgdCells": str(values.size),
    }


def need_table() -> tuple[str, dict[str, str]]:
    """The fewest attacking troops for P(capture) >= 80%, each mode, both dice modes (true
    random read off float tables; Balanced Blitz searched battle by battle, cheaper here
    than its tables, whose every cell is balanced)."""
    found: dict[tuple[str, str, int], int] = {}
    for name, rules in MODES:
        quick = fewest_troops(TRUE_RANDOM, rules, NEED_DEFENDERS, (NEED_TARGET,))
        for m in NEED_DEFENDERS:
            found[name, "tr", m] = quick[m, NEED_TARGET]
            found[name, "bb", m] = fewest_needed(BALANCED, (m,), NEED_TARGET, (rules,)).attackers
    rows = [
        [str(m), *(str(found[name, dice, m]) for name, _ in MODES for dice in ("tr", "bb"))]
        for m in NEED_DEFENDERS
    ]
    header = ["$m$"] + ["TR", "BB"] * len(MODES)
    groups = " & ".join(f"\\multicolumn{{2}}{{c}}{{{name}}}" for name, _ in MODES)
    text = tabular(header, rows, "r" + "|rr" * len(MODES), comment="fewest_needed, P >= 4/5")
    text = text.replace("\\toprule\n", f"\\toprule\n & {groups} \\\\\n", 1)
    numbers = {
        "RgdNeedFifty": str(found["plain", "bb", 50]),
        "RgdNeedFiftyTrue": str(found["plain", "tr", 50]),
        "SmgNeedFifty": str(SMG_IDEAL_TROOPS_50),
    }
    return text, numbers


def published_numbers() -> dict[str, str]:
    """SMG's published figures next to ours."""
    capital = dict(MODES)["capital or wall"]
    fought = fight_odds(30, 15, Battle(capital, resolution=BALANCED))
    lose_12 = [
        next(p for a, d, p in odds.final_states if (a, d) == (18, 0))
        for odds in (fought.true_random, fought)
    ]
    zombie = api.odds(300, 800, Battle(dict(MODES)["zombie defender"]), exact=False)
    return {
        "RgdCapitalTrue": decimal(lose_12[0], 16),
        "RgdCapitalBalanced": decimal(lose_12[1], 16),
        "SmgCapitalTrue": SMG_CAPITAL_30_15_LOSE_12[0],
        "SmgCapitalBalanced": SMG_CAPITAL_30_15_LOSE_12[1],
        "RgdZombie": decimal(zombie.value, 8),
        "SmgZombie": SMG_ZOMBIE_300_800,
    }


def commit_table() -> tuple[str, dict[str, str]]:
    """For each defender count, the fewest troops (of ``COMMIT_TROOPS``) that capture as
    surely as all of them, and what they lose, against committing everything."""
    rows = []
    numbers: dict[str, str] = {}
    rising = {"tr": 0, "bb": 0}
    for d in COMMIT_DEFENDERS:
        curve = commit_curve(COMMIT_TROOPS, d, RGD, BALANCED)
        best = {b.objective: b for b in curve.best}
        fewest = curve.points[best["capture"].committed - 1]
        everything = curve.points[-1]
        balance = best["balance:0"]
        plain = commit_curve(COMMIT_TROOPS, d, RGD)
        true_random = plain.points[-1]
        rising["tr"] += _rises(plain)
        rising["bb"] += _rises(curve)
        rows.append(
            [
                str(d),
                str(fewest.committed),
                decimal(fewest.win_probability, 3),
                decimal(fewest.expected_lost, 3),
                decimal(everything.expected_lost, 3),
                str(balance.committed),
                decimal(balance.value, 3),
                decimal(everything.balance, 3),
                decimal(true_random.expected_lost, 3),
            ]
        )
        if d == 10:
            numbers |= {
                "CommitTenFewest": str(fewest.committed),
                "CommitTenLost": decimal(fewest.expected_lost, 2),
                "CommitTenAllLost": decimal(everything.expected_lost, 2),
            }
    header = [
        "$D$",
        "fewest $c$",
        "P",
        "lost",
        "lost, all",
        "best $c$",
        "balance",
        "balance, all",
        "TR lost, all",
    ]
    text = tabular(
        header, rows, "r|rrrr|rrr|r", comment=f"commit_curve({COMMIT_TROOPS}, D), Balanced Blitz"
    )
    return text, numbers | {
        "CommitTroops": str(COMMIT_TROOPS),
        "CommitCases": str(len(COMMIT_DEFENDERS)),
        "CommitTrueRising": str(rising["tr"]),
        "CommitBalancedRising": str(rising["bb"]),
    }


def _rises(curve: CommitCurve) -> bool:
    """Whether committing more troops never captures less often nor, given a capture,
    loses fewer (within the curve's error bound times the largest loss)."""
    slack = curve.error_bound * curve.attackers
    wins = [p.win_probability for p in curve.points]
    lost = [p.expected_lost_given_capture for p in curve.points]
    known = [x for x in lost if x is not None]
    return all(b >= a - slack for a, b in pairwise(wins)) and all(
        b >= a - slack for a, b in pairwise(known)
    )


def rgd_sections(directory: Path) -> Section:
    """The RISK: Global Domination tables, numbers and figure."""
    panels = difference_panels()
    heatmaps(directory / "fig_rgd.pdf", panels, row_label="attacking troops n (RGD count)")
    files = {f"fig_rgd_{panel.title.split()[0]}.csv": data_csv(panel) for panel in panels}
    need, numbers = need_table()
    commit, commit_numbers = commit_table()
    files |= {"rgd_need.tex": need, "rgd_commit.tex": commit}
    numbers |= commit_numbers | published_numbers() | difference_numbers(panels)
    return Section(files, numbers)

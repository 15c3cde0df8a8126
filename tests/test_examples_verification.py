"""The seed 000 side-by-side example runs, and its simulated table is as noisy as it says.

False alarms: the example is seeded, so this never flakes. With a fresh seed, more than 45
of its 380 random cells outside their 95% intervals has probability below 1e-5 even if
the intervals missed 6% of the time, and a cell 1.0 or more from the exact value (over six
standard errors at 2,500 battles) below 1e-5 over all cells.
"""

from __future__ import annotations

import re
from math import comb
from pathlib import Path

from strategy import risk
from strategy.risk import Objective
from tests import helpers

ROOT = Path(__file__).resolve().parent.parent


def run_example() -> str:
    result = helpers.run_example("seed000_side_by_side.py")
    assert result.returncode == 0, result.stderr
    return result.stdout


def table_rows(text: str, title: str) -> list[list[float]]:
    lines = text[text.index(title) :].splitlines()[2:22]
    return [[float(cell.rstrip("*")) for cell in line.split()[1:]] for line in lines]


def test_seed000_side_by_side() -> None:
    out = run_example()
    exact = risk.table(20, 20, objective=Objective("signed"), exact=False).as_floats()
    simulated = table_rows(out, "Simulated, 2,500 battles per cell, seed 0")
    assert table_rows(out, "Exact") == [[round(x, 1) for x in row] for row in exact]
    assert all(
        abs(s - x) < 1.0
        for srow, xrow in zip(simulated, exact, strict=True)
        for s, x in zip(srow, xrow, strict=True)
    )
    match = re.search(r"outside their 95% intervals \(\*\): (\d+) of the 380", out)
    assert match is not None
    tail = sum(comb(380, k) * 0.06**k * 0.94 ** (380 - k) for k in range(46, 381))
    assert tail < 1e-5 and int(match[1]) <= 45
    assert int(match[1]) == out.count("*") - 1  # every starred cell, and the legend's star
    assert re.search(r"largest deviation: 0\.\d+ at A=\d+, D=\d+", out)

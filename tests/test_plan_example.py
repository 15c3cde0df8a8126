"""examples/plan_south_america.py runs, and the numbers it prints hold up independently."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from strategy import risk

ROOT = Path(__file__).resolve().parent.parent
DEFENDERS = {"Venezuela": 2, "Brazil": 3, "Peru": 1, "Argentina": 2}


def test_the_example_prints_what_the_readme_explains() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "plan_south_america.py")],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=True,
    )
    scenarios = result.stdout.split("== ")[1:]
    assert len(scenarios) == 3
    for text in scenarios:
        optimal = float(re.search(r"optimal plan\s+(-?[\d.]+)", text).group(1))  # type: ignore[union-attr]
        chain = re.search(r"best fixed chain\s+(-?[\d.]+)\s+(.+)", text)
        assert chain is not None and optimal >= float(chain.group(1))
        # Seeded: each of the three 95% intervals holds the exact value.
        assert "contains the exact value" in text
    # The best chains of the capture-all scenarios are the chain calculator's, which
    # matches sipolac/risk's published numbers (tests/test_chain.py).
    for text, origin in zip(scenarios[:2], (14, 8), strict=True):
        chain = re.search(r"best fixed chain\s+([\d.]+)\s+(.+)", text)
        assert chain is not None
        path = chain.group(2).split(" > ")[1:]
        odds = risk.chain(origin, [DEFENDERS[t] for t in path])
        assert chain.group(1) == f"{float(odds.win_probability):.6f}"
    # Two stacks beat any one stack's chain by far: the point of planning the whole turn.
    two = scenarios[1]
    assert "attack Brazil from North Africa" in two

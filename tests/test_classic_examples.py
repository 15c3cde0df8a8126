"""Every examples/classic_*.py runs, and says what the theory says it should."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("classic_*.py"))

# For each example, lines its output must contain, each backed by a published value.
EXPECTED = {
    "classic_nim.py": ["nim-sum 2", "take 2 from heap 1, leaving 1", "the sum has Grundy value"],
    "classic_octal.py": ["period 12", "from heap 71", "period 34", "winning take is (2,)"],
    "classic_tictactoe.py": ["value 0 (a draw)", "(1, 3, 7, 9)", "(2, 4, 6, 8)"],
    "classic_stones.py": ["first player 22", "winner second", "margin 6"],
    "classic_dice.py": ["14/3", "17/4"],
    "classic_pig.py": ["both hold at 20: first player wins 0.5347", "optimal play: first"],
    "classic_matrix.py": ["matching pennies: value 0", "(1/3, 1/3, 1/3)"],
}


def test_every_example_has_expectations() -> None:
    assert {path.name for path in EXAMPLES} == set(EXPECTED)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_example_runs(path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 0, result.stderr
    for line in EXPECTED[path.name]:
        assert line in result.stdout, f"{path.name} should print {line!r}:\n{result.stdout}"

"""A fresh virtual environment with the base package only: it installs, runs the main job,
and names the extra a command needs. Opt-in (``STRATEGY_INSTALL_TESTS=1``): it installs
from the network or pip's cache, about half a minute on an idle machine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(
    not os.environ.get("STRATEGY_INSTALL_TESTS"),
    reason="installs into a fresh venv; set STRATEGY_INSTALL_TESTS=1 to run",
)
def test_a_base_install_runs_and_names_missing_extras() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/bench_install.py", "--variant", ""],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "needs networkx: pip install 'strategy[graph]'" in result.stdout

"""Import-time slimness: a float table from the command line loads no heavy library.

``python -X importtime`` lists every module a process imports; a float table in npy
format needs numpy and nothing of sympy, networkx or scipy.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HEAVY = ("sympy", "networkx", "scipy", "matplotlib")


def imported_modules(*argv: str) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "strategy.cli.main", *argv],
        capture_output=True,
        text=True,
        check=True,
    )
    # Lines read "import time: self | cumulative | <indent>module".
    return {
        line.rsplit("|", 1)[1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }


def test_float_npy_table_imports_no_heavy_library(tmp_path: Path) -> None:
    out = tmp_path / "t.npy"
    modules = imported_modules(
        "risk",
        "table",
        "--attackers",
        "50",
        "--defenders",
        "40",
        "--format",
        "npy",
        "--out",
        str(out),
    )
    assert "numpy" in modules and "strategy.risk.classic" in modules
    heavy = sorted(m for m in modules if m.split(".")[0] in HEAVY)
    assert heavy == []
    assert out.stat().st_size > 50 * 40 * 8

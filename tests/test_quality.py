"""The code standards, checked by the same test run: ruff lint, ruff format, mypy --strict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def check(*command: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_lint() -> None:
    check("ruff", "check", ".")


def test_ruff_format() -> None:
    check("ruff", "format", "--check", ".")


def test_mypy_strict() -> None:
    # The typed-exports test is checked as a user's code would be: through the packages.
    check("mypy", "--strict", "strategy", "tests/test_typed_exports.py")

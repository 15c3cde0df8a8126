"""The pages' examples run as doctests; a page about an optional extra that is not
installed is skipped, saying which extra (pygambit has no wheel for every platform)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

#: Pages whose examples need a module that the test extra does not install everywhere.
NEEDS = {"gambit.md": ("pygambit", "gambit")}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        module, extra = NEEDS.get(Path(str(item.path)).name, (None, None))
        if module is not None and importlib.util.find_spec(module) is None:
            reason = f"{module} is not installed: pip install 'strategy[{extra}]'"
            item.add_marker(pytest.mark.skip(reason=reason))

"""Doctests that need an extra the machine lacks are skipped, saying which extra.

The test extra installs every extra, so on a machine set up by the README's command
nothing here skips; the table keeps `pytest` green, with the reason shown, where one is
left out (for example pygambit, on a platform without its wheel). The test modules of an
extra skip themselves with ``pytest.importorskip``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

#: Files whose doctests need a module of an extra: path -> (module, extra).
NEEDS = {
    "docs/how-to/gambit.md": ("pygambit", "gambit"),
    "strategy/interop/gambit.py": ("pygambit", "gambit"),
}


#: Modules that import an extra's module as they load, so that without it they cannot even be
#: collected: path -> module (strategy.risk.turns.kernels is the compiled loops of numba).
IMPORTS = {"strategy/risk/turns/kernels.py": "numba"}
collect_ignore = [path for path, name in IMPORTS.items() if importlib.util.find_spec(name) is None]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (addopts) spreads the whole suite over every core; a run of the files
    named on the command line stays in one process, where starting workers, each
    collecting again, would cost more than it saves. ``-n N`` overrides either."""
    if config.args_source is pytest.Config.ArgsSource.ARGS:
        return 0
    return None  # pytest-xdist's own count: the cores this process may use


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path)).relative_to(item.config.rootpath).as_posix()
        module, extra = NEEDS.get(path, (None, None))
        if module is not None and importlib.util.find_spec(module) is None:
            reason = f"{module} is not installed: pip install 'strategy[{extra}]'"
            item.add_marker(pytest.mark.skip(reason=reason))

"""Optional dependencies: each belongs to an extra of the package, named when it is missing.

The base install carries numpy only. A feature that needs more imports it through
:func:`require`, which turns a missing module into one clear line saying which extra to
install. :class:`MissingExtra` is an ``ImportError`` (what Python code expects of a missing
module) and a ``ValueError`` (what the command line reports as one line, exit status 2).

>>> float(require("scipy.special", "stats", "an interval").ndtr(0.0))
0.5
>>> str(MissingExtra.of("matplotlib", "plot", "drawing a graph"))
"drawing a graph needs matplotlib: pip install 'strategy[plot]'"
"""

from __future__ import annotations

import importlib
from typing import Any

from strategy.engine.errors import InputError

#: Each extra and the distributions it installs, as pyproject.toml lists them.
EXTRAS: dict[str, tuple[str, ...]] = {
    "stats": ("scipy",),
    "symbolic": ("sympy",),
    "plot": ("matplotlib",),
    "graph": ("networkx",),
    "notebook": ("pandas",),
    "paper": ("scipy", "sympy", "matplotlib"),
    "openspiel": ("open-spiel",),
    "gambit": ("pygambit",),
}
#: The distribution of each module whose name differs from it.
_DISTRIBUTIONS = {"pyspiel": "open-spiel"}


class MissingExtra(ImportError, InputError):
    """A feature needs a module of an extra that is not installed."""

    @classmethod
    def of(cls, module: str, extra: str, feature: str) -> MissingExtra:
        """The error for ``feature`` missing ``module``, which ``extra`` installs."""
        return cls(f"{feature} needs {module}: pip install 'strategy[{extra}]'", name=module)


def require(module: str, extra: str, feature: str) -> Any:
    """Import ``module`` (returned untyped: the optional libraries ship no types), or raise
    :class:`MissingExtra` naming ``extra`` and what ``feature`` needed it."""
    top = module.partition(".")[0]
    if _DISTRIBUTIONS.get(top, top) not in EXTRAS[extra]:
        raise AssertionError(f"{top} is not in the extra {extra!r}")  # a caller's slip
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name is not None and error.name.partition(".")[0] != top:
            raise  # the module exists, but something it imports is broken: not ours to hide
        raise MissingExtra.of(top, extra, feature) from None

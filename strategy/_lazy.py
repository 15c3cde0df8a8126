"""Names a package exports without importing their modules until first use.

>>> getattr_, dir_ = lazy_exports("demo", {"dumps": ("json", "dumps")})
>>> getattr_("dumps")([1])
'[1]'
>>> getattr_("loads")
Traceback (most recent call last):
...
AttributeError: module 'demo' has no attribute 'loads'
>>> exports_by_module("strategy", {"engine.impartial": "mex nim_sum"})
{'mex': 'strategy.engine.impartial', 'nim_sum': 'strategy.engine.impartial'}
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(
    package: str, exports: Mapping[str, tuple[str, str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module ``__getattr__`` and ``__dir__`` for ``package``: each exported name maps to
    ``(module, attribute)``; an empty attribute exports the module itself."""

    def getattr_(name: str) -> Any:
        try:
            module, attribute = exports[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        loaded = importlib.import_module(module)
        return getattr(loaded, attribute) if attribute else loaded

    def dir_() -> list[str]:
        return sorted(set(vars(importlib.import_module(package))) | set(exports))

    return getattr_, dir_


def exports_by_module(package: str, by_module: Mapping[str, str]) -> dict[str, str]:
    """Each exported name and the module it lives in, from a table of ``package``'s modules
    (relative names) and the names each exports, separated by spaces."""
    return {
        name: f"{package}.{module}" for module, names in by_module.items() for name in names.split()
    }


def lazy_names(
    package: str, exports: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """:func:`lazy_exports` where each exported name maps to the module it lives in, under its
    own name there."""
    return lazy_exports(package, {name: (module, name) for name, module in exports.items()})

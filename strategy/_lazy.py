"""Names a package exports without importing their modules until first use.

>>> getattr_, dir_ = lazy_exports("demo", {"dumps": ("json", "dumps")})
>>> getattr_("dumps")([1])
'[1]'
>>> getattr_("loads")
Traceback (most recent call last):
...
AttributeError: module 'demo' has no attribute 'loads'
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

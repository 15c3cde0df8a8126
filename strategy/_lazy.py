"""Names a package exports without importing their modules until first use.

One call makes a package's table of exports, its ``__getattr__`` and its ``__dir__``:

>>> exports, getattr_, dir_ = lazy_package("json", {"decoder": "JSONDecodeError"}, ("tool",))
>>> exports
{'JSONDecodeError': 'json.decoder', 'tool': 'json.tool'}
>>> getattr_("JSONDecodeError").__name__
'JSONDecodeError'
>>> getattr_("loads2")
Traceback (most recent call last):
...
AttributeError: module 'json' has no attribute 'loads2'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_package(
    package: str, by_module: Mapping[str, str], modules: tuple[str, ...] = ()
) -> tuple[dict[str, str], Callable[[str], Any], Callable[[], list[str]]]:
    """``package``'s exports, each name to the module it lives in (``by_module``: each module,
    relative to the package, and the names it exports, separated by spaces; ``modules``: its
    subpackages exported as themselves), with the package's ``__getattr__`` and ``__dir__``."""
    exports = {
        name: f"{package}.{module}" for module, names in by_module.items() for name in names.split()
    }
    exports |= {module: f"{package}.{module}" for module in modules}

    def getattr_(name: str) -> Any:
        try:
            module = exports[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        loaded = importlib.import_module(module)
        return loaded if name in modules else getattr(loaded, name)

    def dir_() -> list[str]:
        return sorted(set(vars(importlib.import_module(package))) | set(exports))

    return exports, getattr_, dir_

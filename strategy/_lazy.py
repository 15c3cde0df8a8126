"""Names a package exports without importing their modules until first use.

A package writes its exports once, as the imports of its ``if TYPE_CHECKING:`` block in the
explicit re-export form, ``from strategy.risk.api import odds as odds``. Type checkers and
editors read each name's signature there (``risk.odds("x", 2)`` is an error to mypy, not an
``Any``), and :func:`lazy_package` reads the same lines from the package's source to make its
``__getattr__``, which imports a module on first use, and its ``__dir__``. ``from package
import sub as sub``, the package naming its own subpackage, exports the subpackage itself:

>>> import strategy
>>> exports, getattr_, dir_ = lazy_package("strategy", strategy.__file__)
>>> exports["solve"], exports["risk"]
('strategy.engine.solve', 'strategy.risk')
>>> getattr_("solve").__module__, getattr_("risk").__name__
('strategy.engine.solve', 'strategy.risk')
>>> getattr_("solve2")
Traceback (most recent call last):
...
AttributeError: module 'strategy' has no attribute 'solve2'
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable
from typing import Any


def lazy_package(
    package: str, file: str
) -> tuple[dict[str, str], Callable[[str], Any], Callable[[], list[str]]]:
    """``package``'s exports, each name to the module it lives in, read from the ``if
    TYPE_CHECKING:`` imports of its source ``file`` (the package's ``__file__``), with the
    package's ``__getattr__`` and ``__dir__``."""
    with open(file, encoding="utf-8") as source:
        exports = _exports(package, source.read())

    def getattr_(name: str) -> Any:
        try:
            module = exports[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        loaded = importlib.import_module(module)
        return loaded if module == f"{package}.{name}" else getattr(loaded, name)

    def dir_() -> list[str]:
        return sorted(set(vars(importlib.import_module(package))) | set(exports))

    return exports, getattr_, dir_


def _exports(package: str, source: str) -> dict[str, str]:
    # Anything else in the block would be seen by checkers and missed here (or the reverse),
    # so it is refused when the package is first imported, which every test run does.
    exports: dict[str, str] = {}
    for block in ast.parse(source).body:
        if not (isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"):
            continue
        for line in block.body:
            if not (isinstance(line, ast.ImportFrom) and line.module and not line.level):
                raise ValueError(f"{package}: write exports as 'from module import name as name'")
            for alias in line.names:
                if alias.asname != alias.name:
                    raise ValueError(f"{package}: export {alias.name} as {alias.name}")
                if line.module == f"{package}.{alias.name}":
                    raise ValueError(f"{package}: {alias.name} is named like its module")
                own = line.module == package
                exports[alias.name] = f"{package}.{alias.name}" if own else line.module
    return exports

"""Keywords declared once, as a ``TypedDict``, and named in full by every function that
takes them.

Several functions share a group of keywords (the battle's terms, a position's names). Each
writes ``**terms: Unpack[Terms]``: type checkers and editors see every keyword (PEP 692),
and the list stands in one place. :func:`spelled_out` names them in the function's
signature as keyword-only parameters, for ``help()`` and :func:`inspect.signature`, fills
in their defaults and refuses any other keyword as Python refuses an unknown one.

>>> from typing import TypedDict, Unpack
>>> class Size(TypedDict, total=False):
...     width: int
...     height: int | None
>>> @spelled_out(Size, {"width": 1})
... def area(scale: int = 1, **size: Unpack[Size]) -> int:
...     return scale * size["width"] * (size.get("height") or 1)
>>> area(height=3)
3
>>> [str(p) for p in inspect.signature(area).parameters.values()]
["scale: 'int' = 1", "width: 'int' = 1", "height: 'int | None' = None"]
>>> area(depth=2)
Traceback (most recent call last):
...
TypeError: area() got an unexpected keyword argument 'depth'
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any, ForwardRef, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def spelled_out(terms: type, defaults: Mapping[str, Any] | None = None) -> Callable[[F], F]:
    """A decorator: the function's ``**`` parameter, annotated ``Unpack[terms]``, becomes
    one keyword-only parameter per key of ``terms`` (a ``TypedDict``), each defaulting to
    ``defaults``' value or ``None``. A call gets those defaults filled in (a key without
    one is left out: ``.get`` reads it as ``None``)."""
    filled = dict(defaults or {})
    keys: dict[str, Any] = dict(terms.__annotations__)

    def spell(function: F) -> F:
        signature = inspect.signature(function)
        *given, rest = signature.parameters.values()
        if rest.kind is not inspect.Parameter.VAR_KEYWORD or keys.keys() & signature.parameters:
            raise TypeError(f"{function.__name__} must end with **terms and not repeat a term")
        named = [
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                default=filled.get(name),
                annotation=kind.__forward_arg__ if isinstance(kind, ForwardRef) else kind,
            )
            for name, kind in keys.items()
        ]
        allowed = frozenset(p.name for p in given if p.kind is not p.POSITIONAL_ONLY) | keys.keys()

        @functools.wraps(function)
        def checked(*args: Any, **kwargs: Any) -> Any:
            if not kwargs.keys() <= allowed:
                unknown = next(name for name in kwargs if name not in allowed)
                raise TypeError(
                    f"{function.__name__}() got an unexpected keyword argument {unknown!r}"
                )
            return function(*args, **(filled | kwargs))

        checked.__signature__ = signature.replace(parameters=[*given, *named])  # type: ignore[attr-defined]
        return checked  # type: ignore[return-value]

    return spell

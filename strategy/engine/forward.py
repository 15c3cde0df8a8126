"""Read-only attributes a value takes from one of its fields.

A result that wraps another (Balanced Blitz's odds wrap the battle's odds, a result wraps
its battle) answers some questions by asking what it wraps. One :class:`Forward` a name
says so in one line, where a property would take four, each the same.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Inner:
...     size: int
>>> @dataclass(frozen=True)
... class Outer:
...     inner: Inner
...     size = Forward[int]("inner", "The inner value's size.")
>>> Outer(Inner(3)).size
3
>>> Outer.size.__doc__
"The inner value's size."
"""

from __future__ import annotations

from typing import Generic, TypeVar, cast, overload

T = TypeVar("T")


class Forward(Generic[T]):
    """The attribute of the same name of the field ``via``, documented by ``doc``.

    The name is the one it is assigned to in the class; leave it unannotated, so that a
    dataclass does not take it for a field.

    >>> class Pair:
    ...     def __init__(self, first: complex) -> None:
    ...         self.first = first
    ...     real = Forward[float]("first", "The real part of the first.")
    >>> Pair(3 + 4j).real
    3.0
    """

    def __init__(self, via: str, doc: str) -> None:
        self.via = via
        self.name = ""
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type) -> Forward[T]: ...

    @overload
    def __get__(self, instance: object, owner: type) -> T: ...

    def __get__(self, instance: object | None, owner: type) -> Forward[T] | T:
        if instance is None:
            return self
        # T is what the declaring class says ``via`` holds under this name.
        return cast(T, getattr(getattr(instance, self.via), self.name))

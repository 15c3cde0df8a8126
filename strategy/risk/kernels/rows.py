"""Tables whose rows are made only when read: float tables' rows as tuples, the float kernel's
plays decoded from codes, the exact kernel's values reduced from numerators over prime powers.

>>> class Squares(LazyRows[int]):
...     def __len__(self) -> int:
...         return 3
...     def row(self, index: int) -> tuple[int, ...]:
...         return (index * index,)
>>> Squares()[-1], Squares()[1:]
((4,), ((1,), (4,)))
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

T = TypeVar("T")


class LazyRows(Sequence[tuple[T, ...]]):
    """A sequence of rows that a subclass makes one at a time in :meth:`row`; indexing and
    slicing behave as on a tuple of the rows."""

    @abstractmethod
    def row(self, index: int) -> tuple[T, ...]:
        """Row ``index``, ``0 <= index < len(self)``."""

    @overload
    def __getitem__(self, index: int) -> tuple[T, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[T, ...], ...]: ...
    def __getitem__(self, index: int | slice) -> tuple[T, ...] | tuple[tuple[T, ...], ...]:
        if isinstance(index, slice):
            return tuple(self.row(i) for i in range(len(self))[index])
        return self.row(range(len(self))[index])  # IndexError out of range, as a tuple would raise

    def __iter__(self) -> Iterator[tuple[T, ...]]:
        return (self.row(i) for i in range(len(self)))

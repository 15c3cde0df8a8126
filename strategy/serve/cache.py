"""Computed answers kept for the next player who asks, bounded in bytes.

An answer is an HTTP status and a JSON body; only the bodies count against the bound.

>>> cache = AnswerCache(10, largest=5)
>>> cache.put("a", (200, b"12345")); cache.put("b", (200, b"678")); cache.get("a")
(200, b'12345')
>>> cache.put("c", (422, b"9999")); cache.get("b") is None  # b was the least recently used
True
>>> cache.size
9
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

Answer = tuple[int, bytes]


class AnswerCache:
    """A least-recently-used map of keys to answers, holding at most ``max_bytes`` of
    bodies; a body longer than ``largest`` (default: a quarter of ``max_bytes``) is not
    kept at all, so that a single huge answer cannot push out every small one."""

    def __init__(self, max_bytes: int, largest: int | None = None) -> None:
        self.max_bytes = max_bytes
        self.largest = max_bytes // 4 if largest is None else largest
        self.size = 0
        self._items: OrderedDict[Hashable, Answer] = OrderedDict()

    def get(self, key: Hashable) -> Answer | None:
        """The answer, marked as just used, or ``None``."""
        answer = self._items.get(key)
        if answer is not None:
            self._items.move_to_end(key)
        return answer

    def put(self, key: Hashable, answer: Answer) -> None:
        """Keep ``answer``, dropping the least recently used ones to make room."""
        old = self._items.pop(key, None)
        if old is not None:
            self.size -= len(old[1])
        if len(answer[1]) > self.largest:
            return
        self.size += len(answer[1])
        self._items[key] = answer
        while self.size > self.max_bytes:
            _, dropped = self._items.popitem(last=False)
            self.size -= len(dropped[1])

    def __len__(self) -> int:
        return len(self._items)

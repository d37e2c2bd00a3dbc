"""A small bounded LRU cache for rendered surfaces.

Rendered art is keyed by everything that changes its pixels (tile, rotation,
size...). The board can ask for many sizes while zooming, so every cache has a
hard entry limit and forgets the least recently used surfaces first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """Least-recently-used mapping with at most ``max_entries`` entries."""

    def __init__(self, max_entries: int) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        self._items: OrderedDict[K, V] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def peek(self, key: K) -> V | None:
        """The cached value without counting a hit or refreshing its age."""
        return self._items.get(key)

    def get(self, key: K) -> V | None:
        """The cached value (refreshing its age) or None."""
        value = self._items.get(key)
        if value is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Store a value, evicting the oldest entries beyond the limit."""
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.max_entries:
            self._items.popitem(last=False)
            self.evictions += 1

    def get_or_create(self, key: K, factory: Callable[[], V]) -> V:
        """The cached value, or the factory's result (then cached)."""
        value = self.get(key)
        if value is None:
            value = factory()
            self.put(key, value)
        return value

    def clear(self) -> None:
        self._items.clear()

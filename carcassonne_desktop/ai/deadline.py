"""A time budget that can also be cancelled from another thread.

Players poll `expired()` between units of work; the asynchronous runner sets
the cancel event when the interface no longer wants the answer, so a search
stops within one unit of work instead of running to its deadline.
"""

from __future__ import annotations

import threading
import time


class Deadline:
    """Expires `budget` seconds after creation, or at once when cancelled."""

    __slots__ = ("start", "end", "cancel_event")

    def __init__(self, budget: float | None, cancel_event: threading.Event | None = None) -> None:
        self.start = time.perf_counter()
        self.end = float("inf") if budget is None else self.start + max(budget, 0.0)
        self.cancel_event = cancel_event

    def expired(self) -> bool:
        if self.cancel_event is not None and self.cancel_event.is_set():
            return True
        return time.perf_counter() >= self.end

    def remaining(self) -> float:
        return self.end - time.perf_counter()

    def fraction_used(self) -> float:
        total = self.end - self.start
        if total <= 0 or total == float("inf"):
            return 0.0
        return (time.perf_counter() - self.start) / total

    @property
    def cancelled(self) -> bool:
        return self.cancel_event is not None and self.cancel_event.is_set()

"""A time budget that can also be cancelled from another thread.

Players poll `expired()` between units of work; the asynchronous runner sets
the cancel event when the interface no longer wants the answer, so a search
stops within one unit of work instead of running to its deadline.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

#: Set to "cpu" to measure every budget in CPU seconds of the deciding
#: process (`carcassonne selfplay --cpu-clock`). On a shared machine a
#: wall-clock budget buys a search whatever the other processes leave it, so
#: a strength measured there is the machine's load as much as the player's;
#: a CPU budget buys the same work as on an idle machine. An environment
#: variable, not a flag, so the search's helper processes inherit it.
CLOCK_VARIABLE = "CARCASSONNE_AI_CLOCK"


def _chosen_clock() -> Callable[[], float]:
    return time.process_time if os.environ.get(CLOCK_VARIABLE) == "cpu" else time.perf_counter


_clock = _chosen_clock()


def now() -> float:
    """The time budgets are measured in (wall clock unless CPU time is asked)."""
    return _clock()


def use_cpu_clock(enabled: bool) -> None:
    """Measure budgets in CPU seconds from now on, here and in processes
    started later (the search's helper, `--jobs` workers)."""
    global _clock
    if enabled:
        os.environ[CLOCK_VARIABLE] = "cpu"
    else:
        os.environ.pop(CLOCK_VARIABLE, None)
    _clock = _chosen_clock()


def cpu_clock() -> bool:
    return _clock is time.process_time


class Deadline:
    """Expires `budget` seconds after creation, or at once when cancelled."""

    __slots__ = ("start", "end", "cancel_event")

    def __init__(self, budget: float | None, cancel_event: threading.Event | None = None) -> None:
        self.start = _clock()
        self.end = float("inf") if budget is None else self.start + max(budget, 0.0)
        self.cancel_event = cancel_event

    def expired(self) -> bool:
        if self.cancel_event is not None and self.cancel_event.is_set():
            return True
        return _clock() >= self.end

    def remaining(self) -> float:
        return self.end - _clock()

    def fraction_used(self) -> float:
        total = self.end - self.start
        if total <= 0 or total == float("inf"):
            return 0.0
        return (_clock() - self.start) / total

    @property
    def cancelled(self) -> bool:
        return self.cancel_event is not None and self.cancel_event.is_set()

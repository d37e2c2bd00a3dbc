"""Precise error classes, so callers can tell a malformed input from an
illegal but well-formed one (python-chess style)."""

from __future__ import annotations


def one_line(text: str, limit: int) -> str:
    """An error's text as one line a terminal or a window shows as it is.

    Every character that does not print (newline, ESC and the other controls,
    line separators) is written as its escape, so a name or path from a file
    can neither break the line nor run a terminal's escape codes; past
    ``limit`` characters the text is cut with "…" (a value of millions of
    characters quoted in a message).
    """
    line = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
    return line if len(line) <= limit else line[: limit - 1] + "…"


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class CatalogueError(EngineError):
    """A tile data file is unreadable or inconsistent (a bug in the package data)."""


class MalformedError(EngineError, ValueError):
    """Input that cannot even be read: wrong JSON shape, unknown action type, bad port."""


class SetupError(MalformedError):
    """A game setup that cannot start: unknown expansion or tile, bad player count."""


class IllegalActionError(EngineError, ValueError):
    """A well-formed action the rules do not allow now."""

    def __init__(self, reason: str, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class RecordError(EngineError, ValueError):
    """A game record that cannot be replayed; says which action and why."""

    def __init__(self, reason: str, action_index: int | None = None) -> None:
        where = f"action {action_index}: " if action_index is not None else ""
        super().__init__(f"{where}{reason}")
        self.reason = reason
        self.action_index = action_index

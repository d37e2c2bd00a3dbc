"""Why a saved game cannot be opened, in words a family can act on.

Every refusal is a :class:`SaveError` carrying a translation key and its
parameters (so the Load screen shows it in French or English) and an English
message (``str(error)``, for the command line and logs). It derives from the
engine's ``EngineError`` so ``carcassonne replay`` reports it as a one-line
error with exit status 1, like a bad record.
"""

from __future__ import annotations

from typing import Any

from carcassonne_desktop.engine.errors import EngineError, one_line

MAX_PARAM_LENGTH = 300


class SaveError(EngineError):
    """A save that cannot be read, written or used; nothing was changed."""

    def __init__(self, message: str, key: str = "saves.error.generic", **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.key = key
        self.params = params

    def user_message(self) -> str:
        """The message in the current interface language (English if unknown).

        Its parameters come from the file (a detail quoting a value of a million
        characters, a newline): each is shown on one line of at most
        :data:`MAX_PARAM_LENGTH` characters, so the Load screen stays readable.
        """
        from carcassonne_desktop.persistence.strings import text

        return text(self.key, **{name: one_line(value, MAX_PARAM_LENGTH)
                                 if isinstance(value, str) else value
                                 for name, value in self.params.items()})


class SaveUnreadableError(SaveError):
    """The bytes cannot be read as JSON: missing, truncated, not text, not JSON."""


class SaveFormatError(SaveError):
    """Valid JSON but not a save we understand: wrong types, unknown or missing fields."""


class SaveVersionError(SaveError):
    """Written by a newer version of the game, in a format this one does not know."""


class SaveRecordError(SaveError):
    """The game inside the save cannot be replayed (illegal action, wrong tile)."""

    def __init__(self, message: str, key: str = "saves.error.record",
                 action_index: int | None = None, **params: Any) -> None:
        super().__init__(message, key, **params)
        self.action_index = action_index


class ReadOnlySaveError(SaveError):
    """An attempt to overwrite or delete a shipped example game."""


class SaveWriteError(SaveError):
    """The disk refused the save (full, read-only, permissions); the previous save is intact."""

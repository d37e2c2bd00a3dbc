"""The real game behind the game scene: applying confirmed actions, undo and
redo across turns, and autosave.

Undo/redo and saving come from the persistence package; when it cannot be
used (a broken data directory, an older install) the game still plays, just
without them. Nothing here draws.
"""

from __future__ import annotations

import logging
from typing import Any

from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.events import Event

_log = logging.getLogger(__name__)


def make_store() -> Any | None:
    """The player's save store, or None if saved games are unavailable."""
    try:
        from carcassonne_desktop.persistence.store import SaveStore

        return SaveStore()
    except Exception:  # persistence must never stop a game from being played
        _log.exception("saved games unavailable")
        return None


class GameSession:
    """One game being played: the only place that calls ``apply`` on the real game."""

    def __init__(self, game: Game, store: Any | None = None, autosave: bool = True) -> None:
        self.store = store
        self.autosave_enabled = autosave and store is not None
        self.history: Any | None = None
        try:
            from carcassonne_desktop.persistence.history import UndoHistory

            self.history = UndoHistory(game)
        except Exception:
            _log.exception("undo history unavailable")
        self._game = game
        self.save_error: str | None = None

    @property
    def game(self) -> Game:
        return self.history.game if self.history is not None else self._game

    def is_human(self, seat: int) -> bool:
        return not self.game.setup.players[seat].controller.startswith("ai:")

    @property
    def humans(self) -> int:
        return sum(1 for seat in range(self.game.num_players) if self.is_human(seat))

    def apply(self, action: Action) -> list[Event]:
        if self.history is not None:
            return list(self.history.apply(action))
        return list(self._game.apply(action))

    def apply_turn(self, actions: list[Action]) -> list[Event]:
        events: list[Event] = []
        for action in actions:
            events.extend(self.apply(action))
        return events

    # ------------------------------------------------------------------ undo / redo

    def can_undo(self) -> bool:
        return self.history is not None and self.history.can_undo()

    def can_redo(self) -> bool:
        return self.history is not None and self.history.can_redo()

    def undo_seat(self) -> int | None:
        """Whose turn undo takes back (None: nothing to undo)."""
        return self.history.undo_seat() if self.history is not None else None

    def undo_turn(self) -> bool:
        """Back to the start of the latest human turn (never stopping mid-turn)."""
        if not self.can_undo():
            return False
        assert self.history is not None
        self.history.undo()
        while self.history.game.pending_kind != PLACE_TILE and self.history.can_undo():
            self.history.undo()
        return True

    def redo_turn(self) -> bool:
        if not self.can_redo():
            return False
        assert self.history is not None
        self.history.redo()
        while self.history.game.pending_kind not in (PLACE_TILE, None) and self.history.can_redo():
            self.history.redo()
        return True

    # ------------------------------------------------------------------ saving

    def autosave(self, thumbnail: bytes | None = None) -> None:
        """Save after a turn; a failure is remembered for the interface, never raised."""
        if not self.autosave_enabled:
            return
        try:
            self.store.autosave(self.game, thumbnail)  # type: ignore[union-attr]
            self.save_error = None
        except Exception as exc:
            _log.warning("autosave failed: %s", exc)
            self.save_error = str(exc)

    def rescue(self) -> bool | None:
        """Save now because the screen is closing on an error (``Scene.rescue``):
        no picture, since drawing may be what failed. True once saved, False when
        the disk refused, None for a game that is not saved (a watched one)."""
        if not self.autosave_enabled:
            return None
        self.autosave()
        return self.save_error is None

"""Undo and redo by replaying the record, so the bag never reshuffles.

A position is "the first k actions of the timeline", rebuilt from the seed:
undoing a placement and placing again deals exactly the tile the game would
have dealt anyway, and nobody can peek at a different tile by undoing.

- Hot-seat: undo steps back one decision at a time (a tile placement, a
  figure choice), as far as the start of the game.
- Against the computer: decisions made by seats whose controller starts with
  ``"ai:"`` are skipped, so undo goes back to the human's previous decision
  and redo forward to the human's next one.
- Redo is possible until a different action is taken.

Snapshots (``game.copy()``) every ``SNAPSHOT_EVERY`` actions keep any jump to
a handful of ``apply`` calls (well under a millisecond in a 72-tile game).
"""

from __future__ import annotations

from carcassonne_desktop.engine import Action, Event, Game, Rules
from carcassonne_desktop.engine.events import OutcomeRevealed

SNAPSHOT_EVERY = 8


class UndoHistory:
    """The timeline of one game. The interface applies actions through it and
    reads ``history.game`` (a new object after undo/redo: redraw from it)."""

    def __init__(self, game: Game, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.snapshot_every = max(1, snapshot_every)
        self._rules: Rules = game.rules
        self._actions: list[Action] = list(game.history)
        self._actors: list[int] = []
        self._snapshots: dict[int, Game] = {}
        #: Indexes of actions that revealed chance (a drawn token): undo never
        #: goes back past them, or a player could peek at a draw and take it back.
        self._reveals: set[int] = set()
        start = Game(game.setup, self._rules)
        self._snapshots[0] = start.copy()
        for index, action in enumerate(self._actions):
            self._actors.append(start.deciding_player)
            if _reveals(start.apply(action)):
                self._reveals.add(index)
            self._maybe_snapshot(index + 1, start)
        self._position = len(self._actions)
        self.game = game

    # ------------------------------------------------------------- state
    @property
    def position(self) -> int:
        """How many actions of the timeline the current game has applied."""
        return self._position

    @property
    def actions(self) -> list[Action]:
        """The timeline, including the redo tail past ``position``."""
        return list(self._actions)

    def is_human(self, seat: int) -> bool:
        return not self.game.setup.players[seat].controller.startswith("ai:")

    def _maybe_snapshot(self, k: int, game: Game) -> None:
        if k % self.snapshot_every == 0 and k not in self._snapshots:
            self._snapshots[k] = game.copy()

    # ------------------------------------------------------------- playing
    def apply(self, action: Action) -> list[Event]:
        """Play an action on the current game; a new action clears the redo tail."""
        seat = self.game.deciding_player
        events = self.game.apply(action)  # raises IllegalActionError, changing nothing
        played = self.game.history[-1]  # normalised (placements name their tile)
        k = self._position
        if k < len(self._actions) and self._actions[k] == played:
            pass  # the same move as the redo tail: keep the rest of the tail
        else:
            del self._actions[k:]
            del self._actors[k:]
            for stale in [i for i in self._snapshots if i > k]:
                del self._snapshots[stale]
            self._actions.append(played)
            self._actors.append(seat)
            self._reveals = {i for i in self._reveals if i < k}
            if _reveals(events):
                self._reveals.add(k)
        self._position = k + 1
        self._maybe_snapshot(self._position, self.game)
        return events

    # ------------------------------------------------------------- undo/redo
    def undo_target(self) -> int | None:
        """The position undo goes back to: just before the latest human decision."""
        for k in range(self._position - 1, -1, -1):
            if k in self._reveals:
                return None  # chance was revealed: what came before is final
            if self.is_human(self._actors[k]):
                return k
        return None

    def undo_seat(self) -> int | None:
        """The seat whose decision undo takes back (None: nothing to undo)."""
        target = self.undo_target()
        return self._actors[target] if target is not None else None

    def redo_target(self) -> int | None:
        """The position redo goes to: the next human decision point (or the end)."""
        if self._position >= len(self._actions):
            return None
        for k in range(self._position + 1, len(self._actions)):
            if self.is_human(self._actors[k]):
                return k
        return len(self._actions)

    def can_undo(self) -> bool:
        return self.undo_target() is not None

    def can_redo(self) -> bool:
        return self.redo_target() is not None

    def undo(self) -> Game:
        """Step back; returns the new current game (unchanged if nothing to undo)."""
        target = self.undo_target()
        if target is not None:
            self.goto(target)
        return self.game

    def redo(self) -> Game:
        target = self.redo_target()
        if target is not None:
            self.goto(target)
        return self.game

    def goto(self, k: int) -> Game:
        """Rebuild the position after the first ``k`` actions of the timeline."""
        if not 0 <= k <= len(self._actions):
            raise IndexError(f"position {k} outside 0..{len(self._actions)}")
        base = max(i for i in self._snapshots if i <= k)
        game = self._snapshots[base].copy()
        for index in range(base, k):
            game.apply(self._actions[index])
            self._maybe_snapshot(index + 1, game)
        self.game = game
        self._position = k
        return game


def _reveals(events: list[Event]) -> bool:
    return any(isinstance(event, OutcomeRevealed) for event in events)

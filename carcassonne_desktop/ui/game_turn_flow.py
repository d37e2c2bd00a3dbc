"""The flow of turns on the game screen (a mixin of `GameScene`): whose turn
it is, the hand-over between people, confirming, undo and redo, what follows
the events of a turn (the log, the sounds)."""

from __future__ import annotations

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Game
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.events import Event, GameOver, PointsScored
from carcassonne_desktop.ui.dialogs import confirmation_dialog
from carcassonne_desktop.ui.expansions import board_flashes
from carcassonne_desktop.ui.placement_controller import PlacementController
from carcassonne_desktop.ui.sound import sounds_for


class GameTurnFlow:
    """The turns half of `GameScene` (a mixin: it reads and drives the scene's state)."""

    def human_controller(self) -> PlacementController | None:
        """The controller of the human turn in progress (None during a computer turn)."""
        game = self.game
        if game.is_over or self.turns.is_computer(game.deciding_player) or self.final_running:
            return None
        key = (id(game), len(game.history))
        if self.controller is None or self._controller_key != key:
            self.controller = PlacementController(game)
            self.controller.observer = self._play_event_sounds
            self._controller_key = key
            self._begin_human_turn(game.deciding_player)
        return self.controller

    def _hand_off_needed(self) -> bool:
        """Hot seat: hand the screen over only when the next player has
        something the others must not see (a hand of tiles), or when the
        family asked for it in the settings; otherwise the pill says whose
        turn it is and the game flows on."""
        asked = self.app is not None and self.app.settings.handoff_screen
        # a decision asked out of turn (the plague) comes as a surprise: the
        # screen is handed to the player it is asked of
        out_of_turn = self.game.deciding_player != self.game.turn_player
        return asked or out_of_turn or self.game.rules.hand_size > 1

    def _begin_human_turn(self, seat: int) -> None:
        out_of_turn = seat != self.game.turn_player
        handing_over = self._hand_off_needed() or out_of_turn or self._asked_out_of_turn
        self._asked_out_of_turn = out_of_turn
        if self.session.humans >= 2 and self._last_human != seat and handing_over:
            # shown once the points of the last turn have floated away (update);
            # always when a question passes the screen in the middle of a turn
            self._handoff_for = seat
        others_moved = self._last_human != seat or self.session.humans < self.game.num_players
        if self.game.history and others_moved and not self._quiet_turn_start:
            self.play_sound("turn")
        self._quiet_turn_start = False
        self._last_human = seat
        self.hover_spot = None

    @property
    def final_running(self) -> bool:
        return self.final_current is not None or bool(self.final_queue)

    def confirm_turn(self) -> None:
        c = self.human_controller()
        if c is None:
            return
        actions = c.confirm()
        if not actions:
            return
        events = self.session.apply_turn(actions)
        self.controller = None
        self._after_events(events)

    def _after_events(self, events: list[Event]) -> None:
        """Log, animate and save after actions were applied to the real game."""
        finals = [e for e in events if isinstance(e, PointsScored) and e.reason == "final"]
        self.log.add([e for e in events if not (isinstance(e, PointsScored) and e.reason == "final")
                      and not isinstance(e, GameOver)], self.game.history[self._log_actions:])
        self._log_actions = len(self.game.history)
        for event in events:
            if isinstance(event, PointsScored) and event.reason != "final":
                for i, player in enumerate(event.players):
                    self.effects.float_points(event.points, self.colours[player], event.tiles, delay=0.15 * i)
        for words, cell in board_flashes(events, self.game):
            self.effects.float_text(words, self.colours[self.game.turn_player], cell)
        game = self.game
        if any(isinstance(e, GameOver) for e in events):
            self.shown_scores = list(game.scores)
            for event in finals:
                for player in event.players:
                    self.shown_scores[player] -= event.points
            self.final_queue = finals
            self.final_timer = 0.0
            self._game_over_event = next(e for e in events if isinstance(e, GameOver))
        if game.pending_kind in (PLACE_TILE, None):
            self.turns_played += 1
            self.session.autosave(self.thumbnail())
            if self.on_turn_end is not None:
                self.on_turn_end(self)
        self.hover_feature = None

    def undo_turn(self, agreed: bool = False) -> None:
        """Take back the latest human turn; another player's turn in a game of
        several humans only once the question naming them is answered yes
        (ruling UI1: anyone could take back the previous player's turn
        without a word)."""
        if self.dialog is not None:
            return
        seat = self.undo_asks_for()
        if seat is not None and not agreed:
            self._ask_undo(seat)
            return
        self.driver.reset()
        if self.session.undo_turn():
            self._reset_after_jump()

    def undo_asks_for(self) -> int | None:
        """The seat whose turn undo would take back when that needs their
        agreement: with two humans or more, a turn that is not the one of
        the human deciding now (None: undo goes ahead at once)."""
        seat = self.session.undo_seat()
        players = self.game.setup.players
        if seat is None or sum(not p.controller.startswith("ai:") for p in players) < 2:
            return None
        return None if seat == self.game.deciding_player else seat

    def _ask_undo(self, seat: int) -> None:
        if self.app is None:
            return
        name = self.game.setup.players[seat].name
        width, height = self.app.screen_size
        rect = pygame.Rect(0, 0, 520, 290)
        rect.center = (width // 2, height // 2)
        self.dialog_purpose = "undo"
        self.dialog = confirmation_dialog(
            self.manager, rect, i18n.tr("dialog.undo_other_body", name=name),
            i18n.tr("dialog.undo_other_title", name=name), i18n.tr("dialog.undo_other_confirm"))

    def dialog_confirmed(self) -> None:
        """The open question was answered yes: leave the game, or take back
        another player's turn."""
        purpose, self.dialog_purpose = self.dialog_purpose, "quit"
        if purpose == "undo":
            self.undo_turn(agreed=True)
        else:
            self.leave_to_menu()

    def redo_turn(self) -> None:
        self.driver.reset()
        if self.session.redo_turn():
            self._reset_after_jump()

    def _rebuild_log(self) -> None:
        """The log of the game as it stands, rebuilt by replaying its actions
        on a fresh game: a loaded game shows what happened before, and an
        undone turn leaves the log with it. Replay is cheap (a whole game in
        a few milliseconds) and the actions were all legal once."""
        game = self.game
        replay = Game(game.setup, game.rules)
        self.log.clear()
        self.log.add(replay.opening_events)
        for action in game.history:
            self.log.add(replay.apply(action), (action,))
        self._log_actions = len(game.history)  # the log has heard of these

    def play_sound(self, name: str) -> None:
        if self.app is not None:
            self.app.sounds.play(name)

    def _play_event_sounds(self, events: list[Event]) -> None:
        for name in sounds_for(events):
            if name != "game_over":  # rung when the final scoring is over
                self.play_sound(name)

    def _reset_after_jump(self) -> None:
        self._quiet_turn_start = True
        self._rebuild_log()
        self.controller = None
        self._last_human = self.game.deciding_player  # no banner for the player who asked
        self.effects.items.clear()
        self.hover_feature = None
        self.end_pushed = False
        self.final_queue, self.final_current, self.shown_scores = [], None, None
        if self.game.last_placed is not None:
            self._keep_in_view(self.game.last_placed)

"""What the player's mouse and keys do on the game screen: board clicks
through the placement controller, panel clicks, keys and buttons. An event a
widget consumed never reaches here (pygame-gui answers first).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from carcassonne_desktop.engine import Action
from carcassonne_desktop.ui.expansions import board_choices, feature_choice, feature_pick
from carcassonne_desktop.ui.game_texts import (
    ANSWER,
    CONFIRM,
    DEPLOY,
    FOLLOW,
    PICK_ANSWER,
    PICK_CELL,
    PICK_SPOT,
    PLACE_TILE_HERE,
    EnterEffect,
)
from carcassonne_desktop.ui.placement_controller import (
    DECIDE,
    FIGURE,
    PLACE,
    READY,
    PlacementController,
)
from carcassonne_desktop.ui.spot_markers import marker_at
from carcassonne_desktop.ui.track_view import answer_square


class GameInput:
    """The input half of `GameScene` (a mixin: it reads and drives the scene's state)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._on_button(event.ui_element)
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.dialog:
            self.dialog = None
            self.dialog_confirmed()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            self.dialog_purpose = "quit"
            return True
        if self.dialog is not None and event.type == pygame.KEYDOWN:
            # The question is answered from the keyboard too; other keys must
            # not play on the board behind it.
            if event.key == pygame.K_ESCAPE:
                self._close_dialog()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                purpose = self.dialog_purpose
                self._close_dialog()
                self.dialog_purpose = purpose
                self.dialog_confirmed()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.mouse_still = 0.0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()  # whatever the step, even before the hand-over banner is dismissed
            return True
        if self.banner.wants(event):
            return True
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self.camera.release_keys()
            self.log.view.release()
        if self._panel_event(event):
            return True
        c = self.human_controller()
        on_board = hasattr(event, "pos") and self.camera.viewport.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL and c is not None and c.state == PLACE and (
                pygame.key.get_mods() & pygame.KMOD_SHIFT):
            c.rotate(1 if event.y < 0 else -1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and on_board and c is not None:
            c.rotate(1)
            return True
        if self._off_board_event(event):
            return True
        if self.camera.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.camera.last_press_was_drag:
                self.camera.last_press_was_drag = False
                return True
            if on_board:
                return self._click_board(event.pos)
            return self._click_panel(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._on_key(event)
        return False

    def _panel_event(self, event: pygame.event.Event) -> bool:
        """The log (scroll, drag, click on points or on a turn) and the
        tiles-left line, which opens the list of the tiles left."""
        rows = self.players_view.view
        if rows.max_offset > 0 and rows.handle_event(event, self.mouse):
            rows.take_click()  # a click on a row asks nothing
            return True
        layout = self._panel_layout()
        used, cell = self.log.handle_event(event, self.mouse) if layout["log"].height else (False, None)
        if used:
            if cell is not None:
                self.camera.focus(*cell)
            return True
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and layout["tiles_left"].collidepoint(event.pos)):
            self.open_tiles_left()
            return True
        return False

    def _off_board_event(self, event: pygame.event.Event) -> bool:
        """A press or a click on a view off the board (the score track) is
        its own: the board does not see it (no drag, no tile placed under
        it); a click there may answer the human's question."""
        pos = getattr(event, "pos", None)
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or pos is None:
            return False
        if self.off_board.at(pos) is None:
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            c = self.human_controller()
            decision, answers = self.off_board_question(c)
            action = self.off_board.click(pos, c.tentative if c is not None else self.game,
                                          decision, answers)
            if c is not None and action is not None:
                c.choose(action)
                self._after_tentative(c)
        return True

    def _click_board(self, pos: tuple[int, int]) -> bool:
        c = self.human_controller()
        if c is None:
            return False
        self.mouse = pos
        if c.state == PLACE:
            cell = self.camera.cell_at(*pos)
            if c.can_place_at(cell):
                c.place(cell)
                self._after_tentative(c)
                return True
            if cell in self.game.frontier:
                self.play_sound("illegal")  # next to the board, but the tile fits nowhere there
            return False
        if c.state in (FIGURE, DECIDE):
            self.layer.sync(c.board_game)
            spot = self.layer.spot_under(self.camera, c.spots(), pos)
            if spot is not None:
                c.deploy(spot)
                self._after_tentative(c)
                return True
            marker = marker_at(self.spot_markers(), pos)
            if marker is not None:
                self.go_to_marker(marker)
                return True
        if c.state == DECIDE:
            self.layer.sync(c.board_game)
            found = self.layer.feature_port_under(self.camera, pos)
            action = feature_pick(c.tentative, c.decision, c.picked, found)
            if isinstance(action, tuple):  # one more feature to click
                c.picked = action
                return True
            if action is None:
                action = feature_choice(c.tentative, c.decision, found)
            if action is None:
                action = board_choices(c.tentative, c.decision).get(self.camera.cell_at(*pos))
            if action is not None:
                c.choose(action)
                self._after_tentative(c)
                return True
        return False

    def _after_tentative(self, c: PlacementController) -> None:
        if c.must_commit:
            # chance was revealed: what was tried becomes real at once
            self.confirm_turn()
        elif c.state == READY and self.app is not None and self.app.settings.auto_confirm:
            self.confirm_turn()
        self._update_hover()

    def _click_panel(self, pos: tuple[int, int]) -> bool:
        c = self.human_controller()
        if c is None:
            return False
        for index, rect in enumerate(self.hand_rects()):
            if rect.collidepoint(pos):
                c.select_tile(index)
                return True
        for kind, rect in self.figure_chip_rects(c):
            if rect.collidepoint(pos):
                c.choose_figure_kind(kind)
                return True
        return False

    def _on_key(self, event: pygame.event.Event) -> bool:
        c = self.human_controller()
        key = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        if key == pygame.K_ESCAPE:
            self.ask_leave()
            return True
        if ctrl and key == pygame.K_z:
            self.undo_turn()
            return True
        if ctrl and key == pygame.K_y:
            self.redo_turn()
            return True
        if key in (pygame.K_HOME, pygame.K_c):
            self.recentre()
            return True
        if key == pygame.K_l:
            self.show_last_tile()
            return True
        if key == pygame.K_h:
            self.ask_hint()
            return True
        if key == pygame.K_t:
            self.open_tiles_left()
            return True
        if c is None:
            return False
        if key == pygame.K_r:
            c.rotate(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_SPACE and c.state in (FIGURE, DECIDE):  # pass, where passing is legal
            c.pass_turn()
            self._after_tentative(c)
        elif key == pygame.K_BACKSPACE:
            c.undo()
        elif key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            # A mouse move earlier in the same frame must not take the
            # keyboard's choice back: only a later move does.
            self._hover_mouse = self.mouse
            self.hint.cancel()  # a square or spot chosen from the keyboard sets the advice aside
            if c.state == PLACE:
                cell = c.cycle_cell(step)
                if cell is not None:
                    self._keep_in_view(cell)
            elif c.state in (FIGURE, DECIDE) and c.spots():
                spot = c.cycle_spot(step)
                if spot is not None:
                    # a crown space out of view (the view frames the tile's
                    # spots only when the others are far): the view follows
                    self.layer.sync(c.board_game)
                    self.camera.frame(self.spot_rects([spot]))
            elif c.state == DECIDE:
                self._cycle_answer(c, step)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._press_enter(c)
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            c.select_tile(key - pygame.K_1)
        else:
            return False
        return True

    def enter_effect(self, c: PlacementController) -> EnterEffect:
        """What Enter does now: the pill says it (`game_texts.enter_text`)
        and `_press_enter` does it, so the two never disagree."""
        if self.hint.follows(c):  # the advice on screen, wherever the mouse went
            step = self.hint.actions[0] if c.state == DECIDE else None
            return EnterEffect(FOLLOW, step)
        if c.state == PLACE:
            return EnterEffect(PLACE_TILE_HERE if c.ghost_fits else PICK_CELL)
        if c.state in (FIGURE, DECIDE):
            spots = c.spots()
            if c.selected_spot is not None and c.selected_spot < len(spots):
                spot = spots[c.selected_spot]
                return EnterEffect(ANSWER if spot.answer is not None else DEPLOY, c.spot_action(spot))
            answers = self.keyed_answers(c) if c.state == DECIDE else []
            if answers and self.answer_index is not None and self.answer_index < len(answers):
                return EnterEffect(ANSWER, answers[self.answer_index])
            # a question's answers, on the board or on buttons; a figure's spots
            return EnterEffect(PICK_ANSWER if c.state == DECIDE else PICK_SPOT)
        return EnterEffect(CONFIRM)

    def _press_enter(self, c: PlacementController) -> None:
        effect = self.enter_effect(c)
        if effect.effect == FOLLOW:
            done = self.hint.follow(c)
        elif effect.effect == PLACE_TILE_HERE:
            done = bool(c.place())
        elif effect.effect in (DEPLOY, ANSWER) and effect.action is not None:
            taken = len(c.actions())
            c.choose(effect.action)
            done = len(c.actions()) > taken
        elif effect.effect == CONFIRM:
            self.confirm_turn()
            return
        else:
            return
        if done:
            self.answer_index = None
            self._after_tentative(c)

    def keyed_answers(self, c: PlacementController | None) -> list[Action]:
        """The answers Tab walks: the buttons', then those given by a click
        off the board (a square of the score track, lit when chosen)."""
        answers = self._choice_actions(c)
        if c is not None and c.state == DECIDE and c.decision is not None:
            kind = c.decision.kind
            answers = answers + [a for a in c.choices() if answer_square(kind, a) is not None]
        return answers

    def chosen_answer(self, c: PlacementController | None) -> Action | None:
        """The answer chosen with Tab, if any."""
        answers = self.keyed_answers(c)
        index = self.answer_index
        return answers[index] if index is not None and index < len(answers) else None

    def _cycle_answer(self, c: PlacementController, step: int) -> None:
        """Tab among a question's answers: its buttons, then its squares of the track."""
        answers = self.keyed_answers(c)
        if not answers:
            return
        if self.answer_index is None or self.answer_index >= len(answers):
            self.answer_index = 0 if step > 0 else len(answers) - 1
        else:
            self.answer_index = (self.answer_index + step) % len(answers)

    def _on_button(self, element: Any) -> bool:
        name = next((n for n, b in self.buttons.items() if b is element), None)
        if name is None:
            return False
        c = self.human_controller()
        if name == "rotate_left" and c is not None:
            c.rotate(-1)
        elif name == "rotate_right" and c is not None:
            c.rotate(1)
        elif name == "take_back" and c is not None:
            c.undo()
        elif name == "pass" and c is not None:
            c.pass_turn()
            self._after_tentative(c)
        elif name == "confirm":
            self.confirm_turn()
        elif name.startswith("choice:") and c is not None:
            index = int(name.split(":")[1])
            choices = self._choice_actions(c)
            if index < len(choices):
                c.choose(choices[index])
                self._after_tentative(c)
        elif name == "recentre":
            self.recentre()
        elif name == "last_tile":
            self.show_last_tile()
        elif name == "menu":
            self.open_menu()
        elif name == "save":
            self.open_save()
        elif name == "undo_turn":
            self.undo_turn()
        elif name == "redo_turn":
            self.redo_turn()
        elif name == "scores":
            self.open_end_screen()
        elif name == "hint":
            self.ask_hint()
        return True

    # ------------------------------------------------------------------ commands


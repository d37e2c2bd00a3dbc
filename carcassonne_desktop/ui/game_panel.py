"""The game screen's layout and its widgets: where the board, the toolbar,
the instruction pill and the side panel go for a window size, and the
pygame-gui buttons kept in step with the decision on screen (a mixin of
`GameScene`, like `GameInput` and `GameDrawing`: one job per module)."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import PASS, Action
from carcassonne_desktop.ui.expansions import (
    answered_on_features,
    decision_scene,
    has_player_notes,
    token_kinds,
)
from carcassonne_desktop.ui.game_constants import (
    BOTTOM_BAR,
    BTN_H,
    MIN_CHOICE_H,
    PAD,
    PILL_CLEARANCE,
    STATUS_GAP,
    STATUS_ROOM,
    TOOLBAR_ROW,
    TOOLBAR_TOP,
)
from carcassonne_desktop.ui.game_texts import choice_label
from carcassonne_desktop.ui.hud import PANEL_W, panel_rect
from carcassonne_desktop.ui.placement_controller import (
    DECIDE,
    FIGURE,
    PLACE,
    READY,
    PlacementController,
    located,
)
from carcassonne_desktop.ui.players_view import players_row_height, wants_notes_line
from carcassonne_desktop.ui.resources import font
from carcassonne_desktop.ui.track_view import answer_square

#: The tile card's height, and the least it shrinks to when player rows need room.
CARD_H = 132
CARD_MIN_H = 64
#: The least height of the log under the buttons.
LOG_MIN_H = 40
#: The buttons' rows under the tile card (rotate, take back and pass, confirm).
BUTTON_ROWS = 6 + 2 * (BTN_H + 8) + BTN_H + 4
#: The panel under the tile card at its least: the buttons' rows, the log's
#: title and its least height.
BELOW_CARD = BUTTON_ROWS + 10 + 24 + LOG_MIN_H + PAD

#: The answer buttons' text size in the theme (#primary_button) and room
#: for their borders: what decides how many fit side by side.
CHOICE_FONT_PX = 24
CHOICE_PADDING = 24
#: The compact classes' answer font (#primary_button_compact): a label still
#: too long for a whole row at it takes the small classes.
COMPACT_FONT_PX = 18


class GamePanel:
    """Layout and widgets of the game screen (see the module docstring)."""

    camera: Any
    game: Any
    app: Any
    root: Any
    manager: Any
    buttons: dict[str, Any]
    answer_order: dict[str, list[str]]
    #: The top of the highest answer button over the card (None: none there).
    choices_top: int | None = None
    off_board: Any

    @staticmethod
    def board_rect(size: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(0, 0, max(200, size[0] - PANEL_W), size[1])

    #: The buttons over the board, left to right: (name, text key, tooltip key).
    TOOLBAR = (("menu", "hud.menu", "hud.menu_tip"), ("save", "hud.save", None),
               ("undo_turn", "hud.undo_turn", "hud.undo_turn_tip"),
               ("redo_turn", "hud.redo_turn", "hud.redo_turn_tip"),
               ("hint", "hud.hint", "hud.hint_tip"))

    @classmethod
    def toolbar_rects(cls, board: pygame.Rect) -> dict[str, pygame.Rect]:
        """Where the toolbar's buttons go: in rows that wrap inside the
        board, so a small window never pushes one over the side panel."""
        rects: dict[str, pygame.Rect] = {}
        x, y = board.x + 12, board.y + TOOLBAR_TOP
        for name, key, _tip in cls.TOOLBAR:
            width = max(96, font(20, bold=True).size(i18n.tr(key))[0] + 36)
            if x > board.x + 12 and x + width > board.right - 12:
                x, y = board.x + 12, y + TOOLBAR_ROW
            rects[name] = pygame.Rect(x, y, width, 42)
            x += width + 8
        return rects

    def status_top(self) -> int:
        """The top of the instruction pill: under the toolbar, however many rows it has."""
        return max(r.bottom for r in self._toolbar.values()) + STATUS_GAP

    def free_rect(self) -> pygame.Rect:
        """The part of the board no widget covers: under the toolbar and the
        pill, above the "Recentre" row (family table #2: fitting to the whole
        board put squares under them)."""
        view = self.camera.viewport
        # a hint wrapped onto more lines makes the pill taller than the room
        # kept for it (a Count quarter sat under a two-line pill)
        # (its bottom is measured every frame once the scene runs)
        pill_bottom = getattr(self, "_pill_bottom", 0)
        top = max(self.status_top() + STATUS_ROOM, pill_bottom + PILL_CLEARANCE)
        # the views off the board (the score track) sit above the "Recentre" row
        bottom = getattr(self, "_views_top", view.bottom - BOTTOM_BAR)
        return pygame.Rect(view.x + 4, top, view.width - 8, max(1, bottom - top))

    def sync_free_area(self) -> None:
        """Keep the camera's free area under the pill as its text changes."""
        self._pill_bottom = self.pill_rect().bottom
        free = self.free_rect()
        if free != self.camera.free_area:
            self.camera.free_area = free

    def _set_view_areas(self, size: tuple[int, int]) -> None:
        """The board, its toolbar and its free area for a window of ``size``."""
        self.camera.set_viewport(self.board_rect(size))
        self._toolbar = self.toolbar_rects(self.camera.viewport)
        board = self.camera.viewport
        self._views_top = self.off_board.layout(board, board.bottom - BOTTOM_BAR)
        self.camera.free_area = self.free_rect()

    # ------------------------------------------------------------------ widgets

    def notes_line(self) -> bool:
        """Whether the players' notes go under their names (a long name), when
        the window's height leaves the rest of the panel its least room."""
        game = self.game
        if not wants_notes_line([p.name for p in game.setup.players], has_player_notes(game)):
            return False
        height = self.app.screen_size[1] if self.app is not None else 800
        n = game.num_players
        rows = n * players_row_height(n, bool(token_kinds(game)), True)
        return PAD + rows + 4 + 24 + 6 + CARD_MIN_H + BELOW_CARD <= height

    def players_fit(self) -> tuple[int, bool]:
        """The players' rows' height and whether they are compact: full rows
        when the window leaves the buttons and the log their least room
        under them, compact otherwise (six players with every expansion at
        960x640 pushed Rotate, Pass and Confirm out of the window)."""
        size = self.app.screen_size if self.app is not None else (1280, 800)
        n = self.game.num_players
        token_line = bool(token_kinds(self.game))
        row_h = players_row_height(n, token_line, self.notes_line())
        if PAD + n * row_h + 4 + 24 + 6 + CARD_MIN_H + BELOW_CARD <= size[1]:
            return row_h, False
        return players_row_height(n, token_line, compact=True), True

    def _panel_layout(self) -> dict[str, pygame.Rect]:
        """Where the panel's parts go (shared by drawing, clicks and widgets)."""
        size = self.app.screen_size if self.app is not None else (1280, 800)
        panel = panel_rect(size)
        n = self.game.num_players
        row_h, _compact = self.players_fit()
        x, w = panel.x + PAD, panel.width - 2 * PAD
        y = PAD
        # rows still too tall for the room the buttons leave scroll (eight
        # players with every expansion): the buttons never leave the window
        room = size[1] - (PAD + 4 + 24 + 6 + CARD_MIN_H + BUTTON_ROWS + PAD)
        players = pygame.Rect(x, y, w, max(row_h, min(n * row_h, room)))
        y = players.bottom + 4
        tiles_left = pygame.Rect(x, y, w, 24)
        y = tiles_left.bottom + 6
        # the tile card gives way to taller player rows (a line for the goods)
        # before the buttons under it leave the window
        card = pygame.Rect(x, y, w, max(CARD_MIN_H, min(CARD_H, size[1] - y - BELOW_CARD)))
        y = card.bottom + 6
        row_b = pygame.Rect(x, y, w, BTN_H)
        y = row_b.bottom + 8
        row_c = pygame.Rect(x, y, w, BTN_H)
        y = row_c.bottom + 8
        row_d = pygame.Rect(x, y, w, BTN_H + 4)
        y = row_d.bottom + 10
        log_h = size[1] - y - 24 - PAD
        if log_h < LOG_MIN_H:  # no room left for a readable log: the buttons come first
            y, log_h = size[1], 0
        log = pygame.Rect(x, y + 24, w, log_h)
        return {"panel": panel, "players": players, "tiles_left": tiles_left, "card": card, "row_b": row_b,
                "row_c": row_c, "row_d": row_d, "log_title": pygame.Rect(x, y, w, 22 if log_h else 0),
                "log": log}

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        layout = self._panel_layout()
        self._set_view_areas(self.app.screen_size)
        board = self.camera.viewport
        self.buttons = {}
        self._button_state = {}
        self._choice_labels: tuple[str, ...] = ()
        self._choices_over_chips = False  # the answers stand above the figure chips

        def button(name: str, rect: pygame.Rect, text_key: str, tip: str | None = None,
                   object_id: str | None = None, text: str | None = None) -> None:
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, text if text is not None else i18n.key(text_key), self.manager, container=root,
                tool_tip_text=i18n.key(tip) if tip else None, object_id=object_id)

        b = layout["row_b"]
        half = (b.width - 8) // 2
        button("rotate_left", pygame.Rect(b.x, b.y, half, BTN_H), "", "hud.rotate_left",
               text="\u21ba  " + i18n.tr("hud.rotate"))
        button("rotate_right", pygame.Rect(b.x + half + 8, b.y, half, BTN_H), "", "hud.rotate_right",
               text=i18n.tr("hud.rotate") + "  \u21bb")
        c = layout["row_c"]
        half_c = (c.width - 8) // 2
        button("take_back", pygame.Rect(c.x, c.y, half_c, BTN_H), "hud.undo", "hud.confirm_hint")
        button("pass", pygame.Rect(c.x + half_c + 8, c.y, half_c, BTN_H), "hud.pass", "hud.figure_hint")
        d = layout["row_d"]
        button("confirm", d, "hud.confirm", "hud.confirm_hint", object_id="#primary_button")
        button("scores", d, "end.back_to_scores", object_id="#primary_button")
        # over the board
        for name, key, tip in self.TOOLBAR:
            button(name, self._toolbar[name], key, tip)
        x = board.x + 12
        for name, key in (("recentre", "hud.recentre"), ("last_tile", "hud.last_tile")):
            width = max(120, font(20, bold=True).size(i18n.tr(key))[0] + 36)
            button(name, pygame.Rect(x, board.bottom - 54, width, 42), key)
            x += width + 8
        self._sync_buttons()

    def _set_button(self, name: str, visible: bool, enabled: bool = True) -> None:
        widget = self.buttons.get(name)
        if widget is None or self._button_state.get(name) == (visible, enabled):
            return
        self._button_state[name] = (visible, enabled)
        if visible:
            widget.show()
        else:
            widget.hide()
        if enabled:
            widget.enable()
        else:
            widget.disable()

    def _sync_buttons(self) -> None:
        if self.app is not None and self.app.stack.top is not self:
            return  # paused under another screen: its widgets stay hidden
        c = self.human_controller()
        over = self.game.is_over
        state = c.state if c is not None else None
        self._set_button("rotate_left", not over and state in (PLACE, None), state == PLACE)
        self._set_button("rotate_right", not over and state in (PLACE, None), state == PLACE)
        self._set_button("take_back", not over, c is not None and c.can_undo)
        choices = self._choice_actions(c)
        self._sync_choices(choices)
        for index in range(len(choices)):
            widget = self.buttons.get(f"choice:{index}")
            if widget is None or widget.is_selected == (index == self.answer_index):
                continue
            if index == self.answer_index:
                widget.select()  # the answer Enter gives (chosen with Tab)
            else:
                widget.unselect()
        decide_pass = state == DECIDE and c is not None and PASS in c.choices()
        self._set_button("pass", not over, state == FIGURE or decide_pass)
        self._set_button("confirm", not over, state == READY)
        self._set_button("scores", over and self.end_pushed)
        self._set_button("undo_turn", self.session.history is not None,
                         self.session.can_undo() and not self.final_running)
        self._set_button("redo_turn", self.session.history is not None,
                         self.session.can_redo() and not self.final_running)
        self._set_button("save", self.session.store is not None)
        self._set_button("hint", not over and c is not None,
                         state in (PLACE, FIGURE, DECIDE) and not self.hint.thinking)
        self._set_button("last_tile", True, self.game.last_placed is not None)

    def _choice_actions(self, c: PlacementController | None) -> list[Action]:
        """The answers shown as buttons: an expansion's decision's (but pass,
        which has its own button), or the figure step's other actions (recall...),
        in a stable order."""
        if c is None:
            return []
        if c.state == DECIDE:
            if c.decision is not None and decision_scene(c.decision.kind) is not None:
                # answered in its own scene: the finite sample is no button
                # (a hurl at a listed point would skip the mini-game)
                return []
            # answers that name a board place are clicked there (spots)
            on_board = {spot.answer for spot in c.all_spots()}
            kind = c.decision.kind if c.decision is not None else None
            # and answers that name a square of the score track are clicked there
            answers = [a for a in c.choices() if a != PASS and not located(a) and a not in on_board
                       and answer_square(kind, a) is None]
        elif c.state == FIGURE:
            answers = c.other_actions()
        else:
            return []
        kind = c.decision.kind if c.state == DECIDE and c.decision is not None else ""
        return self._in_stable_order(kind, answers)

    def _in_stable_order(self, kind: str, answers: list[Action]) -> list[Action]:
        """The answers in the order this question first showed them: the same
        answers in another order on a later turn made a player click the
        wrong one (family table, second round). New answers go after the
        ones already seen, in the order the rules give them."""
        seen = self.answer_order.setdefault(kind, [])
        keys = [json.dumps(a.to_json(), sort_keys=True) for a in answers]
        seen.extend(k for k in dict.fromkeys(keys) if k not in seen)
        rank = {k: i for i, k in enumerate(seen)}
        return [a for _, a in sorted(zip(keys, answers), key=lambda pair: rank[pair[0]])]

    def _sync_choices(self, choices: list[Action]) -> None:
        """One button per answer, rebuilt when the answers change: in the
        rotation row (hidden outside the place step), then upward over the
        card when there are more than fit in one row."""
        c = self.human_controller()
        kind = c.decision.kind if c is not None and c.decision is not None else ""
        game = c.tentative if c is not None else None
        labels = tuple(choice_label(kind, a, game) for a in choices)
        # the figure chips (which figure a click puts down) use the rotation
        # row: the answers then stand above them (found under Xvfb: "Reprendre
        # l’abbé" covered the chips of the follower, the large one and the shepherd)
        chips = bool(c is not None and labels and self.figure_chip_rects(c))  # type: ignore[attr-defined]
        question = (c.serial, c.decision) if c is not None else None
        if question != getattr(self, "_keyed_for", None):
            # another question (even one with the same buttons, or none: the
            # squares of the track): nothing chosen with Tab yet
            self._keyed_for = question
            self.answer_index = None
        if labels == self._choice_labels and chips == self._choices_over_chips:
            return
        self.answer_index = None  # other buttons: nothing chosen with Tab yet
        for name in [n for n in self.buttons if n.startswith("choice:")]:
            self.buttons.pop(name).kill()
            self._button_state.pop(name, None)
        self._choice_labels = labels
        self._choices_over_chips = chips
        self.choices_top = None
        if not labels or self.root is None:
            return
        row = self._panel_layout()["row_b"]
        if chips:
            row = row.move(0, -(row.height + 14))
        per_row = 2 if len(labels) <= 4 else 3
        # fewer buttons per row when a label would be cut ("Partisan → C..."
        # twice: castle or cathedral?); the theme's answer font is 24 px bold
        widest = max(font(CHOICE_FONT_PX, bold=True).size(label)[0] for label in labels)
        while per_row > 1 and widest + CHOICE_PADDING > (row.width - 8 * (per_row - 1)) // per_row:
            per_row -= 1
        width = (row.width - 8 * (per_row - 1)) // per_row
        # a label longer than a whole row ("Faire voler le grand partisan")
        # was cut: those buttons take the theme's smaller type
        compact = widest + CHOICE_PADDING > width
        # still cut at the compact type ("Votre partisan (pré, au nord-oues",
        # the Catapult's seduction under Xvfb): the small classes
        small = compact and max(font(COMPACT_FONT_PX, bold=True).size(label)[0]
                                for label in labels) + CHOICE_PADDING > width
        # the rows go up over the card, never over the tiles-left line above it
        # (four answers one per row covered it: the Count's quarters)
        lines = -(-len(labels) // per_row)
        span = row.bottom - self._panel_layout()["card"].top
        if lines * (MIN_CHOICE_H + 6) - 6 > span and answered_on_features(kind):
            # one button per field of the board (the Count's market round)
            # ran over the players and cut every label: the pill says to
            # click the feature instead, and Pass keeps its button
            return
        height = max(MIN_CHOICE_H, min(BTN_H, (span - 6 * (lines - 1)) // lines))
        # read top down, like the question (the first answer stood at the bottom)
        top = row.bottom - lines * height - (lines - 1) * 6
        for index, label in enumerate(labels):
            line, column = divmod(index, per_row)
            rect = pygame.Rect(row.x + column * (width + 8), top + line * (height + 6), width, height)
            self.buttons[f"choice:{index}"] = pygame_gui.elements.UIButton(
                rect, label, self.manager, container=self.root, tool_tip_text=label,
                object_id=choice_object_id(bool(kind), compact, small))
            # the tile card shrinks above the answers rather than hide under them
            self.choices_top = rect.top if self.choices_top is None else min(self.choices_top, rect.top)


def choice_object_id(primary: bool, compact: bool, small: bool = False) -> str | None:
    """The theme class of an answer's button: a decision's answers stand out;
    labels too long for a whole row take the compact class's smaller type,
    and those still too long the small class's (the tooltip says them whole)."""
    if primary:
        return "#primary_button_small" if small else "#primary_button_compact" if compact else "#primary_button"
    return "#button_small" if small else "#button_compact" if compact else None


"""What the game screen opens over the board (a mixin of `GameScene`): the
hint, the tiles left, the game's menu, the rules, leaving, and saving."""

from __future__ import annotations

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.dialogs import confirmation_dialog


class GameMenus:
    """The menus and dialogs half of `GameScene` (a mixin: it reads the scene's state)."""

    def ask_hint(self) -> None:
        """Ask what the computer would play here (shown when it arrives)."""
        c = self.human_controller()
        if c is not None and not self.hint.thinking:
            self.answer_index = None  # Enter will follow the advice, not an answer chosen with Tab
            self.hint.request(c)

    def open_tiles_left(self) -> None:
        """The list of the tiles left, over the board."""
        if self.app is None or self.app.stack.top is not self:
            return
        from carcassonne_desktop.ui.tiles_left_scene import TilesLeftScene

        self.app.stack.push(TilesLeftScene(self.app, self.game, self.renderer))

    def open_menu(self) -> None:
        """The game's menu over the board: back, the rules, or leave."""
        if self.app is None or self.app.stack.top is not self or self.dialog is not None:
            return
        from carcassonne_desktop.ui.game_menu_scene import GameMenuScene

        self.app.stack.push(GameMenuScene(self.app, self))

    def open_rules(self) -> None:
        """The rules of this game's expansions over the board (F1)."""
        if self.app is None or self.app.stack.top is not self or self.dialog is not None:
            return
        from carcassonne_desktop.ui.rules_scene import RulesScene

        self.app.stack.push(RulesScene(self.app, expansion_ids=self.game.rules.expansion_ids))

    def ask_leave(self) -> None:
        if self.app is None or self.dialog is not None:
            return
        width, height = self.app.screen_size
        rect = pygame.Rect(0, 0, 500, 270)
        rect.center = (width // 2, height // 2)
        self.dialog_purpose = "quit"
        self.dialog = confirmation_dialog(
            # a finished game cannot be resumed: it is only there to look at
            self.manager, rect, i18n.key("dialog.quit_body_over" if self.game.is_over else "dialog.quit_body"),
            i18n.key("dialog.quit_title"),
            i18n.key("dialog.quit_confirm"))

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
            self.dialog_purpose = "quit"

    def thumbnail(self) -> bytes | None:
        """The board as a small PNG for the save list (a few milliseconds a turn)."""
        from carcassonne_desktop.ui.thumbnail import board_thumbnail

        return board_thumbnail(self.game, self.renderer)

    def leave_to_menu(self) -> None:
        self.driver.reset()
        self.session.autosave(self.thumbnail())
        if self.app is None:
            return
        while len(self.app.stack) > 1:
            self.app.stack.pop()

    def open_save(self) -> None:
        if self.app is None or self.session.store is None:
            return
        from carcassonne_desktop.ui.save_load_scene import save_scene
        from carcassonne_desktop.ui.thumbnail import board_thumbnail

        self.app.stack.push(save_scene(self.app, self.session.store, self.game,
                                       board_thumbnail(self.game, self.renderer)))

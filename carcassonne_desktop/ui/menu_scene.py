"""The main menu: New game, Continue, Load, Settings, Rules, Quit."""

from __future__ import annotations

import pygame
import pygame_gui

from carcassonne_desktop import __version__, i18n
from carcassonne_desktop.ui.backdrop import shared_backdrop
from carcassonne_desktop.ui.scene import Scene

BUTTON_SIZE = (380, 62)
BUTTON_GAP = 14


class MainMenuScene(Scene):
    """The first screen. Continue is enabled only when the hooks report a saved game."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.backdrop = shared_backdrop()
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.warning: pygame_gui.elements.UILabel | None = None
        self._prepared = False

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        assert self.app is not None
        hooks = self.app.hooks
        width, height = self.app.screen_size
        items = ["new_game", "continue", "load", "settings", "rules", "quit"]
        total = len(items) * BUTTON_SIZE[1] + (len(items) - 1) * BUTTON_GAP
        top = max(int(height * 0.32), (height - total) // 2 + int(height * 0.08))
        top = min(top, height - total - 40)
        self.buttons = {}
        for i, name in enumerate(items):
            rect = pygame.Rect(0, 0, *BUTTON_SIZE)
            rect.midtop = (width // 2, top + i * (BUTTON_SIZE[1] + BUTTON_GAP))
            tip = None
            if name == "continue":
                tip = i18n.key("menu.continue_tip") if hooks.has_saved_game() else i18n.key("menu.continue_none")
            button = pygame_gui.elements.UIButton(
                rect, i18n.key(f"menu.{name}"), self.manager, container=root,
                object_id="#primary_button" if name == "new_game" else "#menu_button",
                tool_tip_text=tip,
            )
            self.buttons[name] = button
        if not hooks.has_saved_game():
            self.buttons["continue"].disable()
        if hooks.on_load is None:
            self.buttons["load"].disable()
        version = pygame_gui.elements.UILabel(
            pygame.Rect(width - 230, height - 36, 220, 28), i18n.key("menu.version"), self.manager,
            container=root, object_id="#hint", text_kwargs={"version": __version__},
        )
        del version
        self.warning = self._settings_warning(root, width, height)

    def _settings_warning(self, root: pygame_gui.core.UIContainer, width: int,
                          height: int) -> pygame_gui.elements.UILabel | None:
        """Say that a damaged settings file was replaced by defaults (the details are
        in the log): otherwise a forgotten language or speed would look like a bug."""
        assert self.app is not None
        if not getattr(self.app.settings, "problems", None):
            return None
        return pygame_gui.elements.UILabel(
            pygame.Rect(10, height - 36, max(200, width - 260), 28),
            i18n.key("menu.settings_damaged"), self.manager, container=root, object_id="#hint")

    def resume(self) -> None:
        # a game may have been saved meanwhile: Continue must reflect it
        self.rebuild_ui()

    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self._activate(name)
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._activate("new_game")
            return True
        return False

    def _activate(self, name: str) -> None:
        assert self.app is not None
        app = self.app
        if name == "new_game":
            from carcassonne_desktop.ui.setup_scene import SetupScene

            app.stack.push(SetupScene(app, on_start=app.start_game))
        elif name == "continue" and app.hooks.on_continue is not None:
            app.hooks.on_continue(app)
        elif name == "load" and app.hooks.on_load is not None:
            app.hooks.on_load(app)
        elif name == "settings":
            from carcassonne_desktop.ui.settings_scene import SettingsScene

            app.stack.push(SettingsScene(app))
        elif name == "rules":
            from carcassonne_desktop.ui.rules_scene import RulesScene

            app.stack.push(RulesScene(app))
        elif name == "quit":
            app.quit()

    def in_motion(self) -> bool:
        return not self.backdrop.settled  # the landscape still coming in

    def update(self, dt: float) -> None:
        self.backdrop.update(dt)
        self._prepare_new_game()

    def _prepare_new_game(self) -> None:
        """Once the menu is on screen, import the New game screen's modules
        (about half of its first opening): the click then only builds it."""
        if self._prepared:
            return
        self._prepared = True
        import carcassonne_desktop.ui.setup_scene  # noqa: F401

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)

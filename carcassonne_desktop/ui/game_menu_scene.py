"""The game's menu, over the board: back to the game, the rules of the
expansions in play, or leave (issue 29: "Menu" only asked to quit, and the
rules could not be reached during a game).

Escape or a click outside the buttons goes back to the game; F1 opens the
rules from here as from the board.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.hud import draw_overlay_box
from carcassonne_desktop.ui.scene import Scene

#: The menu's entries, top to bottom: (name, text key).
ENTRIES = (("resume", "game_menu.resume"), ("rules", "game_menu.rules"), ("leave", "game_menu.leave"))
BUTTON_W, BUTTON_H, GAP = 320, 52, 14


class GameMenuScene(Scene):
    """A few buttons over the veiled game (see the module docstring)."""

    opaque = False

    def __init__(self, app: Any, game_scene: Any) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def box(self) -> pygame.Rect:
        width, height = self.app.screen_size if self.app is not None else (1280, 800)
        rect = pygame.Rect(0, 0, BUTTON_W + 60, 90 + len(ENTRIES) * (BUTTON_H + GAP))
        rect.center = (width // 2, height // 2)
        return rect

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        box = self.box()
        self.buttons = {}
        y = box.top + 74
        for name, key in ENTRIES:
            rect = pygame.Rect(box.centerx - BUTTON_W // 2, y, BUTTON_W, BUTTON_H)
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, i18n.key(key), self.manager, container=root,
                object_id="#primary_button" if name == "resume" else None)
            y += BUTTON_H + GAP

    def choose(self, name: str) -> None:
        """Do what an entry says (the game scene does the work)."""
        if self.app is None:
            return
        self.app.stack.pop()  # back to the game first: what follows opens over it
        if name == "rules":
            self.game_scene.open_rules()
        elif name == "leave":
            self.game_scene.ask_leave()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is event.ui_element), None)
            if name is not None:
                self.choose(name)
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("resume")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.choose("rules")
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.box().collidepoint(event.pos):
            self.choose("resume")
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        draw_overlay_box(surface, self.box(), i18n.tr("game_menu.title"), centred=True)

"""The rules of the base game, in the current language, in a scrollable text box."""

from __future__ import annotations

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.panel_scene import PanelScene


class RulesScene(PanelScene):
    """Rules help (text from the translation files, written for this game)."""

    title_key = "rules.title"
    panel_size = (900, 820)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.text_box: pygame_gui.elements.UITextBox | None = None

    def build_panel(self, panel: pygame_gui.elements.UIPanel, area: pygame.Rect) -> None:
        self.text_box = pygame_gui.elements.UITextBox(
            i18n.key("rules.body"), area, self.manager, container=panel,
        )

"""A menu screen with a central panel, a heading and a Back button (Escape works too)."""

from __future__ import annotations

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.backdrop import shared_backdrop
from carcassonne_desktop.ui.resources import colour
from carcassonne_desktop.ui.scene import Scene

MARGIN = 24
#: The panel's rounded frame: corner radius, border and shadow widths.
PANEL_RADIUS, PANEL_BORDER, PANEL_SHADOW = 16, 2, 4


def panel_frame(size: tuple[int, int]) -> pygame.Surface:
    """The panel's translucent rounded body with its border and shadow,
    painted by pygame's own rounded rectangles: pygame-gui's took 0.3-0.6 s
    to draw a panel of this size each time a menu screen opened (bench/README.md,
    "First screens"), for the same look."""
    width, height = size
    surface = pygame.Surface((width + PANEL_SHADOW, height + PANEL_SHADOW), pygame.SRCALPHA)
    pygame.draw.rect(surface, colour("ui", "menu_panel_shadow"),
                     pygame.Rect(PANEL_SHADOW, PANEL_SHADOW, width, height), border_radius=PANEL_RADIUS)
    body = pygame.Rect(0, 0, width, height)
    surface.fill((0, 0, 0, 0), body)
    pygame.draw.rect(surface, colour("ui", "menu_panel"), body, border_radius=PANEL_RADIUS)
    pygame.draw.rect(surface, colour("ui", "menu_panel_border"), body, width=PANEL_BORDER,
                     border_radius=PANEL_RADIUS)
    return surface


class PanelScene(Scene):
    """Base for settings, rules and setup: subclasses fill ``self.panel`` in ``build_panel``."""

    title_key = "app.title"
    panel_size: tuple[int, int] = (760, 640)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.backdrop = shared_backdrop()
        self.panel: pygame_gui.elements.UIPanel | None = None
        self.back_button: pygame_gui.elements.UIButton | None = None
        self._frame: tuple[pygame.Rect, pygame.Surface] | None = None

    def panel_rect(self) -> pygame.Rect:
        assert self.app is not None
        width, height = self.app.screen_size
        w = min(self.panel_size[0], width - 2 * MARGIN)
        h = min(self.panel_size[1], height - 2 * MARGIN)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (width // 2, height // 2)
        return rect

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        rect = self.panel_rect()
        # a flat, see-through panel: its rounded frame is painted in draw()
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=1, manager=self.manager,
                                                 container=root, object_id="#flat_panel")
        kept = self._frame
        self._frame = (rect, kept[1] if kept is not None and kept[0].size == rect.size
                       else panel_frame(rect.size))
        inner_w = rect.width - 2 * MARGIN
        pygame_gui.elements.UILabel(pygame.Rect(MARGIN, 14, inner_w, 44), i18n.key(self.title_key),
                                    self.manager, container=self.panel, object_id="#heading")
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(MARGIN, rect.height - 70, 180, 52), i18n.key("common.back"), self.manager,
            container=self.panel,
        )
        self.build_panel(self.panel, pygame.Rect(MARGIN, 70, inner_w, rect.height - 70 - 84))

    def build_panel(self, panel: pygame_gui.elements.UIPanel, area: pygame.Rect) -> None:
        """Create the screen's widgets inside ``area`` of the panel (override)."""

    def go_back(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.go_back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        return False

    def in_motion(self) -> bool:
        return not self.backdrop.settled  # the landscape still coming in

    def update(self, dt: float) -> None:
        self.backdrop.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, veil_alpha=175, title=False)
        self.draw_frame(surface)

    def draw_frame(self, surface: pygame.Surface) -> None:
        if self._frame is not None:
            surface.blit(self._frame[1], self._frame[0].topleft)

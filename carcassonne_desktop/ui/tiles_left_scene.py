"""The tiles left, by kind, drawn with the game's own tile art and counted:
what a player at the table may know (how many of each are in the bag, not
their order).

The counts are the seat-to-move's view the computer players use
(`ai.knowledge.public_counts`): tiles nobody has seen (under a hill, in
another player's hand) count as left, and the tile in the player's own hand
does not. Opened from the side panel's tiles-left line (or the T key), drawn
over the board; Escape, the close button or a click outside closes it.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.ai.knowledge import public_counts
from carcassonne_desktop.ui.game_log import wrap
from carcassonne_desktop.ui.hud import draw_overlay_box
from carcassonne_desktop.ui.resources import colour, font
from carcassonne_desktop.ui.scene import Scene
from carcassonne_desktop.ui.scroll_view import BAR_W, ScrollView

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.ui.board_view import BoardRenderer

CELL = 92  # one tile and its count
TILE_PX = 64
#: Milliseconds of new tile art per frame: a tile never drawn before costs a
#: few milliseconds, so a first opening fills in over a few frames instead
#: of freezing the window.
ART_BUDGET_MS = 12.0


def tiles_left(game: Game) -> list[tuple[str, int]]:
    """(tile id, count) in the catalogue's order, only kinds still left."""
    counts: Counter[str] = public_counts(game)
    return [(tile.id, counts[tile.id]) for tile in game.rules.catalogue if counts.get(tile.id, 0) > 0]


class TilesLeftScene(Scene):
    opaque = False

    def __init__(self, app: Any, game: Game, renderer: BoardRenderer) -> None:
        super().__init__(app)
        self.game = game
        self.renderer = renderer
        self.view = ScrollView(stick_to_bottom=False)
        self.close_button: pygame_gui.elements.UIButton | None = None
        self.mouse = (-1, -1)
        self.tiles = tiles_left(game)
        self._drawn: set[str] = set()  # tiles whose art is ready
        self.filling = True  # some art is still to come: keep drawing frames

    def in_motion(self) -> bool:
        return self.filling

    def panel(self) -> pygame.Rect:
        w, h = self.app.screen_size if self.app is not None else (1280, 800)
        rect = pygame.Rect(0, 0, min(900, w - 40), min(760, h - 40))
        rect.center = (w // 2, h // 2)
        return rect

    def _grid_rect(self) -> pygame.Rect:
        panel = self.panel()
        top = panel.top + 64 + 20 * len(self._note_lines())
        return pygame.Rect(panel.left + 24, top, panel.width - 48, panel.bottom - 76 - top)

    def _note_lines(self) -> list[str]:
        return wrap(i18n.tr("tiles.note"), font(15), self.panel().width - 48)

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        panel = self.panel()
        rect = pygame.Rect(0, 0, 200, 48)
        rect.midbottom = (panel.centerx, panel.bottom - 14)
        self.close_button = pygame_gui.elements.UIButton(rect, i18n.key("tiles.close"), self.manager,
                                                         container=root)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close_button:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_t, pygame.K_RETURN):
            self.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.view.handle_event(event, self.mouse):
            self.view.take_click()  # a click on a tile does nothing
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 \
                and not self.panel().collidepoint(event.pos):
            self.close()
            return True
        # the board under the list must not react
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                              pygame.KEYDOWN)

    def close(self) -> None:
        if self.app is not None and self.app.stack.top is self:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        panel = self.panel()
        draw_overlay_box(surface, panel, i18n.tr("tiles.title"))
        total = sum(count for _, count in self.tiles)
        bag = self.game.tiles_left()
        said = (i18n.tr("tiles.empty") if not total else i18n.tr("tiles.total", count=total)
                if total == bag else i18n.tr("tiles.total_hidden", count=total, bag=bag))
        label = font(17, bold=True).render(said, True, colour("ui", "accent"))
        surface.blit(label, (panel.right - 24 - label.get_width(), panel.top + 24))
        y = panel.top + 56
        for line in self._note_lines():
            surface.blit(font(15).render(line, True, colour("ui", "text_dim")), (panel.left + 24, y))
            y += 20
        self._draw_grid(surface, self._grid_rect())

    def _draw_grid(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        per_row = max(1, (rect.width - BAR_W) // CELL)
        rows = (len(self.tiles) + per_row - 1) // per_row
        self.view.layout(rect, rows * CELL)
        clip = surface.get_clip()
        surface.set_clip(rect)
        catalogue = self.game.rules.catalogue
        count_font = font(17, bold=True)
        budget = ART_BUDGET_MS / 1000.0
        self.filling = False
        for index, (tile_id, count) in enumerate(self.tiles):
            row, column = divmod(index, per_row)
            x = rect.x + column * CELL
            y = rect.y + row * CELL - self.view.offset
            if y + CELL < rect.top or y > rect.bottom:
                continue
            square = pygame.Rect(x + 4, y + 4, TILE_PX, TILE_PX)
            if tile_id in self._drawn or budget > 0:
                start = time.perf_counter()
                surface.blit(self.renderer.tile_surface(catalogue[tile_id].raw, 0, TILE_PX), square)
                budget -= time.perf_counter() - start
                self._drawn.add(tile_id)
            else:
                surface.fill(colour("board", "background"), square)
                self.filling = True
            pygame.draw.rect(surface, colour("ui", "text_dim"), square, 1)
            label = count_font.render(f"×{count}", True, colour("ui", "text"))
            surface.blit(label, (x + 4 + TILE_PX - label.get_width(), y + TILE_PX + 6))
        surface.set_clip(clip)
        self.view.draw_bar(surface)

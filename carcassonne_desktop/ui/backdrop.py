"""The menu backdrop: a gently drifting countryside under a dark veil, and the title.

Menus sit on the same tile art as the game, so the first screen already looks
like Carcassonne. The landscape is random but its edges match, drawn by the
regular board renderer.
"""

from __future__ import annotations

import math
import random

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.board_view import BoardRenderer, Camera
from carcassonne_desktop.ui.landscape import data_tiles, random_board
from carcassonne_desktop.ui.resources import colour, font

_TILE_PX = 112
_DRIFT_TILES_PER_S = 0.05


def _backdrop_files() -> tuple[str, ...]:
    """The tile files of the base game and the first expansions that bring
    land tiles without a placement rule of their own (rivers must flow)."""
    from carcassonne_desktop.engine.expansion import registry

    return tuple(cls.data_file for cls in registry().values()
                 if cls.data_file and cls.order <= 10 and not cls.start_priority)


class MenuBackdrop:
    """Draws the landscape, the veil and (optionally) the big title."""

    def __init__(self, seed: int = 7) -> None:
        rng = random.Random(seed)
        cells = [(x, y) for y in range(-7, 8) for x in range(-11, 12)]
        self.board = random_board(data_tiles(_backdrop_files()), len(cells), rng, cells)
        self.renderer = BoardRenderer(render_budget_ms=1000.0)
        self.camera = Camera((0, 0, 1, 1), zoom=_TILE_PX, centre=(0.5, 0.5))
        self.time = 0.0
        self._veil: pygame.Surface | None = None

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface, veil_alpha: int = 150, title: bool = True) -> None:
        size = surface.get_size()
        self.camera.set_viewport(surface.get_rect())
        t = self.time * _DRIFT_TILES_PER_S
        self.camera.centre_x = 0.5 + 2.5 * math.sin(t * 0.7)
        self.camera.centre_y = 0.5 + 1.2 * math.sin(t * 0.45)
        self.renderer.draw(surface, self.camera, self.board)
        if self._veil is None or self._veil.get_size() != size or self._veil.get_alpha() != veil_alpha:
            self._veil = pygame.Surface(size)
            self._veil.fill(colour("ui", "menu_veil"))
            self._veil.set_alpha(veil_alpha)
        surface.blit(self._veil, (0, 0))
        if title:
            draw_title(surface, i18n.tr("app.title"), i18n.tr("app.subtitle"), size[1] * 0.08)


def draw_title(surface: pygame.Surface, text: str, subtitle: str | None, top: float) -> float:
    """The big serif title with a shadow, centred; returns the y below it."""
    width, height = surface.get_size()
    size = max(40, min(110, int(height * 0.11)))
    big = font(size, serif=True)
    shadow = big.render(text, True, colour("ui", "title_shadow"))
    label = big.render(text, True, colour("ui", "title"))
    x = (width - label.get_width()) // 2
    for dx, dy in ((3, 4), (2, 3)):
        surface.blit(shadow, (x + dx, int(top) + dy))
    surface.blit(label, (x, int(top)))
    bottom = top + label.get_height()
    if subtitle:
        small = font(max(16, size // 4))
        sub = small.render(subtitle, True, colour("ui", "text_dim"))
        surface.blit(sub, ((width - sub.get_width()) // 2, int(bottom)))
        bottom += sub.get_height()
    return bottom


_shared: list[MenuBackdrop] = []


def shared_backdrop() -> MenuBackdrop:
    """One backdrop for all menu screens, so the landscape keeps drifting between them."""
    if not _shared:
        _shared.append(MenuBackdrop())
    return _shared[0]

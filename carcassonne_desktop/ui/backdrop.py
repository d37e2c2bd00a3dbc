"""The menu backdrop: a gently drifting countryside under a dark veil, and the title.

Menus sit on the same tile art as the game, so the first screen already looks
like Carcassonne. The landscape is random but its edges match, drawn by the
regular board renderer.

The art of its tiles (their layouts above all) cost 0.7 s before the first
menu could be drawn; the menu now shows at once on the plain background and
the backdrop draws a few tiles' art a frame, the landscape fading in once
every tile is ready (never half a landscape, never a tile popping in).
"""

from __future__ import annotations

import math
import random
import time

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.board_view import BoardRenderer, Camera, bucket_for
from carcassonne_desktop.ui.landscape import data_tiles, random_board
from carcassonne_desktop.ui.resources import colour, font

_TILE_PX = 112
_DRIFT_TILES_PER_S = 0.05
#: Milliseconds of tile art drawn per frame until the landscape is ready (a
#: frame at 60 per second keeps room for the menu itself), or this share of
#: the time between frames when they are fewer (a window in the background
#: draws 10 a second: 10 ms a frame took 15 s).
WARM_MS_PER_FRAME = 10.0
WARM_SHARE = 0.5
#: Seconds the landscape takes to fade in over the plain background.
FADE_IN_S = 0.6


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
        self._cover: pygame.Surface | None = None
        #: The tiles (each art once) still to draw before the landscape shows.
        self.unready = list({(str(tile["id"]), rot % 4): (tile, rot % 4)
                             for tile, rot in self.board.values()}.values())
        #: When (in ``time``) the last tile's art was drawn; None before.
        self.ready_at: float | None = None
        self._frames = 0
        self._dt = 0.0

    def warm(self, budget_ms: float = WARM_MS_PER_FRAME) -> bool:
        """Draw the art of the next tiles within ``budget_ms`` (at least one);
        True once every tile has its art."""
        bucket = bucket_for(_TILE_PX)
        start = time.perf_counter()
        while self.unready:
            tile, rot = self.unready.pop()
            self.renderer.art.get(tile, rot, bucket)
            if (time.perf_counter() - start) * 1000.0 >= budget_ms:
                break
        if not self.unready and self.ready_at is None:
            self.ready_at = self.time
        return not self.unready

    @property
    def settled(self) -> bool:
        """Whether the landscape is drawn and faded in (until then the menus
        ask for every frame: `Scene.in_motion`)."""
        return self.ready_at is not None and self.time - self.ready_at >= FADE_IN_S

    def update(self, dt: float) -> None:
        self.time += dt
        self._dt = dt

    def draw(self, surface: pygame.Surface, veil_alpha: int = 150, title: bool = True) -> None:
        size = surface.get_size()
        self.camera.set_viewport(surface.get_rect())
        t = self.time * _DRIFT_TILES_PER_S
        self.camera.centre_x = 0.5 + 2.5 * math.sin(t * 0.7)
        self.camera.centre_y = 0.5 + 1.2 * math.sin(t * 0.45)
        shown = 0.0
        self._frames += 1
        if self._frames > 1 and self.warm(max(WARM_MS_PER_FRAME, WARM_SHARE * self._dt * 1000.0)):  # the first frame draws no art: the menu at once
            self.renderer.draw(surface, self.camera, self.board)
            shown = min(1.0, (self.time - (self.ready_at or 0.0)) / FADE_IN_S)
        if shown < 1.0:  # the plain background until the landscape is ready, then fading
            if self._cover is None or self._cover.get_size() != size:
                self._cover = pygame.Surface(size)
                self._cover.fill(colour("ui", "menu_background"))
            self._cover.set_alpha(round(255 * (1.0 - shown)))
            surface.blit(self._cover, (0, 0))
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

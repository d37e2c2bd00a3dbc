"""Drawing a board of placed tiles and figures, independent of the rules engine.

The renderer takes plain data: ``position -> (catalogue tile dict, rot)`` and a
list of :class:`FigureSprite`. Tile art is rendered per zoom bucket (a few fixed
sizes) and scaled to the camera's exact pixel size; scaled tiles are cached too,
so a still frame is only blits. When zooming reaches a bucket never drawn,
new art is rendered within a per-frame time budget and a scaled neighbour
bucket stands in meanwhile, so the view never stalls.

The camera (:class:`~carcassonne_desktop.ui.camera.Camera`) is re-exported here.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from carcassonne_desktop.engine.figure_geometry import feature_anchor
from carcassonne_desktop.ui.art.cache import LruCache
from carcassonne_desktop.ui.art.meeples import MeepleCache
from carcassonne_desktop.ui.art.tile_art import TileArtCache, feature_index_for_port
from carcassonne_desktop.ui.camera import MAX_ZOOM, MIN_ZOOM, Camera
from carcassonne_desktop.ui.resources import colour

__all__ = ["BoardRenderer", "Camera", "FigureSprite", "TileMap", "ZOOM_BUCKETS", "MAX_ZOOM", "MIN_ZOOM",
           "board_bounds"]

TileMap = Mapping[tuple[int, int], tuple[Mapping[str, Any], int]]
ZOOM_BUCKETS: tuple[int, ...] = (16, 24, 32, 48, 64, 96, 128, 192, 256)
FIGURE_SCALE = 0.34
FIGURE_SIZES: tuple[int, ...] = (10, 12, 14, 16, 18, 21, 24, 28, 32, 37, 42, 48, 56, 64, 74, 86)


@dataclass(frozen=True)
class FigureSprite:
    """A figure to draw: on tile (x, y), on a feature given by index or by board port."""

    x: int
    y: int
    colour: str
    kind: str = "follower"
    feature_index: int | None = None
    port: str | None = None
    lying: bool = False


def board_bounds(tiles: TileMap) -> tuple[int, int, int, int]:
    """Inclusive (min_x, min_y, max_x, max_y) of the placed tiles ((0,0,0,0) when empty)."""
    if not tiles:
        return (0, 0, 0, 0)
    xs = [p[0] for p in tiles]
    ys = [p[1] for p in tiles]
    return (min(xs), min(ys), max(xs), max(ys))


def bucket_for(px: int) -> int:
    """The smallest zoom bucket at least ``px`` wide (the largest bucket beyond)."""
    for bucket in ZOOM_BUCKETS:
        if bucket >= px:
            return bucket
    return ZOOM_BUCKETS[-1]


class BoardRenderer:
    """Draws tiles and figures through a :class:`Camera`, culled to the viewport."""

    def __init__(self, art_cache: TileArtCache | None = None, meeple_cache: MeepleCache | None = None,
                 scaled_entries: int = 800, render_budget_ms: float = 6.0) -> None:
        self.art = art_cache or TileArtCache(1024)
        self.meeples = meeple_cache or MeepleCache(256)
        self._scaled: LruCache[tuple[str, int, int], pygame.Surface] = LruCache(scaled_entries)
        self._fast: LruCache[tuple[str, int, int], pygame.Surface] = LruCache(scaled_entries)
        self.render_budget_ms = render_budget_ms
        self.incomplete = False  # True when a stand-in was drawn: draw again next frame
        self._budget_left = 0.0

    # ------------------------------------------------------------------ tiles

    def tile_surface(self, tile: Mapping[str, Any], rot: int, px: int, fast: bool = False) -> pygame.Surface:
        """The art of one tile at exactly ``px`` pixels (may be a temporary stand-in).

        ``fast`` (used while the zoom animates) scales with nearest-neighbour into
        a separate cache: a frame of a moving zoom shows every size only briefly.
        """
        tile_id = str(tile["id"])
        rot %= 4
        key = (tile_id, rot, px)
        cached = self._scaled.get(key)
        if cached is not None:
            return cached
        if fast:
            quick = self._fast.get(key)
            if quick is not None:
                return quick
            source = self._nearest_cached(tile_id, rot, bucket_for(px))
            if source is not None:
                quick = source if source.get_width() == px else pygame.transform.scale(source, (px, px))
                self._fast.put(key, quick)
                self.incomplete = True
                return quick
        bucket = bucket_for(px)
        art = self.art.peek(tile_id, rot, bucket)
        final = True
        if art is None:
            if self._budget_left > 0 or not self._has_any(tile_id, rot):
                start = time.perf_counter()
                art = self.art.get(tile, rot, bucket)
                self._budget_left -= (time.perf_counter() - start) * 1000.0
            else:
                art = self._nearest_cached(tile_id, rot, bucket)
                final = False
                self.incomplete = True
        if art is None:  # pragma: no cover - _has_any guarantees a surface
            art = self.art.get(tile, rot, bucket)
        surface = art if art.get_width() == px else pygame.transform.smoothscale(art, (px, px))
        if final:
            self._scaled.put(key, surface)
        return surface

    def _has_any(self, tile_id: str, rot: int) -> bool:
        return any(self.art.peek(tile_id, rot, b) is not None for b in ZOOM_BUCKETS)

    def _nearest_cached(self, tile_id: str, rot: int, bucket: int) -> pygame.Surface | None:
        ordered = sorted(ZOOM_BUCKETS, key=lambda b: (b < bucket, abs(b - bucket)))
        for b in ordered:
            art = self.art.peek(tile_id, rot, b)
            if art is not None:
                return art
        return None

    def prewarm(self, tiles: TileMap, px: int) -> None:
        """Render the art every tile of a board needs at one scale (e.g. behind a loading screen)."""
        for tile, rot in tiles.values():
            self.tile_surface(tile, rot, px)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, camera: Camera, tiles: TileMap,
             figures: Sequence[FigureSprite] = (), background: bool = True,
             fast: bool | None = None) -> None:
        """Draw the visible part of the board into ``camera.viewport`` of ``surface``.

        ``fast`` defaults to "the camera is zooming": quick scaling while moving,
        smooth scaling once the zoom settles.
        """
        if fast is None:
            fast = abs(camera.zoom - camera.target_zoom) > 0.01
        self.incomplete = False
        self._budget_left = self.render_budget_ms
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        if background:
            surface.fill(colour("board", "background"), camera.viewport)
        px = camera.scale
        ox, oy = camera.tile_origin()
        x0, y0, x1, y1 = camera.visible_cells()
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if (x1 - x0 + 1) * (y1 - y0 + 1) < len(tiles):
            for y in range(y0, y1 + 1):
                for x in range(x0, x1 + 1):
                    entry = tiles.get((x, y))
                    if entry is not None:
                        blits.append((self.tile_surface(entry[0], entry[1], px, fast), (ox + x * px, oy + y * px)))
        else:
            for (x, y), (tile, rot) in tiles.items():
                if x0 <= x <= x1 and y0 <= y <= y1:
                    blits.append((self.tile_surface(tile, rot, px, fast), (ox + x * px, oy + y * px)))
        surface.fblits(blits)
        if figures:
            self._draw_figures(surface, camera, tiles, figures, (x0, y0, x1, y1))
        surface.set_clip(clip)

    def figure_position(self, camera: Camera, tiles: TileMap, figure: FigureSprite) -> tuple[float, float] | None:
        """Screen point where a figure stands (None if its tile is not on the board)."""
        entry = tiles.get((figure.x, figure.y))
        if entry is None:
            return None
        tile, rot = entry
        index = figure.feature_index
        if index is None:
            if figure.port is None:
                return None
            try:
                index = feature_index_for_port(tile, rot, figure.port)
            except KeyError:
                return None
        ax, ay = feature_anchor(tile, rot, index)
        rect = camera.tile_rect(figure.x, figure.y)
        return (rect.x + ax * rect.width, rect.y + ay * rect.height)

    def figure_size(self, px: int) -> int:
        """Sprite height for a tile size, from a short list so zooming reuses sprites."""
        wanted = px * FIGURE_SCALE
        best = FIGURE_SIZES[0]
        for size in FIGURE_SIZES:
            if size <= wanted + 1:
                best = size
        return best

    def _draw_figures(self, surface: pygame.Surface, camera: Camera, tiles: TileMap,
                      figures: Sequence[FigureSprite], cells: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = cells
        size = self.figure_size(camera.scale)
        for figure in figures:
            if not (x0 <= figure.x <= x1 and y0 <= figure.y <= y1):
                continue
            pos = self.figure_position(camera, tiles, figure)
            if pos is None:
                continue
            sprite = self.meeples.get(figure.kind, figure.colour, size, figure.lying)
            rect = sprite.get_rect(center=(round(pos[0]), round(pos[1])))
            surface.blit(sprite, rect)

"""What a tile-symbol painter sees, and where it may draw.

The tile art hands every registered symbol painter (see
:mod:`carcassonne_desktop.ui.expansions`) one :class:`SymbolContext`: the drawing
surface, the tile's shapes already turned to board orientation, and helpers that
find room for a symbol without covering roads, walls or the spot where a figure
stands. Painters then only decide what their symbol looks like.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from carcassonne_desktop.engine.tile_geometry import (
    Point,
    border_distance,
    dist_point_polyline,
    point_in_polygon,
)
from carcassonne_desktop.engine.tile_layout import (
    RIVER_HALF_WIDTH,
    ROAD_HALF_WIDTH,
    CityShape,
    PathShape,
    Prop,
)
from carcassonne_desktop.ui.art.cache import LruCache
from carcassonne_desktop.ui.resources import colour

if TYPE_CHECKING:
    from carcassonne_desktop.ui.art.tile_art import Painter

_GRID = 24
# Where symbols go depends on the tile and its rotation, not on the pixel size;
# searching for room is pure-Python geometry (milliseconds), so the answers are
# kept and a tile drawn again at another zoom only pays for the drawing.
_PLACES: LruCache[Hashable, Any] = LruCache(4096)
_GRID_POINTS: tuple[Point, ...] = tuple(
    ((i + 0.5) / _GRID, (j + 0.5) / _GRID) for j in range(_GRID) for i in range(_GRID)
)


@dataclass
class SymbolContext:
    """One tile being drawn, in board orientation (unit square, y to the south).

    ``detail`` and ``fine`` follow the tile art's levels (40 px and 120 px and
    up): below ``detail`` a symbol should be a plain, bold shape. ``taken`` holds
    discs (centre, radius) already used by symbols, so two symbols on one tile
    do not stack; a painter adds its own after drawing. ``key`` names the tile
    design (same key, same shapes) for :meth:`place`.
    """

    paint: Painter
    tile: Mapping[str, Any]
    rot: int
    size: int
    detail: bool
    fine: bool
    cities: Sequence[CityShape]
    paths: Sequence[PathShape]
    props: Sequence[Prop]
    anchors: Mapping[int, Point]
    rng: random.Random
    key: str = ""
    taken: list[tuple[Point, float]] = field(default_factory=list)

    def place(self, name: str, args: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``, remembered for this tile design, rotation, ``name``, ``args``
        and the symbols already placed: where a symbol goes is worked out once,
        whatever the sizes the tile is drawn at. ``compute`` must depend on nothing
        else (not on the pixel size)."""
        if not self.key:
            return compute()
        cache_key = (self.key, self.rot, name, args, tuple(self.taken))
        return _PLACES.get_or_create(cache_key, compute)

    def colour(self, name: str) -> pygame.Color:
        """A tile-art palette colour (``assets/themes/palette.json``, group ``tile``)."""
        return colour("tile", name)

    def city(self, feature: int) -> CityShape | None:
        """The drawn shape of city feature ``feature`` (None if it is not a city)."""
        return next((c for c in self.cities if c.feature == feature), None)

    def roads(self) -> list[PathShape]:
        return [p for p in self.paths if p.kind == "road"]

    def rivers(self) -> list[PathShape]:
        return [p for p in self.paths if p.kind == "river"]

    def in_city(self, p: Point) -> bool:
        """Whether ``p`` lies inside any city's walls (symbols of the field stay out)."""
        return any(point_in_polygon(p, c.polygon) for c in self.cities)

    def path_clearance(self, p: Point) -> float:
        """Distance from ``p`` to the edge of the nearest road or river (inf if none)."""
        best = math.inf
        for path in self.paths:
            hw = RIVER_HALF_WIDTH if path.kind == "river" else ROAD_HALF_WIDTH
            for stroke in path.strokes:
                best = min(best, dist_point_polyline(p, stroke) - hw)
        return best

    def wall_clearance(self, p: Point) -> float:
        """Distance from ``p`` to the nearest city wall (walls are drawn thick)."""
        best = math.inf
        for city in self.cities:
            for wall in city.walls:
                best = min(best, dist_point_polyline(p, wall))
        return best

    def prop_clearance(self, p: Point) -> float:
        """Distance to the nearest building, shield or symbol already drawn."""
        discs = [(prop.pos, prop.radius) for prop in self.props] + self.taken
        return min((math.hypot(p[0] - c[0], p[1] - c[1]) - r for c, r in discs), default=math.inf)

    def free_corner(self) -> Point:
        """The tile corner farthest from roads, walls, buildings and cities: where a
        small tile icon (the wheel's pips, a gold mine) stays readable."""
        corners = [(0.17, 0.17), (0.83, 0.17), (0.83, 0.83), (0.17, 0.83)]
        return max(corners, key=lambda q: min(self.path_clearance(q), self.wall_clearance(q),
                                              self.prop_clearance(q),
                                              0.0 if self.in_city(q) else 1.0))

    def field_points(self, margin: float = 0.03) -> Iterator[Point]:
        """Grid points of open field: outside cities, off roads and rivers by ``margin``."""
        for p in _GRID_POINTS:
            if border_distance(p) < 0.02 or self.in_city(p):
                continue
            if self.path_clearance(p) < margin or self.wall_clearance(p) < margin + 0.03:
                continue
            yield p

    def roomiest_field_spot(self) -> tuple[Point, float] | None:
        """The open-field point farthest from roads, walls, buildings and the border,
        with its clearance; None when the tile has no open field."""
        return self.place("roomiest_field_spot", None, self._roomiest_field_spot)  # type: ignore[no-any-return]

    def _roomiest_field_spot(self) -> tuple[Point, float] | None:
        best: tuple[float, Point, float] | None = None
        for p in self.field_points():
            clear = min(self.path_clearance(p), self.wall_clearance(p) - 0.03,
                        self.prop_clearance(p), border_distance(p))
            score = clear - 0.15 * math.hypot(p[0] - 0.5, p[1] - 0.5)
            if best is None or score > best[0]:
                best = (score, p, clear)
        return (best[1], best[2]) if best else None

    def city_spot(self, feature: int, radius: float) -> Point | None:
        """A point of city ``feature`` where a disc of ``radius`` fits inside the walls,
        away from the figure's anchor, shields and other symbols."""
        return self.place("city_spot", (feature, radius),  # type: ignore[no-any-return]
                          lambda: self._city_spot(feature, radius))

    def _city_spot(self, feature: int, radius: float) -> Point | None:
        city = self.city(feature)
        if city is None:
            return None
        anchor = self.anchors.get(feature)
        best: tuple[float, Point] | None = None
        for p in _GRID_POINTS:
            if not point_in_polygon(p, city.polygon):
                continue
            room = min(border_distance(p) - 0.02, self.wall_clearance(p) - 0.035,
                       self.path_clearance(p), self.prop_clearance(p))
            away = math.hypot(p[0] - anchor[0], p[1] - anchor[1]) if anchor else 0.3
            # room for the disc first, then clear of the figure, then roomy and central
            score = (min(room - radius, 0.0) * 8 + min(away - radius - 0.06, 0.0) * 6
                     + min(room - radius, 0.04) + 0.3 * min(away, 0.25)
                     - 0.1 * math.hypot(p[0] - 0.5, p[1] - 0.5))
            if best is None or score > best[0]:
                best = (score, p)
        return best[1] if best else None

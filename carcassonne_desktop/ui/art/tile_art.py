"""Procedural tile art drawn from the catalogue geometry.

Every tile is painted from its layout (see :mod:`tile_layout`): green fields,
roads, rivers, walled cities with little houses, cloisters, crossroads hamlets
and shields. Small sizes are drawn supersampled and scaled down so a
16 px tile still reads as "city on top, road across"; buildings are drawn upright
in board orientation whatever the tile's rotation. Colours come from the palette
(``assets/themes/palette.json``).

Symbols the expansions bring (goods, hills, vineyards, bridges ...) are not named
here: every feature key and tile flag that has a painter registered in
:mod:`carcassonne_desktop.ui.expansions` is painted by it, in its layer; the
props they register (buildings, pools) are placed by the layout and painted by
their own painters, in their order among the core's buildings. All of this runs
once per (tile, rotation, size); the surfaces are cached.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from carcassonne_desktop.engine.figure_geometry import feature_anchor
from carcassonne_desktop.engine.tile_geometry import (
    Point,
    border_distance,
    dist_point_polyline,
    point_along,
    point_in_polygon,
    polyline_length,
    rotate_point,
    rotate_points,
    runs_where,
    unrotate_port,
)
from carcassonne_desktop.engine.tile_layout import (
    RIVER_HALF_WIDTH,
    ROAD_HALF_WIDTH,
    CityShape,
    PathShape,
    Prop,
    centre_kind_radii,
    tile_layout,
)
from carcassonne_desktop.ui.art.cache import LruCache
from carcassonne_desktop.ui.art.symbols import SymbolContext
from carcassonne_desktop.ui.expansions import Layer, PropLayer, tile_props, tile_symbols
from carcassonne_desktop.ui.resources import colour

__all__ = [
    "Painter",
    "TileArtCache",
    "feature_anchor",
    "feature_index_for_port",
    "house",
    "render_tile",
    "shadow",
]

_MAX_WORK_PX = 512


def _c(name: str) -> pygame.Color:
    return colour("tile", name)


class Painter:
    """Draws unit-square shapes onto a square surface of ``scale`` pixels per unit."""

    def __init__(self, surface: pygame.Surface, scale: float, px: float) -> None:
        self.surface = surface
        self.k = scale
        self.px = px  # size of one final (after downscaling) pixel, in work pixels

    def pt(self, p: Point) -> tuple[float, float]:
        return (p[0] * self.k, p[1] * self.k)

    def w(self, units: float, min_final_px: float = 1.0) -> int:
        return max(1, round(max(units * self.k, min_final_px * self.px)))

    def polygon(self, points: Sequence[Point], col: pygame.Color,
                on: pygame.Surface | None = None) -> None:
        pygame.draw.polygon(on or self.surface, col, [self.pt(p) for p in points])

    def stroke(self, points: Sequence[Point], col: pygame.Color, width: float, min_px: float = 1.0,
               on: pygame.Surface | None = None) -> None:
        """A thick polyline with round joins and caps."""
        target = on or self.surface
        w = self.w(width, min_px)
        pts = [self.pt(p) for p in points]
        if len(pts) > 1:
            pygame.draw.lines(target, col, False, pts, w)
        r = w / 2
        if r >= 1.5:
            for p in pts:
                pygame.draw.circle(target, col, p, r)

    def circle(self, c: Point, radius: float, col: pygame.Color, width: float = 0.0,
               on: pygame.Surface | None = None) -> None:
        pygame.draw.circle(on or self.surface, col, self.pt(c), max(1.0, radius * self.k),
                           0 if width <= 0 else self.w(width))

    def ellipse(self, c: Point, rx: float, ry: float, col: pygame.Color, width: float = 0.0,
                on: pygame.Surface | None = None) -> None:
        rect = pygame.Rect(0, 0, max(2, round(2 * rx * self.k)), max(2, round(2 * ry * self.k)))
        rect.center = (round(c[0] * self.k), round(c[1] * self.k))
        pygame.draw.ellipse(on or self.surface, col, rect, 0 if width <= 0 else self.w(width))

    def overlay(self) -> pygame.Surface:
        """A transparent sheet the size of the work surface, for translucent shading:
        draw on it (``on=sheet``) with alpha colours, then :meth:`blend` it."""
        return pygame.Surface(self.surface.get_size(), pygame.SRCALPHA)

    def blend(self, sheet: pygame.Surface) -> None:
        self.surface.blit(sheet, (0, 0))


# --------------------------------------------------------------------------- pieces


def house(p: Painter, cx: float, cy: float, w: float, body: pygame.Color, roof: pygame.Color,
          outline: bool) -> None:
    """A little house seen from the front: wall, pitched roof, door (public so that
    the expansions' buildings match the core's)."""
    h = w * 0.55
    left, right = cx - w / 2, cx + w / 2
    base = cy + h * 0.55
    top = cy - h * 0.05
    apex = cy - h * 0.85
    dark = _c("building_dark")
    if outline:
        p.polygon([(left - 0.008, top - 0.004), (right + 0.008, top - 0.004), (right + 0.008, base + 0.008),
                   (left - 0.008, base + 0.008)], dark)
        p.polygon([(left - w * 0.16, top + 0.01), (cx, apex - 0.012), (right + w * 0.16, top + 0.01)], dark)
    p.polygon([(left, top), (right, top), (right, base), (left, base)], body)
    p.polygon([(left - w * 0.12, top + 0.002), (cx, apex), (right + w * 0.12, top + 0.002)], roof)
    if outline:
        dw = w * 0.22
        p.polygon([(cx - dw / 2, base), (cx - dw / 2, base - h * 0.42), (cx + dw / 2, base - h * 0.42),
                   (cx + dw / 2, base)], dark)


def shadow(p: Painter, c: Point, rx: float, ry: float) -> None:
    """A soft ground shadow under a building (shared with the expansions' buildings)."""
    shade = pygame.Surface(p.surface.get_size(), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, max(2, round(2 * rx * p.k)), max(2, round(2 * ry * p.k)))
    rect.center = (round(c[0] * p.k), round(c[1] * p.k))
    pygame.draw.ellipse(shade, (0, 0, 0, 60), rect)
    p.surface.blit(shade, (0, 0))


def _cloister(p: Painter, prop: Prop, detail: bool) -> None:
    cx, cy = prop.pos
    r = prop.radius
    shadow(p, (cx + r * 0.08, cy + r * 0.55), r * 1.05, r * 0.38)
    body, roof, dark = _c("building"), _c("cloister_roof"), _c("building_dark")
    bw, bh = r * 1.25, r * 0.62
    left, right = cx - bw / 2 + r * 0.15, cx + bw / 2 + r * 0.15
    top, base = cy - bh * 0.1, cy + bh * 0.85
    # nave
    p.polygon([(left - 0.01, top - 0.01), (right + 0.01, top - 0.01), (right + 0.01, base + 0.01),
               (left - 0.01, base + 0.01)], dark)
    p.polygon([(left, top), (right, top), (right, base), (left, base)], body)
    p.polygon([(left - r * 0.12, top + 0.004), (left + r * 0.1, cy - r * 0.55),
               (right - r * 0.1, cy - r * 0.55), (right + r * 0.12, top + 0.004)], roof)
    # bell tower
    tw = r * 0.42
    tl, tr = cx - r * 0.62, cx - r * 0.62 + tw
    ttop = cy - r * 0.55
    p.polygon([(tl - 0.008, ttop - 0.008), (tr + 0.008, ttop - 0.008), (tr + 0.008, base + 0.01),
               (tl - 0.008, base + 0.01)], dark)
    p.polygon([(tl, ttop), (tr, ttop), (tr, base), (tl, base)], body)
    spire = cy - r * 1.12
    p.polygon([(tl - r * 0.06, ttop + 0.002), ((tl + tr) / 2, spire), (tr + r * 0.06, ttop + 0.002)], roof)
    cross_w = max(0.008, r * 0.05)
    top_c = spire - r * 0.22
    p.stroke([((tl + tr) / 2, spire), ((tl + tr) / 2, top_c)], dark, cross_w)
    p.stroke([((tl + tr) / 2 - r * 0.09, top_c + r * 0.08), ((tl + tr) / 2 + r * 0.09, top_c + r * 0.08)],
             dark, cross_w)
    if detail:
        # door and windows
        dx = (left + right) / 2 + r * 0.08
        p.polygon([(dx - r * 0.1, base), (dx - r * 0.1, base - r * 0.28), (dx + r * 0.1, base - r * 0.28),
                   (dx + r * 0.1, base)], dark)
        p.circle((dx, base - r * 0.28), r * 0.1, dark)
        p.circle(((tl + tr) / 2, ttop + r * 0.22), r * 0.07, dark)


def _junction(p: Painter, prop: Prop, detail: bool) -> None:
    c = prop.pos
    p.circle(c, prop.radius, _c("road_edge"))
    p.circle(c, prop.radius * 0.82, _c("junction"))
    house(p, c[0], c[1] - 0.005, prop.radius * 1.05, _c("building"), _c("roof"), detail)


def _shield(p: Painter, prop: Prop) -> None:
    cx, cy = prop.pos
    w, h = 0.075, 0.09

    def outline(scale: float) -> list[Point]:
        ww, hh = w * scale, h * scale
        pts = [(cx - ww, cy - hh), (cx + ww, cy - hh), (cx + ww, cy + hh * 0.2)]
        for i in range(1, 8):
            a = i / 8 * math.pi / 2
            pts.append((cx + ww * math.cos(a), cy + hh * 0.2 + hh * 0.8 * math.sin(a)))
        for i in range(0, 8):
            a = math.pi / 2 + i / 8 * math.pi / 2
            pts.append((cx + ww * math.cos(a), cy + hh * 0.2 + hh * 0.8 * math.sin(a)))
        pts.append((cx - ww, cy + hh * 0.2))
        return pts

    p.polygon(outline(1.22), _c("building_dark"))
    p.polygon(outline(1.08), _c("shield_edge"))
    p.polygon(outline(0.9), _c("shield"))
    charge = _c("shield_charge")
    p.stroke([(cx, cy - h * 0.65), (cx, cy + h * 0.7)], charge, w * 0.32)
    p.stroke([(cx - w * 0.62, cy - h * 0.12), (cx + w * 0.62, cy - h * 0.12)], charge, w * 0.32)


# --------------------------------------------------------------------------- layers


def _grass(p: Painter, rng: random.Random) -> None:
    """Tufts of grass: enough texture to feel like a meadow, not enough to distract."""
    dark, light = _c("field_dark"), _c("field_light")
    for _ in range(34):
        x, y = rng.uniform(0.04, 0.96), rng.uniform(0.04, 0.96)
        col = dark if rng.random() < 0.55 else light
        p.stroke([(x - 0.012, y + 0.012), (x, y - 0.008)], col, 0.009)
        p.stroke([(x + 0.012, y + 0.012), (x + 0.003, y - 0.006)], col, 0.009)


def _paths(p: Painter, paths: Sequence[PathShape], kind: str, rivers: Sequence[PathShape]) -> None:
    if kind == "river":
        for path in paths:
            for s in path.strokes:
                p.stroke(s, _c("river_bank"), 2 * RIVER_HALF_WIDTH + 0.035, 2)
        for path in paths:
            for s in path.strokes:
                p.stroke(s, _c("river"), 2 * RIVER_HALF_WIDTH, 1.5)
        for path in paths:
            for s in path.strokes:
                _river_glints(p, s)
        return
    for path in paths:
        for s in path.strokes:
            for run in _crossings(s, rivers):
                p.stroke(run, _c("wall_dark"), 2 * ROAD_HALF_WIDTH + 0.06, 2)
                p.stroke(run, _c("wall_light"), 2 * ROAD_HALF_WIDTH + 0.035, 1.5)
            p.stroke(s, _c("road_edge"), 2 * ROAD_HALF_WIDTH + 0.022, 1.5)
    for path in paths:
        for s in path.strokes:
            p.stroke(s, _c("road"), 2 * ROAD_HALF_WIDTH, 1)


def _river_glints(p: Painter, stroke: Sequence[Point]) -> None:
    light = _c("river_light")
    length = polyline_length(stroke)
    n = max(1, int(length / 0.18))
    for i in range(n):
        a = point_along(stroke, (i + 0.3) / n)
        b = point_along(stroke, (i + 0.55) / n)
        off = 0.025 if i % 2 else -0.025
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / norm * off, dx / norm * off
        p.stroke([(a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy)], light, 0.012)


def _crossings(stroke: Sequence[Point], rivers: Sequence[PathShape]) -> list[list[Point]]:
    """The parts of a road that pass over a river (drawn as a stone bridge)."""
    if not rivers:
        return []
    samples = [point_along(stroke, i / 40) for i in range(41)]

    def over_water(q: Point) -> bool:
        return any(dist_point_polyline(q, s) < RIVER_HALF_WIDTH + 0.035
                   for r in rivers for s in r.strokes)

    runs = runs_where(samples, over_water)
    return [r for r in runs if len(r) > 1]


def _city(p: Painter, city: CityShape, detail: bool, fine: bool, rng: random.Random,
          avoid: Sequence[Point]) -> None:
    p.polygon(city.polygon, _c("city"))
    if detail:
        _city_houses(p, city, rng, avoid)
    for wall in city.walls:
        p.stroke(wall, _c("wall_dark"), 0.062, 2.2)
    for wall in city.walls:
        p.stroke(wall, _c("wall"), 0.04, 1.2)
    if fine:
        for wall in city.walls:
            _crenels(p, wall)
    elif detail:
        for wall in city.walls:
            p.stroke(wall, _c("wall_light"), 0.012)


def _crenels(p: Painter, wall: Sequence[Point]) -> None:
    light, dark = _c("wall_light"), _c("wall_dark")
    length = polyline_length(wall)
    n = max(2, int(length / 0.045))
    for i in range(n):
        q = point_along(wall, (i + 0.5) / n)
        p.circle(q, 0.011, dark if i % 2 else light)


def _city_houses(p: Painter, city: CityShape, rng: random.Random, avoid: Sequence[Point]) -> None:
    """Rows of little roofs inside the walls, kept off the walls and the tile border."""
    roofs = (_c("roof"), _c("roof_dark"), _c("roof"))
    spots: list[Point] = []
    step = 0.165
    y = 0.09
    row = 0
    while y < 0.95:
        x = 0.08 + (step / 2 if row % 2 else 0.0)
        while x < 0.95:
            q = (x + rng.uniform(-0.02, 0.02), y + rng.uniform(-0.015, 0.015))
            if (
                point_in_polygon(q, city.polygon)
                and border_distance(q) > 0.06
                and all(dist_point_polyline(q, w) > 0.085 for w in city.walls)
                and all(math.hypot(q[0] - a[0], q[1] - a[1]) > 0.15 for a in avoid)
            ):
                spots.append(q)
            x += step
        y += step * 0.8
        row += 1
    for q in spots:
        house(p, q[0], q[1], 0.095, _c("building"), roofs[rng.randrange(3)], False)


# --------------------------------------------------------------------------- public


def _rotate_prop(prop: Prop, rot: int) -> Prop:
    return Prop(prop.kind, rotate_point(prop.pos, rot), prop.radius, prop.feature)


def _rotate_city(city: CityShape, rot: int) -> CityShape:
    return CityShape(city.feature, rotate_points(city.polygon, rot),
                     tuple(rotate_points(w, rot) for w in city.walls), city.shield)


def _rotate_path(path: PathShape, rot: int) -> PathShape:
    return PathShape(path.feature, path.kind, tuple(rotate_points(s, rot) for s in path.strokes))


def _work_scale(size: int) -> int:
    """Supersampling factor: small tiles are drawn big and scaled down for clean edges."""
    factor = max(2, math.ceil(128 / max(1, size)))
    while factor > 1 and size * factor > _MAX_WORK_PX:
        factor -= 1
    return factor


def render_tile(tile: Mapping[str, Any], rot: int, size: int) -> pygame.Surface:
    """Draw a catalogue tile at ``size`` x ``size`` pixels, turned ``rot`` quarter turns clockwise."""
    if size < 1:
        raise ValueError("size must be positive")
    rot %= 4
    layout = tile_layout(tile)
    factor = _work_scale(size)
    work = size * factor
    surface = pygame.Surface((work, work))
    p = Painter(surface, work, factor)
    detail, fine = size >= 40, size >= 120
    rng = random.Random(zlib.crc32(str(tile.get("id", "")).encode()) + rot)

    surface.fill(_c("field"))
    if size >= 28:
        _grass(p, rng)
    cities = [_rotate_city(c, rot) for c in layout.cities]
    paths = [_rotate_path(path, rot) for path in layout.paths]
    props = [_rotate_prop(prop, rot) for prop in layout.props]
    rivers = [path for path in paths if path.kind == "river"]
    symbols = _symbols_of(tile)
    context = SymbolContext(
        p, tile, rot, size, detail, fine, cities, paths, props,
        {index: rotate_point(anchor, rot) for index, anchor in layout.anchors.items()},
        random.Random((zlib.crc32(str(tile.get("id", "")).encode()) ^ 0x5EED) + rot),
        repr((tile.get("id"), tile["features"], tile.get("flags"))),
    ) if symbols else None
    _paint_symbols(context, symbols, "ground")
    _paths(p, rivers, "river", [])
    _paint_props(p, props, "water", detail, rng)
    _paths(p, [path for path in paths if path.kind == "road"], "road", rivers)
    registered = tile_props()
    # houses keep clear of what stands in a city: shields and city-anchored props
    avoid = [prop.pos for prop in props if prop.kind == "shield"
             or (prop.kind in registered and registered[prop.kind].placement == "city_anchor")]
    for city in cities:
        _city(p, city, detail, fine, rng, avoid)
    _paint_symbols(context, symbols, "terrain")
    _paint_props(p, props, "buildings", detail, rng)
    _paint_symbols(context, symbols, "top")

    if factor > 1:
        surface = pygame.transform.smoothscale(surface, (size, size))
    if size >= 24:
        _edge_shade(surface)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert()
    return surface


#: Draw order of the core's buildings (lower first); registered props bring their own.
_CORE_PROP_ORDER = {"junction": 1.0, "cloister": 4.0, "shield": 6.0}


def _paint_props(p: Painter, props: Sequence[Prop], layer: PropLayer, detail: bool,
                 rng: random.Random) -> None:
    """The props of one layer, in draw order (ties keep the layout's order). The
    core's buildings are all in ``buildings``; a registered prop in its layer."""
    registered = tile_props()

    def order(prop: Prop) -> float:
        kind = registered.get(prop.kind)
        return kind.order if kind is not None else _CORE_PROP_ORDER.get(prop.kind, 9.0)

    for prop in sorted(props, key=order):
        kind = registered.get(prop.kind)
        if kind is not None:
            if kind.layer == layer:
                kind.painter(p, prop, detail, rng)
        elif layer != "buildings":
            continue
        elif prop.kind == "junction":
            _junction(p, prop, detail)
        elif prop.kind == "cloister":
            _cloister(p, prop, detail)
        elif prop.kind == "shield":
            _shield(p, prop)


_Symbol = tuple[str, int | None, Any]


def _symbols_of(tile: Mapping[str, Any]) -> list[_Symbol]:
    """(name, feature index or None for a tile flag, value) of every key of the tile
    that has a registered painter, features first, in catalogue order."""
    registered = tile_symbols()
    if not registered:
        return []
    found: list[_Symbol] = []
    for index, feature in enumerate(tile["features"]):
        for key, value in feature.items():
            if key in registered and value and key not in ("kind", "ports"):
                found.append((key, index, value))
    for key, value in (tile.get("flags") or {}).items():
        if key in registered and value:
            found.append((key, None, value))
    return found


def _paint_symbols(context: SymbolContext | None, symbols: Sequence[_Symbol], layer: Layer) -> None:
    if context is None:
        return
    registered = tile_symbols()
    for name, feature, value in symbols:
        symbol = registered[name]
        if symbol.layer == layer:
            symbol.painter(context, feature, value)


def _edge_shade(surface: pygame.Surface) -> None:
    """A faint seam so individual tiles stay readable without breaking cities and roads."""
    w, h = surface.get_size()
    seam = pygame.Surface((w, h), pygame.SRCALPHA)
    edge = _c("tile_border")
    pygame.draw.rect(seam, (edge.r, edge.g, edge.b, 70), seam.get_rect(), 1)
    surface.blit(seam, (0, 0))


def feature_index_for_port(tile: Mapping[str, Any], rot: int, port: str) -> int:
    """The index of the feature touching board port ``port`` of a tile turned ``rot``.

    ``C`` names the tile's cloister or registered centre feature. Raises
    KeyError when no feature touches that port.
    """
    catalogue_port = unrotate_port(port, rot)
    for index, feature in enumerate(tile["features"]):
        if catalogue_port in feature.get("ports", ()):
            return index
    if catalogue_port == "C":
        centre_kinds = centre_kind_radii()
        for index, feature in enumerate(tile["features"]):
            if feature["kind"] in centre_kinds:
                return index
    raise KeyError(f"tile {tile.get('id')} has no feature on port {port} (rot {rot})")


class TileArtCache:
    """Rendered tiles keyed by (tile id, rot, size), bounded, least recently used evicted."""

    def __init__(self, max_entries: int = 1024) -> None:
        self._cache: LruCache[tuple[str, int, int], pygame.Surface] = LruCache(max_entries)

    @property
    def max_entries(self) -> int:
        return self._cache.max_entries

    @property
    def evictions(self) -> int:
        return self._cache.evictions

    def __len__(self) -> int:
        return len(self._cache)

    def __contains__(self, key: object) -> bool:
        return key in self._cache

    def peek(self, tile_id: str, rot: int, size: int) -> pygame.Surface | None:
        """A cached surface or None, without rendering."""
        return self._cache.peek((tile_id, rot % 4, size))

    def get(self, tile: Mapping[str, Any], rot: int, size: int) -> pygame.Surface:
        """The tile's art at that rotation and size, rendered on first use."""
        key = (str(tile["id"]), rot % 4, int(size))
        return self._cache.get_or_create(key, lambda: render_tile(tile, rot, size))

    def clear(self) -> None:
        self._cache.clear()

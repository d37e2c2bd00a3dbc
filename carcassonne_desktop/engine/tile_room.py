"""Where there is room on a tile: distances to walls, paths and props, and
the roomy points of fields and cities where figures and props stand.

Kept apart from :mod:`engine.tile_layout` so that the layout reads as the
list of what goes where, and the search for free space (the slow, memoised
part) has one home.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from carcassonne_desktop.engine.tile_geometry import (
    CENTRE,
    Point,
    Polyline,
    border_distance,
    dist_point_polyline,
    point_in_polygon,
)
from carcassonne_desktop.engine.tile_shapes import CityShape

GRID = 21


@dataclass
class Obstacles:
    """What a prop or a figure should keep clear of, with distances in tile units.

    The distance to walls and paths is memoised per point: the layout asks about
    the same grid points many times and pure-Python geometry is not free.
    """

    polygons: list[Polyline] = field(default_factory=list)
    walls: list[Polyline] = field(default_factory=list)
    strokes: list[tuple[Polyline, float]] = field(default_factory=list)
    discs: list[tuple[Point, float]] = field(default_factory=list)
    _terrain: dict[Point, float] = field(default_factory=dict)
    _city: dict[Point, bool] = field(default_factory=dict)
    _version: tuple[int, int, int] = (0, 0, 0)

    def _check_version(self) -> None:
        version = (len(self.polygons), len(self.walls), len(self.strokes))
        if version != self._version:
            self._terrain.clear()
            self._city.clear()
            self._version = version

    def in_city(self, p: Point) -> bool:
        self._check_version()
        cached = self._city.get(p)
        if cached is None:
            cached = any(point_in_polygon(p, poly) for poly in self.polygons)
            self._city[p] = cached
        return cached

    def on_path(self, p: Point, margin: float = 0.0) -> bool:
        return any(dist_point_polyline(p, s, hw + margin) < hw + margin for s, hw in self.strokes)

    def clearance(self, p: Point) -> float:
        """Distance to the nearest wall, path, prop or tile border."""
        self._check_version()
        best = self._terrain.get(p)
        if best is None:
            best = border_distance(p) - 0.03
            for wall in self.walls:
                best = min(best, dist_point_polyline(p, wall, best + 0.02) - 0.02)
            for stroke, hw in self.strokes:
                best = min(best, dist_point_polyline(p, stroke, best + hw) - hw)
            self._terrain[p] = best
        for centre, radius in self.discs:
            best = min(best, math.hypot(p[0] - centre[0], p[1] - centre[1]) - radius)
        return best


GRID_POINTS: list[Point] = [((i + 0.5) / GRID, (j + 0.5) / GRID) for j in range(GRID) for i in range(GRID)]


def grid_points() -> list[Point]:
    return GRID_POINTS


def find_field_spot(obstacles: Obstacles, desired: float) -> tuple[Point, float]:
    """The field point nearest the centre that keeps ``desired`` clearance (or the roomiest)."""
    best: tuple[float, Point, float] | None = None
    for p in grid_points():
        if obstacles.in_city(p):
            continue
        clear = obstacles.clearance(p)
        score = min(clear, desired) - 0.18 * math.hypot(p[0] - 0.5, p[1] - 0.5)
        if best is None or score > best[0]:
            best = (score, p, clear)
    if best is None:
        return CENTRE, 0.1
    return best[1], best[2]


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd cross (touching ends do not count)."""
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return (side(a, b, c) * side(a, b, d) < 0) and (side(c, d, a) * side(c, d, b) < 0)


def nearest_city_point(start: Point, obstacles: Obstacles) -> Point:
    """A point a little inside the city nearest to ``start`` (a road's end)."""
    inside = [p for p in grid_points() if obstacles.in_city(p)]
    if not inside:
        return CENTRE
    near = min(inside, key=lambda p: math.hypot(p[0] - start[0], p[1] - start[1]))
    dx, dy = near[0] - start[0], near[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    return (near[0] + dx / length * 0.08, near[1] + dy / length * 0.08)



def city_points(city: CityShape) -> list[Point]:
    cached = _CITY_POINTS.get(id(city))
    if cached is None or cached[0] is not city:
        cached = (city, [p for p in GRID_POINTS if point_in_polygon(p, city.polygon)])
        _CITY_POINTS[id(city)] = cached
    return cached[1]


_CITY_POINTS: dict[int, tuple[CityShape, list[Point]]] = {}


def city_clearance(city: CityShape, p: Point) -> float:
    best = border_distance(p) + 0.04
    for wall in city.walls:
        best = min(best, dist_point_polyline(p, wall))
    return best


def city_anchor(city: CityShape, obstacles: Obstacles) -> Point:
    """The roomiest point of the city, away from roads entering it."""
    del obstacles
    best: tuple[float, Point] | None = None
    for p in city_points(city):
        score = city_clearance(city, p) - 0.1 * math.hypot(p[0] - 0.5, p[1] - 0.5)
        if best is None or score > best[0]:
            best = (score, p)
    return best[1] if best else CENTRE


def shift_inside(city: CityShape, p: Point, delta: Point) -> Point:
    q = (p[0] + delta[0], p[1] + delta[1])
    return q if point_in_polygon(q, city.polygon) and border_distance(q) > 0.12 else p


def upright_inside(city: CityShape, p: Point, delta: Point) -> bool:
    """Whether ``p`` moved by ``delta`` in board orientation stays well inside
    the city whichever way the tile turns (the four turns of ``delta``)."""
    dx, dy = delta
    return (dx, dy) != (0.0, 0.0) and all(
        shift_inside(city, p, d) != p for d in ((dx, dy), (-dy, dx), (-dx, -dy), (dy, -dx)))


def shield_spot(city: CityShape, anchor: Point) -> Point:
    """A roomy city point away from where the figure stands."""
    best: tuple[float, Point] | None = None
    for p in city_points(city):
        clear = min(city_clearance(city, p) - 0.02, border_distance(p) - 0.06)
        away = math.hypot(p[0] - anchor[0], p[1] - anchor[1])
        score = min(clear, 0.1) + 0.6 * min(away, 0.22)
        if best is None or score > best[0]:
            best = (score, p)
    return best[1] if best else anchor

"""The shapes of a tile's cities, roads and rivers, in unit coordinates and
catalogue orientation.

Kept apart from :mod:`engine.tile_layout` (which places figures and props
among these shapes) because the shapes are pure geometry from the ports a
feature touches, with no rule and no expansion in them.
"""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne_desktop.engine.tile_geometry import (
    CENTRE,
    EDGE_MID,
    EDGES,
    Polyline,
    cubic_bezier,
    quad_bezier,
    rotate_points,
    rotate_port,
)


@dataclass(frozen=True)
class CityShape:
    """One city feature: its filled region and the walls facing the fields."""

    feature: int
    polygon: Polyline
    walls: tuple[Polyline, ...]
    shield: bool


@dataclass(frozen=True)
class PathShape:
    """A road or river feature as strokes (each starts at a port)."""

    feature: int
    kind: str
    strokes: tuple[Polyline, ...]


# --------------------------------------------------------------------------- cities


def _cap_north(shared_corners: bool) -> tuple[Polyline, list[Polyline]]:
    """A single-edge city: a rounded cap on the north edge.

    When a second city shares a corner the cap's ends leave the corner at less
    than 45 degrees, so the two caps touch only at the corner and never merge.
    """
    a, h = (0.38, 0.36) if shared_corners else (0.2, 0.42)
    wall = cubic_bezier((1.0, 0.0), (1.0 - a, h), (a, h), (0.0, 0.0), 14)
    return [(0.0, 0.0)] + wall[:-1], [wall]


def _corner_north_west() -> tuple[Polyline, list[Polyline]]:
    wall = cubic_bezier((0.0, 1.0), (0.3, 0.62), (0.62, 0.3), (1.0, 0.0), 14)
    return [(0.0, 0.0)] + wall, [wall]


def _band_east_west() -> tuple[Polyline, list[Polyline]]:
    top = cubic_bezier((0.0, 0.0), (0.3, 0.3), (0.7, 0.3), (1.0, 0.0), 14)
    bottom = cubic_bezier((1.0, 1.0), (0.7, 0.7), (0.3, 0.7), (0.0, 1.0), 14)
    return top + bottom, [top, bottom]


def _three_north_east_west() -> tuple[Polyline, list[Polyline]]:
    wall = cubic_bezier((1.0, 1.0), (0.7, 0.6), (0.3, 0.6), (0.0, 1.0), 14)
    return [(0.0, 0.0), (1.0, 0.0)] + wall, [wall]


def city_shape(edges: frozenset[str], shared_corners: bool) -> tuple[Polyline, list[Polyline]]:
    """Polygon and walls for a city touching ``edges``, by rotating a canonical shape."""
    if len(edges) >= 4 or not edges:
        return [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)], []
    if len(edges) == 1:
        canonical, build = frozenset({"N"}), lambda: _cap_north(shared_corners)
    elif len(edges) == 3:
        canonical, build = frozenset({"N", "E", "W"}), _three_north_east_west
    elif edges in (frozenset({"E", "W"}), frozenset({"N", "S"})):
        canonical, build = frozenset({"E", "W"}), _band_east_west
    else:
        canonical, build = frozenset({"N", "W"}), _corner_north_west
    for rot in range(4):
        if frozenset(rotate_port(e, rot) for e in canonical) == edges:
            polygon, walls = build()
            return rotate_points(polygon, rot), [rotate_points(w, rot) for w in walls]
    raise ValueError(f"no city shape for edges {sorted(edges)}")


# --------------------------------------------------------------------------- paths


def through_stroke(a: str, b: str) -> Polyline:
    """A path between two edge ports: straight when opposite, else a curve round the corner."""
    pa, pb = EDGE_MID[a], EDGE_MID[b]
    if abs(pa[0] - pb[0]) == 1.0 or abs(pa[1] - pb[1]) == 1.0:
        return [pa, pb]
    return quad_bezier(pa, CENTRE, pb, 10)


def opposite_edge(edge: str) -> str:
    return EDGES[(EDGES.index(edge) + 2) % 4]

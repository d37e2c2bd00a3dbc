"""Unit-square geometry shared by the tile art and the figure anchors.

A tile is the unit square, x to the east and y to the south (DESIGN.md section 3),
so the same numbers serve drawing at any pixel size and placing figures.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

Point = tuple[float, float]
Polyline = list[Point]

EDGES: tuple[str, ...] = ("N", "E", "S", "W")
EDGE_MID: dict[str, Point] = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}
HALF_EDGE_POINT: dict[str, Point] = {
    "NW": (0.25, 0.0), "NE": (0.75, 0.0), "EN": (1.0, 0.25), "ES": (1.0, 0.75),
    "SE": (0.75, 1.0), "SW": (0.25, 1.0), "WS": (0.0, 0.75), "WN": (0.0, 0.25),
}
CENTRE: Point = (0.5, 0.5)

_QUARTER_TURN: dict[str, str] = {
    "N": "E", "E": "S", "S": "W", "W": "N",
    "NW": "EN", "EN": "SE", "SE": "WS", "WS": "NW",
    "NE": "ES", "ES": "SW", "SW": "WN", "WN": "NE",
    "C": "C",
}


def rotate_port(port: str, rot: int) -> str:
    """The port after ``rot`` clockwise quarter turns (catalogue -> board orientation)."""
    for _ in range(rot % 4):
        port = _QUARTER_TURN[port]
    return port


def unrotate_port(port: str, rot: int) -> str:
    """The catalogue port that ends up at board port ``port`` after ``rot`` turns."""
    return rotate_port(port, (4 - rot % 4) % 4)


def rotate_point(point: Point, rot: int) -> Point:
    """A unit-square point after ``rot`` clockwise quarter turns about the centre."""
    x, y = point
    for _ in range(rot % 4):
        x, y = 1.0 - y, x
    return (x, y)


def rotate_points(points: Iterable[Point], rot: int) -> Polyline:
    """Every point of a polyline or polygon rotated (see :func:`rotate_point`)."""
    return [rotate_point(p, rot) for p in points]


def port_point(port: str) -> Point:
    """Where a port touches the tile border (the centre for ``C``)."""
    if port == "C":
        return CENTRE
    if port in EDGE_MID:
        return EDGE_MID[port]
    return HALF_EDGE_POINT[port]


def quad_bezier(p0: Point, p1: Point, p2: Point, steps: int = 16) -> Polyline:
    """Sampled quadratic Bezier curve, end points included."""
    out: Polyline = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def cubic_bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 20) -> Polyline:
    """Sampled cubic Bezier curve, end points included."""
    out: Polyline = []
    for i in range(steps + 1):
        t = i / steps
        a, b = (1 - t) ** 3, 3 * (1 - t) ** 2 * t
        c, d = 3 * (1 - t) * t * t, t**3
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def line(p0: Point, p1: Point, steps: int = 8) -> Polyline:
    """A straight segment sampled like the curves (so every path is a polyline)."""
    return [(p0[0] + (p1[0] - p0[0]) * i / steps, p0[1] + (p1[1] - p0[1]) * i / steps) for i in range(steps + 1)]


def dist_point_segment(p: Point, a: Point, b: Point) -> float:
    """Euclidean distance from ``p`` to the segment ``ab``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 <= 1e-12:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def dist_point_polyline(p: Point, polyline: Sequence[Point], bound: float = math.inf) -> float:
    """Distance from ``p`` to the nearest segment of a polyline.

    Written as one flat loop on squared distances because the layout code calls
    it hundreds of thousands of times; ``bound`` lets callers skip a polyline
    whose bounding box is already farther than the best distance found.
    """
    px, py = p
    if bound != math.inf:
        xs = [q[0] for q in polyline]
        ys = [q[1] for q in polyline]
        bx = max(min(xs) - px, 0.0, px - max(xs))
        by = max(min(ys) - py, 0.0, py - max(ys))
        if bx * bx + by * by >= bound * bound:
            return bound
    if len(polyline) == 1:
        return math.hypot(px - polyline[0][0], py - polyline[0][1])
    best = math.inf
    ax, ay = polyline[0]
    for bx_, by_ in polyline[1:]:
        dx, dy = bx_ - ax, by_ - ay
        length2 = dx * dx + dy * dy
        if length2 <= 1e-12:
            ex, ey = px - ax, py - ay
        else:
            t = ((px - ax) * dx + (py - ay) * dy) / length2
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            ex, ey = px - ax - t * dx, py - ay - t * dy
        d2 = ex * ex + ey * ey
        if d2 < best:
            best = d2
        ax, ay = bx_, by_
    return math.sqrt(best)


def point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule containment test."""
    x, y = p
    inside = False
    n = len(polygon)
    j = n - 1
    for i in range(n):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def polyline_length(polyline: Sequence[Point]) -> float:
    """Total length of a polyline."""
    return sum(
        math.hypot(polyline[i + 1][0] - polyline[i][0], polyline[i + 1][1] - polyline[i][1])
        for i in range(len(polyline) - 1)
    )


def point_along(polyline: Sequence[Point], fraction: float) -> Point:
    """The point at ``fraction`` (0..1) of a polyline's length."""
    target = max(0.0, min(1.0, fraction)) * polyline_length(polyline)
    walked = 0.0
    for i in range(len(polyline) - 1):
        a, b = polyline[i], polyline[i + 1]
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if walked + seg >= target and seg > 0:
            t = (target - walked) / seg
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        walked += seg
    return polyline[-1]


def border_distance(p: Point) -> float:
    """Distance from a point inside the unit square to its border."""
    return min(p[0], p[1], 1.0 - p[0], 1.0 - p[1])


def runs_where(points: Iterable[Point], keep: Callable[[Point], bool]) -> list[list[Point]]:
    """The maximal runs of consecutive points for which `keep` holds (a bridge
    where a road crosses water, a row of vines where the field is free)."""
    runs: list[list[Point]] = []
    current: list[Point] = []
    for q in points:
        if keep(q):
            current.append(q)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs

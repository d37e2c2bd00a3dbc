"""Where everything on a tile goes, in unit coordinates and catalogue orientation.

The catalogue only says which ports each feature touches; this module turns that
into shapes (city polygons and walls, road and river strokes), positions of the
small pictures (cloister, shields, and the props the expansions declare in
:mod:`carcassonne_desktop.engine.layout_props`) and the point where a figure
stands on each feature. It is the engine's (pure Python, no drawing): where a
figure stands is a rule once the Catapult's hits are judged from a point
(DESIGN 5c, :mod:`engine.figure_geometry`), and the interface paints the same
layout, so a figure is drawn exactly where the engine says it stands and a
farmer always on the field it belongs to. Layouts are computed once per tile
id and cached.

Props of the expansions are placed by name through the declared placements
(``centre``, ``beside_path``, ``city_anchor``, ``path_end``), so this module
never names an expansion's feature or flag.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from carcassonne_desktop.engine.layout_props import PropPlacement, props_placed
from carcassonne_desktop.engine.tile_geometry import (
    CENTRE,
    EDGE_MID,
    HALF_EDGE_POINT,
    Point,
    Polyline,
    line,
    point_along,
)
from carcassonne_desktop.engine.tile_room import (
    GRID,
    Obstacles,
    city_anchor,
    find_field_spot,
    grid_points,
    nearest_city_point,
    segments_cross,
    shield_spot,
    shift_inside,
    upright_inside,
)
from carcassonne_desktop.engine.tile_shapes import (
    CityShape,
    PathShape,
    city_shape,
    opposite_edge,
    through_stroke,
)

#: Feature kinds of the core drawn as a building in the field (the figure stands
#: on it, port ``C`` names it), with the radius they would like; a dead-end road
#: runs to them. Expansions add kinds with ``register_prop_placement(name, "centre")``.
CORE_CENTRE_KINDS: dict[str, float] = {"cloister": 0.19}

ROAD_HALF_WIDTH = 0.055
RIVER_HALF_WIDTH = 0.085

@dataclass(frozen=True)
class Prop:
    """A small picture drawn on top of the terrain (cloister, shield, hamlet, or a
    prop an expansion registered), in unit coordinates."""

    kind: str
    pos: Point
    radius: float
    feature: int | None = None


@dataclass
class TileLayout:
    """Everything needed to draw a tile and to stand figures on it (rot 0)."""

    cities: list[CityShape] = field(default_factory=list)
    paths: list[PathShape] = field(default_factory=list)
    props: list[Prop] = field(default_factory=list)
    anchors: dict[int, Point] = field(default_factory=dict)
    #: The part of an anchor that stays upright when the tile turns: a figure
    #: before the door of a building drawn upright (a shrine), by feature index.
    upright_shifts: dict[int, Point] = field(default_factory=dict)

    def rivers(self) -> list[PathShape]:
        return [p for p in self.paths if p.kind == "river"]

    def roads(self) -> list[PathShape]:
        return [p for p in self.paths if p.kind == "road"]


# --------------------------------------------------------------------------- layout


def _feature_flag(feature: Mapping[str, Any], name: str) -> bool:
    return bool(feature.get(name))


def build_layout(tile: Mapping[str, Any]) -> TileLayout:
    """Compute the layout of one catalogue tile (catalogue orientation)."""
    features: Sequence[Mapping[str, Any]] = tile["features"]
    flags: Mapping[str, Any] = tile.get("flags") or {}
    layout = TileLayout()
    obstacles = Obstacles()

    # Cities first: everything else avoids them.
    city_indexes = [i for i, f in enumerate(features) if f["kind"] == "city"]
    city_edges = [frozenset(p for p in features[i]["ports"] if p in EDGE_MID) for i in city_indexes]
    shared = len(city_indexes) > 1
    for index, edges in zip(city_indexes, city_edges):
        polygon, walls = city_shape(edges, shared)
        feature = features[index]
        layout.cities.append(
            CityShape(index, polygon, tuple(walls), _feature_flag(feature, "shield"))
        )
        obstacles.polygons.append(polygon)
        obstacles.walls.extend(walls)

    # Rivers, then roads that cross the tile (they fix where the centre is free).
    dead_ends: list[tuple[int, str]] = []
    for index, feature in enumerate(features):
        kind = feature["kind"]
        if kind not in ("road", "river"):
            continue
        ports = [p for p in feature["ports"] if p in EDGE_MID]
        hw = RIVER_HALF_WIDTH if kind == "river" else ROAD_HALF_WIDTH
        if len(ports) == 2:
            strokes = (through_stroke(ports[0], ports[1]),)
        elif len(ports) >= 3:
            strokes = tuple([EDGE_MID[p], CENTRE] for p in ports)
            if kind == "road":  # arms of a river just meet: no crossroads hamlet
                layout.props.append(Prop("junction", CENTRE, 0.1))
        elif kind == "river" and len(ports) == 1:
            strokes = ([EDGE_MID[ports[0]], CENTRE],)
            end = _path_end_prop(flags)
            if end is not None:
                layout.props.append(Prop(end.name, CENTRE, end.radius, index))
        else:
            if ports:
                dead_ends.append((index, ports[0]))
            continue
        layout.paths.append(PathShape(index, kind, strokes))
        obstacles.strokes.extend((s, hw) for s in strokes)
    for prop in layout.props:
        obstacles.discs.append((prop.pos, prop.radius))

    # Cloisters and registered centre kinds sit in the field, as near the
    # centre as room allows.
    centre_kinds = centre_kind_radii()
    drawn_as = centre_prop_names()
    centre_props: dict[int, Prop] = {}
    for index, feature in enumerate(features):
        kind = feature["kind"]
        if kind in centre_kinds:
            desired = centre_kinds[kind]
            pos, clear = find_field_spot(obstacles, desired)
            radius = max(0.08, min(desired, clear))
            prop = Prop(drawn_as.get(kind, kind), pos, radius, index)
            centre_props[index] = prop
            layout.props.append(prop)
            obstacles.discs.append((pos, radius))
    road_ends = set(CORE_CENTRE_KINDS) | {k.name for k in props_placed("centre") if k.road_end}
    cloister = next((p for p in centre_props.values() if p.kind in road_ends), None)

    # Roads that stop on this tile: at the junction, the cloister, inside a city, or a hamlet.
    needs_hamlet = False
    laid: list[Polyline] = []
    for index, port in dead_ends:
        start = EDGE_MID[port]
        if flags.get("junction"):
            end = CENTRE
            needs_hamlet = True
        elif cloister is not None:
            end = cloister.pos
        else:
            end = None
            ray = line(start, EDGE_MID[opposite_edge(port)], 40)
            for k, p in enumerate(ray[3:], start=3):
                if obstacles.in_city(p):
                    end = ray[min(k + 4, len(ray) - 1)]
                    break
            if end is None:
                end = CENTRE
                needs_hamlet = True
            elif any(segments_cross(start, end, a, b) for a, b in laid):
                # two roads running into one city would cross (kr/04's roads S
                # and E under a city N-W): this one turns to the nearest wall
                end = nearest_city_point(start, obstacles)
        stroke = [start, end]
        laid.append(stroke)
        layout.paths.append(PathShape(index, "road", (stroke,)))
        obstacles.strokes.append((stroke, ROAD_HALF_WIDTH))
    if needs_hamlet and not any(p.kind == "junction" for p in layout.props):
        layout.props.append(Prop("junction", CENTRE, 0.1))
        obstacles.discs.append((CENTRE, 0.1))

    # Props registered beside a road (a building by the wayside) for the key on the road.
    beside = props_placed("beside_path")
    for path in layout.roads():
        for kind in beside:
            if not _feature_flag(features[path.feature], kind.name):
                continue
            pos = _beside_path(path, obstacles)
            layout.props.append(Prop(kind.name, pos, kind.radius, path.feature))
            obstacles.discs.append((pos, kind.radius))

    # Figure anchors, props that take the figure's spot in a city, and shields.
    in_city = props_placed("city_anchor")
    for city in layout.cities:
        anchor = city_anchor(city, obstacles)
        for kind in in_city:
            if _feature_flag(features[city.feature], kind.name):
                layout.props.append(Prop(kind.name, anchor, kind.radius, city.feature))
                if upright_inside(city, anchor, kind.anchor_shift):
                    # the prop is drawn upright: the figure stays in front of
                    # it (below) whatever the turn; turned with the tile, a
                    # cathedral's follower stood beside it or above it
                    layout.upright_shifts[city.feature] = kind.anchor_shift
                anchor = shift_inside(city, anchor, kind.anchor_shift)
        layout.anchors[city.feature] = anchor
        if city.shield:
            layout.props.append(Prop("shield", shield_spot(city, anchor), 0.08, city.feature))
    for path in layout.paths:
        stroke = path.strokes[0]
        fraction = 0.5
        if len(path.strokes) > 1 or _ends_inside(stroke, obstacles):
            fraction = 0.38
        layout.anchors[path.feature] = point_along(stroke, fraction)
    centre_shifts = {k.name: k.anchor_shift for k in props_placed("centre")}
    for index, prop in centre_props.items():
        dx, dy = centre_shifts.get(prop.kind, (0.0, 0.0))
        layout.anchors[index] = (prop.pos[0] + dx, prop.pos[1] + dy)
        if (dx, dy) != (0.0, 0.0):
            layout.upright_shifts[index] = (dx, dy)
    _field_anchors(features, obstacles, layout)
    for index in range(len(features)):  # kinds the art does not know: the centre
        layout.anchors.setdefault(index, CENTRE)
    return layout


def centre_kind_radii() -> dict[str, float]:
    """Every feature kind drawn as a building in the field, with its wanted radius:
    the core's and those registered with ``placement="centre"``."""
    kinds = dict(CORE_CENTRE_KINDS)
    kinds.update((kind.feature_kind or kind.name, kind.radius) for kind in props_placed("centre"))
    return kinds


def centre_prop_names() -> dict[str, str]:
    """The registered prop drawing each centre feature kind whose prop has
    another name (``feature_kind``)."""
    return {kind.feature_kind: kind.name for kind in props_placed("centre") if kind.feature_kind}


def _path_end_prop(flags: Mapping[str, Any]) -> PropPlacement | None:
    """The registered prop for where a one-edge river ends: the first whose tile
    flags are set, else the first that needs none, else nothing."""
    ends = props_placed("path_end")
    chosen = next((k for k in ends if any(flags.get(f) for f in k.flags)), None)
    return chosen or next((k for k in ends if not k.flags), None)


def _ends_inside(stroke: Polyline, obstacles: Obstacles) -> bool:
    return obstacles.in_city(stroke[-1])


def _beside_path(path: PathShape, obstacles: Obstacles) -> Point:
    """A spot next to a road, on the side with the most room."""
    best: tuple[float, Point] | None = None
    for stroke in path.strokes:
        for fraction in (0.3, 0.4, 0.5, 0.6, 0.7):
            p = point_along(stroke, fraction)
            q = point_along(stroke, min(1.0, fraction + 0.05))
            dx, dy = q[0] - p[0], q[1] - p[1]
            length = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / length, dx / length
            for side in (1.0, -1.0):
                c = (p[0] + side * nx * 0.19, p[1] + side * ny * 0.19)
                if not (0.05 < c[0] < 0.95 and 0.05 < c[1] < 0.95) or obstacles.in_city(c):
                    continue
                score = min(obstacles.clearance(c), 0.12) - 0.05 * abs(fraction - 0.5)
                if best is None or score > best[0]:
                    best = (score, c)
    return best[1] if best else (0.3, 0.3)


def _field_anchors(
    features: Sequence[Mapping[str, Any]], obstacles: Obstacles, layout: TileLayout
) -> None:
    """Split the free area into connected regions and give each field its roomiest point."""
    cells = grid_points()
    free = [not obstacles.in_city(p) and not obstacles.on_path(p, 0.005) for p in cells]
    component = [-1] * len(cells)
    sizes: list[int] = []
    for start in range(len(cells)):
        if not free[start] or component[start] >= 0:
            continue
        label = len(sizes)
        stack = [start]
        component[start] = label
        count = 0
        while stack:
            cell = stack.pop()
            count += 1
            i, j = cell % GRID, cell // GRID
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                ni, nj = i + di, j + dj
                if 0 <= ni < GRID and 0 <= nj < GRID:
                    n = nj * GRID + ni
                    if free[n] and component[n] < 0:
                        component[n] = label
                        stack.append(n)
        sizes.append(count)

    def component_at(point: Point) -> int | None:
        best: tuple[float, int] | None = None
        for idx, p in enumerate(cells):
            if component[idx] < 0 or abs(p[0] - point[0]) > 0.2 or abs(p[1] - point[1]) > 0.2:
                continue
            d = math.hypot(p[0] - point[0], p[1] - point[1])
            if d < 0.2 and (best is None or d < best[0]):
                best = (d, component[idx])
        return best[1] if best else None

    # Which region each field's ports open onto.
    claims: dict[int, list[int]] = {}
    wanted: dict[int, int | None] = {}
    for index, feature in enumerate(features):
        if feature["kind"] != "field":
            continue
        votes: dict[int, int] = {}
        for port in feature["ports"]:
            if port not in HALF_EDGE_POINT:
                continue
            label = component_at(HALF_EDGE_POINT[port])
            if label is not None:
                votes[label] = votes.get(label, 0) + 1
        choice = max(votes, key=lambda lab: (votes[lab], sizes[lab])) if votes else None
        wanted[index] = choice
        if choice is not None:
            claims.setdefault(choice, []).append(index)
    leftovers = sorted((lab for lab in range(len(sizes)) if lab not in claims), key=lambda lab: -sizes[lab])

    def owner(idx: int, label: int, index: int) -> bool:
        """Whether grid cell ``idx`` of region ``label`` belongs to field ``index``.

        Fields the art does not separate (e.g. by a hedge it does not draw) share
        a region; each then gets the cells nearest its own ports.
        """
        rivals = claims.get(label, [])
        if len(rivals) <= 1:
            return True
        p = cells[idx]

        def nearest(field_index: int) -> float:
            ports = [q for q in features[field_index]["ports"] if q in HALF_EDGE_POINT]
            return min(math.hypot(p[0] - HALF_EDGE_POINT[q][0], p[1] - HALF_EDGE_POINT[q][1]) for q in ports)

        return min(rivals, key=nearest) == index

    for index, choice in wanted.items():
        if choice is None and leftovers:
            choice = leftovers.pop(0)
        if choice is None:
            layout.anchors[index] = CENTRE
            continue
        best: tuple[float, Point] | None = None
        for idx, p in enumerate(cells):
            if component[idx] != choice:
                continue
            score = obstacles.clearance(p)
            if (best is not None and score <= best[0]) or not owner(idx, choice, index):
                continue
            if best is None or score > best[0]:
                best = (score, p)
        layout.anchors[index] = best[1] if best else CENTRE


@lru_cache(maxsize=512)
def _cached_layout(tile_id: str, tile_key: str) -> TileLayout:
    return build_layout(_PENDING[tile_key])


_PENDING: dict[str, Mapping[str, Any]] = {}


#: The layout last found for a tile mapping, by the mapping's identity: the
#: repr key below costs more than the rest of a figure's point, which the
#: Catapult asks for every figure on the board at every hurl. The entry keeps
#: the mapping (its id is never reused while it is here) and its key's parts
#: (a mapping edited in place or swapped for a new one is looked up again).
_BY_IDENTITY: dict[int, tuple[Mapping[str, Any], Any, Any, Any, TileLayout]] = {}
_BY_IDENTITY_MAX = 2048


def tile_layout(tile: Mapping[str, Any]) -> TileLayout:
    """The (cached) layout of a catalogue tile, keyed by its id and feature list."""
    seen = _BY_IDENTITY.get(id(tile))
    if (seen is not None and seen[0] is tile and seen[1] == tile.get("id")
            and seen[2] == tile["features"] and seen[3] == tile.get("flags")):
        return seen[4]
    layout = _layout_by_key(tile)
    if len(_BY_IDENTITY) >= _BY_IDENTITY_MAX:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[id(tile)] = (tile, tile.get("id"), copy.deepcopy(tile["features"]),
                              copy.deepcopy(tile.get("flags")), layout)
    return layout


def _layout_by_key(tile: Mapping[str, Any]) -> TileLayout:
    key = repr((tile.get("id"), tile["features"], tile.get("flags")))
    _PENDING[key] = tile
    try:
        return _cached_layout(str(tile.get("id")), key)
    finally:
        _PENDING.pop(key, None)

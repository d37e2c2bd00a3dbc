"""The game board as seen in the game scene: tiles, figures and the overlays
that explain the game (legal squares, the ghost tile, figure spots, the
highlighted feature, the last tile).

Everything here reads a game and draws; nothing changes game state. Board
data handed to the renderer is rebuilt only when the game changes (keyed by
the game object and its history length), so a still frame costs blits.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

import pygame

from carcassonne_desktop.engine import Game
from carcassonne_desktop.engine.figure_geometry import feature_anchor
from carcassonne_desktop.engine.game import FeatureInfo
from carcassonne_desktop.engine.tile_geometry import (
    dist_point_polyline,
    point_in_polygon,
    rotate_point,
    rotate_points,
)
from carcassonne_desktop.engine.tile_layout import centre_kind_radii, tile_layout
from carcassonne_desktop.ui.art.spot_shapes import draw_shape, shape_for
from carcassonne_desktop.ui.art.tile_art import feature_index_for_port
from carcassonne_desktop.ui.board_view import BoardRenderer, Camera, FigureSprite, TileMap
from carcassonne_desktop.ui.expansions import area_points, board_overlays, board_painters
from carcassonne_desktop.ui.game_log import lies_down
from carcassonne_desktop.ui.placement_controller import Spot
from carcassonne_desktop.ui.resources import colour

Cell = tuple[int, int]
EDGE_PORTS = ("N", "E", "S", "W")

#: The smallest figure-spot mark (radius, pixels): a child's click must land on it.
MIN_SPOT_RADIUS = 11
#: A spot's radius as a share of the distance to its nearest neighbour.
SPOT_GAP = 0.46


def player_colours(game: Game) -> list[str]:
    return [p.color for p in game.setup.players]


class BoardLayer:
    """Draws one game's board and its overlays through a camera."""

    def __init__(self, renderer: BoardRenderer | None = None) -> None:
        self.renderer = renderer or BoardRenderer()
        self._key: tuple[int, int, str] | None = None
        self._tiles: dict[Cell, tuple[Mapping[str, Any], int]] = {}
        self._figures: list[FigureSprite] = []
        self._ghosts: dict[tuple[str, int, int, bool], pygame.Surface] = {}
        self._feature_cache: dict[tuple[int, int, int, int, str], FeatureInfo | None] = {}
        self._legal_overlays: dict[tuple[int, int], pygame.Surface] = {}
        self._figure_points: list[tuple[FigureSprite, float, float]] = []
        self._glows: dict[tuple[str, int, int, int, int], pygame.Surface] = {}
        self._area_points: dict[tuple[str, str], tuple[float, float]] = {}

    # ------------------------------------------------------------------ data

    def sync(self, game: Game) -> None:
        key = (id(game), len(game.history), game.pending)
        if key == self._key:
            return
        self._key = key
        catalogue = game.rules.catalogue
        self._tiles = {pos: (catalogue[tile_id].raw, rot) for pos, (tile_id, rot) in game.placed_tiles().items()}
        colours = player_colours(game)
        self._figures = [
            FigureSprite(f.x, f.y, colours[f.player], f.figure, feature_index=f.feature_index,
                         port=f.port, lying=lies_down(game, f.figure, f.feature))
            for f in game.figures_on_board()
        ]
        self._figure_points = []
        self._area_points = area_points(game)
        for (area, slot), present in sorted(game.area_figures.items()):
            point = self._area_points.get((area, slot))
            if point is None:
                continue
            for index, (player, figure) in enumerate(present):
                if player < 0:
                    continue  # a neutral figure: its expansion draws it
                wx, wy = point[0] + 0.12 * index, point[1]
                self._figure_points.append(
                    (FigureSprite(math.floor(wx), math.floor(wy), colours[player], figure), wx, wy))
        for sprite in self._figures:
            # where the engine says the figure stands (engine/figure_geometry.py:
            # the Catapult's hits are judged there), by the feature's index: a
            # port does not name a field inside a ring of cities, whose farmer
            # was drawn on the garden or not at all
            tile, rot = self._tiles[(sprite.x, sprite.y)]
            ax, ay = feature_anchor(tile, rot, sprite.feature_index)  # type: ignore[arg-type]
            self._figure_points.append((sprite, sprite.x + ax, sprite.y + ay))
        self._figure_points = spread_figures(self._figure_points)
        self._feature_cache.clear()

    @property
    def tiles(self) -> TileMap:
        return self._tiles

    def feature_at(self, game: Game, x: int, y: int, port: str) -> FeatureInfo | None:
        """``game.feature_at`` memoised until the game changes (it scans the board)."""
        self.sync(game)
        key = (id(game), len(game.history), x, y, port)
        if key not in self._feature_cache:
            self._feature_cache[key] = game.feature_at(x, y, port)
        return self._feature_cache[key]

    # ------------------------------------------------------------------ board

    def draw(self, surface: pygame.Surface, camera: Camera, game: Game) -> None:
        self.sync(game)
        self.renderer.draw(surface, camera, self._tiles)
        if self._tiles:
            clip = surface.get_clip()
            surface.set_clip(camera.viewport)
            for painter, _ in board_painters(game):
                painter(surface, camera, game)
            surface.set_clip(clip)
        self._draw_figures(surface, camera)
        for overlay in board_overlays(game):
            overlay(surface, camera, game, self)

    def area_point(self, area: str, slot: str) -> tuple[float, float] | None:
        """Where an area slot lies on the board (board units), if drawn."""
        return self._area_points.get((area, slot))

    def _draw_figures(self, surface: pygame.Surface, camera: Camera) -> None:
        """Figures at anchors computed once per game state (the renderer would redo it per frame)."""
        size = self.renderer.figure_size(camera.scale)
        x0, y0, x1, y1 = camera.visible_cells()
        meeples = self.renderer.meeples
        blits = []
        for sprite, wx, wy in self._figure_points:
            if x0 <= sprite.x <= x1 and y0 <= sprite.y <= y1:
                image = meeples.get(sprite.kind, sprite.colour, size, sprite.lying)
                sx, sy = camera.world_to_screen(wx, wy)
                blits.append((image, (round(sx - image.get_width() / 2), round(sy - image.get_height() / 2))))
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        surface.blits(blits, doreturn=False)
        surface.set_clip(clip)

    def figure_points(self, game: Game) -> list[tuple[FigureSprite, float, float]]:
        """Each figure drawn and where (board units: tile (x, y) spans x..x+1),
        on the tiles and in area slots."""
        self.sync(game)
        return list(self._figure_points)

    def figures_for(self, game: Game) -> list[FigureSprite]:
        self.sync(game)
        return self._figures

    # ------------------------------------------------------------------ overlays

    def draw_legal_cells(self, surface: pygame.Surface, camera: Camera, cells: Iterable[Cell],
                         pulse: float) -> None:
        """Outline every square where the tile fits (a soft pulsing frame)."""
        s = camera.scale
        alpha = int(40 + 30 * (0.5 + 0.5 * math.sin(pulse * 3.0))) // 6 * 6
        key = (s, alpha)
        overlay = self._legal_overlays.get(key)
        if overlay is None:
            if len(self._legal_overlays) > 64:
                self._legal_overlays.clear()
            legal = colour("board", "legal")
            overlay = pygame.Surface((s, s), pygame.SRCALPHA)
            overlay.fill((legal.r, legal.g, legal.b, alpha))
            pygame.draw.rect(overlay, (legal.r, legal.g, legal.b, 210), overlay.get_rect(), max(2, s // 28),
                             border_radius=max(2, s // 10))
            self._legal_overlays[key] = overlay
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        x0, y0, x1, y1 = camera.visible_cells()
        for x, y in cells:
            if x0 <= x <= x1 and y0 <= y <= y1:
                surface.blit(overlay, camera.tile_rect(x, y))
        surface.set_clip(clip)

    def draw_ghost(self, surface: pygame.Surface, camera: Camera, tile: Mapping[str, Any], rot: int,
                   cell: Cell, fits: bool) -> None:
        """The tile in hand under the cursor: see-through, red where it cannot go."""
        s = camera.scale
        key = (str(tile["id"]), rot % 4, s, fits)
        ghost = self._ghosts.get(key)
        if ghost is None:
            if len(self._ghosts) > 64:
                self._ghosts.clear()
            ghost = self.renderer.tile_surface(tile, rot, s).copy()
            if not fits:
                tint = pygame.Surface((s, s))
                tint.fill(colour("board", "illegal"))
                tint.set_alpha(130)
                ghost.blit(tint, (0, 0))
            ghost.set_alpha(215 if fits else 170)
            self._ghosts[key] = ghost
        rect = camera.tile_rect(*cell)
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        surface.blit(ghost, rect)
        edge = colour("board", "highlight") if fits else colour("board", "illegal")
        pygame.draw.rect(surface, edge, rect, max(2, s // 24))
        surface.set_clip(clip)

    def draw_tile_frame(self, surface: pygame.Surface, camera: Camera, cell: Cell, colour_value: pygame.Color,
                        width: int | None = None) -> None:
        rect = camera.tile_rect(*cell)
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        pygame.draw.rect(surface, colour_value, rect.inflate(2, 2), width or max(2, camera.scale // 22),
                         border_radius=3)
        surface.set_clip(clip)

    def spot_anchor(self, spot: Spot) -> tuple[float, float] | None:
        """Where a spot is on its tile, in tile units (0..1 each way); None
        for a slot off the tiles (its place is an area point)."""
        if spot.area:
            return None
        entry = self._tiles.get((spot.x, spot.y))
        if entry is None:
            return None
        tile, rot = entry
        try:
            index = spot.feature if spot.feature >= 0 else feature_index_for_port(tile, rot, spot.port)
            return feature_anchor(tile, rot, index)
        except (KeyError, IndexError):
            return None

    def spot_position(self, camera: Camera, spot: Spot) -> tuple[float, float] | None:
        if spot.area:
            point = self._area_points.get((spot.area, spot.slot))
            return camera.world_to_screen(*point) if point is not None else None
        anchor = self.spot_anchor(spot)
        if anchor is None:
            return None
        rect = camera.tile_rect(spot.x, spot.y)
        return (rect.x + anchor[0] * rect.width, rect.y + anchor[1] * rect.height)

    def spot_radius(self, camera: Camera) -> int:
        return max(MIN_SPOT_RADIUS, int(camera.scale * 0.13))

    def spot_under(self, camera: Camera, spots: Iterable[Spot], pos: tuple[int, int]) -> Spot | None:
        """The spot a click at ``pos`` means: the nearest within reach."""
        best: tuple[float, Spot] | None = None
        radius = self.spot_radius(camera) * 1.6
        for spot in spots:
            centre = self.spot_position(camera, spot)
            if centre is None:
                continue
            d = math.hypot(pos[0] - centre[0], pos[1] - centre[1])
            if d <= radius and (best is None or d < best[0]):
                best = (d, spot)
        return best[1] if best else None

    def spot_scale_needed(self, spots: Iterable[Spot]) -> int:
        """The smallest pixels-per-tile at which no spot mark has to shrink
        below the minimum radius to stay clear of its neighbours on the same
        tile (family table #6: at low zoom they came down to 7 px)."""
        placed = [(spot, anchor) for spot in spots if (anchor := self.spot_anchor(spot)) is not None]
        gaps = [math.dist(a, b) for i, (s1, a) in enumerate(placed) for s2, b in placed[i + 1:]
                if (s1.x, s1.y) == (s2.x, s2.y)]
        nearest = min(gaps, default=1.0)
        return math.ceil(max(MIN_SPOT_RADIUS / 0.13, MIN_SPOT_RADIUS / (SPOT_GAP * max(nearest, 0.05))))

    def spot_discs(self, camera: Camera, spots: Iterable[Spot]
                   ) -> list[tuple[Spot, tuple[float, float], int]]:
        """(spot, centre, radius) of every spot shown. On a crowded tile (a
        road running past a field spot) the circles shrink until they no
        longer overlap, so each one stays visible and clickable."""
        r = self.spot_radius(camera)
        placed = [(spot, centre) for spot in spots
                  if (centre := self.spot_position(camera, spot)) is not None]
        discs = []
        for spot, centre in placed:
            nearest = min((math.dist(centre, other) for s2, other in placed
                           if s2 is not spot and (s2.x, s2.y) == (spot.x, spot.y)), default=None)
            # SPOT_GAP: two neighbours, each pulsing 8% larger, still do not
            # touch (the game scene zooms in so that this stays above
            # MIN_SPOT_RADIUS during the figure step: spot_scale_needed)
            radius = r if nearest is None else max(6, min(r, int(nearest * SPOT_GAP)))
            discs.append((spot, centre, radius))
        return discs

    def draw_spots(self, surface: pygame.Surface, camera: Camera, spots: Iterable[Spot],
                   hovered: Spot | None, player_colour: pygame.Color, pulse: float,
                   kinds: Mapping[Spot, str | None] | None = None) -> None:
        """Marks where a figure may go, in the player's colour, shaped by
        the kind of feature (``kinds``); the hovered one grows."""
        outline = colour("board", "highlight")
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        fill = (player_colour.r, player_colour.g, player_colour.b, 170)
        for spot, centre, base in self.spot_discs(camera, spots):
            grow = 1.35 if spot == hovered else 1.0 + 0.08 * math.sin(pulse * 4.0)
            radius = int(base * grow)
            half = int(radius * 1.4) + 3  # room for the pointed shapes
            c = (round(centre[0]), round(centre[1]))
            mark = pygame.Surface((half * 2, half * 2), pygame.SRCALPHA)
            draw_shape(mark, shape_for((kinds or {}).get(spot)), (half, half), radius, fill, outline,
                       max(2, radius // 4))
            surface.blit(mark, (c[0] - half, c[1] - half))
        surface.set_clip(clip)

    # ------------------------------------------------------------------ features

    def feature_port_under(self, camera: Camera, pos: tuple[int, int]) -> tuple[int, int, str] | None:
        """The placed feature under a screen point, as (x, y, board port)."""
        cell = camera.cell_at(*pos)
        entry = self._tiles.get(cell)
        if entry is None:
            return None
        tile, rot = entry
        rect = camera.tile_rect(*cell)
        local = ((pos[0] - rect.x) / rect.width, (pos[1] - rect.y) / rect.height)
        index = feature_index_at(tile, rot, local)
        if index is None:
            return None
        return (cell[0], cell[1], board_port(tile, rot, index))

    def draw_feature(self, surface: pygame.Surface, camera: Camera, game: Game, info: FeatureInfo,
                     strength: float = 1.0) -> None:
        """Light up every part of a feature across the board."""
        glow = colour("board", "highlight")
        s = camera.scale
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        alpha = int(120 * strength)
        x0, y0, x1, y1 = camera.visible_cells()
        self.sync(game)
        blits = []
        for x, y, local in info.segments:
            entry = self._tiles.get((x, y))
            if entry is None or not (x0 <= x <= x1 and y0 <= y <= y1):
                continue
            tile, rot = entry
            key = (str(tile["id"]), rot, local, s, alpha)
            layer = self._glows.get(key)
            if layer is None:
                if len(self._glows) > 512:
                    self._glows.clear()
                layer = pygame.Surface((s, s), pygame.SRCALPHA)
                _paint_feature(layer, tile, rot, local, info.kind, (glow.r, glow.g, glow.b, alpha))
                self._glows[key] = layer
            blits.append((layer, camera.tile_rect(x, y)))
        surface.blits(blits, doreturn=False)
        surface.set_clip(clip)


def board_port(tile: Mapping[str, Any], rot: int, index: int) -> str:
    """A board-orientation port of feature ``index`` (``C`` for a feature with none)."""
    from carcassonne_desktop.engine.tile_geometry import rotate_port

    ports = tile["features"][index].get("ports") or ()
    return rotate_port(ports[0], rot) if ports else "C"


def feature_index_at(tile: Mapping[str, Any], rot: int, point: tuple[float, float]) -> int | None:
    """Which feature of a tile lies under a point of the tile (unit coordinates, board orientation)."""
    layout = tile_layout(tile)
    p = rotate_point(point, (4 - rot) % 4)  # back to catalogue orientation
    features = tile["features"]
    centre_kinds = centre_kind_radii()  # the core's and the expansions' centre features
    for prop in layout.props:
        if (prop.feature is not None and features[prop.feature]["kind"] in centre_kinds
                and math.hypot(p[0] - prop.pos[0], p[1] - prop.pos[1]) <= max(prop.radius, 0.16)):
            return prop.feature
    for path in layout.paths:
        if any(dist_point_polyline(p, stroke) <= 0.07 for stroke in path.strokes):
            return path.feature
    for city in layout.cities:
        if point_in_polygon(p, city.polygon):
            return city.feature
    best: tuple[float, int] | None = None
    for index, feature in enumerate(features):
        if feature["kind"] != "field":
            continue
        candidates = [layout.anchors.get(index)] + [_port_point(q) for q in feature.get("ports", ())]
        for c in candidates:
            if c is None:
                continue
            d = math.hypot(p[0] - c[0], p[1] - c[1])
            if best is None or d < best[0]:
                best = (d, index)
    return best[1] if best else None


def _port_point(port: str) -> tuple[float, float] | None:
    from carcassonne_desktop.engine.tile_geometry import port_point

    try:
        return port_point(port)
    except (KeyError, ValueError):
        return None


def _paint_feature(layer: pygame.Surface, tile: Mapping[str, Any], rot: int, index: int, kind: str,
                   rgba: tuple[int, int, int, int]) -> None:
    s = layer.get_width()
    layout = tile_layout(tile)

    def px(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * s, y * s) for x, y in rotate_points(points, rot)]

    for city in layout.cities:
        if city.feature == index:
            pygame.draw.polygon(layer, rgba, px(city.polygon))
            return
    for path in layout.paths:
        if path.feature == index:
            for stroke in path.strokes:
                pts = px(stroke)
                if len(pts) >= 2:
                    pygame.draw.lines(layer, rgba, False, pts, max(3, int(s * 0.16)))
            return
    for prop in layout.props:
        if prop.feature == index:
            (cx, cy), = px([prop.pos])
            pygame.draw.circle(layer, rgba, (cx, cy), max(4, int(s * max(prop.radius, 0.2))))
            return
    if kind == "field":
        r, g, b, a = rgba
        layer.fill((r, g, b, a // 3))
        ax, ay = feature_anchor(tile, rot, index)
        pygame.draw.circle(layer, (r, g, b, min(255, a + 60)), (ax * s, ay * s), max(4, int(s * 0.12)))


#: How far apart (tile units) figures standing on one point are drawn.
FIGURE_SPREAD = 0.16


def spread_figures(points: list[tuple[FigureSprite, float, float]]
                   ) -> list[tuple[FigureSprite, float, float]]:
    """Figures sharing one anchor (two followers on one cloister since a flier
    landed beside another, a follower and its builder) side by side instead
    of drawn on top of each other, centred on the anchor."""
    groups: dict[tuple[float, float], list[int]] = {}
    for index, (_, wx, wy) in enumerate(points):
        groups.setdefault((round(wx, 3), round(wy, 3)), []).append(index)
    out = list(points)
    for members in groups.values():
        if len(members) < 2:
            continue
        for rank, index in enumerate(members):
            sprite, wx, wy = points[index]
            out[index] = (sprite, wx + (rank - (len(members) - 1) / 2) * FIGURE_SPREAD, wy)
    return out

"""Markers at the edge of the board for figure spots out of view.

Spots in an area off the tiles (the wheel's crown spaces) can lie far from
the tile just played. Framing them together zoomed the view out until every
spot was an 8 px mark, too small to click (session 5's game). The view now
frames the tile's own spots at a clickable scale (`GameFraming.matters`),
and each group of spots left out of view gets a marker at the edge of the
free area, pointing to it: a click on the marker glides there. A group is
one area's slots or one tile's spots, whatever the expansion.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from carcassonne_desktop.ui.camera import Camera, WorldRect
from carcassonne_desktop.ui.placement_controller import Spot
from carcassonne_desktop.ui.resources import colour

#: The marker's radius on screen (pixels): about a spot's at a clickable scale.
MARKER_RADIUS = 20
#: How far a click may miss the marker's disc and still mean it.
HIT_SLACK = 6
#: Room kept between a marker and the free area's edge.
EDGE_GAP = 8


@dataclass(frozen=True)
class SpotMarker:
    """One group of spots out of view: where its marker is drawn (screen),
    which way the spots lie, and their world rectangles (to frame them)."""

    centre: tuple[int, int]
    toward: tuple[float, float]
    rects: tuple[WorldRect, ...]
    figure: str

    def hit(self, pos: tuple[int, int]) -> bool:
        return math.dist(pos, self.centre) <= MARKER_RADIUS + HIT_SLACK


def spot_groups(spots: Sequence[Spot], rects: Sequence[WorldRect]) -> list[tuple[str, list[WorldRect]]]:
    """The spots' world rectangles grouped by area (or by tile), with the
    figure the group's first spot takes, in the order the spots come."""
    groups: dict[object, tuple[str, list[WorldRect]]] = {}
    for spot, rect in zip(spots, rects, strict=True):
        key = ("area", spot.area) if spot.area else ("tile", spot.x, spot.y)
        figure = spot.figures[0] if spot.figures else ""
        groups.setdefault(key, (figure, []))[1].append(rect)
    return list(groups.values())


def _on_screen(camera: Camera, rect: WorldRect) -> pygame.Rect:
    x0, y0 = camera.world_to_screen(rect[0], rect[1])
    x1, y1 = camera.world_to_screen(rect[2], rect[3])
    return pygame.Rect(round(x0), round(y0), max(1, round(x1 - x0)), max(1, round(y1 - y0)))


def markers(camera: Camera, groups: Sequence[tuple[str, Sequence[WorldRect]]]) -> list[SpotMarker]:
    """A marker for each group with spots not whole in the free area, on
    the free area's edge where the line from its centre to those spots
    leaves it (one crown space in sight does not tell that others are
    off screen)."""
    free = camera.free_area if camera.free_area is not None else camera.viewport
    inner = free.inflate(-2 * (MARKER_RADIUS + EDGE_GAP), -2 * (MARKER_RADIUS + EDGE_GAP))
    if inner.width <= 0 or inner.height <= 0:
        return []
    found = []
    for figure, rects in groups:
        hidden = [shown for rect in rects if not free.contains(shown := _on_screen(camera, rect))]
        if not hidden:
            continue
        tx = sum(rect.centerx for rect in hidden) / len(hidden)
        ty = sum(rect.centery for rect in hidden) / len(hidden)
        cx, cy = inner.center
        dx, dy = tx - cx, ty - cy
        length = math.hypot(dx, dy) or 1.0
        # the furthest point of the inner rectangle along the line to the group
        reach = min(inner.width / 2 / abs(dx) if dx else math.inf,
                    inner.height / 2 / abs(dy) if dy else math.inf)
        centre = (round(cx + dx * reach), round(cy + dy * reach))
        found.append(SpotMarker(centre, (dx / length, dy / length), tuple(rects), figure))
    return found


def marker_at(found: Sequence[SpotMarker], pos: tuple[int, int]) -> SpotMarker | None:
    return next((marker for marker in found if marker.hit(pos)), None)


def draw_markers(surface: pygame.Surface, found: Sequence[SpotMarker], player_colour: pygame.Color,
                 figure_image: Callable[[str, int], pygame.Surface], hovered: SpotMarker | None,
                 pulse: float) -> None:
    """Each marker: a disc ringed in the player's colour with the figure that
    goes there, and an arrow on its rim pointing to the spots."""
    outline = colour("board", "highlight")
    fill = colour("ui", "panel")
    for marker in found:
        grow = 1.15 if marker == hovered else 1.0 + 0.05 * math.sin(pulse * 4.0)
        radius = round(MARKER_RADIUS * grow)
        cx, cy = marker.centre
        ux, uy = marker.toward
        tip = (cx + ux * (radius + 12), cy + uy * (radius + 12))
        side = (-uy * 9, ux * 9)
        base = (cx + ux * (radius - 2), cy + uy * (radius - 2))
        arrow = [tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])]
        pygame.draw.polygon(surface, player_colour, arrow)
        pygame.draw.polygon(surface, outline, arrow, 2)
        pygame.draw.circle(surface, fill, marker.centre, radius)
        pygame.draw.circle(surface, player_colour, marker.centre, radius, 4)
        image = figure_image(marker.figure, round(radius * 1.4)) if marker.figure else None
        if image is not None:
            surface.blit(image, image.get_rect(center=marker.centre))

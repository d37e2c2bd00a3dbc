"""The marks that show where a figure may go, one outline per feature kind.

Colour alone does not tell a road spot from a field spot next to it (the
player's colour fills them all, and some players do not see colours well),
so each kind of feature has its own shape: a diamond on a road, a square on
a city, a triangle in a field, a circle on a cloister. A kind an expansion
adds gets its shape through ``ui.expansions.register_spot_shape``; a kind
with none is drawn as a circle.
"""

from __future__ import annotations

import math

import pygame

from carcassonne_desktop.ui.expansions import spot_shapes

#: Corners of each shape on the unit circle (None: a circle), first corner up.
SHAPES: dict[str, int | None] = {"circle": None, "triangle": 3, "square": 4, "diamond": 4,
                                 "pentagon": 5, "hexagon": 6}

#: The core's feature kinds (the base game).
CORE_SHAPES: dict[str, str] = {"road": "diamond", "city": "square", "field": "triangle",
                               "cloister": "circle"}


def shape_for(kind: str | None) -> str:
    """The shape of the spots on a feature of ``kind``."""
    if kind is None:
        return "circle"
    return CORE_SHAPES.get(kind) or spot_shapes().get(kind, "circle")


def shape_points(shape: str, centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The polygon of a shape (empty for a circle). Polygons are enlarged a
    little so that each covers about as much as the circle of the same radius."""
    corners = SHAPES[shape]
    if corners is None:
        return []
    start = -math.pi / 2 + (math.pi / 4 if shape == "square" else 0.0)
    grow = {3: 1.35, 4: 1.2}.get(corners, 1.08)
    return [(centre[0] + math.cos(start + i * math.tau / corners) * radius * grow,
             centre[1] + math.sin(start + i * math.tau / corners) * radius * grow) for i in range(corners)]


def draw_shape(surface: pygame.Surface, shape: str, centre: tuple[float, float], radius: float,
               fill: pygame.Color | tuple[int, ...], outline: pygame.Color | tuple[int, ...],
               width: int) -> None:
    """A filled shape with an outline of ``width`` pixels."""
    points = shape_points(shape, centre, radius)
    if not points:
        c = (round(centre[0]), round(centre[1]))
        pygame.draw.circle(surface, fill, c, round(radius))
        pygame.draw.circle(surface, outline, c, round(radius), width)
        return
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, outline, points, width)

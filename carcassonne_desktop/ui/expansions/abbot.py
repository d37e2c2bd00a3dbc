"""The Abbot in the interface: the abbot's robe and hood, and the garden.

A garden is a feature kind of its own that the art draws like a cloister: a
hedged lawn in the open field, as near the tile centre as room allows, where
the abbot stands. Its flowers take their angles from the tile's generator, so
they are the same every time the tile is drawn.
"""

from __future__ import annotations

import math
import random

import pygame

from carcassonne_desktop.engine.tile_layout import Prop
from carcassonne_desktop.ui.art.tile_art import Painter
from carcassonne_desktop.ui.expansions import (
    FigureStyle,
    register_figure_style,
    register_prop,
    register_spot_shape,
)
from carcassonne_desktop.ui.resources import colour

_HOOD = (
    (0.33, 0.32), (0.33, 0.17), (0.40, 0.07), (0.50, 0.0), (0.60, 0.07), (0.67, 0.17), (0.67, 0.32),
)

register_spot_shape("garden", "hexagon")  # the cloister's circle, the garden's hedge

# A bell-shaped habit, arms folded in its sleeves: with the follower's arms
# and a robe the abbot read as a follower on the board (family table, second
# round); no other figure has this outline.
_HABIT = ((0.40, 0.30), (0.26, 0.36), (0.20, 0.50), (0.14, 0.74), (0.06, 0.97), (0.94, 0.97),
          (0.86, 0.74), (0.80, 0.50), (0.74, 0.36), (0.60, 0.30))

register_figure_style(
    "abbot", FigureStyle(_HABIT, head=((0.5, 0.2125), 0.135), extras=(_HOOD,), face=True)
)


def _c(name: str) -> pygame.Color:
    return colour("tile", name)


def paint_garden(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """A round hedge round a lawn, a ring of flowers (from 40 px) and a small tree."""
    c, r = prop.pos, prop.radius
    p.circle(c, r, _c("garden_hedge"))
    p.circle(c, r * 0.8, _c("garden"))
    if detail:
        for i in range(10):
            a = i * math.tau / 10 + rng.random() * 0.3
            q = (c[0] + math.cos(a) * r * 0.62, c[1] + math.sin(a) * r * 0.62)
            p.circle(q, r * 0.09, _c("flower_a") if i % 2 else _c("flower_b"))
    # a small tree in the middle
    p.circle((c[0] + r * 0.08, c[1] + r * 0.1), r * 0.36, _c("garden_hedge"))
    p.circle((c[0] - r * 0.04, c[1] - r * 0.02), r * 0.3, _c("field_dark"))
    p.circle((c[0] - r * 0.1, c[1] - r * 0.08), r * 0.12, _c("field_light"))


# smaller than a cloister (0.19); drawn after the crossroads hamlet, before inns
register_prop("garden", paint_garden, order=2.0)

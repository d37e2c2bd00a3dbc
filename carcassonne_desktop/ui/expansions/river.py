"""The River on the tiles: the spring and the lake where the river ends.

A river that enters a tile by one edge runs to the tile centre (core geometry);
what it ends in is this expansion's: a lake on the last tile (flags ``lake`` or
``river_end``), a stone-ringed spring otherwise. The lake is painted over the
river (so the river flows into it) but under roads and cities; the spring is
drawn first among the buildings.
"""

from __future__ import annotations

import math
import random

import pygame

from carcassonne_desktop.engine.tile_layout import Prop
from carcassonne_desktop.ui.art.tile_art import Painter
from carcassonne_desktop.ui.expansions import register_prop
from carcassonne_desktop.ui.resources import colour


def _c(name: str) -> pygame.Color:
    return colour("tile", name)


def paint_spring(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """A round pool ringed with stones, where the river rises."""
    del detail, rng
    c = prop.pos
    p.circle(c, 0.13, _c("river_bank"))
    p.circle(c, 0.105, _c("river"))
    p.circle((c[0] - 0.025, c[1] - 0.025), 0.045, _c("river_light"))
    for a in (0.6, 2.2, 3.9, 5.2):
        q = (c[0] + math.cos(a) * 0.12, c[1] + math.sin(a) * 0.12)
        p.circle(q, 0.025, _c("wall_dark"))
        p.circle((q[0] - 0.006, q[1] - 0.006), 0.017, _c("wall"))


def paint_lake(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """A wide lake with its bank and two glints of light, where the river ends."""
    del detail, rng
    c = prop.pos
    p.ellipse(c, 0.34, 0.29, _c("river_bank"))
    p.ellipse(c, 0.31, 0.26, _c("river"))
    p.ellipse((c[0] - 0.05, c[1] - 0.05), 0.16, 0.1, _c("river_light"))
    p.ellipse((c[0] + 0.1, c[1] + 0.09), 0.07, 0.03, _c("river_light"))


register_prop("lake", paint_lake, order=0.0, layer="water")
register_prop("spring", paint_spring, order=0.0)

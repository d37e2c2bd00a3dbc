"""Inns & Cathedrals in the interface: the large follower, bigger and ringed
(it weighs two in every majority), the inn beside its road and the cathedral
in its city.

An inn is a house with a hanging sign, set beside the road that carries the
``inn`` key on the side with more room. A cathedral takes the spot where a
figure would stand in its city, and the figure moves a little south of it so
both stay visible; city houses keep clear of it.
"""

from __future__ import annotations

import random

import pygame

from carcassonne_desktop.engine.tile_layout import Prop
from carcassonne_desktop.ui.art.meeples import BODY
from carcassonne_desktop.ui.art.tile_art import Painter, house, shadow
from carcassonne_desktop.ui.expansions import FigureStyle, register_figure_style, register_prop
from carcassonne_desktop.ui.resources import colour

register_figure_style("large_follower", FigureStyle(BODY, scale=1.3, ring=True))


def _c(name: str) -> pygame.Color:
    return colour("tile", name)


def paint_inn(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """A house with a dark roof and a hanging sign (what tells an inn from a house)."""
    del rng
    cx, cy = prop.pos
    shadow(p, (cx + 0.01, cy + 0.06), 0.11, 0.04)
    house(p, cx, cy, 0.15, _c("building"), _c("roof_dark"), detail)
    sx, sy = cx + 0.1, cy - 0.005
    p.stroke([(cx + 0.075, sy - 0.03), (sx + 0.015, sy - 0.03)], _c("building_dark"), 0.008)
    p.polygon([(sx - 0.015, sy - 0.02), (sx + 0.03, sy - 0.02), (sx + 0.03, sy + 0.025),
               (sx - 0.015, sy + 0.025)], _c("building_dark"))
    p.polygon([(sx - 0.008, sy - 0.013), (sx + 0.023, sy - 0.013), (sx + 0.023, sy + 0.018),
               (sx - 0.008, sy + 0.018)], _c("inn_sign"))


def paint_cathedral(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """A nave between two spired towers, with a rose window (and a door from 40 px)."""
    del rng
    cx, cy = prop.pos
    r = prop.radius
    body, roof, dark = _c("building"), _c("cathedral_roof"), _c("building_dark")
    shadow(p, (cx, cy + r * 0.62), r * 1.1, r * 0.3)
    left, right = cx - r * 0.7, cx + r * 0.7
    top, base = cy - r * 0.15, cy + r * 0.6
    p.polygon([(left - 0.01, top - 0.01), (right + 0.01, top - 0.01), (right + 0.01, base + 0.01),
               (left - 0.01, base + 0.01)], dark)
    p.polygon([(left, top), (right, top), (right, base), (left, base)], body)
    p.polygon([(left + r * 0.25, top), (cx, cy - r * 0.6), (right - r * 0.25, top)], roof)
    for tx in (left, right - r * 0.36):
        ttop = cy - r * 0.6
        p.polygon([(tx - 0.008, ttop - 0.008), (tx + r * 0.36 + 0.008, ttop - 0.008),
                   (tx + r * 0.36 + 0.008, base + 0.01), (tx - 0.008, base + 0.01)], dark)
        p.polygon([(tx, ttop), (tx + r * 0.36, ttop), (tx + r * 0.36, base), (tx, base)], body)
        p.polygon([(tx - r * 0.05, ttop), (tx + r * 0.18, cy - r * 1.2), (tx + r * 0.41, ttop)], roof)
    p.circle((cx, cy + r * 0.08), r * 0.17, dark)
    if detail:
        p.circle((cx, cy + r * 0.08), r * 0.11, _c("inn_sign"))
        p.polygon([(cx - r * 0.12, base), (cx - r * 0.12, base - r * 0.25), (cx + r * 0.12, base - r * 0.25),
                   (cx + r * 0.12, base)], dark)


# after gardens, before cloisters; the cathedral after cloisters, under shields
register_prop("inn", paint_inn, order=3.0)
register_prop("cathedral", paint_cathedral, order=5.0)

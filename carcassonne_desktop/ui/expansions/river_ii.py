"""The River II on the tiles: the fork's pool, the volcano in its lake and the
pigsty (the inn by the lake is Inns & Cathedrals' inn, drawn by its module).

The fork (tile flag ``river_fork``) is a pool in the tile centre where the
three arms meet (the layout puts no crossroads hamlet where rivers meet). The
volcano (tile flag) rises out of the lake the river ends in; the pigsty (tile
flag, and the key of the field it pays) is a fenced pen with a pig and a
shed, in the roomiest part of the field.
"""

from __future__ import annotations

import math
from typing import Any

from carcassonne_desktop.ui.art.symbols import SymbolContext
from carcassonne_desktop.ui.art.tile_art import shadow
from carcassonne_desktop.ui.expansions import register_tile_symbol


def paint_fork(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """A round pool where the river splits (the tile centre, where the arms
    meet), wider than the arms."""
    del feature, value
    p, c = ctx.paint, (0.5, 0.5)
    p.circle(c, 0.14, ctx.colour("river_bank"))
    p.circle(c, 0.12, ctx.colour("river"))
    if ctx.detail:
        p.ellipse((c[0] - 0.03, c[1] - 0.03), 0.05, 0.025, ctx.colour("river_light"))
    ctx.taken.append((c, 0.14))


def paint_volcano(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """A dark cone rising from the lake, a glowing crater and a puff of smoke."""
    del feature, value
    lake = next((prop for prop in ctx.props if prop.kind == "lake"), None)
    cx, cy = lake.pos if lake is not None else (0.5, 0.5)
    p = ctx.paint
    base, top, half = cy + 0.12, cy - 0.12, 0.2
    shadow(p, (cx + 0.02, base + 0.01), half * 0.9, 0.04)
    p.polygon([(cx - half, base), (cx - 0.06, top), (cx + 0.06, top), (cx + half, base)],
              ctx.colour("volcano_rock_dark"))
    p.polygon([(cx - half + 0.03, base), (cx - 0.05, top + 0.01), (cx, top + 0.01),
               (cx - 0.02, base)], ctx.colour("volcano_rock"))
    p.ellipse((cx, top), 0.06, 0.022, ctx.colour("lava"))
    if ctx.detail:
        p.ellipse((cx, top), 0.035, 0.012, ctx.colour("lava_light"))
        lava = ctx.colour("lava")
        p.stroke([(cx + 0.02, top + 0.01), (cx + 0.05, cy), (cx + 0.08, base - 0.03)], lava, 0.012)
        smoke = ctx.colour("smoke")
        for k, r in enumerate((0.03, 0.04, 0.035)):
            p.circle((cx + 0.02 * math.sin(k * 1.7), top - 0.05 - 0.05 * k), r, smoke)
    ctx.taken.append(((cx, cy), 0.22))


def paint_pigsty(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """A small fenced pen with a shed and a pig, once per tile (the tile flag;
    the field's own key carries the rule and is not drawn twice)."""
    del value
    if feature is not None:
        return
    found = ctx.roomiest_field_spot()
    if found is None:
        return
    (cx, cy), clear = found
    s = max(0.08, min(0.15, clear))
    p = ctx.paint
    shadow(p, (cx + 0.01, cy + s * 0.85), s * 1.1, s * 0.25)
    p.polygon([(cx - s, cy - s * 0.6), (cx + s, cy - s * 0.6), (cx + s, cy + s * 0.8),
               (cx - s, cy + s * 0.8)], ctx.colour("mud"))
    # the shed in the back corner
    p.polygon([(cx - s, cy - s * 0.6), (cx - s * 0.2, cy - s * 0.6), (cx - s * 0.2, cy),
               (cx - s, cy)], ctx.colour("building"))
    p.polygon([(cx - s * 1.08, cy - s * 0.55), (cx - s * 0.6, cy - s * 0.95),
               (cx - s * 0.12, cy - s * 0.55)], ctx.colour("roof_dark"))
    # the pig
    pig, dark = ctx.colour("pig"), ctx.colour("pig_dark")
    px, py = cx + s * 0.35, cy + s * 0.3
    p.ellipse((px, py), s * 0.38, s * 0.24, dark)
    p.ellipse((px - s * 0.02, py - s * 0.02), s * 0.34, s * 0.2, pig)
    p.circle((px + s * 0.34, py - s * 0.06), s * 0.15, pig)
    if ctx.detail:
        p.circle((px + s * 0.45, py - s * 0.04), s * 0.05, dark)
    # the fence round it
    fence = ctx.colour("fence_dark") if not ctx.detail else ctx.colour("fence")
    corners = [(cx - s, cy - s * 0.6), (cx + s, cy - s * 0.6), (cx + s, cy + s * 0.8),
               (cx - s, cy + s * 0.8), (cx - s, cy - s * 0.6)]
    p.stroke(corners, fence, 0.012)
    if ctx.detail:
        for a, b in zip(corners, corners[1:]):
            for k in range(4):
                t = k / 4
                p.circle((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), 0.01,
                         ctx.colour("fence_dark"))
    ctx.taken.append(((cx, cy), s * 1.1))


register_tile_symbol("river_fork", paint_fork, layer="terrain")
register_tile_symbol("volcano", paint_volcano, layer="terrain")
register_tile_symbol("pigsty", paint_pigsty, layer="terrain")

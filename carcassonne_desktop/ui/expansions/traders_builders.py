"""Traders & Builders on the tiles: goods tokens in cities, and the bridge.

A city with goods (feature key ``goods``: ``wine``, ``grain`` or ``cloth``) shows
a round token whose colour alone tells the three apart at a glance (and at
16 px); from 64 px up the token carries a picture as well: a bunch of grapes,
a sheaf, a bolt of cloth. The bridge tile's first road passes over the other
one on a stone bridge, so players see that the roads do not join.
"""

from __future__ import annotations

import math
from typing import Any

from carcassonne_desktop.engine.expansions.traders_builders import GOODS, goods_winners
from carcassonne_desktop.engine.tile_geometry import (
    Point,
    dist_point_polyline,
    point_along,
    runs_where,
)
from carcassonne_desktop.engine.tile_layout import ROAD_HALF_WIDTH
from carcassonne_desktop.ui.art.meeples import BODY
from carcassonne_desktop.ui.art.symbols import SymbolContext
from carcassonne_desktop.ui.expansions import (
    FigureStyle,
    register_figure_style,
    register_tile_symbol,
    register_token_kinds,
)

# --------------------------------------------------------------------------- goods

#: Token radius in tile units: larger on small tiles, where only the colour reads;
#: the picture on the token needs about 64 px of tile to be more than a smudge.
_TOKEN_RADIUS = 0.085
_SMALL_TOKEN_RADIUS = 0.115
_PICTURE_MIN_PX = 64


def paint_goods(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """A goods token inside the city that carries the goods."""
    painter = _GOODS.get(str(value))
    if feature is None or painter is None:
        return
    picture = ctx.size >= _PICTURE_MIN_PX
    r = _TOKEN_RADIUS if picture else _SMALL_TOKEN_RADIUS
    spot = ctx.city_spot(feature, r)
    if spot is None:
        return
    p = ctx.paint
    shade = p.overlay()
    shadow = ctx.colour("bridge_shadow")
    shadow.a = 80
    p.ellipse((spot[0] + r * 0.12, spot[1] + r * 0.28), r * 1.05, r * 0.85, shadow, on=shade)
    p.blend(shade)
    p.circle(spot, r, ctx.colour("token_rim"))
    p.circle(spot, r * 0.84, ctx.colour(f"goods_{value}"))
    if picture:
        painter(ctx, spot, r * 0.84)
    ctx.taken.append((spot, r))


def _grapes(ctx: SymbolContext, c: Point, r: float) -> None:
    """A bunch of grapes: six berries in a downward triangle, a stem and a leaf."""
    p = ctx.paint
    leaf, berry = ctx.colour("goods_leaf"), ctx.colour("goods_wine_light")
    p.stroke([(c[0], c[1] - 0.42 * r), (c[0] + 0.08 * r, c[1] - 0.72 * r)], leaf, 0.12 * r)
    p.ellipse((c[0] + 0.3 * r, c[1] - 0.55 * r), 0.24 * r, 0.13 * r, leaf)
    berry_r = 0.17 * r
    rows = ((-0.3, 3), (0.0, 2), (0.3, 1))
    for dy, count in rows:
        for i in range(count):
            dx = (i - (count - 1) / 2) * 0.34
            p.circle((c[0] + dx * r, c[1] + (dy + 0.05) * r), berry_r, berry)


def _sheaf(ctx: SymbolContext, c: Point, r: float) -> None:
    """A sheaf of grain: stalks fanning out from a tie, an ear on each."""
    p = ctx.paint
    dark = ctx.colour("goods_grain_dark")
    foot = (c[0], c[1] + 0.62 * r)
    for i in range(5):
        t = (i - 2) / 2
        top = (c[0] + t * 0.42 * r, c[1] - 0.38 * r + abs(t) * 0.12 * r)
        p.stroke([(c[0] - t * 0.18 * r, foot[1]), (c[0], c[1] + 0.12 * r), top], dark, 0.07 * r)
        p.ellipse((top[0], top[1] - 0.12 * r), 0.09 * r, 0.2 * r, dark)
    p.stroke([(c[0] - 0.2 * r, c[1] + 0.16 * r), (c[0] + 0.2 * r, c[1] + 0.16 * r)], dark, 0.1 * r)


def _bolt(ctx: SymbolContext, c: Point, r: float) -> None:
    """A bolt of cloth seen from the side: the folded length and the rolled end."""
    p = ctx.paint
    light, deep = ctx.colour("goods_cloth_light"), ctx.colour("goods_cloth")
    left, right = c[0] - 0.55 * r, c[0] + 0.3 * r
    top, bottom = c[1] - 0.3 * r, c[1] + 0.3 * r
    p.polygon([(left, top), (right, top), (right, bottom), (left, bottom)], light)
    for fraction in (0.35, 0.7):
        x = left + (right - left) * fraction
        p.stroke([(x, top + 0.04 * r), (x, bottom - 0.04 * r)], deep, 0.06 * r)
    p.ellipse((right, c[1]), 0.2 * r, 0.3 * r, light)
    p.ellipse((right, c[1]), 0.1 * r, 0.15 * r, deep)
    # the loose end hanging down
    p.polygon([(left, bottom), (left + 0.22 * r, bottom), (left + 0.12 * r, bottom + 0.24 * r)], light)


_GOODS = {"wine": _grapes, "grain": _sheaf, "cloth": _bolt}

# --------------------------------------------------------------------------- bridge


def paint_bridge(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """The first road crosses the second on a bridge (a road over a river is already
    drawn as a stone bridge by the terrain, so such tiles are left alone)."""
    del feature, value
    roads = ctx.roads()
    if ctx.rivers() or len(roads) < 2:
        return
    upper, lower = roads[0], roads[1]

    def spans() -> list[list[Point]]:
        return [span for stroke in upper.strokes for span in _spans_over(stroke, list(lower.strokes))]

    for span in ctx.place("bridge_spans", None, spans):
        _bridge(ctx, span)


def _spans_over(stroke: list[Point], others: list[list[Point]]) -> list[list[Point]]:
    """The runs of ``stroke`` that pass over ``others`` (with room for the ramps)."""
    reach = 2 * ROAD_HALF_WIDTH + 0.06
    samples = [point_along(stroke, i / 60) for i in range(61)]
    runs = runs_where(samples, lambda q: any(dist_point_polyline(q, s) < reach for s in others))
    return [run for run in runs if len(run) > 1]


def _offset(line: list[Point], distance: float) -> list[Point]:
    """``line`` moved sideways by ``distance`` (to its left, seen walking along it)."""
    out: list[Point] = []
    for i, (x, y) in enumerate(line):
        ax, ay = line[max(0, i - 1)]
        bx, by = line[min(len(line) - 1, i + 1)]
        length = math.hypot(bx - ax, by - ay) or 1.0
        out.append((x + (by - ay) / length * distance, y - (bx - ax) / length * distance))
    return out


def _band(line: list[Point], half: float) -> list[Point]:
    """A polygon ``2 * half`` wide along ``line``, with square ends."""
    return _offset(line, half) + _offset(line, -half)[::-1]


def _bridge(ctx: SymbolContext, span: list[Point]) -> None:
    """A stone deck with parapets and flared wing walls, throwing a shadow on the
    road underneath."""
    p = ctx.paint
    hw = ROAD_HALF_WIDTH
    deck = hw + 0.028
    shade = p.overlay()
    shadow = ctx.colour("bridge_shadow")
    shadow.a = 120
    p.polygon([(x + 0.03, y + 0.04) for x, y in _band(span, deck + 0.01)], shadow, on=shade)
    p.blend(shade)
    stone, dark = ctx.colour("bridge_stone"), ctx.colour("bridge_stone_dark")
    (x0, y0), (x1, y1) = span[0], span[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    for (ex, ey), out in ((span[0], -1.0), (span[-1], 1.0)):
        for side in (1.0, -1.0):
            nx, ny = -dy * side, dx * side
            root = (ex + nx * deck, ey + ny * deck)
            tip = (ex + nx * (deck + 0.035) + dx * out * 0.035, ey + ny * (deck + 0.035) + dy * out * 0.035)
            p.stroke([root, tip], dark, 0.024, 1.5)
            p.stroke([root, tip], stone, 0.012, 1)
    p.polygon(_band(span, deck + 0.01), dark)
    p.polygon(_band(span, deck - 0.006), stone)
    p.polygon(_band(span, hw - 0.004), ctx.colour("road"))
    if ctx.detail:
        for side in (1.0, -1.0):
            rail = _offset(span, side * (deck - 0.012))
            for i in range(6):
                p.circle(point_along(rail, (i + 0.5) / 6), 0.007, dark)


register_tile_symbol("goods", paint_goods, layer="top")
# each good goes to whoever holds the most of its tokens: the panel shows them all, always
register_token_kinds("traders_builders", GOODS, goods_winners)
register_tile_symbol("bridge", paint_bridge, layer="terrain")


# --- figures -----------------------------------------------------------------
# The builder: a follower in a wide-brimmed hat; the pig: a round body on four
# legs with a snout and ears, no head circle.
_BUILDER_HAT = ((0.26, 0.12), (0.74, 0.12), (0.74, 0.07), (0.64, 0.07), (0.62, -0.02),
                (0.38, -0.02), (0.36, 0.07), (0.26, 0.07))
_PIG = ((0.08, 0.52), (0.12, 0.40), (0.24, 0.32), (0.40, 0.29), (0.62, 0.30), (0.76, 0.34),
        (0.84, 0.30), (0.90, 0.36), (0.88, 0.44), (0.97, 0.50), (0.97, 0.60), (0.88, 0.64),
        (0.84, 0.74), (0.80, 0.90), (0.70, 0.90), (0.68, 0.78), (0.36, 0.78), (0.34, 0.90),
        (0.24, 0.90), (0.20, 0.74), (0.10, 0.66), (0.02, 0.60))

# A follower with a hat alone looked like a follower on the board (family
# table, second round): the builder raises a big hammer over its head, a
# silhouette no other figure has, readable at the board's smallest scale.
_HAMMER_HANDLE = ((0.03, 0.50), (0.11, 0.50), (0.11, 0.12), (0.03, 0.12))
_HAMMER_HEAD = ((-0.06, 0.16), (0.22, 0.16), (0.22, -0.02), (-0.06, -0.02))

register_figure_style("builder", FigureStyle(BODY, extras=(_BUILDER_HAT, _HAMMER_HANDLE, _HAMMER_HEAD)))
register_figure_style("pig", FigureStyle(_PIG, head=None))

"""Figure sprites in player colours: the follower here, every other figure
from the style its expansion registers (ui/expansions), so a new figure needs
no change in this module (an unknown one is drawn as a follower).

Figures are filled polygons with a dark outline so they stand out on any
terrain. Each player colour also carries a shape mark (circle, square,
triangle...) on the figure's chest, so players who cannot tell two colours apart
still can tell two figures apart. Colours and marks come from the palette.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from carcassonne_desktop.ui.art.cache import LruCache
from carcassonne_desktop.ui.expansions import FigureStyle, figure_style
from carcassonne_desktop.ui.resources import palette_data

Point = tuple[float, float]

_SUPERSAMPLE = 4

# The classic meeple silhouette in a unit box (x right, y down): head on top,
# arms out, legs apart. The head is added as a circle.
_BODY: tuple[Point, ...] = (
    (0.40, 0.30), (0.16, 0.38), (0.05, 0.46), (0.06, 0.56), (0.16, 0.59), (0.31, 0.56),
    (0.20, 0.93), (0.24, 0.97), (0.42, 0.97), (0.50, 0.80), (0.58, 0.97), (0.76, 0.97),
    (0.80, 0.93), (0.69, 0.56), (0.84, 0.59), (0.94, 0.56), (0.95, 0.46), (0.84, 0.38),
    (0.60, 0.30),
)
_HEAD: tuple[Point, float] = ((0.5, 0.19), 0.15)

#: A robe (no gap between the legs), for figures that expansions dress.
ROBE: tuple[Point, ...] = (
    (0.40, 0.30), (0.16, 0.38), (0.05, 0.46), (0.06, 0.56), (0.16, 0.59), (0.30, 0.56),
    (0.17, 0.97), (0.83, 0.97), (0.70, 0.56), (0.84, 0.59), (0.94, 0.56), (0.95, 0.46),
    (0.84, 0.38), (0.60, 0.30),
)
BODY = _BODY
FOLLOWER_STYLE = FigureStyle(_BODY, _HEAD)
_MARK_CENTRE: Point = (0.5, 0.55)
_MARK_SIZE = 0.13


def _palette_colour(name: str) -> pygame.Color:
    return pygame.Color(*palette_data()["ui"][name])


def player_colour_names() -> list[str]:
    """The eight player colour names, in the palette's order."""
    return list(palette_data()["players"].keys())


def player_rgb(name: str) -> pygame.Color:
    """The RGB of a player colour name (KeyError for an unknown name)."""
    return pygame.Color(*palette_data()["players"][name]["rgb"])


def player_mark(name: str) -> str:
    """The shape mark drawn on that colour's figures."""
    return str(palette_data()["players"][name]["mark"])


def _mark_rgb(name: str) -> pygame.Color:
    return pygame.Color(*palette_data()["players"][name]["mark_rgb"])


def _outline_rgb() -> pygame.Color:
    return pygame.Color(*palette_data()["outline"])


def _scaled(points: Sequence[Point], w: float, h: float, ox: float, oy: float) -> list[Point]:
    return [(ox + x * w, oy + y * h) for x, y in points]


def _draw_mark(surface: pygame.Surface, mark: str, centre: Point, r: float, col: pygame.Color,
               outline: pygame.Color) -> None:
    """A small symbol; drawn on a dark halo so it reads on light and dark figures alike."""
    cx, cy = centre
    lw = max(1, round(r * 0.45))

    def poly(points: list[Point]) -> None:
        pygame.draw.polygon(surface, col, points)

    if mark == "circle":
        pygame.draw.circle(surface, col, centre, r * 0.8)
    elif mark == "square":
        poly([(cx - r * 0.7, cy - r * 0.7), (cx + r * 0.7, cy - r * 0.7), (cx + r * 0.7, cy + r * 0.7),
              (cx - r * 0.7, cy + r * 0.7)])
    elif mark == "triangle":
        poly([(cx, cy - r * 0.9), (cx + r * 0.9, cy + r * 0.7), (cx - r * 0.9, cy + r * 0.7)])
    elif mark == "diamond":
        poly([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)])
    elif mark == "cross":
        pygame.draw.line(surface, col, (cx - r * 0.8, cy), (cx + r * 0.8, cy), lw)
        pygame.draw.line(surface, col, (cx, cy - r * 0.8), (cx, cy + r * 0.8), lw)
    elif mark == "ring":
        pygame.draw.circle(surface, col, centre, r * 0.85, lw)
    elif mark == "bar":
        poly([(cx - r * 0.9, cy - r * 0.3), (cx + r * 0.9, cy - r * 0.3), (cx + r * 0.9, cy + r * 0.3),
              (cx - r * 0.9, cy + r * 0.3)])
    elif mark == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        poly(pts)
    del outline


def render_meeple(kind: str, colour_name: str, size: int, lying: bool = False) -> pygame.Surface:
    """A figure sprite (transparent background).

    ``size`` is the height in pixels of an ordinary follower; other figures are
    their style's ``scale`` times that. ``lying`` lays the figure on its side (farmers).
    """
    style = figure_style(kind)
    if style is None:
        if kind != "follower" and kind not in _engine_figure_names():
            raise ValueError(f"unknown figure kind {kind!r}")
        style = FOLLOWER_STYLE  # a figure without a look of its own yet
    base = pygame.Color(*player_rgb(colour_name))
    mark_col = _mark_rgb(colour_name)
    outline = _outline_rgb()
    final = max(6, round(size * style.scale))
    work = final * _SUPERSAMPLE
    pad = max(2, round(work * 0.08))
    box = work - 2 * pad
    surface = pygame.Surface((work, work), pygame.SRCALPHA)
    ox, oy = pad, pad
    body = _scaled(style.body, box, box, ox, oy)
    head = style.head or _HEAD
    head_c = (ox + head[0][0] * box, oy + head[0][1] * box)
    head_r = head[1] * box
    extras = [_scaled(shape, box, box, ox, oy) for shape in style.extras]
    thick = max(_SUPERSAMPLE, round(box * 0.055))

    def silhouette(col: pygame.Color, dx: float = 0.0, dy: float = 0.0) -> None:
        pygame.draw.polygon(surface, col, [(x + dx, y + dy) for x, y in body])
        if style.head is not None:
            pygame.draw.circle(surface, col, (head_c[0] + dx, head_c[1] + dy), head_r)
        for shape in extras:
            pygame.draw.polygon(surface, col, [(x + dx, y + dy) for x, y in shape])

    for i in range(12):
        a = i * math.tau / 12
        silhouette(outline, math.cos(a) * thick, math.sin(a) * thick)
    silhouette(base)
    # soft light from the upper left: a lighter sheen on the head and shoulder
    sheen = base.lerp(_palette_colour("sheen"), 0.35)
    pygame.draw.circle(surface, sheen, (head_c[0] - head_r * 0.35, head_c[1] - head_r * 0.3), head_r * 0.28)
    if style.face:
        # a face opening (a hood) tells the figure from a follower at a glance
        face = base.lerp(_palette_colour("shade"), 0.45)
        pygame.draw.circle(surface, face, (head_c[0], head_c[1] + head_r * 0.35), head_r * 0.5)
    mark_c = (ox + _MARK_CENTRE[0] * box, oy + _MARK_CENTRE[1] * box)
    halo = base.lerp(outline, 0.35)
    pygame.draw.circle(surface, halo, mark_c, _MARK_SIZE * box * 1.12)
    _draw_mark(surface, player_mark(colour_name), mark_c, _MARK_SIZE * box, mark_col, outline)
    if style.ring:
        # a second ring round the mark: bigger figure, double weight in majorities
        pygame.draw.circle(surface, mark_col, mark_c, _MARK_SIZE * box * 1.5, max(1, thick // 2))
    surface = pygame.transform.smoothscale(surface, (final, final))
    if lying:
        surface = pygame.transform.rotate(surface, 90)
    return surface


@cache
def _engine_figure_names() -> frozenset[str]:
    """Every figure type any expansion brings (a name outside it is a bug)."""
    from carcassonne_desktop.engine.expansion import registry

    return frozenset(figure.name for cls in registry().values()
                     for figure in cls({"farmers": True}).figures())


class MeepleCache:
    """Figure sprites keyed by (kind, colour, size, lying), bounded LRU."""

    def __init__(self, max_entries: int = 256) -> None:
        self._cache: LruCache[tuple[str, str, int, bool], pygame.Surface] = LruCache(max_entries)

    def __len__(self) -> int:
        return len(self._cache)

    def get(self, kind: str, colour_name: str, size: int, lying: bool = False) -> pygame.Surface:
        key = (kind, colour_name, int(size), bool(lying))
        return self._cache.get_or_create(key, lambda: render_meeple(kind, colour_name, size, lying))


def __getattr__(name: str) -> object:
    """``FIGURE_KINDS``: the follower and every figure an expansion gave a look."""
    if name == "FIGURE_KINDS":
        from carcassonne_desktop.ui.expansions import _FIGURES, discover

        discover()
        return ("follower", *sorted(_FIGURES))
    raise AttributeError(name)

"""The Catapult's pictures, drawn in code from the theme's colours (group
``catapult`` of ``assets/themes/palette.json``; no colour is written here):
the fair's tent on its tiles, the four tokens (one emblem per type, so a
token reads without its colour: a burst for knock-out, a heart for
seduction, rings for target, an open hand for catch) and the wooden
catapult of the mini-game, its arm drawn back as far as the pull.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from carcassonne_desktop.ui.resources import colour

if TYPE_CHECKING:
    import random

    from carcassonne_desktop.engine.tile_layout import Prop
    from carcassonne_desktop.ui.art.tile_art import Painter

Point = tuple[float, float]
GROUP = "catapult"


def rgb(name: str) -> pygame.Color:
    """A colour of the theme's catapult group."""
    return colour(GROUP, name)


def token_rgb(token: str) -> pygame.Color:
    """The colour of a token type (its name is the palette entry)."""
    return rgb(token)


# ------------------------------------------------------------------ the fair
def paint_fair(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """A striped tent with a pennant and a string of flags to a peg: the
    fairground roads end at."""
    del rng
    cx, cy = prop.pos
    r = prop.radius
    p.ellipse((cx, cy + r * 0.55), r * 1.0, r * 0.3, rgb("tent_shadow"))
    base = [(cx - r * 0.8, cy + r * 0.55), (cx + r * 0.8, cy + r * 0.55), (cx, cy - r * 0.75)]
    p.polygon(base, rgb("tent"))
    if detail:
        for share in (-0.4, 0.0, 0.4):
            p.polygon([(cx + share * r - r * 0.1, cy + r * 0.55),
                       (cx + share * r + r * 0.1, cy + r * 0.55), (cx, cy - r * 0.75)],
                      rgb("tent_stripe"))
        # the door, and flags strung from the top of the pole to a peg
        p.polygon([(cx - r * 0.14, cy + r * 0.55), (cx + r * 0.14, cy + r * 0.55),
                   (cx, cy + r * 0.15)], rgb("token_rim"))
        peg = (cx + r * 1.15, cy + r * 0.5)
        top = (cx, cy - r * 0.95)
        p.stroke([top, peg], rgb("rope"), r * 0.03)
        for i in range(1, 4):
            t = i / 4
            x, y = top[0] + (peg[0] - top[0]) * t, top[1] + (peg[1] - top[1]) * t
            p.polygon([(x - r * 0.07, y), (x + r * 0.07, y), (x, y + r * 0.16)],
                      rgb("bunting_a" if i % 2 else "bunting_b"))
    p.stroke([(cx, cy - r * 0.75), (cx, cy - r * 1.05)], rgb("pole"), r * 0.08)
    p.polygon([(cx, cy - r * 1.05), (cx + r * 0.35, cy - r * 0.95), (cx, cy - r * 0.85)],
              rgb("flag"))


# ---------------------------------------------------------------- the tokens
def _star(centre: Point, outer: float, inner: float, points: int) -> list[Point]:
    cx, cy = centre
    out = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        out.append((cx + math.cos(angle) * radius, cy + math.sin(angle) * radius))
    return out


def _heart(surface: pygame.Surface, centre: Point, size: float, col: pygame.Color) -> None:
    cx, cy = centre
    lobe = size * 0.3
    for side in (-1, 1):
        pygame.draw.circle(surface, col, (round(cx + side * lobe * 0.95), round(cy - size * 0.12)),
                           max(1, round(lobe)))
    pygame.draw.polygon(surface, col, [(cx - size * 0.58, cy - size * 0.02),
                                       (cx + size * 0.58, cy - size * 0.02),
                                       (cx, cy + size * 0.62)])


def _hand(surface: pygame.Surface, centre: Point, size: float, col: pygame.Color) -> None:
    cx, cy = centre
    palm = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.62))
    palm.center = (round(cx), round(cy + size * 0.18))
    pygame.draw.ellipse(surface, col, palm)
    finger = max(1, round(size * 0.15))
    for i in range(4):
        x = cx - size * 0.3 + i * size * 0.2
        length = size * (0.5 if i in (1, 2) else 0.42)
        pygame.draw.line(surface, col, (x, cy), (x, cy - length), finger)
        pygame.draw.circle(surface, col, (round(x), round(cy - length)), max(1, finger // 2))
    pygame.draw.line(surface, col, (cx - size * 0.36, cy + size * 0.2),
                     (cx - size * 0.62, cy - size * 0.06), finger)


def draw_token(surface: pygame.Surface, token: str, centre: Point, radius: float) -> None:
    """A catapult token seen from above: a disc of the type's colour with a
    dark rim and the type's emblem."""
    cx, cy = round(centre[0]), round(centre[1])
    r = max(3, round(radius))
    pygame.draw.circle(surface, rgb("token_rim"), (cx, cy), r)
    pygame.draw.circle(surface, token_rgb(token), (cx, cy), max(2, r - max(1, r // 8)))
    if r < 7:
        return  # too small for an emblem: the colour says it
    ink = rgb("emblem")
    size = r * 0.62
    if token == "knockout":
        pygame.draw.polygon(surface, ink, _star((cx, cy), size, size * 0.45, 8))
    elif token == "seduction":
        _heart(surface, (cx, cy), size * 1.1, ink)
    elif token == "target":
        for share, name in ((1.0, "emblem"), (0.66, token), (0.33, "emblem")):
            pygame.draw.circle(surface, rgb(name), (cx, cy), max(1, round(size * share)))
    else:
        _hand(surface, (cx, cy), size * 1.1, ink)


# -------------------------------------------------------------- the catapult
def draw_catapult(surface: pygame.Surface, anchor: Point, pull: Point = (0.0, 0.0)) -> Point:
    """The wooden catapult standing at `anchor` (the cup's rest, window
    pixels), its arm drawn back by `pull` (pixels, already limited by the
    caller); returns where the cup is, for the token."""
    x, y = anchor
    wood, light, dark = rgb("wood"), rgb("wood_light"), rgb("wood_dark")
    # the base: two rails on wheels
    base = [(x - 40, y + 34), (x + 40, y + 34), (x + 30, y + 18), (x - 30, y + 18)]
    pygame.draw.polygon(surface, wood, base)
    pygame.draw.polygon(surface, dark, base, 2)
    for wx in (x - 30, x + 30):
        pygame.draw.circle(surface, dark, (round(wx), round(y + 36)), 9)
        pygame.draw.circle(surface, light, (round(wx), round(y + 36)), 4)
    # the uprights and the crossbar the arm strikes
    for side in (-1, 1):
        pygame.draw.line(surface, dark, (x + side * 24, y + 20), (x + side * 14, y - 8), 6)
    pygame.draw.line(surface, light, (x - 18, y - 6), (x + 18, y - 6), 4)
    # the arm from the pivot to the cup, pulled back
    pivot = (x, y + 22)
    cup = (x + pull[0], y - 18 + pull[1])
    pygame.draw.line(surface, dark, pivot, cup, 8)
    pygame.draw.line(surface, light, pivot, cup, 3)
    for side in (-1, 1):  # the ropes that spring it
        pygame.draw.line(surface, rgb("rope"), (x + side * 22, y - 6), cup, 2)
    rect = pygame.Rect(0, 0, 26, 14)
    rect.center = (round(cup[0]), round(cup[1]))
    pygame.draw.ellipse(surface, dark, rect)
    pygame.draw.ellipse(surface, wood, rect.inflate(-4, -4))
    return cup


def limit(vector: Point, longest: float) -> Point:
    """`vector` shortened to at most `longest` pixels (the arm's drawn pull:
    a long pull may not draw the catapult out of the window)."""
    length = math.hypot(*vector)
    if length <= longest or length == 0:
        return vector
    return (vector[0] * longest / length, vector[1] * longest / length)

"""The Wheel of Fortune on the table: the wheel over its board, its six
sections, the crown spaces (clickable in the figure step, with the followers
standing on them), the pig gliding clockwise from section to section, the
icons on the tiles, and the log lines of the events.

The wheel is drawn over the 16 board parts, centred on the corner the four
middle parts share (board point (0, 0)); the crown spaces stand where the
reference puts them (engine data `wheel.crowns`).
"""

from __future__ import annotations

import math
import time
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.events import FigureMoved, PointsScored
from carcassonne_desktop.engine.expansions.wheel_of_fortune import (
    CROWN,
    FAMINE,
    FORTUNE,
    ID,
    INQUISITION,
    STORM,
    TAXES,
    WHEEL,
    WheelCounted,
    WheelTurned,
    crown_section,
    pig_section,
    wheel_data,
)
from carcassonne_desktop.ui.art.symbols import SymbolContext
from carcassonne_desktop.ui.expansions import (
    register_area_points,
    register_board_painter,
    register_event_text,
    register_tile_symbol,
)
from carcassonne_desktop.ui.game_log import figure_with_article
from carcassonne_desktop.ui.resources import colour, font

#: Radii in board units: the sections' disc, the crown ring's outer edge,
#: the pig's track and the hub.
SECTIONS_R, OUTER_R, PIG_R, HUB_R = 1.28, 1.72, 1.08, 0.26
CROWN_R = 0.16
#: Degrees a second the pig walks.
PIG_SPEED = 150.0


def _section_bearing(index: int) -> float:
    """Bearing (degrees clockwise from north) of the middle of section `index`."""
    return 60.0 * index


def _at(bearing: float, radius: float) -> tuple[float, float]:
    b = math.radians(bearing)
    return (radius * math.sin(b), -radius * math.cos(b))


def section_name(section: str) -> str:
    return i18n.tr(f"wheel.section.{section}")


# ---------------------------------------------------------------- the wheel
_WHEELS: dict[tuple[int, str], pygame.Surface] = {}


def _wheel_surface(scale: int) -> pygame.Surface:
    """The still wheel at `scale` pixels per tile (cached per language)."""
    key = (scale, i18n.current_language())
    cached = _WHEELS.get(key)
    if cached is not None:
        return cached
    if len(_WHEELS) > 12:
        _WHEELS.clear()
    data = wheel_data()
    size = int(2 * OUTER_R * scale) + 4
    c = size / 2
    surf = pygame.Surface((size, size), pygame.SRCALPHA)

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return (c + p[0] * scale, c + p[1] * scale)

    def sector(radius: float, start: float, end: float) -> list[tuple[float, float]]:
        steps = max(6, int((end - start) / 4))
        return [px((0.0, 0.0))] + [px(_at(start + (end - start) * i / steps, radius))
                                   for i in range(steps + 1)]

    pygame.draw.circle(surf, colour(WHEEL, "rim"), (c, c), OUTER_R * scale)
    pygame.draw.circle(surf, colour(WHEEL, "ring"), (c, c), OUTER_R * scale - max(2, scale // 24))
    for index, section in enumerate(data.sections):
        middle = _section_bearing(index)
        pygame.draw.polygon(surf, colour(WHEEL, section), sector(SECTIONS_R, middle - 30, middle + 30))
    width = max(1, scale // 40)
    for index in range(len(data.sections)):
        edge = _section_bearing(index) - 30
        pygame.draw.line(surf, colour(WHEEL, "spoke"), px((0.0, 0.0)), px(_at(edge, OUTER_R)), width)
    pygame.draw.circle(surf, colour(WHEEL, "rim"), (c, c), SECTIONS_R * scale, max(2, scale // 30))
    pygame.draw.circle(surf, colour(WHEEL, "hub"), (c, c), HUB_R * scale)
    pygame.draw.circle(surf, colour(WHEEL, "rim_light"), (c, c), HUB_R * scale * 0.45)
    for slot, point in data.crown_xy.items():
        del slot
        pygame.draw.circle(surf, colour(WHEEL, "crown_space"), px(point), CROWN_R * scale)
        pygame.draw.circle(surf, colour(WHEEL, "crown_edge"), px(point), CROWN_R * scale,
                           max(1, scale // 48))
    label_size = max(9, min(22, int(scale * 0.15)))
    for index, section in enumerate(data.sections):
        text = font(label_size, bold=True).render(section_name(section), True, colour(WHEEL, "text"))
        centre = px(_at(_section_bearing(index), 0.7))
        surf.blit(text, text.get_rect(center=(round(centre[0]), round(centre[1]))))
    _WHEELS[key] = surf
    return surf


# ------------------------------------------------------------------ the pig
# Where the pig is drawn, per game (copies share the setup): bearing, time.
_PIG_SHOWN: dict[int, tuple[float, float]] = {}


def _pig_target(game: Any) -> float:
    return _section_bearing(wheel_data().sections.index(pig_section(game)))


def pig_bearing(game: Any, now: float | None = None) -> float:
    """The pig's drawn bearing: it walks clockwise towards its section and
    jumps back at once when a move is undone."""
    now = time.monotonic() if now is None else now
    target = _pig_target(game)
    key = id(game.setup)
    shown, then = _PIG_SHOWN.get(key, (target, now))
    ahead = (target - shown) % 360.0
    if ahead > 185.0:
        shown = target  # undone, or another game: no walk backwards
    else:
        shown = (shown + min(ahead, PIG_SPEED * max(0.0, now - then))) % 360.0
    if len(_PIG_SHOWN) > 64:
        _PIG_SHOWN.clear()
    _PIG_SHOWN[key] = (shown, now)
    return shown


def pig_walking(game: Any) -> bool:
    shown = _PIG_SHOWN.get(id(game.setup))
    return shown is not None and abs((_pig_target(game) - shown[0] + 180.0) % 360.0 - 180.0) > 0.5


def _draw_pig(surface: pygame.Surface, centre: tuple[float, float], bearing: float, scale: int) -> None:
    """A round pink pig facing clockwise (its nose along the track)."""
    r = max(4, int(scale * 0.15))
    body, dark = colour(WHEEL, "pig"), colour(WHEEL, "pig_dark")
    heading = math.radians(bearing + 90.0)
    fx, fy = math.sin(heading), -math.cos(heading)
    x, y = centre
    pygame.draw.ellipse(surface, dark, pygame.Rect(x - r - 1, y - r * 0.8 - 1, 2 * r + 2, 1.6 * r + 2))
    pygame.draw.ellipse(surface, body, pygame.Rect(x - r, y - r * 0.8, 2 * r, 1.6 * r))
    head = (x + fx * r * 0.95, y + fy * r * 0.75)
    pygame.draw.circle(surface, body, head, r * 0.6)
    pygame.draw.circle(surface, dark, head, r * 0.6, max(1, r // 6))
    snout = (head[0] + fx * r * 0.45, head[1] + fy * r * 0.45)
    pygame.draw.circle(surface, dark, snout, max(2, r * 0.25))
    ear = (head[0] - fy * r * 0.35 - fx * r * 0.2, head[1] + fx * r * 0.35 - fy * r * 0.2)
    pygame.draw.circle(surface, dark, ear, max(2, r * 0.2))


def paint_wheel(surface: pygame.Surface, camera: Any, game: Any) -> None:
    scale = int(camera.scale)
    cx, cy = camera.world_to_screen(0.0, 0.0)
    reach = OUTER_R * scale + 2
    if not camera.viewport.colliderect(pygame.Rect(cx - reach, cy - reach, 2 * reach, 2 * reach)):
        return
    wheel = _wheel_surface(scale)
    surface.blit(wheel, wheel.get_rect(center=(round(cx), round(cy))))
    bearing = pig_bearing(game)
    px, py = _at(bearing, PIG_R)
    _draw_pig(surface, (cx + px * scale, cy + py * scale), bearing, scale)


def crown_points(game: Any) -> dict[tuple[str, str], tuple[float, float]]:
    return {(WHEEL, slot): point for slot, point in wheel_data().crown_xy.items()}


# --------------------------------------------------------------- tile icons
def paint_icon(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """The wheel icon: a small disc with 1, 2 or 3 pips, in the tile's
    roomiest corner."""
    del feature
    pips = int(value or 0)
    if not 1 <= pips <= 3:
        return
    corner = ctx.place("wheel_icon", None, ctx.free_corner)
    p = ctx.paint
    radius = 0.11
    p.circle(corner, radius, ctx.colour("token_rim"))
    p.circle(corner, radius * 0.86, colour(WHEEL, "icon"))
    dot = radius * 0.2
    offsets = {1: [(0.0, 0.0)], 2: [(-0.4, 0.0), (0.4, 0.0)],
               3: [(-0.45, 0.25), (0.45, 0.25), (0.0, -0.4)]}[pips]
    for ox, oy in offsets:
        p.circle((corner[0] + ox * radius, corner[1] + oy * radius), dot, colour(WHEEL, "icon_edge"))
    ctx.taken.append((corner, radius))


# ------------------------------------------------------------------- the log
def wheel_turned_text(event: Any, names: Any) -> str | None:
    """Where the pig went, and what that section does: a section that gave
    nobody anything (Taxes with no knight in a city) left the log silent."""
    if not isinstance(event, WheelTurned):
        return None
    effect = i18n.tr(f"wheel.effect.{event.section}")
    told = "turned" if effect == i18n.key(f"wheel.effect.{event.section}") else "turned_effect"
    return i18n.tr(f"wheel.{told}", name=names[event.player], steps=event.steps,
                   section=section_name(event.section), effect=effect)


def crowned_text(event: Any, names: Any) -> str | None:
    """A follower put on a crown space had no line of its own."""
    if not isinstance(event, FigureMoved) or event.origin is not None or event.player < 0:
        return None
    target = event.target or {}
    if target.get("area") != WHEEL:
        return None
    return i18n.tr("wheel.crowned", name=names[event.player], figure_a=figure_with_article(event.figure),
                   section=section_name(crown_section(str(target.get("slot")))))


def wheel_score_text(event: Any, names: Any) -> str | None:
    """Crowns and Fortune have a line of their own; the other events were
    told with their reasons just before (`wheel_counted`)."""
    if not isinstance(event, PointsScored) or event.feature not in (WHEEL, CROWN):
        return None
    who = ", ".join(names[p] for p in event.players)
    if event.feature == CROWN:
        return i18n.tr("wheel.scored_crown", name=who, points=i18n.points_text(event.points),
                       section=section_name(event.reason))
    if event.reason == FORTUNE:
        return i18n.tr("wheel.scored.fortune", name=who, points=i18n.points_text(event.points))
    return ""


def _pieces(noun: str, count: int) -> str:
    """"2 chevaliers", "1 blason": French says 0 and 1 in the singular."""
    singular = count in (0, 1) if i18n.current_language() == "fr" else count == 1
    return i18n.tr(f"wheel.noun.{noun}_{'one' if singular else 'many'}", count=count)


#: The pieces each event counts, and what it counts them by.
_COUNTED = {TAXES: ("knight", "shield"), FAMINE: ("farmer", "city"), STORM: ("follower", None),
            INQUISITION: ("monk", None)}


def wheel_counted_text(event: Any, names: Any) -> str | None:
    if not isinstance(event, WheelCounted) or event.section not in _COUNTED:
        return None
    noun, unit = _COUNTED[event.section]
    return i18n.tr(f"wheel.scored.{event.section}", name=names[event.player],
                   points=i18n.points_text(event.points), count=_pieces(noun, event.count),
                   unit=_pieces(unit, event.unit) if unit else "")


register_board_painter(ID, paint_wheel, pig_walking)
register_area_points(ID, crown_points)
register_tile_symbol(WHEEL, paint_icon, layer="top")
register_event_text(WheelTurned.kind, wheel_turned_text)
register_event_text(PointsScored.kind, wheel_score_text)
register_event_text(WheelCounted.kind, wheel_counted_text)
register_event_text(FigureMoved.kind, crowned_text)

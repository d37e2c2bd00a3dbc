"""The Flying Machines in the interface: the machine drawn on its tile with
an arrow along its direction (turning with the tile), the latest flight
drawn over the board (a dashed line from the machine to the target tile,
the target framed, the die showing the distance) while its turn and the
next one last, and log lines for the roll and the flight.

The fly itself is an answer button of the figure step (`action.fly.*`); the
landing is the generic located-answer widget (the `deploy` answers of
`fly_landing` are spots on the target tile)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.events import OutcomeRevealed
from carcassonne_desktop.engine.expansions.flying_machines import (
    COMPASS,
    DIE,
    FLIER,
    FLYING_MACHINES,
    STEPS,
    Flight,
    last_flight,
)
from carcassonne_desktop.engine.tile_geometry import Point, border_distance
from carcassonne_desktop.ui.art.symbols import SymbolContext
from carcassonne_desktop.ui.expansions import (
    register_board_overlay,
    register_event_text,
    register_tile_symbol,
)
from carcassonne_desktop.ui.resources import colour

#: How many turns after its own a flight stays drawn (the next player sees it).
SHOWN_TURNS = 1


def board_direction(printed: str, rot: int) -> str:
    """The printed direction turned with the tile (two compass steps a quarter)."""
    return COMPASS[(COMPASS.index(printed) + 2 * rot) % 8]


# ------------------------------------------------------------------ the tile
def paint_flier(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """The machine: a pair of canvas wings on a wooden frame, and an arrow
    pointing where it flies, in the roomiest part of the field."""
    del feature
    if value not in STEPS:
        return
    dx, dy = STEPS[board_direction(str(value), ctx.rot)]
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm  # along the flight
    px, py = -uy, ux  # across it
    found = ctx.place("flier_spot", None, lambda: _machine_spot(ctx))
    (cx, cy), clear = found if found else ((0.5, 0.5), 0.3)
    # smaller where the field is narrow, and the whole machine on the tile
    k = min(1.0, max(0.55, clear / 0.3))
    cx, cy = min(max(cx, 0.28 * k), 1 - 0.28 * k), min(max(cy, 0.28 * k), 1 - 0.28 * k)
    p = ctx.paint
    wing, edge = colour(FLYING_MACHINES, "wing"), colour(FLYING_MACHINES, "frame")
    span, chord = 0.24, 0.09

    def at(a: float, b: float) -> Point:
        return (cx + (ux * a + px * b) * k, cy + (uy * a + py * b) * k)

    for side in (-1, 1):  # two swept wings
        p.polygon([at(chord * 0.6, 0.0), at(-chord, side * span), at(-chord * 1.6, side * span * 0.9),
                   at(-chord * 0.6, 0.0)], wing)
        p.stroke([at(chord * 0.6, 0.0), at(-chord, side * span)], edge, 0.012)
    p.stroke([at(-0.12, 0.0), at(0.1, 0.0)], edge, 0.02)  # the body
    arrow = colour(FLYING_MACHINES, "arrow")
    tip = at(0.26, 0.0)
    p.stroke([at(0.1, 0.0), tip], arrow, 0.028)
    p.polygon([tip, at(0.17, 0.07), at(0.17, -0.07)], arrow)
    ctx.taken.append(((cx, cy), 0.28 * k))


#: How far (tile units) the machine keeps from a figure's anchor, so the
#: farmer's spot offered in the figure step never covers it.
ANCHOR_ROOM = 0.2


def _machine_spot(ctx: SymbolContext) -> tuple[Point, float] | None:
    """The open-field point with the most room (off roads, walls, buildings,
    the border) that keeps clear of the figures' anchors, with its room."""
    anchors = list(ctx.anchors.values())
    best: tuple[float, Point, float] | None = None
    for p in ctx.field_points():
        clear = min(ctx.path_clearance(p), ctx.wall_clearance(p) - 0.03, ctx.prop_clearance(p),
                    border_distance(p))
        near = min((math.dist(p, a) for a in anchors), default=1.0)
        score = min(clear, near - ANCHOR_ROOM) - 0.15 * math.dist(p, (0.5, 0.5))
        if best is None or score > best[0]:
            best = (score, p, clear)
    return (best[1], best[2]) if best else None


# ----------------------------------------------------------------- the board
def draw_flight(surface: pygame.Surface, camera: Any, game: Any, layer: Any) -> None:
    """The latest flight while it is news: a dashed line from the machine to
    the target cell, the target framed, and the die at the machine."""
    latest = last_flight(game)
    if latest is None or game.turn - latest.turn > SHOWN_TURNS:
        return
    flight = latest.flight
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    start = camera.world_to_screen(flight.x + 0.5, flight.y + 0.5)
    end = camera.world_to_screen(flight.target_x + 0.5, flight.target_y + 0.5)
    line = colour(FLYING_MACHINES, "flight" if flight.lands else "flight_lost")
    width = max(2, round(camera.scale / 24))
    _dashed(surface, line, start, end, width, max(6.0, camera.scale / 8))
    target = camera.tile_rect(flight.target_x, flight.target_y)
    pygame.draw.rect(surface, line, target.inflate(-width, -width), width,
                     border_radius=max(2, round(camera.scale / 10)))
    _draw_die(surface, flight, camera)
    surface.set_clip(clip)


def _dashed(surface: pygame.Surface, col: pygame.Color, start: Point, end: Point,
            width: int, dash: float) -> None:
    length = math.dist(start, end)
    if length < 1:
        return
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        a, b = i / steps, min(1.0, (i + 1) / steps)
        pygame.draw.line(surface, col, _lerp(start, end, a), _lerp(start, end, b), width)


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


#: Pip positions of the die's faces 1 to 3 (unit square).
_PIPS = {1: ((0.5, 0.5),), 2: ((0.28, 0.28), (0.72, 0.72)),
         3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75))}


def _draw_die(surface: pygame.Surface, flight: Flight, camera: Any) -> None:
    """The die with its face, in the top-left corner of the machine's tile."""
    size = max(14, round(camera.scale * 0.3))
    left, top = camera.world_to_screen(flight.x + 0.06, flight.y + 0.06)
    box = pygame.Rect(round(left), round(top), size, size)
    pygame.draw.rect(surface, colour(FLYING_MACHINES, "die"), box,
                     border_radius=max(2, size // 5))
    pygame.draw.rect(surface, colour(FLYING_MACHINES, "die_edge"), box, max(1, size // 12),
                     border_radius=max(2, size // 5))
    pip = colour(FLYING_MACHINES, "die_edge")
    for px, py in _PIPS.get(flight.distance, ()):
        pygame.draw.circle(surface, pip, (box.x + px * size, box.y + py * size),
                           max(2, size // 9))


# ------------------------------------------------------------------- the log
def _tiles(count: int) -> str:
    singular = count in (0, 1) if i18n.current_language() == "fr" else count == 1
    return i18n.tr(f"flying_machines.tiles_{'one' if singular else 'many'}", count=count)


def roll_text(event: Any, names: Any) -> str | None:
    if not isinstance(event, OutcomeRevealed) or event.stream != DIE or event.player < 0:
        return None
    return i18n.tr("flying_machines.rolled", name=names[event.player], distance=event.outcome)


def flight_text(event: Any, names: Any) -> str | None:
    if not isinstance(event, Flight):
        return None
    direction = next((d for d, step in STEPS.items()
                      if step == (_sign(event.target_x - event.x), _sign(event.target_y - event.y))),
                     "N")
    key = "flying_machines.flight" if event.lands else "flying_machines.no_landing"
    return i18n.tr(key, name=names[event.player],
                   figure_a=i18n.tr(f"flying_machines.figure_of.{event.figure}"),
                   distance=_tiles(event.distance),
                   direction=i18n.tr(f"flying_machines.direction.{direction}"))


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


register_tile_symbol(FLIER, paint_flier, layer="top")
register_board_overlay(FLYING_MACHINES, draw_flight)
register_event_text(OutcomeRevealed.kind, roll_text)
register_event_text(Flight.kind, flight_text)

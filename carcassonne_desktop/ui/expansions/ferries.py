"""The Ferries in the interface: the lake in the middle of its tiles (the
roads run into it), each ferry drawn on its lake as a boat on the crossing
between the two road ends it links (drawn from the game, so it moves when
the ferry turns), the ferries that may turn ringed (numbered when several),
the answers given by clicking two road ends of the lake, or with buttons
named by the ends ("Nord – Est"), and log lines."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.expansions.ferries import (
    FERRY,
    FERRY_MOVE,
    ID,
    LAKE,
    LAKE_PROP,
    LAKE_RADIUS,
    FerryMoved,
    FerryPlaced,
    MoveFerry,
    PlaceFerry,
    ferry_links,
    link_of,
    road_ends,
)
from carcassonne_desktop.engine.tile_geometry import EDGE_MID, rotate_point
from carcassonne_desktop.engine.tile_layout import tile_layout
from carcassonne_desktop.ui.expansions import (
    register_board_overlay,
    register_board_painter,
    register_choice_label,
    register_event_text,
    register_feature_note,
    register_feature_pick,
    register_prop,
)
from carcassonne_desktop.ui.resources import colour, font

if TYPE_CHECKING:
    from carcassonne_desktop.engine.tile_layout import Prop
    from carcassonne_desktop.ui.art.tile_art import Painter

#: Where the quay of each road end lies, from the tile centre (on the bank).
QUAY = LAKE_RADIUS * 0.85
#: The boat's length and beam, in tile units.
BOAT_LENGTH, BOAT_BEAM = 0.15, 0.08


def _c(name: str) -> pygame.Color:
    return colour("tile", name)


# ------------------------------------------------------------ the lake
def paint_lake(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """A round lake with its bank, where the tile's roads end."""
    del rng
    c = prop.pos
    r = prop.radius
    p.circle(c, r, _c("river_bank"))
    p.circle(c, r * 0.86, _c("river"))
    if detail:
        p.ellipse((c[0] - r * 0.3, c[1] - r * 0.3), r * 0.35, r * 0.16, _c("river_light"))


# ----------------------------------------------------------- the ferries
def lake_centre(tile: Any, rot: int) -> tuple[float, float]:
    """Where the lake lies on a tile (unit square, board orientation): the tile
    art keeps it clear of a city, so not always in the middle."""
    for prop in tile_layout(tile).props:
        if prop.kind == LAKE_PROP:
            return rotate_point(prop.pos, rot)
    return 0.5, 0.5


def crossing(x: int, y: int, centre: tuple[float, float], link: tuple[str, str]
             ) -> tuple[tuple[float, float], ...]:
    """Board points of a ferry's crossing: its two quays (where the roads meet
    the lake) and the boat between them."""
    quays = []
    for side in link:
        mx, my = EDGE_MID[side]
        dx, dy = mx - centre[0], my - centre[1]
        norm = math.hypot(dx, dy) or 1.0
        quays.append((x + centre[0] + dx / norm * QUAY, y + centre[1] + dy / norm * QUAY))
    a, b = quays
    return a, b, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _boat(surface: pygame.Surface, centre: tuple[float, float], angle: float, scale: int) -> None:
    """A flat wooden ferry along `angle` (radians), a dark rim and planks."""
    length, beam = BOAT_LENGTH * scale / 2, BOAT_BEAM * scale / 2
    ux, uy = math.cos(angle), math.sin(angle)
    vx, vy = -uy, ux
    cx, cy = centre

    def at(u: float, v: float) -> tuple[float, float]:
        return cx + ux * u + vx * v, cy + uy * u + vy * v

    hull = [at(-length, -beam * 0.8), at(-length * 0.8, -beam), at(length * 0.8, -beam),
            at(length, -beam * 0.8), at(length, beam * 0.8), at(length * 0.8, beam),
            at(-length * 0.8, beam), at(-length, beam * 0.8)]
    pygame.draw.polygon(surface, _c("fence_dark"), hull)
    inner = [at(u * 0.82, v * 0.7) for u, v in ((-length, -beam), (length, -beam),
                                                 (length, beam), (-length, beam))]
    pygame.draw.polygon(surface, _c("fence"), inner)
    if scale >= 60:
        for k in (-0.4, 0.0, 0.4):
            pygame.draw.line(surface, _c("fence_dark"), at(length * k, -beam * 0.7),
                             at(length * k, beam * 0.7), 1)


def paint_ferries(surface: pygame.Surface, camera: Any, game: Any) -> None:
    """Every ferry: a pale crossing from quay to quay and the boat on it."""
    scale = camera.scale
    view = camera.viewport
    width = max(3, round(scale * 0.06))
    for (x, y), link in ferry_links(game).items():
        if not view.colliderect(camera.tile_rect(x, y)):
            continue
        rotated = game.board[(x, y)][0]
        centre = lake_centre(rotated.tile.raw, rotated.rot)
        a, b, middle = (camera.world_to_screen(*p) for p in crossing(x, y, centre, link))
        pygame.draw.line(surface, _c("road_edge"), a, b, width + 2)
        pygame.draw.line(surface, _c("road"), a, b, width)
        for end in (a, b):
            pygame.draw.circle(surface, _c("fence_dark"), end, max(2, width * 0.8))
        _boat(surface, middle, math.atan2(b[1] - a[1], b[0] - a[0]), scale)


def ring_movable(surface: pygame.Surface, camera: Any, game: Any, layer: Any) -> None:
    """While a ferry may turn, ring each one that may (numbered when several,
    as the answers' buttons are)."""
    del layer
    pending = game.pending
    if pending is None or pending.kind != FERRY_MOVE:
        return
    cells = list(pending.subject)
    accent = colour("ui", "accent")
    for number, (x, y) in enumerate(cells, start=1):
        rotated = game.board[(x, y)][0]
        lx, ly = lake_centre(rotated.tile.raw, rotated.rot)
        centre = camera.world_to_screen(x + lx, y + ly)
        radius = max(8, round(camera.scale * (LAKE_RADIUS + 0.08)))
        pygame.draw.circle(surface, accent, centre, radius, max(2, radius // 6))
        if len(cells) > 1:
            text = font(max(12, radius), bold=True).render(str(number), True, accent)
            surface.blit(text, text.get_rect(center=(centre[0] + radius, centre[1] - radius)))


# ------------------------------------------------------------ the decision
def _ends(link: tuple[str, str]) -> str:
    return i18n.tr("ferries.link", a=i18n.tr(f"ferries.side.{link[0].lower()}"),
                   b=i18n.tr(f"ferries.side.{link[1].lower()}"))


def ferry_label(game: Any, action: Any) -> str | None:
    """"Nord – Est": the two road ends the ferry will link."""
    return _ends(action.link) if isinstance(action, PlaceFerry) else None


def move_label(game: Any, action: Any) -> str | None:
    """"Nord – Est", or "Bac 2 : Nord – Est" when several ferries may turn."""
    if not isinstance(action, MoveFerry):
        return None
    cells = list(game.pending.subject) if game.pending is not None else []
    if len(cells) > 1 and (action.x, action.y) in cells:
        return i18n.tr("ferries.numbered", n=cells.index((action.x, action.y)) + 1,
                       ends=_ends(action.link))
    return _ends(action.link)


def lake_note(game: Any, info: Any) -> str | None:
    """What a lake is for, in its tooltip."""
    return i18n.tr("ferries.lake_note") if info.kind == LAKE else None


Spot = tuple[int, int, str]


def _pick(game: Any, lakes: list[tuple[int, int]], picked: tuple[Spot, ...],
          x: int, y: int, port: str) -> tuple[tuple[str, str] | None, tuple[Spot, ...]] | None:
    """Two road ends of one lake clicked in turn: (the link, ()) once both
    are, (None, the ends picked) while one is (a click on it again drops it),
    None for a click off the road ends of those lakes."""
    if (x, y) not in lakes or port not in road_ends(game, (x, y)):
        return None
    first = picked[0] if picked and picked[0][:2] == (x, y) else None
    if first is None:
        return None, ((x, y, port),)
    if first[2] == port:
        return None, ()
    return link_of((first[2], port)), ()


def ferry_pick(game: Any, decision: Any, picked: tuple[Spot, ...],
               x: int, y: int, port: str) -> Any:
    """The new ferry: two road ends of its lake, clicked one after the other."""
    done = _pick(game, [tuple(decision.subject)], picked, x, y, port)
    if done is None:
        return None
    link, still = done
    return PlaceFerry(x, y, link) if link is not None else still


def move_pick(game: Any, decision: Any, picked: tuple[Spot, ...],
              x: int, y: int, port: str) -> Any:
    """A ferry that may turn: two road ends of its lake other than its link
    (its own link again picks nothing: that is a pass)."""
    done = _pick(game, [tuple(cell) for cell in decision.subject], picked, x, y, port)
    if done is None:
        return None
    link, still = done
    if link is None:
        return still
    return MoveFerry(x, y, link) if link != ferry_links(game).get((x, y)) else ()


# ------------------------------------------------------------------- the log
def log_text(event: Any, names: Any) -> str | None:
    if isinstance(event, FerryPlaced):
        return i18n.tr("ferries.log.placed", name=names[event.player], ends=_ends(event.link))
    if isinstance(event, FerryMoved):
        return i18n.tr("ferries.log.moved", name=names[event.player],
                       before=_ends(event.before), ends=_ends(event.link))
    return None


register_prop(LAKE_PROP, paint_lake, order=0.5)
register_board_painter(ID, paint_ferries)
register_board_overlay(ID, ring_movable)
register_feature_note(ID, lake_note)
register_choice_label(FERRY, ferry_label)
register_feature_pick(FERRY, ferry_pick)
register_feature_pick(FERRY_MOVE, move_pick)
register_choice_label(FERRY_MOVE, move_label)
for _kind in (FerryPlaced.kind, FerryMoved.kind):
    register_event_text(_kind, log_text)

"""The Count of Carcassonne in the interface: the four quarters painted on
the city's tiles (tile flag ``quarter``), the followers kept in each quarter
and the Count drawn over them, quarters and targets clickable when a
decision asks for one, answer buttons that say where a follower goes, and a
line per player saying how many followers they keep in the city."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.actions import Action, DeployToArea, MoveFigure
from carcassonne_desktop.engine.events import FigureMoved
from carcassonne_desktop.engine.expansions.count import (
    AREA,
    COUNT,
    MARKET,
    QUARTERS,
    city_cells,
    count_quarter,
)
from carcassonne_desktop.engine.tile_geometry import Point
from carcassonne_desktop.ui.art.symbols import SymbolContext
from carcassonne_desktop.ui.expansions import (
    register_board_choices,
    register_board_overlay,
    register_choice_label,
    register_decision_note,
    register_event_text,
    register_feature_choice,
    register_player_note,
    register_tile_symbol,
)
from carcassonne_desktop.ui.game_log import feature_name, figure_name, figure_with_article
from carcassonne_desktop.ui.resources import colour

Cell = tuple[int, int]
FLAG = "quarter"


# --------------------------------------------------------------------------- where

def quarter_cells(game: Any) -> dict[str, Cell]:
    """The tile showing each quarter (from the city tiles' `quarter` flag):
    asked every frame, so only the city's cells are looked at."""
    catalogue = game.rules.catalogue
    found: dict[str, Cell] = {}
    for cell in sorted(city_cells(game)):
        placed = game.placed_tile(*cell)
        if placed is None:
            continue
        quarter = catalogue[placed[0]].flags.get(FLAG)
        if quarter in QUARTERS:
            found[quarter] = cell
    return found


# --------------------------------------------------------------------------- painting

def paint_quarter(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """A building for the quarter, large enough to read at a glance."""
    painter = _BUILDINGS.get(str(value))
    if painter is not None:
        painter(ctx)


def _castle(ctx: SymbolContext) -> None:
    p = ctx.paint
    wall, dark, roof = ctx.colour("wall"), ctx.colour("wall_dark"), ctx.colour("roof")
    p.polygon([(0.26, 0.72), (0.74, 0.72), (0.74, 0.42), (0.26, 0.42)], wall)
    for x in (0.22, 0.62):  # two towers with pointed roofs
        p.polygon([(x, 0.72), (x + 0.16, 0.72), (x + 0.16, 0.3), (x, 0.3)], wall)
        p.polygon([(x - 0.02, 0.3), (x + 0.18, 0.3), (x + 0.08, 0.16)], roof)
    for i in range(4):  # battlements
        x = 0.4 + i * 0.055
        p.polygon([(x, 0.42), (x + 0.03, 0.42), (x + 0.03, 0.37), (x, 0.37)], wall)
    p.polygon([(0.45, 0.72), (0.55, 0.72), (0.55, 0.58), (0.5, 0.54), (0.45, 0.58)], dark)


def _market(ctx: SymbolContext) -> None:
    p = ctx.paint
    red, white, post = ctx.colour("awning_a"), ctx.colour("awning_b"), ctx.colour("road_edge")
    for x0, y0 in ((0.2, 0.36), (0.52, 0.52)):  # two stalls with striped awnings
        p.polygon([(x0, y0 + 0.06), (x0 + 0.28, y0 + 0.06), (x0 + 0.28, y0 + 0.24),
                   (x0, y0 + 0.24)], ctx.colour("building"))
        for i in range(4):
            col = red if i % 2 == 0 else white
            xa = x0 - 0.02 + i * 0.08
            p.polygon([(xa, y0 + 0.08), (xa + 0.08, y0 + 0.08), (xa + 0.08, y0),
                       (xa, y0)], col)
        p.stroke([(x0, y0 + 0.08), (x0, y0 + 0.26)], post, 0.015)
        p.stroke([(x0 + 0.28, y0 + 0.08), (x0 + 0.28, y0 + 0.26)], post, 0.015)


def _forge(ctx: SymbolContext) -> None:
    """A smithy with its fire and an anvil, clear of the road's end below."""
    p = ctx.paint
    p.polygon([(0.14, 0.42), (0.46, 0.42), (0.46, 0.2), (0.3, 0.1), (0.14, 0.2)],
              ctx.colour("building"))
    p.polygon([(0.12, 0.21), (0.3, 0.07), (0.48, 0.21)], ctx.colour("roof_dark"))
    p.circle((0.3, 0.33), 0.055, ctx.colour("forge_fire"))
    iron = ctx.colour("forge_iron")
    p.polygon([(0.6, 0.24), (0.82, 0.24), (0.76, 0.3), (0.74, 0.38), (0.7, 0.38),
               (0.68, 0.3)], iron)


def _cathedral(ctx: SymbolContext) -> None:
    p = ctx.paint
    body, roof = ctx.colour("building"), ctx.colour("cathedral_roof")
    p.polygon([(0.24, 0.74), (0.76, 0.74), (0.76, 0.46), (0.24, 0.46)], body)
    p.polygon([(0.2, 0.47), (0.8, 0.47), (0.5, 0.34)], roof)
    p.polygon([(0.42, 0.46), (0.58, 0.46), (0.58, 0.26), (0.42, 0.26)], body)
    p.polygon([(0.4, 0.27), (0.6, 0.27), (0.5, 0.1)], roof)
    p.circle((0.5, 0.56), 0.045, ctx.colour("wall_dark"))


_BUILDINGS = {"castle": _castle, "market": _market, "forge": _forge,
              "cathedral": _cathedral}


# --------------------------------------------------------------------------- overlay

def draw_city(surface: pygame.Surface, camera: Any, game: Any, layer: Any) -> None:
    """The followers kept in each quarter, in a row at the foot of its tile,
    and the Count in the top corner of his quarter; the quarter's name."""
    cells = quarter_cells(game)
    if not cells:
        return
    size = layer.renderer.figure_size(camera.scale)
    small = max(8, round(size * 0.75))
    meeples = layer.renderer.meeples
    colours = [p.color for p in game.setup.players]
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    for quarter, (x, y) in cells.items():
        held = game.area_figures.get((AREA, quarter), ())
        step = min(0.18, 0.8 / max(1, len(held)))
        for index, (player, figure) in enumerate(held):
            image = meeples.get(figure, colours[player], small)
            sx, sy = camera.world_to_screen(x + 0.14 + step * index, y + 0.84)
            surface.blit(image, (round(sx - image.get_width() / 2),
                                 round(sy - image.get_height() / 2)))
        if count_quarter(game) == quarter:
            _draw_count(surface, camera.world_to_screen(x + 0.86, y + 0.5), size)
        if camera.scale >= 72:
            name = i18n.tr(f"count.quarter.{quarter}")
            if count_quarter(game) == quarter:  # where the Count stands reads on the board
                name = i18n.tr("count.quarter_with_count", quarter=name)
            _draw_label(surface, camera, (x, y), name)
    surface.set_clip(clip)


def _draw_count(surface: pygame.Surface, centre: Point, size: int) -> None:
    """The Count: a robed figure with a crown, in colours no player has."""
    cx, cy = centre
    h = size * 1.1
    robe, crown, outline = colour("ui", "count_robe"), colour("ui", "count_crown"), colour(
        "ui", "shade")
    body = [(cx - h * 0.3, cy + h * 0.5), (cx + h * 0.3, cy + h * 0.5),
            (cx + h * 0.14, cy - h * 0.1), (cx - h * 0.14, cy - h * 0.1)]
    pygame.draw.polygon(surface, robe, body)
    pygame.draw.polygon(surface, outline, body, 1)
    head = (round(cx), round(cy - h * 0.2))
    pygame.draw.circle(surface, robe, head, max(2, round(h * 0.14)))
    pygame.draw.circle(surface, outline, head, max(2, round(h * 0.14)), 1)
    top = cy - h * 0.34
    points = [(cx - h * 0.16, top + h * 0.04), (cx - h * 0.16, top - h * 0.08),
              (cx - h * 0.08, top - h * 0.02), (cx, top - h * 0.12), (cx + h * 0.08, top - h * 0.02),
              (cx + h * 0.16, top - h * 0.08), (cx + h * 0.16, top + h * 0.04)]
    pygame.draw.polygon(surface, crown, points)


def _draw_label(surface: pygame.Surface, camera: Any, cell: Cell, text: str) -> None:
    from carcassonne_desktop.ui.resources import font

    face = font(max(11, round(camera.scale * 0.12)), bold=True)
    image = face.render(text, True, colour("ui", "quarter_label"))
    shadow = face.render(text, True, colour("ui", "shade"))
    sx, sy = camera.world_to_screen(cell[0] + 0.5, cell[1] + 0.05)
    left = round(sx - image.get_width() / 2)
    surface.blit(shadow, (left + 1, round(sy) + 1))
    surface.blit(image, (left, round(sy)))


# --------------------------------------------------------------------------- clicks

def _first_per_cell(game: Any, pairs: list[tuple[Cell, Action]]) -> dict[Cell, Action]:
    """One answer per cell: the follower's when there is a choice of figures."""
    out: dict[Cell, Action] = {}
    for cell, action in pairs:
        if cell not in out or getattr(action, "figure", "") == "follower":
            out[cell] = action
    return out


def city_choices(game: Any, decision: Any) -> Mapping[Cell, Action]:
    cells = quarter_cells(game)
    return _first_per_cell(game, [(cells[a.slot], a) for a in game.legal_actions()
                                  if isinstance(a, DeployToArea) and a.slot in cells])


def count_choices(game: Any, decision: Any) -> Mapping[Cell, Action]:
    cells = quarter_cells(game)
    return {cells[a.target[1]]: a for a in game.legal_actions()
            if isinstance(a, MoveFigure) and a.target[1] in cells}


def _moves_out(game: Any) -> list[MoveFigure]:
    return [a for a in game.legal_actions() if isinstance(a, MoveFigure) and len(a.target) == 3]


def reinforce_choices(game: Any, decision: Any) -> Mapping[Cell, Action]:
    """The tile of the feature being scored (framed); none at the end, when
    every field is a target (a click on the field itself answers)."""
    if len(decision.subject) < 2:
        return {}
    return _first_per_cell(game, [((a.target[0], a.target[1]), a) for a in _moves_out(game)])


def _root(game: Any, figure: str, x: int, y: int, port: str) -> int | None:
    placed = game.board.get((x, y))
    if placed is None:
        return None
    rotated, base = placed
    local = rotated.feature_at_port(port, game.rules.figure_by_name[figure].kinds)
    return game.find(base + local) if local >= 0 else None


def reinforce_feature(game: Any, decision: Any, x: int, y: int, port: str) -> Action | None:
    """A click on any part of a target feature brings a follower out onto it."""
    moves = _moves_out(game)
    if not moves:
        return None
    clicked = _root(game, moves[0].figure, x, y, port)
    found = [a for a in moves if clicked is not None
             and _root(game, a.figure, *a.target) == clicked]  # type: ignore[misc]
    return _first_per_cell(game, [((0, 0), a) for a in found]).get((0, 0))


# --------------------------------------------------------------------------- words

def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def city_label(game: Any, action: Action) -> str | None:
    """"Partisan → Château", and a warning sign for the Count's quarter
    (the pill says what it means) on the answer itself, before the follower
    goes in (issue 29); a longer label did not fit the button."""
    if not isinstance(action, DeployToArea):
        return None
    label = i18n.tr("count.put_in", figure=_capital(figure_name(action.figure, False)),
                    quarter=i18n.tr(f"count.quarter.{action.slot}"))
    return i18n.tr("count.frozen_label", label=label) if action.slot == count_quarter(game) else label


def city_decision_note(game: Any, decision: Any) -> str | None:
    """Where the Count stands and what it means for a follower put there."""
    return i18n.tr("count.frozen_note", at=i18n.tr(f"count.at.{count_quarter(game)}"))


def move_decision_note(game: Any, decision: Any) -> str | None:
    """What moving the Count frees and blocks."""
    return i18n.tr("count.move_note", at=i18n.tr(f"count.at.{count_quarter(game)}"))


def reinforce_decision_note(game: Any, decision: Any) -> str | None:
    """The Count's quarter stays shut while followers come out of the others."""
    return i18n.tr("count.reinforce_note", at=i18n.tr(f"count.at.{count_quarter(game)}"))


def count_label(game: Any, action: Action) -> str | None:
    if not isinstance(action, MoveFigure):
        return None
    return i18n.tr("count.move_count", quarter=i18n.tr(f"count.quarter.{action.target[1]}"))


def reinforce_label(game: Any, action: Action) -> str | None:
    """Where a follower comes out to, in the players' words: the feature, and
    for the market's fields at the end (many targets) what each is worth,
    its completed cities (board coordinates meant nothing to a family)."""
    if not isinstance(action, MoveFigure) or len(action.target) != 3:
        return None
    x, y, port = action.target  # type: ignore[misc]
    kind = game.feature_kind_for(action.figure, x, y, port) or ""
    figure = _capital(figure_name(action.figure, kind == "field"))
    root = _root(game, action.figure, x, y, port) if kind == "field" else None
    if root is None:
        return i18n.tr("count.bring_out", figure=figure, feature=feature_name(kind))
    cities = game.completed_cities(game.features[root])
    size = "none" if cities == 0 else "one" if cities == 1 else "many"
    return i18n.tr(f"count.bring_out_field_{size}", figure=figure, n=cities)


def city_note(game: Any, player: int) -> str | None:
    held = sum(1 for (area, _), figures in game.area_figures.items() if area == AREA
               for owner, _ in figures if owner == player)
    return i18n.tr("count.note", n=held) if held else None


def log_text(event: Any, names: Any) -> str | None:
    """Lines for followers going into and out of the city, and the Count's moves."""
    if not isinstance(event, FigureMoved):
        return None
    origin, target = event.origin or {}, event.target or {}
    if event.figure == COUNT and target.get("area") == AREA:
        return i18n.tr("count.log.count", place=i18n.tr(f"count.to.{target['slot']}"))
    if event.player < 0:
        return None
    figure = figure_with_article(event.figure)
    if target.get("area") == AREA and not origin:
        return i18n.tr("count.log.put", name=names[event.player], figure_a=figure,
                       place=i18n.tr(f"count.at.{target['slot']}"))
    if origin.get("area") == AREA and origin.get("slot") == MARKET and "x" in target:
        # the market's followers only ever go into fields, as farmers
        return i18n.tr("count.log.out_market", name=names[event.player],
                       figure_a=figure_with_article(event.figure, True))
    if origin.get("area") == AREA and "x" in target:
        return i18n.tr("count.log.out", name=names[event.player], figure_a=figure,
                       place=i18n.tr(f"count.from.{origin['slot']}"))
    return None


register_tile_symbol(FLAG, paint_quarter, layer="top")
register_event_text(FigureMoved.kind, log_text)
register_board_overlay(COUNT, draw_city)
register_board_choices("count_city", city_choices)
register_board_choices("count_move", count_choices)
register_board_choices("count_reinforce", reinforce_choices)
register_feature_choice("count_reinforce", reinforce_feature)
register_decision_note("count_city", city_decision_note)
register_decision_note("count_move", move_decision_note)
register_decision_note("count_reinforce", reinforce_decision_note)
register_choice_label("count_city", city_label)
register_choice_label("count_move", count_label)
register_choice_label("count_reinforce", reinforce_label)
register_player_note(COUNT, city_note)

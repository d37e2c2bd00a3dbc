"""Mage & Witch in the interface: the magic symbol on the eight tiles, the
mage (purple, pointed hat) and the witch (orange, wide-brimmed hat) drawn
where they stand with a halo no player's figure has, the decision answered
by clicking a road or city spot (the chips under the card choose which of
the two moves), the tooltip of a feature naming the figure on it, and the
log's lines."""

from __future__ import annotations

import math
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.actions import Action, Remove
from carcassonne_desktop.engine.events import FigureMoved
from carcassonne_desktop.engine.expansions.mage_witch import (
    FIGURES,
    FLAG,
    KIND,
    MAGE,
    Enchanted,
)
from carcassonne_desktop.ui.art.meeples import ROBE
from carcassonne_desktop.ui.art.symbols import SymbolContext
from carcassonne_desktop.ui.art.tile_art import feature_anchor, feature_index_for_port
from carcassonne_desktop.ui.expansions import (
    FigureStyle,
    register_board_overlay,
    register_choice_label,
    register_event_text,
    register_feature_note,
    register_figure_style,
    register_spot_answers,
    register_tile_symbol,
)
from carcassonne_desktop.ui.game_log import feature_name
from carcassonne_desktop.ui.resources import colour

#: Each figure's colour (a player colour name, for the figure renderer) and
#: its halo (palette group ``ui``).
COLOURS = {MAGE: "purple", "witch": "orange"}
GLOWS = {MAGE: "mage_glow", "witch": "witch_glow"}
#: How far the figure stands from its segment's anchor, in tiles, when a
#: player's figure already stands there (beside it, not on it).
OFFSET = (0.2, 0.14)

# --------------------------------------------------------------------------- looks
# The mage: a robe and a tall pointed hat; the witch: a robe and a hat with a
# wide brim and a bent tip.
_MAGE_HAT = ((0.30, 0.14), (0.70, 0.14), (0.55, -0.02), (0.50, -0.16), (0.45, -0.02))
_WITCH_HAT = ((0.12, 0.14), (0.88, 0.14), (0.64, 0.08), (0.60, -0.04), (0.72, -0.12),
              (0.50, -0.06), (0.38, 0.08))

register_figure_style(MAGE, FigureStyle(ROBE, extras=(_MAGE_HAT,), colour=COLOURS[MAGE]))
register_figure_style("witch", FigureStyle(ROBE, extras=(_WITCH_HAT,), colour=COLOURS["witch"]))


def paint_magic(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """The magic symbol: a star on a dark disc, in the roomiest field (or a corner)."""
    del feature, value
    found = ctx.roomiest_field_spot()
    (cx, cy) = found[0] if found is not None else (0.84, 0.84)
    radius = 0.09 if ctx.detail else 0.12
    p = ctx.paint
    p.circle((cx, cy), radius, ctx.colour("magic_badge"))
    star = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        r = radius * (0.78 if i % 2 == 0 else 0.34)
        star.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    p.polygon(star, ctx.colour("magic_star"))
    ctx.taken.append(((cx, cy), radius))


# --------------------------------------------------------------------------- board
def figure_point(game: Any, figure: str) -> tuple[float, float] | None:
    """Where the figure is drawn (board units), or None when out of play."""
    spot = game.neutral_figures.get(figure)
    if spot is None or len(spot) != 3:
        return None
    x, y, port = spot
    placed = game.placed_tile(x, y)
    if placed is None:
        return None
    tile_id, rot = placed
    tile = game.rules.catalogue[tile_id].raw
    try:
        ax, ay = feature_anchor(tile, rot, feature_index_for_port(tile, rot, port))
    except (KeyError, IndexError):
        ax, ay = 0.5, 0.5
    if game.figures_at(spot):
        ax, ay = min(0.88, ax + OFFSET[0]), min(0.88, ay + OFFSET[1])
    return (x + ax, y + ay)


def draw_figures(surface: pygame.Surface, camera: Any, game: Any, layer: Any) -> None:
    """The mage and the witch where they stand, each in a halo of its colour."""
    size = layer.renderer.figure_size(camera.scale)
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    for figure in FIGURES:
        point = figure_point(game, figure)
        if point is None:
            continue
        sx, sy = camera.world_to_screen(*point)
        centre = (round(sx), round(sy))
        glow = colour("ui", GLOWS[figure])
        pygame.draw.circle(surface, glow, centre, max(6, round(size * 0.62)), max(2, size // 10))
        image = layer.renderer.meeples.get(figure, COLOURS[figure], size)
        surface.blit(image, image.get_rect(center=centre))
    surface.set_clip(clip)


# --------------------------------------------------------------------------- words
def _figure_on(game: Any, info: Any) -> list[str]:
    found = []
    for figure in FIGURES:
        node = game.neutral_node(figure)
        if node is None:
            continue
        x, y = game.node_pos[node]
        if (x, y, game.node_local[node]) in info.segments:
            found.append(figure)
    return found


def feature_note(game: Any, info: Any) -> str | None:
    """A road or city's tooltip says who stands on it and what it does."""
    if info.kind not in ("road", "city") or info.completed:
        return None
    lines = [i18n.tr(f"mage_witch.note.{figure}") for figure in _figure_on(game, info)]
    return "\n".join(lines) or None


def remove_label(game: Any, action: Action) -> str | None:
    if isinstance(action, Remove) and action.figure in FIGURES:
        return i18n.tr(f"mage_witch.remove.{action.figure}")
    return None


def _owners_text(owners: tuple[int, ...], names: Any) -> str:
    return ", ".join(names[p] for p in owners)


def log_text(event: Any, names: Any) -> str | None:
    """"Le mage rejoint la ville de Rouge." / "La sorcière quitte le jeu.";
    the plain move of the figure is said by the `enchanted` line."""
    if isinstance(event, Enchanted):
        where = feature_name(event.feature)
        key = "joins_owned" if event.owners else "joins_empty"
        return i18n.tr(f"mage_witch.log.{key}.{event.figure}", name=names[event.player],
                       feature=where, owners=_owners_text(event.owners, names))
    if isinstance(event, FigureMoved) and event.player < 0 and event.figure in FIGURES:
        if event.target is None:
            return i18n.tr(f"mage_witch.log.leaves.{event.figure}")
        return ""  # said by the `enchanted` line that follows
    return None


register_tile_symbol(FLAG, paint_magic, layer="top")
register_board_overlay("mage_witch", draw_figures)
register_spot_answers(KIND)
register_choice_label(KIND, remove_label)
register_feature_note("mage_witch", feature_note)
register_event_text(FigureMoved.kind, log_text)
register_event_text(Enchanted.kind, log_text)

"""The Gold Mines in the interface: the mine on its tiles, the ingots lying on
the board (a small stack per tile, drawn over the tiles and under the
figures), the tiles around a new mine framed for the second ingot (a click
there answers), each player's hoard with what an ingot will be worth, and
log lines for every ingot put down, picked up or lost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.expansions.gold_mines import (
    GOLD,
    ID,
    GoldCollected,
    GoldLost,
    GoldPlaced,
    PlaceGold,
    ingots,
    rate,
)
from carcassonne_desktop.ui.expansions import (
    register_board_choices,
    register_board_painter,
    register_choice_label,
    register_event_text,
    register_noted_token,
    register_player_note,
    register_tile_symbol,
)
from carcassonne_desktop.ui.resources import colour

if TYPE_CHECKING:
    from carcassonne_desktop.ui.art.symbols import SymbolContext

#: Where a tile's ingots lie, in tile units from its top-left corner: by the
#: north-west corner, away from the figures' usual spots in the middle (the
#: mine's icon takes the roomiest corner, most often a southern one).
STACK_AT = (0.1, 0.3)
#: An ingot's size, in tile units.
INGOT_W, INGOT_H = 0.16, 0.07
#: The directions of the eight neighbours, for the answers' button labels.
DIRECTIONS = {(0, -1): "n", (1, -1): "ne", (1, 0): "e", (1, 1): "se",
              (0, 1): "s", (-1, 1): "sw", (-1, 0): "w", (-1, -1): "nw"}


# ------------------------------------------------------------ the tile icon
def paint_mine(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """A mine's mouth in the roomiest corner, with a gold nugget before it."""
    del feature
    if not value:
        return
    cx, cy = ctx.place("gold_mine", None, ctx.free_corner)
    p = ctx.paint
    r = 0.1
    p.polygon([(cx - r, cy + r * 0.7), (cx - r, cy - r * 0.2), (cx, cy - r),
               (cx + r, cy - r * 0.2), (cx + r, cy + r * 0.7)], colour(GOLD, "mine"))
    p.polygon([(cx - r * 0.55, cy + r * 0.7), (cx - r * 0.55, cy), (cx, cy - r * 0.5),
               (cx + r * 0.55, cy), (cx + r * 0.55, cy + r * 0.7)], colour(GOLD, "mine_mouth"))
    p.circle((cx + r * 0.35, cy + r * 0.55), r * 0.32, colour(GOLD, "ingot_dark"))
    p.circle((cx + r * 0.3, cy + r * 0.5), r * 0.25, colour(GOLD, "ingot"))
    ctx.taken.append(((cx, cy), r * 1.2))


# ---------------------------------------------------------- ingots on tiles
def ingot_points(x: int, y: int, count: int) -> list[tuple[float, float]]:
    """Board points (top-left corners) of the ingots of one tile, stacked in a
    small pyramid: three on the ground, then two, then one... as many as lie."""
    points: list[tuple[float, float]] = []
    row, in_row = 0, 3
    while len(points) < count:
        for i in range(in_row):
            if len(points) == count:
                break
            left = x + STACK_AT[0] + (i + (3 - in_row) / 2) * INGOT_W * 0.9
            points.append((left, y + STACK_AT[1] - row * INGOT_H * 0.85))
        row += 1
        in_row = max(in_row - 1, 1)
    return points


def paint_ingots(surface: pygame.Surface, camera: Any, game: Any) -> None:
    scale = camera.scale
    w, h = max(3, round(INGOT_W * scale)), max(2, round(INGOT_H * scale))
    fill, light, dark = colour(GOLD, "ingot"), colour(GOLD, "ingot_light"), colour(GOLD, "ingot_dark")
    view = camera.viewport
    for (x, y), count in ingots(game).items():
        for wx, wy in ingot_points(x, y, count):
            sx, sy = camera.world_to_screen(wx, wy)
            rect = pygame.Rect(round(sx), round(sy - h), w, h)
            if not view.colliderect(rect):
                continue
            pygame.draw.rect(surface, dark, rect.inflate(2, 2), border_radius=max(1, h // 4))
            pygame.draw.rect(surface, fill, rect, border_radius=max(1, h // 4))
            pygame.draw.line(surface, light, (rect.left + 2, rect.top + 1),
                             (rect.right - 3, rect.top + 1), max(1, h // 4))


# ------------------------------------------------------------ the decision
def gold_choices(game: Any, decision: Any) -> Mapping[tuple[int, int], Any]:
    return {(a.x, a.y): a for a in game.legal_actions() if isinstance(a, PlaceGold)}


def gold_label(game: Any, action: Any) -> str | None:
    """"Tuile au nord-ouest": the answer said from the mine just placed."""
    if not isinstance(action, PlaceGold) or game.last_placed is None:
        return None
    mx, my = game.last_placed
    where = DIRECTIONS.get((action.x - mx, action.y - my))
    if where is None:
        return None
    return i18n.tr("gold.choice", where=i18n.tr(f"gold.direction.{where}"))


# ----------------------------------------------------------------- players
def _hoard(suffix: str) -> Any:
    """The hoard after the name ("Or ×4"), or with ``suffix`` "_words" in full."""
    def note(game: Any, player: int) -> str | None:
        held = game.tokens[player].get(GOLD, 0)
        return i18n.tr(f"gold.note{suffix}", count=held, each=rate(held)) if held else None

    note.__name__ = f"hoard_note{suffix}"
    return note


hoard_note, hoard_words = _hoard(""), _hoard("_words")


# ------------------------------------------------------------------- the log
def log_text(event: Any, names: Any) -> str | None:
    if isinstance(event, GoldPlaced):
        return i18n.tr("gold.placed_mine" if event.mine else "gold.placed_near",
                       name=names[event.player])
    if isinstance(event, GoldCollected):
        return i18n.tr("gold.collected", name=names[event.player])
    if isinstance(event, GoldLost):
        return i18n.tr("gold.lost_one" if event.count == 1 else "gold.lost_many",
                       count=event.count)
    if getattr(event, "kind", "") == "token_gained" and getattr(event, "token", "") == GOLD:
        return ""  # the ingot picked up has its own line
    return None


register_tile_symbol(GOLD, paint_mine, layer="top")
register_board_painter(ID, paint_ingots)
register_board_choices(GOLD, gold_choices)
register_choice_label(GOLD, gold_label)
register_player_note(ID, hoard_note, hoard_words)
register_noted_token(GOLD)
for _kind in (GoldPlaced.kind, GoldCollected.kind, GoldLost.kind, "token_gained"):
    register_event_text(_kind, log_text)

"""Hills & Sheep on the tiles: the hill and the vineyard (both tile flags).

A hill tile lies on top of another tile in the real game; here its open field
rises into a mound, lit from the north-west like the rest of the art and painted
under roads and cities so they run over it. A vineyard is a few rows of vines
on brown soil in the roomiest part of the field, kept off roads, walls and
buildings; small tiles keep the striped rows, larger ones add leaves, grapes
and stakes.
"""

from __future__ import annotations

from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.events import OutcomeRevealed
from carcassonne_desktop.engine.tile_geometry import Point, border_distance, runs_where
from carcassonne_desktop.ui.art.meeples import ROBE
from carcassonne_desktop.ui.art.symbols import SymbolContext
from carcassonne_desktop.ui.expansions import (
    FigureStyle,
    register_board_flash,
    register_board_overlay,
    register_figure_style,
    register_player_note,
    register_tile_symbol,
)
from carcassonne_desktop.ui.resources import colour, font

# --------------------------------------------------------------------------- hill

_HILL_RADIUS = 0.44


def paint_hill(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """A mound centred on the open field: a shaded foot, then lighter rings rising
    towards the light."""
    del feature, value
    found = ctx.roomiest_field_spot()
    centre = found[0] if found else (0.5, 0.5)
    # pull the top towards the tile centre so the mound fills the tile, not a corner
    cx, cy = (centre[0] * 0.6 + 0.2, centre[1] * 0.6 + 0.2)
    p = ctx.paint
    sheet = p.overlay()
    shade, light = ctx.colour("hill_shade"), ctx.colour("hill_light")
    r = _HILL_RADIUS
    shade.a = 105
    p.ellipse((cx + 0.035, cy + 0.05), r * 1.02, r * 0.86, shade, on=sheet)
    steps = 6
    for i in range(steps):
        t = i / steps
        light.a = 70 + int(110 * t)
        p.ellipse((cx - 0.06 * t, cy - 0.07 * t), r * (1.0 - 0.72 * t), r * 0.84 * (1.0 - 0.72 * t),
                  light, on=sheet)
    if ctx.detail:
        shade.a = 70
        for scale in (0.78, 0.52):
            p.ellipse((cx - 0.02, cy - 0.02), r * scale, r * 0.84 * scale, shade, width=0.006, on=sheet)
    p.blend(sheet)


# --------------------------------------------------------------------------- vineyard


def paint_vineyard(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """Rows of vines across the roomiest open field."""
    del feature, value
    found = ctx.roomiest_field_spot()
    if found is None:
        return
    (cx, cy), _clear = found
    rows = 4 if ctx.detail else 3
    spacing = 0.085 if ctx.detail else 0.11
    half = 0.26

    def runs() -> list[list[Point]]:
        return [run for k in range(rows)
                for run in _free_runs(ctx, [(cx - half + 2 * half * i / 24,
                                             cy + (k - (rows - 1) / 2) * spacing) for i in range(25)])]

    found_runs: list[list[Point]] = ctx.place("vineyard_rows", (rows, spacing), runs)
    for run in found_runs:
        _row(ctx, run)
    if found_runs:
        ctx.taken.append(((cx, cy), half * 0.8))


def _free_runs(ctx: SymbolContext, points: list[Point]) -> list[list[Point]]:
    """Consecutive points that keep clear of cities, roads, rivers, buildings and the
    border; runs too short to read as a row are dropped."""

    def free(q: Point) -> bool:
        return (
            border_distance(q) > 0.05
            and not ctx.in_city(q)
            and ctx.path_clearance(q) > 0.035
            and ctx.wall_clearance(q) > 0.055
            and ctx.prop_clearance(q) > 0.02
        )

    runs = runs_where(points, free)
    return [run for run in runs if len(run) >= 5]


def _row(ctx: SymbolContext, run: list[Point]) -> None:
    """One row: a soil strip and the vine on it, so even a 16 px tile shows stripes;
    leaves, grapes and end stakes only where they can be seen."""
    p = ctx.paint
    p.stroke(run, ctx.colour("vine_soil"), 0.034, 1.5)
    vine = ctx.colour("vine")
    p.stroke([(x, y - 0.006) for x, y in run], vine, 0.012, 1)
    if not ctx.detail:
        return
    leaf, grape = ctx.colour("vine_leaf"), ctx.colour("vine_grape")
    for i, (x, y) in enumerate(run[1:-1], start=1):
        p.circle((x, y - 0.012), 0.016, leaf if i % 2 else vine)
        if i % 3 == 1:
            p.circle((x + 0.01, y + 0.006), 0.009, grape)
    for x, y in (run[0], run[-1]):
        p.stroke([(x, y + 0.012), (x, y - 0.03)], ctx.colour("vine_soil"), 0.008)


register_tile_symbol("hill", paint_hill, layer="ground")
register_tile_symbol("vineyard", paint_vineyard, layer="terrain")


# --- figures -----------------------------------------------------------------
# The shepherd: a robed figure with a crook (a thin staff curled at the top).
_CROOK = ((0.88, 0.97), (0.92, 0.97), (0.92, 0.12), (0.86, 0.04), (0.78, 0.04), (0.74, 0.10),
          (0.77, 0.13), (0.80, 0.09), (0.85, 0.09), (0.88, 0.14))

register_figure_style("shepherd", FigureStyle(ROBE, extras=(_CROOK,)))


def _flock_note(game: Any, player: int) -> str | None:
    """The sheep of the player's shepherd, so the flock is never out of sight."""
    from carcassonne_desktop.engine.expansions.hills_sheep import flock_of

    tokens = flock_of(game, player)
    if not tokens:
        return None
    sheep = sum(int(t.rsplit("_", 1)[1]) for t in tokens if t.startswith("sheep_"))
    return i18n.tr("hud.flock", sheep=sheep)


register_player_note("hills_sheep", _flock_note)


# --- the flock and the wolf on the board ----------------------------------------
def wolf_flash(events: Any, index: int, game: Any) -> tuple[str, tuple[int, int]] | None:
    """"Le loup !" over the field where the wolf struck (it was only said in
    the log): where the shepherds it sent home stood."""
    from carcassonne_desktop.engine.events import FigureReturned, OutcomeRevealed
    from carcassonne_desktop.engine.expansions.hills_sheep import SHEEP, SHEPHERD, WOLF

    event = events[index]
    if not isinstance(event, OutcomeRevealed) or event.stream != SHEEP or event.outcome != WOLF:
        return None
    del game
    for later in events[index + 1:]:
        if isinstance(later, FigureReturned) and later.figure == SHEPHERD:
            return i18n.tr("hud.wolf"), (later.x, later.y)
    return None


def draw_flocks(surface: pygame.Surface, camera: Any, game: Any, layer: Any) -> None:
    """Beside each shepherd on the board, its flock: a sheep and how many
    (the panel alone said it)."""
    from carcassonne_desktop.engine.expansions.hills_sheep import flock_of, flock_sheep

    seats = {p.color: i for i, p in enumerate(game.setup.players)}
    size = layer.renderer.figure_size(camera.scale)
    fnt = font(max(11, min(22, size // 2)), bold=True)
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    for sprite, wx, wy in layer.figure_points(game):
        if sprite.kind != "shepherd" or sprite.colour not in seats:
            continue
        sheep = flock_sheep(flock_of(game, seats[sprite.colour]))
        sx, sy = camera.world_to_screen(wx, wy)
        label = fnt.render(str(sheep), True, colour("ui", "text"))
        body = pygame.Rect(0, 0, max(10, size // 2), max(7, size // 3))
        badge = pygame.Rect(0, 0, body.width + label.get_width() + 10, max(body.height, label.get_height()) + 4)
        badge.midleft = (round(sx + size * 0.45), round(sy))
        pygame.draw.rect(surface, colour("ui", "menu_veil"), badge, border_radius=badge.height // 2)
        body.midleft = (badge.left + 4, badge.centery)
        pygame.draw.ellipse(surface, (250, 248, 240), body)
        pygame.draw.circle(surface, (40, 34, 30), (body.right - 1, body.centery - 1), max(2, body.height // 3))
        surface.blit(label, (body.right + 4, badge.centery - label.get_height() // 2))
    surface.set_clip(clip)


register_board_flash(OutcomeRevealed.kind, wolf_flash)
register_board_overlay("hills_sheep", draw_flocks)

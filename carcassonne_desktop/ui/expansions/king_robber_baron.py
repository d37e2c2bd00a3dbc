"""King & Robber Baron in the interface: the holder of each title and the
size of its record, always in the players panel, and the tile whose two
cities cross on a bridge.

The note stands after the holder's name ("♚ 5": the king, for a city of 5
tiles; "⚔ 3": the robber baron), where the flock's note goes. The name line
is short and every expansion may add a note there, so a title is a symbol
and its record (the rules page says which is which), and the token is not
listed again with the goods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.expansions.king_robber_baron import (
    ID,
    TITLES,
    start_count,
    title_of,
)
from carcassonne_desktop.ui.expansions import (
    register_event_text,
    register_noted_token,
    register_player_note,
    register_tile_symbol,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ui.art.symbols import SymbolContext


def _title_text(kind: str, suffix: str = "") -> Any:
    """The holder's note ("♚ 5"), or with ``suffix`` "_words" its sentence."""
    def note(game: Any, player: int) -> str | None:
        title = title_of(game, kind)
        if title.holder != player:
            return None
        # the count is what the holder would score now: the City of Carcassonne too
        return i18n.tr(f"hud.{TITLES[kind]}{suffix}", size=title.record,
                       count=title.completed + start_count(game, kind))

    note.__name__ = f"_{TITLES[kind]}{suffix or '_note'}"
    return note


def _title_taken(event: Any, names: Any) -> str | None:
    """"Bleu prend le roi." rather than "Bleu reçoit 1 × roi" (the old holder's
    loss has no line of its own, as for any token given back)."""
    if getattr(event, "token", None) not in TITLES.values() or event.count <= 0:
        return None
    return i18n.tr(f"message.took_{event.token}", name=names[event.player])


for _kind, _token in TITLES.items():
    register_player_note(ID, _title_text(_kind), _title_text(_kind, "_words"))
    register_noted_token(_token)
register_event_text("token_gained", _title_taken)


# --------------------------------------------------------------------- kr/05
#: Where the crossing cities' walls run: each city is a band between
#: ``BAND`` and ``1 - BAND`` across the tile; the four corners are field.
BAND = 0.25


def paint_city_bridge(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """Two cities that cross without meeting: the four corners are field again
    (the core draws both cities over the whole tile), and the second city of
    the catalogue passes over the first on a bridge with parapets and a shadow."""
    del feature, value
    p = ctx.paint
    a, b = BAND, 1.0 - BAND
    field, wall, dark = ctx.colour("field"), ctx.colour("wall"), ctx.colour("wall_dark")
    thick = 0.03
    for x0, y0 in ((0.0, 0.0), (b, 0.0), (0.0, b), (b, b)):
        p.polygon([(x0, y0), (x0 + a, y0), (x0 + a, y0 + a), (x0, y0 + a)], field)
    # walls along the corners' inner sides
    for x0, y0 in ((0.0, 0.0), (b, 0.0), (0.0, b), (b, b)):
        inner_x = x0 + a if x0 == 0.0 else x0
        inner_y = y0 + a if y0 == 0.0 else y0
        p.stroke([(inner_x, y0), (inner_x, y0 + a)], dark, thick + 0.01)
        p.stroke([(x0, inner_y), (x0 + a, inner_y)], dark, thick + 0.01)
        p.stroke([(inner_x, y0), (inner_x, y0 + a)], wall, thick)
        p.stroke([(x0, inner_y), (x0 + a, inner_y)], wall, thick)
    # the upper city runs north-south in the catalogue: turned by the rotation
    vertical = ctx.rot % 2 == 0
    # the lower city's ends, where the core drew the upper city's curved walls
    ends = ([(0.0, a), (a, a), (a, b), (0.0, b)], [(b, a), (1.0, a), (1.0, b), (b, b)])
    if not vertical:
        ends = tuple([(y, x) for x, y in end] for end in ends)
    for end in ends:
        p.polygon(end, ctx.colour("city"))
        if ctx.detail:
            _houses(ctx, end)
    shade = p.overlay()
    shadow = ctx.colour("bridge_shadow")
    shadow.a = 110
    for edge in (a, b):
        if vertical:
            strip = [(edge, a), (edge + 0.05, a), (edge + 0.05, b), (edge, b)]
        else:
            strip = [(a, edge), (b, edge), (b, edge + 0.05), (a, edge + 0.05)]
        p.polygon(strip, shadow, on=shade)
    p.blend(shade)
    for edge in (a, b):
        line = [(edge, a), (edge, b)] if vertical else [(a, edge), (b, edge)]
        p.stroke(line, dark, thick + 0.016)
        p.stroke(line, ctx.colour("wall_light"), thick)


def _houses(ctx: SymbolContext, area: list[tuple[float, float]]) -> None:
    """Two small roofs in a rectangle of city (the core's houses were painted over)."""
    xs, ys = [x for x, _ in area], [y for _, y in area]
    x0, y0, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    roof, ridge = ctx.colour("roof"), ctx.colour("roof_dark")
    for fx, fy in ((0.3, 0.3), (0.62, 0.68)):
        cx, cy = x0 + w * fx, y0 + h * fy
        hw, hh = min(w, h) * 0.2, min(w, h) * 0.13
        ctx.paint.polygon([(cx - hw, cy), (cx, cy - hh), (cx + hw, cy), (cx + hw, cy + hh),
                           (cx - hw, cy + hh)], roof)
        ctx.paint.stroke([(cx - hw, cy), (cx, cy - hh), (cx + hw, cy)], ridge, 0.008)


register_tile_symbol("city_bridge", paint_city_bridge, layer="top")

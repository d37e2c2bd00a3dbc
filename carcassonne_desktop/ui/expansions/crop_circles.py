"""Crop Circles in the interface: the circle in the middle of its tiles (rings
of flattened wheat, where the roads end) with the symbol of the followers it
affects (a shield for knights, a club for highwaymen, a pitchfork for
farmers), the placer's question answered by two buttons, each player's
answers as the spots of their own followers of that type (the generic spot
widget; out of turn the hot-seat hand-over names the player), a note saying
which followers the circle concerns, and the log's lines."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.expansions.crop_circles import (
    CROP_CIRCLE,
    DEPLOY_ASK,
    REMOVE_ASK,
    CropCircleChosen,
    CropCirclePassed,
)
from carcassonne_desktop.ui.expansions import (
    register_decision_note,
    register_event_text,
    register_prop,
    register_spot_answers,
    register_tile_symbol,
)
from carcassonne_desktop.ui.resources import colour

if TYPE_CHECKING:
    from carcassonne_desktop.engine.tile_layout import Prop
    from carcassonne_desktop.ui.art.symbols import SymbolContext
    from carcassonne_desktop.ui.art.tile_art import Painter

SYMBOL_FLAG = "crop_circle_symbol"


def _c(name: str) -> Any:
    return colour("tile", name)


# ------------------------------------------------------------ the circle
def paint_circle(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """Rings of flattened wheat in the field, the roads ending at their rim."""
    del rng
    c, r = prop.pos, prop.radius
    p.circle(c, r, _c("goods_grain_dark"))
    p.circle(c, r * 0.86, _c("goods_grain"))
    if detail:
        p.circle(c, r * 0.62, _c("goods_grain_dark"), width=0.012)
        p.circle(c, r * 0.36, _c("goods_grain_dark"), width=0.012)


def _circle_centre(ctx: SymbolContext) -> tuple[tuple[float, float], float]:
    for prop in ctx.props:
        if prop.kind == CROP_CIRCLE:
            return prop.pos, prop.radius
    return (0.5, 0.5), 0.2


def paint_symbol(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """The type's symbol in the middle of the circle."""
    del feature
    (cx, cy), r = _circle_centre(ctx)
    p, s = ctx.paint, r * 0.55
    if value == "shield":
        p.polygon([(cx - s, cy - s * 0.8), (cx + s, cy - s * 0.8), (cx + s, cy + s * 0.1),
                   (cx, cy + s), (cx - s, cy + s * 0.1)], _c("shield_edge"))
        s *= 0.78
        p.polygon([(cx - s, cy - s * 0.8), (cx + s, cy - s * 0.8), (cx + s, cy + s * 0.1),
                   (cx, cy + s), (cx - s, cy + s * 0.1)], _c("shield"))
    elif value == "club":
        # a handle widening into a round head, with as much ink as the
        # shield: a thin stick with a knob read small beside it
        d = 0.7071  # across the diagonal, bottom left to top right
        tail, head = (cx - s * 0.95, cy + s * 0.95), (cx + s * 0.38, cy - s * 0.38)
        p.polygon([(tail[0] - s * 0.14 * d, tail[1] - s * 0.14 * d), (head[0] - s * 0.56 * d, head[1] - s * 0.56 * d),
                   (head[0] + s * 0.56 * d, head[1] + s * 0.56 * d), (tail[0] + s * 0.14 * d, tail[1] + s * 0.14 * d)],
                  _c("fence_dark"))
        p.circle(head, s * 0.62, _c("fence_dark"))
        p.circle(tail, s * 0.14, _c("fence_dark"))
    else:  # pitchfork
        p.stroke([(cx, cy + s * 1.05), (cx, cy - s * 0.2)], _c("fence_dark"), s * 0.4)
        p.stroke([(cx - s * 0.66, cy - s * 1.05), (cx - s * 0.66, cy - s * 0.2),
                  (cx + s * 0.66, cy - s * 0.2), (cx + s * 0.66, cy - s * 1.05)],
                 _c("forge_iron"), s * 0.34)
        p.stroke([(cx, cy - s * 0.2), (cx, cy - s * 1.05)], _c("forge_iron"), s * 0.34)


# ------------------------------------------------------------ the words
def circle_words(circle: str) -> str:
    """"knights (cities)", "farmers (fields)"... the followers a circle concerns."""
    return i18n.tr(f"crop_circles.type.{circle}")


def decision_note(game: Any, decision: Any) -> str | None:
    """Which followers the circle concerns, under every crop circle question."""
    del game
    subject = tuple(decision.subject)
    if len(subject) < 3:
        return None  # a decision without its circle (a preview): nothing more to say
    return i18n.tr("crop_circles.note", followers=circle_words(subject[2]))


def log_text(event: Any, names: Any) -> str | None:
    if isinstance(event, CropCircleChosen):
        return i18n.tr(f"crop_circles.log.{event.choice}", name=names[event.player],
                       one=i18n.tr(f"crop_circles.one.{event.circle}"))
    if isinstance(event, CropCirclePassed):
        return i18n.tr("crop_circles.log.pass", name=names[event.player],
                       follower=i18n.tr(f"crop_circles.follower.{event.circle}"))
    return None


register_prop(CROP_CIRCLE, paint_circle, order=0.5)
register_tile_symbol(SYMBOL_FLAG, paint_symbol, layer="top")
for _kind in (CROP_CIRCLE, DEPLOY_ASK, REMOVE_ASK):
    register_decision_note(_kind, decision_note)
register_event_text(CropCircleChosen.kind, log_text)
register_event_text(CropCirclePassed.kind, log_text)
# a chip per figure when a follower and the large follower could both go
register_spot_answers(DEPLOY_ASK)

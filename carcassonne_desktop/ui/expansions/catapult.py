"""The Catapult in the interface: the fair on its tiles, the mini-games for a
human's hurl and catch (ui/expansions/catapult_scene.py), the words of the
token choice and the seduction's swap, each player's tokens left, and log
lines for every hurl and what it did."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.events import OutcomeRevealed
from carcassonne_desktop.engine.expansions.catapult import (
    CATCH,
    FAIR,
    HAND_STREAM,
    HURL,
    ID,
    SWAP,
    Caught,
    KnockedOut,
    Seduced,
    Swap,
    TargetWon,
    TokenChosen,
    TokenLanded,
    tokens_left,
)
from carcassonne_desktop.ui.expansions import (
    register_board_overlay,
    register_choice_label,
    register_decision_scene,
    register_event_text,
    register_player_note,
    register_prop,
    register_watch_scene,
)
from carcassonne_desktop.ui.expansions.catapult_art import paint_fair, rgb
from carcassonne_desktop.ui.expansions.catapult_scene import (
    CatchScene,
    HurlScene,
    tile_distance,
)

if TYPE_CHECKING:
    import pygame


# ------------------------------------------------------------- the choices
def ring_seduced(surface: pygame.Surface, camera: Any, game: Any, layer: Any) -> None:
    """While a seduction's swap is asked, ring the follower it would take
    (the question's hint says "ringed")."""
    import pygame

    del layer
    pending = game.pending
    if pending is None or pending.kind != SWAP:
        return
    owner, _, x, y, port = pending.subject[1]
    for figure, (bx, by) in game.figure_positions():
        if (figure.player, figure.x, figure.y, figure.port) == (owner, x, y, port):
            centre = camera.world_to_screen(bx + 0.5, by + 0.5)
            radius = max(10, round(camera.scale * 0.22))
            pygame.draw.circle(surface, rgb("flag"), centre, radius, max(3, radius // 5))


def swap_label(game: Any, action: Any) -> str | None:
    """"Un partisan de votre réserve" / "Votre partisan de la route"."""
    if not isinstance(action, Swap):
        return None
    figure = i18n.tr(f"figure.{action.figure}")
    if action.source is None:
        text = i18n.tr("catapult.swap.supply", figure=figure)
        return text[:1].upper() + text[1:]
    x, y, port = action.source  # type: ignore[misc]
    info = game.feature_at(x, y, port)
    where = i18n.tr(f"feature.{info.kind}") if info is not None else ""
    pending = game.pending
    if pending is None or pending.kind != SWAP:
        return i18n.tr("catapult.swap.board", figure=figure, feature=where)
    # two "Votre partisan (ville)" buttons could not be told apart (found
    # playing): say where the follower stands, seen from the seduced one
    _, _, sx, sy, _ = pending.subject[1]
    return i18n.tr("catapult.swap.board_from", figure=figure, feature=where,
                   direction=i18n.tr(f"catapult.direction.{compass(x - sx, y - sy)}"))


def compass(dx: int, dy: int) -> str:
    """The direction of a tile `dx`, `dy` away (y grows southward): `n`,
    `ne`... or `here` on the same tile."""
    north_south = "n" if dy < 0 else "s" if dy > 0 else ""
    east_west = "e" if dx > 0 else "w" if dx < 0 else ""
    return (north_south + east_west) or "here"


# ----------------------------------------------------------------- players
def _tokens(suffix: str) -> Any:
    """The tokens a player still holds ("◉ 3"), or in words."""
    def note(game: Any, player: int) -> str | None:
        held = tokens_left(game, player)
        if not held:
            return None
        if suffix:
            names = ", ".join(i18n.tr(f"catapult.token.{t}") for t in held)
            return i18n.tr("catapult.note_words", tokens=names)
        return i18n.tr("catapult.note", count=len(held))

    note.__name__ = f"tokens_note{suffix}"
    return note


tokens_note, tokens_words = _tokens(""), _tokens("_words")


# ------------------------------------------------------------------- the log
def hand_text(event: Any, names: Any) -> str | None:
    """A hurl's or catch's revealed outcome (ruling CA11) is said by the
    landing or the catch's line: no "X draws: (0.893, -1.047)" before it."""
    del names
    return "" if isinstance(event, OutcomeRevealed) and event.stream == HAND_STREAM else None


def log_text(event: Any, names: Any) -> str | None:
    if isinstance(event, TokenChosen):
        return i18n.tr("catapult.log.chosen", name=names[event.player],
                       token=i18n.tr(f"catapult.token.{event.token}"))
    if isinstance(event, TokenLanded):
        key = "catapult.log.landed" if event.on_map else "catapult.log.off_map"
        return i18n.tr(key, name=names[event.player])
    if isinstance(event, KnockedOut):
        key = "catapult.log.chained" if event.chained else "catapult.log.knocked"
        return i18n.tr(key, name=names[event.player], figure=i18n.tr(f"figure.{event.figure}"))
    if isinstance(event, Seduced):
        return i18n.tr("catapult.log.seduced", name=names[event.hurler],
                       owner=names[event.player])
    if isinstance(event, TargetWon):
        return i18n.tr("catapult.log.target", names=", ".join(names[p] for p in event.players),
                       distance=tile_distance(event.distance))
    if isinstance(event, Caught):
        return i18n.tr(f"catapult.log.{event.outcome}", hurler=names[event.hurler],
                       catcher=names[event.catcher])
    return None


register_prop(FAIR, paint_fair, order=4)
register_decision_scene(HURL, HurlScene)
register_decision_scene(CATCH, CatchScene)
register_watch_scene(HURL, HurlScene.watch)
register_watch_scene(CATCH, CatchScene.watch)
register_choice_label(SWAP, swap_label)
register_board_overlay(ID, ring_seduced)
register_player_note(ID, tokens_note, tokens_words)
register_event_text(OutcomeRevealed.kind, hand_text)
for _kind in (TokenChosen.kind, TokenLanded.kind, KnockedOut.kind, Seduced.kind, TargetWon.kind,
              Caught.kind):
    register_event_text(_kind, log_text)

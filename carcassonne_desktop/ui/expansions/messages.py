"""The Messages in the interface: both pawns' squares beside each player's
name, the pawn question answered with buttons that say where each pawn
would go ("Pion 1 : 23 → 28 (case sombre)") with the suggested one marked
(and, with the setting, answered by it), the message drawn shown as a card
over the board with its two choices on the buttons, and a log line for
every message. The score track itself is drawn by the track view; nothing
here draws one, so the pawns read the same without it."""

from __future__ import annotations

from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.ai.expansions.messages import suggest_score_pawn, suggested_pawn
from carcassonne_desktop.engine.events import OutcomeRevealed
from carcassonne_desktop.engine.expansions.messages import (
    ACT,
    ID,
    MESSAGE,
    SCORE_PAWN,
    SEAL_POINTS,
    STREAM,
    MessageCarried,
    MessageChoice,
    MessageDrawn,
    ScorePawn,
    act_points,
    count_for,
    is_dark,
)
from carcassonne_desktop.engine.track import TRACK_SQUARES
from carcassonne_desktop.ui.expansions import (
    register_board_overlay,
    register_choice_label,
    register_decision_note,
    register_event_text,
    register_player_note,
    register_suggestion,
)
from carcassonne_desktop.ui.game_log import wrap
from carcassonne_desktop.ui.resources import colour, font

#: The message card, in pixels (drawn in the board's top right corner).
CARD_W, CARD_H, CARD_MARGIN = 300, 170, 16


# ------------------------------------------------------------------ pawns
def pawn_squares(game: Any, player: int) -> tuple[int, int]:
    """The squares (0-49) of a player's two pawns."""
    return (game.pawns[player][0] % TRACK_SQUARES, game.pawns[player][1] % TRACK_SQUARES)


def pawns_note(game: Any, player: int) -> str | None:
    first, second = pawn_squares(game, player)
    return i18n.tr("messages.note", first=first, second=second)


def pawns_words(game: Any, player: int) -> str | None:
    first, second = pawn_squares(game, player)
    return i18n.tr("messages.note_words", first=first, second=second)


def pawn_label(game: Any, action: Any) -> str | None:
    """"Pion 1 : 23 → 28 (case sombre) ★": where that pawn would go."""
    if not isinstance(action, ScorePawn) or game.pending is None or not game.pending.subject:
        return None
    player = game.pending.player
    points = game.pending.subject[0]
    start = game.pawns[player][action.pawn - 1]
    end = start + points
    key = "messages.pawn_dark" if is_dark(end) else "messages.pawn"
    text = i18n.tr(key, pawn=action.pawn, start=start % TRACK_SQUARES,
                   end=end % TRACK_SQUARES)
    if suggested_pawn(game, player, points) == action.pawn:
        text += " " + i18n.tr("messages.suggested")
    return text


def pawn_note(game: Any, decision: Any) -> str | None:
    if not decision.subject:
        return None
    points = decision.subject[0]
    first, second = pawn_squares(game, decision.player)
    return i18n.tr("messages.pawn_note", points=i18n.points_text(points), first=first,
                   second=second)


# --------------------------------------------------------------- messages
def message_text(number: int) -> str:
    return i18n.tr(f"messages.text.{number}")


def message_label(game: Any, action: Any) -> str | None:
    """"Effectuer (+4)" / "Prendre 2 points": the card over the board says
    what the message is, the button what it gives (short enough to read)."""
    if not isinstance(action, MessageChoice) or game.pending is None:
        return None
    if action.choice != ACT:
        return i18n.tr("messages.take_points", points=SEAL_POINTS)
    if action.message in (4, 8):
        return i18n.tr("messages.act")
    return i18n.tr("messages.act_points",
                   points=act_points(game, game.pending.player, action.message))


def message_note(game: Any, decision: Any) -> str | None:
    if not decision.subject:
        return None
    number = decision.subject[0]
    note = i18n.tr("messages.card_note", number=number, text=message_text(number))
    if number in (5, 6, 7):
        note += " " + i18n.tr(f"messages.count.{number}",
                              count=count_for(game, decision.player, number))
    return note


def draw_card(surface: pygame.Surface, camera: Any, game: Any, layer: Any) -> None:
    """The message drawn, as a card in the board's bottom right corner, while
    its player decides."""
    pending = game.pending
    if pending is None or pending.kind != MESSAGE:
        return
    number = pending.subject[0]
    view = camera.viewport
    # the bottom right corner: the pill and the toolbar hold the top, and
    # the views off the board (the score track) the bottom of the free area
    bottom = view.bottom - 48
    if camera.free_area is not None:
        bottom = min(bottom, camera.free_area.bottom)
    rect = pygame.Rect(view.right - CARD_W - CARD_MARGIN, bottom - CARD_H - CARD_MARGIN,
                       CARD_W, CARD_H)
    pygame.draw.rect(surface, colour(ID, "card"), rect, border_radius=10)
    pygame.draw.rect(surface, colour(ID, "card_edge"), rect, 3, border_radius=10)
    ink = colour(ID, "text")
    title = font(20, bold=True, serif=True).render(
        i18n.tr("messages.card_title", number=number), True, ink)
    surface.blit(title, (rect.x + 14, rect.y + 10))
    face = font(16)
    y = rect.y + 44
    for line in wrap(message_text(number), face, CARD_W - 28)[:5]:
        surface.blit(face.render(line, True, ink), (rect.x + 14, y))
        y += face.get_linesize()
    seal = (rect.right - 30, rect.bottom - 30)
    pygame.draw.circle(surface, colour(ID, "seal"), seal, 20)
    mark = font(18, bold=True).render(str(SEAL_POINTS), True, colour(ID, "card"))
    surface.blit(mark, mark.get_rect(center=seal))


# -------------------------------------------------------------------- log
def log_text(event: Any, names: Any) -> str | None:
    if isinstance(event, OutcomeRevealed) and event.stream == STREAM:
        return ""  # the message_drawn line says which message it is
    if isinstance(event, MessageDrawn):
        return i18n.tr("messages.log.drawn", name=names[event.player], number=event.message,
                       text=message_text(event.message))
    if isinstance(event, MessageCarried):
        if event.choice != ACT:
            return i18n.tr("messages.log.points", name=names[event.player],
                           points=i18n.points_text(event.points))
        key = f"messages.log.act.{event.message}"
        return i18n.tr(key, name=names[event.player], points=i18n.points_text(event.points))
    return None


register_player_note(ID, pawns_note, pawns_words)
register_suggestion(SCORE_PAWN, suggest_score_pawn)
register_choice_label(SCORE_PAWN, pawn_label)
register_decision_note(SCORE_PAWN, pawn_note)
register_choice_label(MESSAGE, message_label)
register_decision_note(MESSAGE, message_note)
register_board_overlay(ID, draw_card)
register_event_text(OutcomeRevealed.kind, log_text)
register_event_text(MessageDrawn.kind, log_text)
register_event_text(MessageCarried.kind, log_text)

"""The Robbers in the interface: the bag on the robber tiles, each robber on
its square of the score track (a masked head in its owner's colour), the
squares where a robber may go lit on the track (a click there puts it), a
button per player for the steal choice, and a log line for every stolen
point, every robber that follows a pawn and every robber left at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.engine.events import FigureMoved
from carcassonne_desktop.engine.expansions.robbers import (
    ID,
    ROBBER,
    STEAL,
    TRACK,
    RobberFollowed,
    RobberLeft,
    RobberPlaced,
    RobberSteal,
    RobberStole,
    robber_square,
)
from carcassonne_desktop.ui.art.meeples import BODY
from carcassonne_desktop.ui.expansions import (
    FigureStyle,
    register_choice_label,
    register_decision_note,
    register_event_text,
    register_figure_style,
    register_tile_symbol,
)
from carcassonne_desktop.ui.resources import colour
from carcassonne_desktop.ui.track_view import (
    TrackMarker,
    register_track_answers,
    register_track_marker_painter,
    register_track_markers,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ui.art.symbols import SymbolContext


# ------------------------------------------------------------ the tile icon
def paint_bag(ctx: SymbolContext, feature: int | None, value: Any) -> None:
    """The robbers' bag in the roomiest corner: a sack tied at the neck."""
    del feature
    if not value:
        return
    cx, cy = ctx.place("robber_bag", None, ctx.free_corner)
    p = ctx.paint
    r = 0.09
    p.circle((cx, cy + r * 0.25), r, colour("robbers", "bag_dark"))
    p.circle((cx - r * 0.1, cy + r * 0.15), r * 0.82, colour("robbers", "bag"))
    p.polygon([(cx - r * 0.45, cy - r * 0.95), (cx + r * 0.45, cy - r * 0.95),
               (cx + r * 0.2, cy - r * 0.55), (cx - r * 0.2, cy - r * 0.55)], colour("robbers", "bag"))
    p.circle((cx, cy - r * 0.6), r * 0.16, colour("robbers", "cord"))
    ctx.taken.append(((cx, cy), r * 1.2))


#: A wide-brimmed hat, and a face in shadow: the robber in the players' panel.
_HAT = ((0.18, 0.19), (0.36, 0.15), (0.38, 0.02), (0.62, 0.02), (0.64, 0.15), (0.82, 0.19),
        (0.82, 0.23), (0.18, 0.23))


# --------------------------------------------------------- on the track
def robber_markers(game: Any) -> list[TrackMarker]:
    found = []
    for player in range(game.num_players):
        square = robber_square(game, player)
        if square is not None:
            found.append(TrackMarker(square, player, ROBBER))
    return found


def paint_robber(surface: pygame.Surface, rect: pygame.Rect, rgb: pygame.Color) -> None:
    """A robber's head in its owner's colour, with a dark mask across the eyes."""
    outline = colour("track", "outline")
    r = max(3, rect.width // 2)
    centre = rect.center
    pygame.draw.circle(surface, rgb, centre, r)
    mask = pygame.Rect(0, 0, r * 2 - 2, max(2, r * 2 // 3))
    mask.center = (centre[0], centre[1] - r // 5)
    pygame.draw.rect(surface, colour("robbers", "mask"), mask, border_radius=max(1, mask.height // 2))
    pygame.draw.circle(surface, outline, centre, r, 1)


def robber_answer_square(action: Any) -> int | None:
    if isinstance(action, DeployToArea) and action.figure == ROBBER and action.area == TRACK:
        return int(action.slot)
    return None


# ------------------------------------------------------------ the questions
def steal_label(game: Any, action: Any) -> str | None:
    """"Voler Bleu (5 points → 3)": who, and what each choice brings."""
    if not isinstance(action, RobberSteal) or game.pending is None:
        return None
    points = dict(game.pending.subject).get(action.player)
    if points is None:
        return None
    return i18n.tr("robbers.steal_choice", name=game.setup.players[action.player].name,
                   points=points, stolen=(points + 1) // 2)


def robber_note(game: Any, decision: Any) -> str | None:
    """Where the robber stands now, when it would move."""
    here = robber_square(game, decision.player)
    return i18n.tr("robbers.note_here", square=here) if here is not None else None


# ------------------------------------------------------------------- the log
def log_text(event: Any, names: Any) -> str | None:
    if isinstance(event, RobberStole):
        return i18n.tr("robbers.log.stole", thief=names[event.thief], victim=names[event.victim],
                       points=i18n.points_text(event.points), stolen=event.stolen,
                       square=event.square)
    if isinstance(event, RobberFollowed):
        return i18n.tr("robbers.log.followed", owner=names[event.owner], victim=names[event.victim],
                       square=event.end)
    if isinstance(event, RobberLeft):
        return i18n.tr("robbers.log.left", name=names[event.owner], square=event.square)
    if isinstance(event, RobberPlaced):
        return i18n.tr("robbers.log.moved" if event.moved else "robbers.log.put",
                       name=names[event.player], square=event.square)
    if isinstance(event, FigureMoved) and event.figure == ROBBER:
        return ""  # said by the robber's own line (put, followed, stole, left)
    return None


register_tile_symbol(ROBBER, paint_bag, layer="top")
#: The robber's loot sack over the shoulder: with the hat, an outline no
#: other figure has (a hood alone left it looking like a follower at 22 px).
_SACK: tuple[tuple[float, float], ...] = (
    (0.68, 0.26), (0.86, 0.14), (1.0, 0.24), (1.0, 0.62), (0.88, 0.72), (0.72, 0.64))
register_figure_style(ROBBER, FigureStyle(BODY, extras=(_HAT, _SACK), face=True))
register_track_markers(ID, robber_markers)
register_track_marker_painter(ROBBER, paint_robber)
register_track_answers(ROBBER, robber_answer_square)
register_choice_label(STEAL, steal_label)
register_decision_note(ROBBER, robber_note)
for _kind in (RobberStole.kind, RobberFollowed.kind, RobberLeft.kind, RobberPlaced.kind,
              FigureMoved.kind):
    register_event_text(_kind, log_text)

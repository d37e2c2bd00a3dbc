"""What the game screen says: the instruction pill, the winner line and the
feature tooltip, in the current language.

Pure functions of the game and the turn controller (no drawing), so what a
player reads can be tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Deploy, Game
from carcassonne_desktop.engine.game import FeatureInfo
from carcassonne_desktop.ui.game_log import colour_name, feature_name
from carcassonne_desktop.ui.placement_controller import FIGURE, PLACE, READY, PlacementController


@dataclass(frozen=True, slots=True)
class Status:
    """The pill at the top of the board: a title, a hint line, and the colour
    of the player it speaks to (None: nobody in particular)."""

    title: str
    hint: str
    colour: str | None


def status(game: Game, c: PlacementController | None, *, final_running: bool, thinking: bool,
           advice: str | None = None) -> Status:
    """What to tell the players now. `c` is the human turn on screen (None
    during a computer's turn); `advice` a hint message key, if one is shown."""
    if final_running:
        return Status(i18n.tr("hud.final_scoring"), "", None)
    if game.is_over:
        return Status(i18n.tr("hud.game_over"), winner_text(game), None)
    player = game.setup.players[game.current]
    if c is None:
        title = (i18n.tr("hud.thinking", name=player.name) if thinking else
                 i18n.tr("hud.turn", name=player.name, color=colour_name(player.color)))
        return Status(title, "", player.color)
    title = i18n.tr("hud.your_turn", name=player.name)
    if c.state == PLACE:
        hint = i18n.tr("hud.hand_hint" if len(c.hand) > 1 else "hud.place_hint")
        if c.hover is not None and not c.ghost_fits:
            hint = i18n.tr("hud.illegal_here")
    elif c.state == FIGURE:
        title = i18n.tr("hud.place_figure")
        hint = i18n.tr("hud.figure_hint")
    else:
        title = i18n.tr("hud.figure_placed" if isinstance(c.figure_action, Deploy) else "hud.passed")
        hint = i18n.tr("hud.confirm_hint")
    if advice is not None and c.state != READY:
        hint = i18n.tr(advice)
    return Status(title, hint, player.color)


def winner_text(game: Game) -> str:
    winners = game.winners()
    names = [game.setup.players[w].name for w in winners]
    points = game.scores[winners[0]] if winners else 0
    if len(names) == 1:
        return i18n.tr("hud.winner", name=names[0], points=points)
    return i18n.tr("hud.tie", names=", ".join(names), points=points)


def feature_lines(game: Game, info: FeatureInfo) -> list[str]:
    """The tooltip of a feature: what it is worth now, and who holds it."""
    name = feature_name(info.kind).capitalize()
    if info.kind == "field":
        first = i18n.tr("hud.worth_field", feature=name, points=i18n.points_text(info.value))
    elif info.completed:
        first = i18n.tr("hud.worth_completed", feature=name, points=i18n.points_text(info.value))
    else:
        first = i18n.tr("hud.worth_open", feature=name, points=i18n.points_text(info.value))
    players = game.setup.players
    if info.owners:
        owners = ", ".join(f"{players[o].name} ({colour_name(players[o].color)})" for o in info.owners)
        second = i18n.tr("hud.held_by", names=owners)
    else:
        second = i18n.tr("hud.held_by_nobody")
    return [first, second]

"""What the game screen says: the instruction pill, the winner line and the
feature tooltip, in the current language.

Pure functions of the game and the turn controller (no drawing), so what a
player reads can be tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import PASS, Deploy, Game
from carcassonne_desktop.engine.actions import Action, DeployToArea
from carcassonne_desktop.engine.decisions import FIGURE as FIGURE_DECISION
from carcassonne_desktop.engine.features import FEATURE_KINDS, NEVER
from carcassonne_desktop.engine.game import FeatureInfo
from carcassonne_desktop.ui.expansions import decision_notes, expansion_choice_label, feature_notes
from carcassonne_desktop.ui.game_log import colour_name, feature_name, figure_name
from carcassonne_desktop.ui.placement_controller import (
    DECIDE,
    FIGURE,
    PLACE,
    READY,
    PlacementController,
)


def _text(key: str) -> str | None:
    """The translation of `key`, or None where there is none."""
    text = i18n.tr(key)
    return None if text == i18n.key(key) else text


def decision_title(kind: str, subject: tuple[Any, ...] = ()) -> str:
    """The question of a decision kind ("Agrandir ou ramener le troupeau ?");
    a kind without its own text gets the generic question."""
    return _decision_text(kind, subject, "title") or i18n.tr("decision.generic_title")


def _decision_text(kind: str, subject: tuple[Any, ...], part: str) -> str | None:
    """`decision.<kind>.<variant>.<part>` when the subject's first word names a
    variant with its own text (the Count's market round at the end, where any
    field is a target), else `decision.<kind>.<part>`."""
    variant = subject[0] if subject and isinstance(subject[0], str) else None
    own = _text(f"decision.{kind}.{variant}.{part}") if variant else None
    return own or _text(f"decision.{kind}.{part}")


def choice_label(kind: str, action: Action, game: Game | None = None) -> str:
    """The button text of one answer: the expansion's own words when it has
    them (a registered label, `decision.<kind>.<value>`, `action.<type>.<value>`),
    else a plain reading of the action, so a new expansion is playable before
    it is polished."""
    if game is not None:
        text = expansion_choice_label(kind, game, action)
        if text:
            return text
    data = action.to_json()
    values = [str(v) for k, v in data.items() if k != "type" and isinstance(v, str)]
    for value in values:
        for key in (f"decision.{kind}.{value}", f"action.{action.type}.{value}"):
            text = _text(key)
            if text:
                return text
    text = _text(f"action.{action.type}.any")
    if text:
        return text
    words = [action.type.replace("_", " ")] + [
        f"{k} {v}" for k, v in data.items() if k != "type"
    ]
    return " · ".join(words)


@dataclass(frozen=True, slots=True)
class Status:
    """The pill at the top of the board: a title, a hint line, and the colour
    of the player it speaks to (None: nobody in particular)."""

    title: str
    hint: str
    colour: str | None
    #: What Enter does now, in words ("" when it does nothing of the turn's).
    enter: str = ""


#: What Enter can do during a human turn (`GameInput.enter_effect` picks one
#: and the Enter key does exactly that; `enter_text` says it in the pill).
FOLLOW, PLACE_TILE_HERE, PICK_CELL, DEPLOY, PICK_SPOT, ANSWER, PICK_ANSWER, CONFIRM = (
    "follow", "place", "pick_cell", "deploy", "pick_spot", "answer", "pick_answer", "confirm")


@dataclass(frozen=True, slots=True)
class EnterEffect:
    """What Enter does: one of the effects above, and the answer it gives
    (a figure put down, an expansion's answer, the advised step)."""

    effect: str
    action: Action | None = None


def enter_text(c: PlacementController, enter: EnterEffect) -> str:
    """The pill's line about Enter, for every step and every decision kind."""
    figure = figure_name(c.figure_kind) if c.state == FIGURE else ""
    answer = ""
    if enter.action is not None:
        kind = c.decision.kind if c.decision is not None else ""
        answer = choice_label(kind, enter.action, c.tentative)
    if enter.effect == FOLLOW and enter.action is not None and c.state == DECIDE:
        return i18n.tr("enter.follow_answer", answer=answer)
    if enter.effect == DEPLOY and isinstance(enter.action, (Deploy, DeployToArea)):
        figure = figure_name(enter.action.figure)
    if enter.effect == PICK_ANSWER and c.decision is not None:
        # a question answered in a scene of its own (a hurl) has no answers to
        # Tab through: its own words say its keys ("Choisissez une réponse
        # avec Tab" stayed on screen while a hurl waited behind the banner)
        own = _decision_text(c.decision.kind, tuple(c.decision.subject), "enter")
        if own:
            return own
    return i18n.tr(f"enter.{enter.effect}", figure=figure, answer=answer)


def status(game: Game, c: PlacementController | None, *, final_running: bool, thinking: bool,
           advice: str | None = None, enter: EnterEffect | None = None) -> Status:
    """What to tell the players now. `c` is the human turn on screen (None
    during a computer's turn); `advice` a hint message key, if one is shown;
    `enter` what the Enter key does (said on a line of its own)."""
    if final_running:
        return Status(i18n.tr("hud.final_scoring"), "", None)
    if game.is_over:
        return Status(i18n.tr("hud.game_over"), winner_text(game), None)
    player = game.setup.players[game.deciding_player]
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
        # the figure chosen in the panel (a builder, the pig, the shepherd), not always "a follower"
        figure = figure_name(c.figure_kind)
        title = i18n.tr("hud.place_figure", figure=figure)
        hint = i18n.tr("hud.figure_step_hint", figure=figure)
    elif c.state == DECIDE and c.decision is not None:
        kind, subject = c.decision.kind, tuple(c.decision.subject)
        title = decision_title(kind, subject)
        if c.seat != game.turn_player:  # asked out of turn: say whom
            title = i18n.tr("hud.decision_for", name=player.name, question=title)
        hint = _decision_text(kind, subject, "hint") or i18n.tr("decision.generic_hint")
        # what the board alone does not say, before the answer (where the Count stands)
        hint = " ".join((hint, *decision_notes(c.tentative, c.decision)))
    else:
        title = i18n.tr("hud.nothing_to_deploy") if c.auto_passed else _placed_text(c)
        hint = i18n.tr("hud.ready_hint")
    if advice is not None and c.state != READY:
        hint = i18n.tr(advice)
    return Status(title, hint, player.color, enter_text(c, enter) if enter is not None else "")


def _placed_text(c: PlacementController) -> str:
    """"Abbé posé", "Paysan posé": the message names the figure that went down
    (the last one, when an expansion's question followed: a follower put in
    the Count's city, then the Count moved); answers without a figure are
    "choices made", never "no figure"."""
    answers = c.answers
    placed = [a for a in answers if isinstance(a, (Deploy, DeployToArea))]
    action = placed[-1] if placed else c.figure_action
    if not placed and any(a != PASS for a in answers):
        return i18n.tr("hud.answered")
    if not placed and c.answered and c.answered[-1][0] not in (FIGURE_DECISION, None):
        # a question passed (a seduction's swap declined) is no "no figure"
        kind = c.answered[-1][0]
        return _text(f"decision.{kind}.passed") or i18n.tr("hud.declined")
    if isinstance(action, DeployToArea):  # a slot off the tiles (a crown space, a quarter)
        figure = figure_name(action.figure)
        return i18n.tr("hud.figure_placed", figure=figure[:1].upper() + figure[1:])
    if not isinstance(action, Deploy) or c.tentative is None:
        return i18n.tr("hud.passed")
    kind = c.tentative.feature_kind_for(action.figure, action.x, action.y, action.port)
    figure = figure_name(action.figure, kind == "field")
    return i18n.tr("hud.figure_placed", figure=figure[:1].upper() + figure[1:])


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
    kind = FEATURE_KINDS.get(info.kind)
    if info.kind != "field" and kind is not None and kind.completion == NEVER:
        # nobody stands on it and it never scores (a river, a lake, the
        # wheel): "0 point as it stands, nobody holds it" only puzzled players
        return [name, *feature_notes(game, info)]
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
    return [first, second, *feature_notes(game, info)]

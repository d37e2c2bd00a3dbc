"""Decisions answered or shown in a scene of their own (the Catapult's
mini-games), and the suggestions a player may let the game follow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from carcassonne_desktop.ui.expansions.registering import discover, register_once

#: ``factory(app, game, decision, answer) -> Scene``: a full-screen scene for a
#: human's decision of one kind (the Catapult's mini-game, where the answer is a
#: point in the plane no button can give). ``game`` is the tentative game (to
#: read, never to change), ``decision`` the pending one; the scene calls
#: ``answer(action)`` once with its answer. The game scene then pops it and
#: plays the answer through the human's controller, which validates it with
#: the kind's ``accepts``: a refused answer leaves the decision pending and the
#: scene is asked for again (see ``ui/decision_scenes.py``).
DecisionSceneFactory = Callable[[Any, Any, Any, Callable[[Any], None]], Any]


_DECISION_SCENES: dict[str, DecisionSceneFactory] = {}


def register_decision_scene(kind: str, factory: DecisionSceneFactory) -> None:
    """The scene pushed when a human must answer a decision of ``kind``
    (one per kind: a second would depend on import order)."""
    register_once(_DECISION_SCENES, kind, factory, "decision scene")


def decision_scene(kind: str) -> DecisionSceneFactory | None:
    """The scene factory registered for a decision kind, if any."""
    discover()
    return _DECISION_SCENES.get(kind)


#: ``fn(game, decision) -> action | None``: the answer the game suggests to a
#: human for a decision (``register_suggestion``).
Suggestion = Callable[[Any, Any], Any]


_SUGGESTIONS: dict[str, Suggestion] = {}


def register_suggestion(kind: str, suggest: Suggestion) -> None:
    """The answer the game suggests for a small, frequent question (which
    scoring pawn moves): the answer buttons mark it, and with the setting
    ``follow_suggestions`` a human's decision of that kind is answered by it
    at once (the record still holds the answer)."""
    register_once(_SUGGESTIONS, kind, suggest, "suggestion")


def suggestion_for(kind: str) -> Suggestion | None:
    """The suggestion registered for a decision kind, if any."""
    discover()
    return _SUGGESTIONS.get(kind)


#: ``factory(app, game, decision, action, done) -> Scene``: a computer
#: player's answer of one kind shown in a scene before it is played (the
#: Catapult's flight), where a person may even take part (a human catching a
#: computer's throw). ``game`` is the real game (to read), ``action`` the
#: computer's answer; the scene calls ``done(action)`` once with the answer to
#: play: the computer's, or one the people at the table changed (a catch's
#: outcome). The game scene pops it and plays that answer for the computer,
#: validated as any answer is. Skipped at the "instant" computer speed.
WatchSceneFactory = Callable[[Any, Any, Any, Any, Callable[[Any], None]], Any]


_WATCH_SCENES: dict[str, WatchSceneFactory] = {}


def register_watch_scene(kind: str, factory: WatchSceneFactory) -> None:
    """The scene shown when a computer player answers a decision of ``kind``."""
    register_once(_WATCH_SCENES, kind, factory, "watch scene")


def watch_scene(kind: str | None) -> WatchSceneFactory | None:
    """The watch scene registered for a decision kind, if any."""
    if kind is None:
        return None
    discover()
    return _WATCH_SCENES.get(kind)

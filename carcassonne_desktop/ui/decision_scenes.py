"""A human's decision answered in a scene of its own (issue 27, review 5.7).

An expansion registers a full-screen scene for a decision kind
(``register_decision_scene``): while the human's tentative turn waits for a
decision of that kind, the game scene pushes it on the scene stack, once per
decision. The scene answers through a callback; the answer is played through
the human's controller like a click on a button would be, so it is validated
by the same check as everywhere (the kind's ``accepts``, through
``PlacementController.choose``) and it can be taken back until the turn is
confirmed. A refused answer leaves the decision pending, and the scene is
pushed again.

A computer's answer of a kind with a watch scene (``register_watch_scene``)
is shown in that scene before it is played (:func:`watch_computer_answer`):
the computer driver holds the answer until the scene says what to play. A
game of computers only shows none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.ui.expansions import decision_scene, suggestion_for, watch_scene
from carcassonne_desktop.ui.placement_controller import DECIDE, PlacementController


class DecisionScenes:
    """Pushes the registered scene of the human's pending decision and plays
    its answer. ``after_answer`` is what the game scene does after any
    tentative answer (commit at once when chance was revealed, or when the
    player asked turns to be confirmed automatically)."""

    def __init__(self, app: Any, after_answer: Callable[[PlacementController], None]) -> None:
        self.app = app
        self.after_answer = after_answer
        #: The tentative game and the count of answers the scene was pushed for
        #: (the game is held, not its id: a new copy after an undo is a new decision).
        self._shown: tuple[Game, int] | None = None
        self.open: Any = None

    def offer(self, controller: PlacementController | None) -> bool:
        """Push the scene for the controller's pending decision when its kind
        has one and it was not pushed yet; True when pushed."""
        c = controller
        if self.app is None or c is None or c.state != DECIDE or c.decision is None:
            return False
        factory = decision_scene(c.decision.kind)
        if factory is None or c.tentative is None:
            return False
        key = (c.tentative, len(c.actions()))
        if self._shown is not None and self._shown[0] is key[0] and self._shown[1] == key[1]:
            return False
        self._shown = key
        holder: list[Any] = []

        def answer(action: Action) -> None:
            self._answer(c, key, holder[0] if holder else None, action)

        scene = factory(self.app, c.tentative, c.decision, answer)
        holder.append(scene)
        self.open = scene
        self.app.stack.push(scene)
        return True

    def _answer(self, c: PlacementController, key: tuple[Game, int], scene: Any,
                action: Action) -> None:
        if scene is not None and self.app.stack.top is scene:
            self.app.stack.pop()
        self.open = None
        if c.tentative is not key[0] or len(c.actions()) != key[1]:
            return  # an answer for a decision that is no longer pending
        c.choose(action)
        if len(c.actions()) == key[1]:
            # the kind refused it: the decision is still pending, ask again
            self._shown = None
            return
        self.after_answer(c)


def answer_by_suggestion(c: PlacementController | None, enabled: bool,
                         after_answer: Callable[[PlacementController], None]) -> bool:
    """With the setting ``follow_suggestions`` on, answer the human's pending
    decision by its kind's suggestion (``register_suggestion``): played
    through the controller like a click, so the record holds the answer and
    it can be taken back. True when answered."""
    if not enabled or c is None or c.state != DECIDE or c.decision is None:
        return False
    suggest = suggestion_for(c.decision.kind)
    if suggest is None or c.tentative is None:
        return False
    action = suggest(c.tentative, c.decision)
    if action is None:
        return False
    before = len(c.actions())
    c.choose(action)
    if len(c.actions()) == before:
        return False
    after_answer(c)
    return True


def watch_computer_answer(app: Any, game: Game, driver: Any, speed: str) -> bool:
    """Push the watch scene of the computer answer the driver just started to
    animate, holding it until the scene's ``done(answer)``; True when pushed.
    Nothing is shown at the "instant" speed, for a kind without one, or
    when no person plays (computers among themselves: nobody to show it to,
    and the game must not wait on a scene)."""
    factory = watch_scene(game.pending_kind)
    action = driver.action
    if factory is None or app is None or action is None or speed == "instant":
        return False
    if all(p.controller.startswith("ai:") for p in game.setup.players):
        return False
    driver.hold()
    holder: list[Any] = []

    def done(answer: Action) -> None:
        if holder and app.stack.top is holder[0]:
            app.stack.pop()
        driver.release(answer)

    scene = factory(app, game, game.pending, action, done)
    if scene is None:
        driver.release(action)
        return False
    holder.append(scene)
    app.stack.push(scene)
    return True

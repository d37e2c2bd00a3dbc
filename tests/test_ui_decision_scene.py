"""A decision answered in a full-screen scene of its own (issue 27, review
5.7): `register_decision_scene(kind, factory)` pushes the scene for a human's
pending decision of that kind; its answer comes back through a callback and
goes through the controller, validated by the kind's `accepts`. Proven with
the toy of tests/toy_aim.py and a toy scene where a click is the aim."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Action
from carcassonne_desktop.ui.expansions import (
    _DECISION_SCENES,
    decision_scene,
    register_decision_scene,
)
from carcassonne_desktop.ui.placement_controller import DECIDE, READY
from carcassonne_desktop.ui.scene import Scene
from tests.test_ui_game_flow import _click_at, _dismiss_banner, _steps
from tests.toy_aim import AIM, TOY, Aim, aiming_game, sling

CENTRE = (640, 400)
PIXELS_PER_TILE = 200


class AimScene(Scene):
    """A toy mini-game: where the player clicks is where the stone lands,
    200 pixels a tile from the tile placed at the window's centre."""

    def __init__(self, app: Any, game: Any, decision: Any,
                 answer: Callable[[Action], None]) -> None:
        super().__init__(app)
        self.origin = decision.subject[0]
        self.answer = answer
        self.game = game

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        x = self.origin[0] + (event.pos[0] - CENTRE[0]) / PIXELS_PER_TILE
        y = self.origin[1] + (event.pos[1] - CENTRE[1]) / PIXELS_PER_TILE
        self.answer(Aim(x, y))
        return True


@pytest.fixture
def app(tmp_path, monkeypatch) -> Iterator[Any]:
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    from carcassonne_desktop.ui.app import App
    from carcassonne_desktop.ui.launcher import build_hooks

    with sling():
        register_decision_scene(AIM, AimScene)
        application = App(build_hooks(), size=(1280, 800))
        application.start()
        try:
            yield application
        finally:
            del _DECISION_SCENES[AIM]
            application.stack.clear()
            i18n.unregister_manager(application.manager)
            pygame.quit()


def _game_scene_at_the_aim(app: Any) -> Any:
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, aiming_game())
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    _steps(app)
    return scene


def test_the_scene_is_pushed_for_the_decision_and_its_answer_is_played(app):
    scene = _game_scene_at_the_aim(app)
    assert isinstance(app.stack.top, AimScene)
    c = scene.controller
    assert c is not None and c.state == DECIDE
    _click_at(app, (CENTRE[0] + 150, CENTRE[1] + 50))  # (1.75, 0.25): off the sample
    assert app.stack.top is scene
    assert c.actions() == [Aim(1.75, 0.25)] and c.state == READY
    _steps(app)
    assert app.stack.top is scene  # answered: not pushed again
    scene.confirm_turn()
    assert scene.game.history[-1] == Aim(1.75, 0.25)
    assert scene.game.extension_state[TOY] == ((1.75, 0.25),)


def test_a_decision_answered_in_its_scene_shows_no_answer_buttons(app):
    """Regression (issue 27, played under Xvfb): the finite sample of a hurl
    showed as buttons behind the hand-over banner, a way to skip the mini-game."""
    scene = _game_scene_at_the_aim(app)
    assert isinstance(app.stack.top, AimScene)
    assert scene._choice_actions(scene.controller) == []
    assert not [name for name in scene.buttons if name.startswith("choice:")]


def test_an_answer_the_kind_refuses_leaves_the_decision_pending_and_asks_again(app):
    scene = _game_scene_at_the_aim(app)
    first = app.stack.top
    assert isinstance(first, AimScene)
    _click_at(app, (CENTRE[0] + 600, CENTRE[1]))  # (4, 0): farther than the toy's reach
    c = scene.controller
    assert c.actions() == [] and c.state == DECIDE
    top = app.stack.top
    assert isinstance(top, AimScene) and top is not first
    assert sum(isinstance(s, AimScene) for s in app.stack) == 1  # pushed again, once
    _click_at(app, (CENTRE[0], CENTRE[1] - 100))
    assert c.actions() == [Aim(1.0, -0.5)]


def test_an_undone_answer_opens_the_scene_again(app):
    scene = _game_scene_at_the_aim(app)
    _click_at(app, (CENTRE[0] + 100, CENTRE[1]))
    c = scene.controller
    assert app.stack.top is scene and c.undo()
    _steps(app)
    assert isinstance(app.stack.top, AimScene)


def test_a_kind_without_a_scene_has_none():
    assert decision_scene("flock") is None
    with pytest.raises(ValueError, match="already registered"):
        register_decision_scene("toy_twice", AimScene)
        try:
            register_decision_scene("toy_twice", Scene)
        finally:
            del _DECISION_SCENES["toy_twice"]


# ----------------------------------------------- a computer's answer, watched
class WatchAim(Scene):
    """A toy watch scene: shows the computer's stone, then plays one the
    table moved half a tile east (what a scene may do: a catch's outcome)."""

    def __init__(self, app: Any, game: Any, decision: Any, action: Any,
                 done: Callable[[Action], None]) -> None:
        super().__init__(app)
        self.action = action
        self.done = done

    def finish(self) -> None:
        self.done(Aim(1.5, 0.5))


def test_a_computer_answer_is_held_in_its_watch_scene_and_the_scene_says_what_to_play(app):
    from carcassonne_desktop.engine import PASS, Game, PlaceTile
    from carcassonne_desktop.engine.setup import quick_setup
    from carcassonne_desktop.ui.expansions import _WATCH_SCENES, register_watch_scene
    from carcassonne_desktop.ui.game_scene import GameScene

    register_watch_scene(AIM, WatchAim)
    try:
        game = Game(quick_setup(players=2, seed=1, expansions=("base", TOY),
                                tile_order=("base/U", "base/E"),
                                controllers=("ai:random", "human")))
        game.apply(PlaceTile(1, 0, 0, "base/U"))
        game.apply(PASS)
        assert game.pending_kind == AIM
        scene = GameScene(app, game)
        app.stack.push(scene)
        import time

        deadline = time.monotonic() + 20
        while not isinstance(app.stack.top, WatchAim) and time.monotonic() < deadline:
            _steps(app, 1)
            time.sleep(0.01)  # the computer thinks in a thread
        watch = app.stack.top
        assert isinstance(watch, WatchAim) and isinstance(watch.action, Aim)
        _steps(app, 30)
        assert scene.game.pending_kind == AIM, "held while the scene shows it"
        watch.finish()
        assert app.stack.top is scene
        _steps(app, 5)
        assert scene.game.history[-1] == Aim(1.5, 0.5)
    finally:
        del _WATCH_SCENES[AIM]


def test_a_game_of_computers_only_opens_no_watch_scene() -> None:
    with sling():
        _computers_only_open_no_watch_scene()


def _computers_only_open_no_watch_scene() -> None:
    """Regression (issue 27): a watch scene is for the people at the table;
    with computers only, nobody would see it and the game would wait on it."""
    from functools import partial
    from types import SimpleNamespace

    from carcassonne_desktop.engine import PASS, Game, PlaceTile
    from carcassonne_desktop.engine.setup import quick_setup
    from carcassonne_desktop.ui.decision_scenes import watch_computer_answer
    from carcassonne_desktop.ui.expansions import _WATCH_SCENES, register_watch_scene

    register_watch_scene(AIM, WatchAim)
    try:
        for controllers, shown in ((("ai:random", "ai:easy"), False),
                                   (("ai:random", "human"), True)):
            game = Game(quick_setup(players=2, seed=1, expansions=("base", TOY),
                                    tile_order=("base/U", "base/E"), controllers=controllers))
            game.apply(PlaceTile(1, 0, 0, "base/U"))
            game.apply(PASS)
            held: list[str] = []
            driver = SimpleNamespace(action=Aim(0.5, 0.5), hold=partial(held.append, "hold"),
                                     release=held.append)
            pushed: list[Any] = []
            app = SimpleNamespace(stack=SimpleNamespace(push=pushed.append, top=None))
            assert watch_computer_answer(app, game, driver, "normal") is shown, controllers
            assert (len(pushed), held) == ((1, ["hold"]) if shown else (0, [])), controllers
    finally:
        del _WATCH_SCENES[AIM]

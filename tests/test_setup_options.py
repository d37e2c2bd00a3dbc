"""The setup screen's options come from the expansions (issue 26, review
section 5 point 7): each expansion declares its options (`Expansion.options`),
the screen shows a check box for each option of the base game and of the
chosen expansions, and the choice reaches the game's setup, which the
engine validates against the options declared. Proven with a toy expansion
that exists only here."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from carcassonne_desktop import i18n  # noqa: E402
from carcassonne_desktop.engine import Game, GameSetup, SetupError  # noqa: E402
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion  # noqa: E402
from carcassonne_desktop.ui.setup_scene import (  # noqa: E402
    SetupModel,
    default_options,
    option_names,
)
from tests.test_ui_scenes import _click  # noqa: E402

TOY = "toy_options_test"
OPTION = "toy_option_test"


class ToyWithOption(Expansion):
    id = TOY
    order = 908
    title = description = {"fr": "Option jouet", "en": "Toy option"}
    options = {OPTION: False}


@pytest.fixture
def toy() -> Iterator[None]:
    EXPANSIONS[TOY] = ToyWithOption
    try:
        yield
    finally:
        del EXPANSIONS[TOY]


def test_setup_options_base_ones_come_from_the_base_game_in_order():
    assert option_names(["base"]) == ("farmers", "small_city_2pts", "farmers_first_edition",
                                      "hand_of_3")
    assert default_options()["farmers"] is True


def test_setup_option_of_an_expansion_only_with_it(toy):
    assert OPTION in option_names([TOY])
    assert OPTION not in option_names(["base"])
    model = SetupModel.default()
    model.options[OPTION] = True
    assert OPTION not in model.to_setup()["options"]  # the engine would refuse it
    model.expansions.append(TOY)
    setup = model.to_setup()
    assert setup["options"][OPTION] is True
    game = Game(GameSetup.from_json(setup))
    assert game.rules.options[OPTION] is True


def test_setup_option_remembered_from_the_last_setup(toy):
    model = SetupModel.from_setup({"expansions": ["base", TOY], "options": {OPTION: True}},
                                  ["human"], ["base", TOY])
    assert model.options[OPTION] is True and model.to_setup()["options"][OPTION] is True


def test_setup_unknown_option_is_a_clear_error():
    with pytest.raises(SetupError, match="unknown option"):
        Game(GameSetup.from_json({"players": [{"name": "A", "color": "red"},
                                              {"name": "B", "color": "blue"}],
                                  "options": {OPTION: True}}))


@pytest.fixture
def app(tmp_path, monkeypatch, toy):
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path))
    from carcassonne_desktop.ui.app import App, AppHooks
    from carcassonne_desktop.ui.launcher import expansion_choices
    from carcassonne_desktop.ui.scene import Scene

    started: list[dict] = []

    def factory(app_, setup):  # type: ignore[no-untyped-def]
        started.append(setup)
        return Scene(app_)

    hooks = AppHooks(game_factory=factory, ai_levels=["random"], expansions=expansion_choices())
    application = App(hooks, size=(1280, 800))
    application.set_language("en")
    application.start()
    application.started = started  # type: ignore[attr-defined]
    yield application
    application.stack.clear()
    i18n.unregister_manager(application.manager)
    pygame.quit()


def test_setup_screen_shows_a_toy_expansions_option_and_it_reaches_the_game(app):
    from carcassonne_desktop.ui.setup_scene import SetupScene

    _click(app, app.stack.top.buttons["new_game"])
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    assert OPTION not in scene._option_boxes.values()  # the toy is not chosen yet
    toy_box = next(box for box, exp in scene._expansion_boxes.items() if exp == TOY)
    scene.expansion_list.vert_scroll_bar and scene.expansion_list.vert_scroll_bar.set_scroll_from_start_percentage(1.0)  # type: ignore[union-attr]
    for _ in range(3):
        app.step(1 / 60)
    _click(app, toy_box)
    assert TOY in scene.model.expansions
    boxes = {name: box for box, name in scene._option_boxes.items()}
    assert OPTION in boxes  # its option came with it
    _click(app, boxes[OPTION])
    assert scene.model.options[OPTION] is True
    _click(app, scene.start_button)
    setup = app.started[-1]
    assert setup["options"][OPTION] is True and TOY in setup["expansions"]
    assert Game(GameSetup.from_json(setup)).rules.options[OPTION] is True

"""Issue 29, item 2: the rules can be reached during a game. "Menu" only
asked to quit and F1 did nothing; now the game's menu has a rules entry and
F1 opens the rules pages of the expansions in play, over the game.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.ui.rules_scene import BASE_PAGE, CONTROLS_PAGE, expansion_pages
from tests import test_ui_decisions
from tests.test_ui_game_flow import _click, _click_at, _key, _steps

app = test_ui_decisions.app

IN_PLAY = ("base", "traders_builders", "hills_sheep", "wheel_of_fortune")


def _game_scene(app, banner: bool = False):
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, Game(quick_setup(2, seed=2, expansions=IN_PLAY)))
    app.stack.push(scene)
    _steps(app)
    if not banner and scene.banner.visible:
        scene.banner.dismiss()
    return scene


def _expected_pages():
    return [BASE_PAGE, CONTROLS_PAGE] + [page for page, _, _ in expansion_pages() if page in IN_PLAY]


def test_f1_opens_the_rules_of_the_expansions_in_play_over_the_game_regression_no_rules_in_game(app):
    from carcassonne_desktop.ui.rules_scene import RulesScene

    scene = _game_scene(app)
    _key(app, pygame.K_F1)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    assert [page for page, _ in rules.pages()] == _expected_pages()
    assert "river" not in [page for page, _ in rules.pages()]  # not in this game
    assert not rules.opaque and app.stack.visible()[0] is scene  # drawn over the board
    tab = next(button for button, page in rules.tabs.items() if page == "traders_builders")
    _click(app, tab)
    assert rules.page == "traders_builders" and "vin" in rules.page_text().lower()
    _key(app, pygame.K_F1)  # F1 again: back to the game where it was
    assert app.stack.top is scene
    assert scene.buttons["menu"].visible


def test_f1_works_while_the_hand_over_banner_waits(app):
    from carcassonne_desktop.ui.rules_scene import RulesScene

    scene = _game_scene(app, banner=True)
    scene.banner.show("P1", "red")
    _key(app, pygame.K_F1)
    assert isinstance(app.stack.top, RulesScene)
    _key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.banner.visible  # the banner still waits for its player


def test_the_menu_button_opens_the_games_menu_with_the_rules_regression_menu_only_quits(app):
    from carcassonne_desktop.ui.game_menu_scene import GameMenuScene
    from carcassonne_desktop.ui.rules_scene import RulesScene

    scene = _game_scene(app)
    _click(app, scene.buttons["menu"])
    menu = app.stack.top
    assert isinstance(menu, GameMenuScene) and scene.dialog is None
    assert menu.buttons["rules"].text == i18n.key("game_menu.rules")
    _click(app, menu.buttons["rules"])
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    assert [page for page, _ in rules.pages()] == _expected_pages()
    _click(app, rules.back_button)
    assert app.stack.top is scene
    # the menu still leaves the game, through the same question as before
    _click(app, scene.buttons["menu"])
    _click(app, app.stack.top.buttons["leave"])
    assert app.stack.top is scene and scene.dialog is not None
    _key(app, pygame.K_ESCAPE)
    assert scene.dialog is None
    # and Escape or a click beside the menu goes back to the game
    _click(app, scene.buttons["menu"])
    _key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    _click(app, scene.buttons["menu"])
    _click_at(app, (5, 5))
    assert app.stack.top is scene

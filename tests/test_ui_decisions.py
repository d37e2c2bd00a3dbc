"""An expansion's decision in the window: the shepherd's flock choice is
asked with the generic answer buttons, in French, and the drawn token makes
the turn so far final at once (no peek and take back)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Game, GameRecord, PlaceTile
from tests.test_ui_game_flow import _click, _dismiss_banner, _steps

RECORD = {
    "format": "carcassonne-record/1",
    "setup": {
        "players": [{"name": "Rouge", "color": "red", "controller": "human"},
                    {"name": "Bleu", "color": "blue", "controller": "human"}],
        "expansions": ["base", "hills_sheep"], "options": {"farmers": True}, "seed": 1,
        "start_tile": "base/D", "start_rot": 0,
        "tile_order": ["base/U", "base/U", "base/A", "base/U", "base/U"],
        "draws": {"sheep": ["sheep_2", "sheep_2", "sheep_3", "sheep_1"]}},
    "actions": [
        {"type": "place_tile", "tile": "base/U", "x": -1, "y": 0, "rot": 0},
        {"type": "deploy", "figure": "shepherd", "x": -1, "y": 0, "port": "ES"},
        {"type": "place_tile", "tile": "base/U", "x": 1, "y": 0, "rot": 0},
        {"type": "deploy", "figure": "shepherd", "x": 1, "y": 0, "port": "NW"}],
}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    from carcassonne_desktop.ui.app import App
    from carcassonne_desktop.ui.launcher import build_hooks

    application = App(build_hooks(), size=(1280, 800))
    application.set_language("fr")
    application.start()
    yield application
    application.stack.clear()
    i18n.unregister_manager(application.manager)
    i18n.set_language("en")
    pygame.quit()


def _game_before_the_flock_choice() -> Game:
    return GameRecord.from_json(RECORD).replay().game


def test_the_flock_choice_is_asked_with_buttons_and_the_draw_is_final(app):
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE

    scene = GameScene(app, _game_before_the_flock_choice())
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    c.set_hover((2, 0))
    c.rotation = 1
    c.place()
    _steps(app)
    assert c.state == DECIDE and c.decision.kind == "flock"
    buttons = {b.text: b for name, b in scene.buttons.items() if name.startswith("choice:")}
    assert set(buttons) == {"Agrandir le troupeau", "Rassembler le troupeau"}
    assert all(b.visible for b in buttons.values())
    assert not scene.buttons["rotate_left"].visible
    from carcassonne_desktop.ui.game_texts import status

    said = status(scene.game, c, final_running=False, thinking=False)
    assert "troupeau" in said.title
    _click(app, buttons["Agrandir le troupeau"])
    # the token drawn made the placement and the choice final on the real game
    history = [a.to_json() for a in scene.game.history]
    assert history[-2:] == [PlaceTile(2, 0, 1, "base/A").to_json(),
                            {"type": "flock", "choice": "grow", "drawn": "sheep_3"}]
    c = scene.human_controller()
    assert c.state == FIGURE and not c.can_undo
    assert not any(name.startswith("choice:") for name in scene.buttons)

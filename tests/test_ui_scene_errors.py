"""Issue 29: an exception inside a scene closed the game with a traceback. In
the real window (``App.recovers``) it is now shown in a window on one line,
every game on the stack is saved, and the app goes back to the main menu
(headless: SDL's dummy video driver)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from carcassonne_desktop import i18n  # noqa: E402
from carcassonne_desktop.persistence.errors import SaveWriteError  # noqa: E402
from carcassonne_desktop.persistence.store import SaveStore  # noqa: E402
from carcassonne_desktop.ui.dialogs import BUTTON_HEIGHT  # noqa: E402
from carcassonne_desktop.ui.error_notice import MAX_DETAIL, notice_text  # noqa: E402
from carcassonne_desktop.ui.menu_scene import MainMenuScene  # noqa: E402
from tests.test_persistence_saves import random_game  # noqa: E402


class Broken(RuntimeError):
    """What the test makes a scene raise."""


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "data", examples=tmp_path / "examples")


@pytest.fixture
def app(tmp_path, store):
    from carcassonne_desktop.persistence.settings import Settings
    from carcassonne_desktop.ui.app import App
    from carcassonne_desktop.ui.launcher import build_hooks

    application = App(build_hooks(store), settings=Settings(),
                      settings_file=tmp_path / "settings.json", size=(1280, 800))
    application.recovers = True  # as in run() and the launcher: the real window
    application.start()
    yield application
    application.close()
    i18n.set_language("en")


def _game_scene(app: Any, store: SaveStore) -> Any:
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, random_game(5, 24), store)  # not saved yet: only a rescue saves it
    app.stack.push(scene)
    app.step(0.016)
    return scene


def _fail(*args: Any, **kwargs: Any) -> Any:
    raise Broken("the scene broke\n\x1b[2J" + "x" * 10_000)


@pytest.mark.parametrize("hook", ["update", "draw", "handle_event"])
def test_an_error_in_a_scene_saves_the_game_and_goes_back_to_the_menu(app, store, hook):
    """Regression: the error went out of the main loop and closed the game."""
    scene = _game_scene(app, store)
    history = list(scene.game.history)
    assert store.list_autosaves() == []
    setattr(scene, hook, _fail)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r",
                                         scancode=0))
    assert app.step(0.016) is True  # the game goes on
    assert isinstance(app.stack.top, MainMenuScene) and len(app.stack) == 1
    saved = store.latest_unfinished()
    assert saved is not None and store.load(saved).game.history == history
    window = app.error_window
    assert window is not None and window.alive()
    assert "Broken: the scene broke" in window.text_block.html_text
    assert "Continue" in window.text_block.html_text  # it says where the game is
    assert window.dismiss_button.rect.height == BUTTON_HEIGHT  # the game's own button
    assert window.dismiss_button.text == i18n.key("common.close")
    for _ in range(3):  # the menu goes on working
        assert app.step(0.016) is True
    assert app.stack.top.buttons["continue"].is_enabled


def test_the_window_says_when_the_game_could_not_be_saved(app, store, monkeypatch):
    _game_scene(app, store)

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise SaveWriteError("disk full", "saves.error.write", detail="disk full")

    monkeypatch.setattr(store, "autosave", refuse)
    monkeypatch.setattr(app.stack.top, "update", _fail)
    app.step(0.016)
    assert isinstance(app.stack.top, MainMenuScene)
    assert app.error_window is not None
    assert "could not be saved" in app.error_window.text_block.html_text


def test_an_error_outside_any_game_says_nothing_about_saving(app):
    from carcassonne_desktop.ui.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step(0.016)
    scene.update = _fail  # type: ignore[method-assign]
    app.step(0.016)
    assert isinstance(app.stack.top, MainMenuScene)
    assert app.error_window is not None
    text = app.error_window.text_block.html_text
    assert "Broken" in text and "saved" not in text


def test_a_menu_that_fails_again_at_once_is_raised_not_looped(app, store, monkeypatch):
    """Nothing is left to go back to: the error goes out (once) instead of an
    endless series of windows."""
    _game_scene(app, store)
    monkeypatch.setattr(app.stack.top, "update", _fail)
    monkeypatch.setattr(MainMenuScene, "update", _fail)
    app.step(0.016)  # the game scene's error: back to the (broken) menu
    with pytest.raises(Broken):
        app.step(0.016)


def test_a_later_error_is_recovered_too(app, store):
    scene = _game_scene(app, store)
    scene.update = _fail  # type: ignore[method-assign]
    app.step(0.016)
    app.step(0.016)  # a good frame on the menu
    scene = _game_scene(app, store)
    scene.draw = _fail  # type: ignore[method-assign]
    app.step(0.016)
    assert isinstance(app.stack.top, MainMenuScene) and len(app.stack) == 1


def test_without_recovery_tests_still_see_the_error(app, store):
    app.recovers = False
    scene = _game_scene(app, store)
    scene.update = _fail  # type: ignore[method-assign]
    with pytest.raises(Broken):
        app.step(0.016)


def test_the_error_is_one_short_line_in_french_and_english():
    error = Broken("line one\nline two\x1b[31m" + "y" * 10_000_000)
    for language in ("fr", "en"):
        i18n.set_language(language)
        text = notice_text(error, [True])
        assert "\n" not in text and "\x1b" not in text
        assert len(text) < MAX_DETAIL + 250
    i18n.set_language("fr")
    assert "«\u00a0Continuer\u00a0»" in notice_text(error, [True])
    assert "n’a pas pu" in notice_text(error, [True, False])
    i18n.set_language("en")


@pytest.mark.parametrize("key", ["K_RETURN", "K_ESCAPE"])
def test_enter_or_escape_closes_the_error_window_not_the_menu(app, store, key):
    """Enter on the menu starts a new game: with the error window open it only
    closes the window (found by hand under Xvfb: a new game opened behind it)."""
    scene = _game_scene(app, store)
    scene.update = _fail  # type: ignore[method-assign]
    app.step(0.016)
    window = app.error_window
    assert window is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, key), mod=0,
                                         unicode="", scancode=0))
    app.step(0.016)
    assert not window.alive() and app.error_window is None
    assert isinstance(app.stack.top, MainMenuScene) and len(app.stack) == 1 and app.running

"""The Save and Load screens open, react to keys and clicks, and never crash
(headless: SDL's dummy video driver)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from carcassonne_desktop.persistence.store import SaveStore  # noqa: E402
from tests.test_persistence_saves import random_game  # noqa: E402
from tests.test_saves_store import EXAMPLES  # noqa: E402


@pytest.fixture
def app(tmp_path):
    from carcassonne_desktop.persistence.settings import Settings
    from carcassonne_desktop.ui.app import App

    application = App(settings=Settings(), settings_file=tmp_path / "settings.json",
                      size=(1280, 800))
    yield application
    application.close()


def key(app, code: int) -> None:  # type: ignore[no-untyped-def]
    app.process_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0))
    app.step(0.016)


def test_load_screen_keyboard(app, tmp_path):
    from carcassonne_desktop.ui.save_load_scene import load_scene

    store = SaveStore(tmp_path / "data", examples=EXAMPLES)
    store.save(random_game(1, 10), "mine")
    loaded = []
    scene = load_scene(app, store, loaded.append)
    app.stack.push(scene)
    app.step(0.016)
    assert scene.browser.current.title == "mine"
    key(app, pygame.K_DOWN)
    assert scene.browser.current.section == "examples"
    key(app, pygame.K_DELETE)  # examples cannot be deleted: a message, no dialog
    assert scene.dialog is None and scene.browser.message
    key(app, pygame.K_UP)
    key(app, pygame.K_DELETE)
    assert scene.dialog is not None
    key(app, pygame.K_ESCAPE)  # closes the dialog only
    assert scene.dialog is None and app.stack.top is scene
    key(app, pygame.K_DELETE)
    key(app, pygame.K_RETURN)  # confirms
    assert store.list_saves() == []
    key(app, pygame.K_RETURN)  # loads the selected example
    assert len(loaded) == 1 and loaded[0].info.kind == "example"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


def test_save_screen_overwrite_flow(app, tmp_path):
    from carcassonne_desktop.ui.save_load_scene import save_scene

    store = SaveStore(tmp_path / "data", examples=EXAMPLES)
    saved = []
    scene = save_scene(app, store, random_game(2, 20), b"not a png", saved.append)
    app.stack.push(scene)
    app.step(0.016)
    assert scene.name_entry is not None
    scene.name_entry.set_text("Evening")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                          ui_element=scene.action_button))
    assert [s.name for s in saved] == ["Evening"]
    app.step(0.016)  # the broken thumbnail is simply not shown
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                          ui_element=scene.action_button))
    assert scene.dialog is not None and len(saved) == 1
    key(app, pygame.K_RETURN)
    assert len(saved) == 2 and len(store.list_saves()) == 1


def test_long_titles_end_with_an_ellipsis_inside_the_list(app, tmp_path):
    """Regression: "Contre l'ordinateur, avec Auberges et Cathédrales" was cut
    mid-letter at the list's edge. (A title goes on two lines since issue 28:
    one longer than that ends with "…".)"""
    from carcassonne_desktop.ui.resources import font
    from carcassonne_desktop.ui.save_load_scene import LIST_FONT_SIZE, load_scene

    store = SaveStore(tmp_path / "data", examples=EXAMPLES)
    store.save(random_game(1, 10), "une partie au nom vraiment beaucoup trop long pour la liste, "
               "bien trop long même pour deux lignes entières de la liste des sauvegardes")
    scene = load_scene(app, store, lambda loaded: None)
    app.stack.push(scene)
    app.step(0.016)
    items, _ = scene._items()
    width = scene._list_area.width
    long_ones = [label for label, _ in items if label.endswith("…")]
    assert long_ones
    for label, _ in items:
        assert font(LIST_FONT_SIZE, bold=True).size(label)[0] <= width - 28

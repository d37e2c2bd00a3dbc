"""The setup screen refuses two players with the same name where names are typed,
and a damaged settings file (deep nesting, wrong types, surrogates) gives the
defaults and a warning instead of stopping the game or "New game"
(headless: SDL's dummy video driver)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from carcassonne_desktop import i18n  # noqa: E402
from carcassonne_desktop.persistence.settings import (  # noqa: E402
    DAMAGED_SUFFIX,
    Settings,
    load_settings,
    save_settings,
)


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path))
    return tmp_path / "settings.json"


def make_app(started: list, settings_file: Path | None = None):  # type: ignore[no-untyped-def]
    """The real application on the main menu, with a game factory that only records."""
    from carcassonne_desktop.ui.app import App, AppHooks
    from carcassonne_desktop.ui.scene import Scene

    hooks = AppHooks(game_factory=lambda a, s: started.append(s) or Scene(a),
                     ai_levels=["random", "medium"])
    app = App(hooks, settings_file=settings_file, size=(1280, 800))
    app.set_language("en")
    app.start()
    app.step(1 / 60)
    return app


def close(app) -> None:  # type: ignore[no-untyped-def]
    app.stack.clear()
    app.close()


def open_setup(app):  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui.setup_scene import SetupScene

    app.stack.top._activate("new_game")
    app.step(1 / 60)
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    return scene


def type_name(app, scene, index: int, name: str) -> None:  # type: ignore[no-untyped-def]
    entry = scene._seat_widgets[index]["name"]
    entry.set_text(name)
    app.process_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry,
                                         text=name))
    app.step(1 / 60)


# ------------------------------------------------------------------ same names
@pytest.mark.parametrize("names", [("Ann", "Ann"), ("Ann", "Ann "), ("Ann", " ANN"),
                                   ("Éloïse", "éloïse"), ("Straße", "STRASSE")])
def test_two_seats_with_the_same_name_cannot_start(names):
    from carcassonne_desktop.ui.setup_scene import SetupModel

    model = SetupModel.default(3)
    model.seats[0].name, model.seats[2].name = names
    assert "setup.error_same_names" in model.errors()
    assert model.duplicate_names() == {0, 2}
    model.seats[2].name = "Bob"
    assert model.errors() == []


def test_the_setup_screen_refuses_the_same_name_and_says_which(config):
    started: list = []
    app = make_app(started, config)
    try:
        scene = open_setup(app)
        type_name(app, scene, 0, "Ann")
        type_name(app, scene, 1, "ann ")
        assert not scene.start_button.is_enabled
        shown = scene.error_label.text
        assert "Ann" in i18n.tr("setup.error_same_names", name="Ann")
        assert shown == i18n.key("setup.error_same_names")
        assert scene.error_label.text_kwargs == {"name": "Ann"}
        scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                              ui_element=scene.start_button))
        app.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        app.step(1 / 60)
        assert started == [] and app.stack.top is scene
        type_name(app, scene, 1, "Bob")
        assert scene.start_button.is_enabled and scene.error_label.text == ""
        scene.start()
        assert [p["name"] for p in started[0]["players"]] == ["Ann", "Bob"]
    finally:
        close(app)


# ------------------------------------------------------------------ settings file
def test_deeply_nested_settings_give_defaults_and_a_warning(config, caplog):
    config.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    before = config.read_bytes()
    settings = load_settings(config)
    assert settings == Settings() and settings.problems
    assert "settings file" in caplog.text and "nested too deeply" in caplog.text
    assert config.read_bytes() == before
    assert config.with_name(config.name + DAMAGED_SUFFIX).read_bytes() == before


@pytest.mark.parametrize("content", ['{"window_size": [' + "9" * 5000 + ", 800]}",
                                     '{"language": "fr\\ud800"}', "\ufeff{}",
                                     '{"last_setup": ' + "{" * 5000 + "}" * 5000 + "}"])
def test_any_damaged_settings_file_gives_defaults(config, content):
    config.write_text(content, encoding="utf-8")
    settings = load_settings(config)
    assert settings.problems
    assert settings.language is None and settings.window_size == Settings().window_size


def test_the_game_starts_and_says_so_with_a_damaged_settings_file(config):
    config.write_text("{" * 50_000, encoding="utf-8")
    app = make_app([], config)
    try:
        menu = app.stack.top
        assert menu.warning is not None
        assert menu.warning.text == i18n.key("menu.settings_damaged")
        open_setup(app)
    finally:
        close(app)
    saved = json.loads(config.read_text(encoding="utf-8"))  # the game wrote good settings...
    assert saved["sound"] is True
    kept = config.with_name(config.name + DAMAGED_SUFFIX)
    assert kept.read_text(encoding="utf-8") == "{" * 50_000  # ...and kept the damaged one


BAD_SETUPS = [
    {"players": 5}, {"players": {}}, {"players": None}, {"expansions": 5},
    {"players": [{"name": "Ann\ud800", "color": "red"}, {"name": "Bob", "color": "blue"}]},
    {"players": [{"name": ["x"], "color": 3, "controller": None}, 7, None,
                 {"name": "Bob\x00", "color": "blue"}], "expansions": [{}], "options": []},
    {"players": [{"name": "A" * 500, "color": "red"}, {"name": "B", "color": "red"}]},
    [], "setup", 12,
]


@pytest.mark.parametrize("last_setup", BAD_SETUPS)
def test_a_bad_remembered_setup_is_ignored_field_by_field(config, last_setup):
    text = json.dumps({"language": "en", "ai_speed": "fast", "last_setup": last_setup},
                      ensure_ascii=True)
    config.write_text(text, encoding="utf-8")
    settings = load_settings(config)
    assert settings.language == "en" and settings.ai_speed == "fast"  # the rest is kept
    assert settings.problems
    started: list = []
    app = make_app(started, config)
    try:
        scene = open_setup(app)
        for seat in scene.model.seats:
            seat.name.encode("utf-8")  # drawable and savable
            assert "\x00" not in seat.name and len(seat.name) <= 24
        assert scene.model.errors() == []
        scene.start()
        assert len(started) == 1
    finally:
        close(app)


@pytest.mark.parametrize("last_setup", BAD_SETUPS)
def test_the_setup_model_survives_any_remembered_setup(last_setup):
    from carcassonne_desktop.ui.setup_scene import SetupModel

    model = SetupModel.from_setup(last_setup, ["human", "ai:random"], ["base", "river"])
    assert model.errors() == []
    assert model.expansions[0] == "base"


def test_a_good_remembered_setup_is_kept_as_it_was(config):
    setup = {"players": [{"name": "Éloïse", "color": "green", "controller": "human"},
                         {"name": "Bob", "color": "red", "controller": "ai:random"}],
             "expansions": ["base"], "options": {"farmers": False}}
    assert save_settings(Settings(last_setup=setup), config)
    settings = load_settings(config)
    assert settings.last_setup == setup and settings.problems == []
    assert not config.with_name(config.name + DAMAGED_SUFFIX).exists()


def test_the_settings_screen_keeps_its_saved_line_off_the_back_button_at_960x640(tmp_path, monkeypatch):
    """One more check box (the steady hand) pushed the "saved automatically"
    line onto Back in the smallest window: the check boxes' rows tighten."""
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    from carcassonne_desktop import i18n
    from carcassonne_desktop.ui.app import App
    from carcassonne_desktop.ui.launcher import build_hooks
    from carcassonne_desktop.ui.settings_scene import SettingsScene

    app = App(build_hooks(), size=(960, 640))
    try:
        app.set_language("fr")
        app.start()
        scene = SettingsScene(app)
        app.stack.push(scene)
        assert scene.saved_label.get_abs_rect().bottom <= scene.back_button.get_abs_rect().top
        assert scene.steady_box.get_abs_rect().bottom <= scene.saved_label.get_abs_rect().top + 8
    finally:
        app.stack.clear()
        i18n.unregister_manager(app.manager)
        i18n.set_language("en")
        pygame.quit()

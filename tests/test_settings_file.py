"""Settings persistence: round trip, atomic write, tolerance of corrupt files."""

from carcassonne_desktop.persistence.settings import Settings, load_settings, save_settings


def test_round_trip(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    settings = Settings(language="fr", ai_speed="fast", auto_confirm=True, window_size=(1400, 900),
                        last_setup={"players": [{"name": "Éloïse", "color": "red", "controller": "human"}]})
    assert save_settings(settings, path)
    loaded = load_settings(path)
    assert loaded == settings
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "nope.json") == Settings()


def test_corrupt_file_gives_defaults_and_can_be_overwritten(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"{\"language\": \"fr\", \x00\xff garbage")
    assert load_settings(path) == Settings()
    assert save_settings(Settings(language="en"), path)
    assert load_settings(path).language == "en"


def test_wrong_types_are_replaced_value_by_value(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"language": 3, "ai_speed": "warp", "auto_confirm": "yes", "fullscreen": true,'
                    ' "window_size": [10, "a"], "last_setup": []}', encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.language is None
    assert loaded.ai_speed == "normal"
    assert loaded.auto_confirm is False
    assert loaded.fullscreen is True
    assert loaded.window_size == Settings().window_size
    assert loaded.last_setup == {}


def test_not_an_object(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert load_settings(path) == Settings()


def test_unwritable_location_does_not_raise(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert save_settings(Settings(), blocker / "settings.json") is False

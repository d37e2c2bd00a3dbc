"""Saves the loader used to accept and the screens then choked on: every field
is now checked when a file is read, so a bad file is listed with its reason,
the other saves stay listed, and neither the Load screen nor the game crashes
(headless: SDL's dummy video driver)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carcassonne_desktop.persistence.browser import format_date  # noqa: E402
from carcassonne_desktop.persistence.errors import SaveFormatError  # noqa: E402
from carcassonne_desktop.persistence.store import SaveStore  # noqa: E402
from carcassonne_desktop.persistence.validation import PLAYER_COLOURS  # noqa: E402
from tests.test_persistence_saves import random_game  # noqa: E402

Change = Callable[[dict[str, Any]], None]
HUGE = "9" * 5000


def _setup_player(index: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda d: d["record"]["setup"]["players"][index]


CASES: dict[str, tuple[Change, str]] = {
    "surrogate_in_listed_player": (lambda d: d["players"][0].update(name="Ann\ud800"),
                                   "saves.error.bad_text"),
    "surrogate_in_record_player": (lambda d: _setup_player(0)(d).update(name="\udc80"),
                                   "saves.error.bad_text"),
    "surrogate_in_save_name": (lambda d: d.update(name="Soir\ud83d"), "saves.error.bad_text"),
    "nul_in_save_name": (lambda d: d.update(name="Friday\x00night"), "saves.error.bad_text"),
    "nul_in_player_name": (lambda d: _setup_player(1)(d).update(name="Bob\x00"),
                           "saves.error.bad_text"),
    "control_in_player_name": (lambda d: d["players"][1].update(name="Bob\x1b[2J"),
                               "saves.error.bad_name"),
    "colour_outside_palette": (lambda d: _setup_player(0)(d).update(color="chartreuse"),
                               "saves.error.colour"),
    "listed_colour_outside_palette": (lambda d: d["players"][0].update(color="chartreuse"),
                                      "saves.error.colour"),
    "unknown_level": (lambda d: _setup_player(1)(d).update(controller="ai:nonexistent"),
                      "saves.error.level"),
    "year_1": (lambda d: d.update(saved_at="0001-01-01T00:00:00Z"), "saves.error.date"),
    "year_9999": (lambda d: d.update(saved_at="9999-12-31T23:59:59Z"), "saves.error.date"),
    "year_1_with_offset": (lambda d: d.update(saved_at="0001-01-01T00:00:00+05:00"),
                           "saves.error.date"),
    "huge_score": (lambda d: d["players"][0].update(score=10**40), "saves.error.format"),
    "no_actions": (lambda d: d["record"].pop("actions"), "saves.error.no_actions"),
}


def write_case(store: SaveStore, name: str, change: Change) -> Path:
    """A copy of a real save with one field spoilt, as a file in the saves folder."""
    good = next(i for i in store.list_saves() if i.slot == "good")
    data = json.loads(good.path.read_text(encoding="utf-8"))
    change(data)
    path = store.saves_dir / f"{name}.json"
    # ensure_ascii keeps lone surrogates writable (as \\udXXX escapes), as a hand edit would
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")
    return path


def write_huge_number(store: SaveStore, name: str, where: str) -> Path:
    """A save with a number of 5000 digits: more than Python reads from a string."""
    good = (store.saves_dir / "good.json").read_text(encoding="utf-8")
    text = good.replace(f'"{where}": ', f'"{where}": {HUGE}, "was": ', 1)
    assert text != good
    path = store.saves_dir / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    store = SaveStore(tmp_path / "data", examples=tmp_path / "examples")
    store.save(random_game(8, 30), "good")
    return store


@pytest.fixture
def western_time_zone() -> Iterator[None]:
    """A zone behind UTC, where year 1 cannot be shown in local time (POSIX only)."""
    if not hasattr(time, "tzset"):
        yield
        return
    before = os.environ.get("TZ")
    os.environ["TZ"] = "America/New_York"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_field_is_refused_and_the_other_saves_stay_listed(store, case):
    change, key = CASES[case]
    path = write_case(store, case, change)
    before = path.read_bytes()
    infos = {info.slot: info for info in store.list_saves()}
    assert infos["good"].ok
    bad = infos[case]
    assert not bad.ok and isinstance(bad.error, SaveFormatError)
    assert bad.error.key == key, bad.error
    assert str(bad.error).startswith(f"{case}.json: ")
    assert not bad.error.user_message().startswith("saves.")
    with pytest.raises(SaveFormatError):
        store.load(path)
    assert path.read_bytes() == before, "a bad file is never modified"


@pytest.mark.parametrize("where", ["turn", "seed", "score", "x"])
def test_a_number_of_thousands_of_digits_does_not_hide_the_other_saves(store, where):
    path = write_huge_number(store, "huge", where)
    infos = {info.slot: info for info in store.list_saves()}
    assert infos["good"].ok
    assert infos["huge"].error is not None and infos["huge"].error.key == "saves.error.number"
    assert "huge.json" in str(infos["huge"].error)
    with pytest.raises(SaveFormatError):
        store.load(path)


def test_the_palette_the_loader_accepts_is_the_one_the_board_draws():
    from carcassonne_desktop.ui.art.meeples import player_colour_names

    assert list(PLAYER_COLOURS) == player_colour_names()


def test_every_computer_level_the_setup_offers_is_accepted(store):
    from carcassonne_desktop.ai.levels import level_names

    for level in level_names():
        path = write_case(store, f"level-{level}",
                          lambda d, lv=level: _setup_player(1)(d).update(controller=f"ai:{lv}"))
        assert store.load(path).game.setup.players[1].controller == f"ai:{level}"


def test_dates_out_of_the_local_zone_range_are_shown_in_utc(western_time_zone):
    assert format_date(datetime(1, 1, 1, tzinfo=timezone.utc), "en") == "1-01-01 00:00"
    assert format_date(datetime(9999, 12, 31, 23, 59, tzinfo=timezone.utc), "fr")


# ------------------------------------------------------------ the Load screen
@pytest.fixture
def app(tmp_path):
    pytest.importorskip("pygame_gui")
    from carcassonne_desktop.persistence.settings import Settings
    from carcassonne_desktop.ui.app import App

    application = App(settings=Settings(), settings_file=tmp_path / "settings.json",
                      size=(1280, 800))
    yield application
    application.close()


def test_the_load_screen_lists_shows_and_refuses_every_bad_save(app, store,
                                                               western_time_zone):
    import pygame
    import pygame_gui

    from carcassonne_desktop.ui.save_load_scene import load_scene

    for case, (change, _key) in CASES.items():
        write_case(store, case, change)
    write_huge_number(store, "huge", "turn")
    loaded = []
    scene = load_scene(app, store, loaded.append)
    app.stack.push(scene)
    app.step(0.016)
    slots = scene.browser.slots
    assert len(slots) == len(CASES) + 2
    for index, view in enumerate(slots):
        scene._select_item(f"#slot_{index}")
        app.step(0.016)  # draws the detail of the bad entry
        if view.info.slot == "good":
            continue
        assert view.error and view.status
        scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                              ui_element=scene.action_button))
        app.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        app.step(0.016)
    assert loaded == []
    assert app.stack.top is scene

"""Issue 29, bad files: a record nested about 975 levels deep, autosaves this
version cannot read, and names or colours that the Load screen refused while
``carcassonne replay`` printed them raw. Each file is refused or listed with a
clear one-line reason, and nothing that cannot be read is ever deleted
(headless: SDL's dummy video driver)."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carcassonne_desktop.cli import main  # noqa: E402
from carcassonne_desktop.engine import GameRecord  # noqa: E402
from carcassonne_desktop.persistence import saves  # noqa: E402
from carcassonne_desktop.persistence.errors import SaveFormatError  # noqa: E402
from carcassonne_desktop.persistence.store import AUTOSAVES_KEPT, SaveStore  # noqa: E402
from tests import test_saves_validation  # noqa: E402
from tests.test_persistence_saves import random_game  # noqa: E402

DEEP = 975


#: A saves folder holding one good save "good", and the Load screen's window.
store = test_saves_validation.store
app = test_saves_validation.app


@functools.cache
def _record_text() -> str:
    return json.dumps(GameRecord.from_game(random_game(4, 20)).to_json())


def deep_record(depth: int = DEEP) -> str:
    """A bare record whose options hold a list nested ``depth`` levels deep."""
    text = _record_text()
    deep = "[" * depth + "]" * depth
    changed = text.replace('"options": {}', '"options": {"deep": ' + deep + "}", 1)
    assert changed != text
    return changed


# ------------------------------------------------------------ a record nested 975 deep
def test_a_record_nested_975_levels_deep_never_makes_the_listing_raise(store):
    """Regression: the listing computed the game id with ``json.dumps``, which
    recursed past the stack and raised RecursionError out of ``list_saves``.
    How deep a file must be for that depends on how deep the caller already is
    (975 from the Load screen inside the main loop): every depth around it."""
    path = store.saves_dir / "deep.json"
    for depth in range(DEEP - 100, DEEP + 30):
        path.write_text(deep_record(depth), encoding="utf-8")
        infos = {info.slot: info for info in store.list_saves()}
        assert infos["good"].ok
        error = infos["deep"].error
        assert isinstance(error, SaveFormatError) and error.key == "saves.error.nested", depth
    with pytest.raises(SaveFormatError):
        store.load(path)


@pytest.mark.parametrize("depth", [65, DEEP, 5000])
def test_a_deeply_nested_record_is_a_one_line_replay_error(tmp_path, capsys, depth):
    path = tmp_path / "deep.json"
    path.write_text(deep_record(depth), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"carcassonne: error: {path}: ")
    assert "nested more than 64 levels deep" in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


def test_a_record_nested_64_levels_deep_still_loads(store):
    """The limit refuses no real save: 64 levels (a save needs about 6) still read."""
    path = store.saves_dir / "nested.json"
    path.write_text(deep_record(64 - 4), encoding="utf-8")  # save, record, setup, options
    info = next(i for i in store.list_saves() if i.slot == "nested")
    assert info.ok, info.error


def test_an_unforeseen_error_in_one_file_does_not_break_the_listing(store, monkeypatch,
                                                                    caplog):
    """The listing never raises: an error no check foresaw is logged and the file
    listed as unusable, the other saves still listed."""
    (store.saves_dir / "odd.json").write_text("{}", encoding="utf-8")
    real = saves.read_document

    def read_document(path: Path) -> Any:
        if path.name.startswith("odd"):
            raise RuntimeError("a bug in a check")
        return real(path)

    monkeypatch.setattr(saves, "read_document", read_document)
    infos = {info.slot: info for info in store.list_saves()}
    assert infos["good"].ok
    assert infos["odd"].error is not None and infos["odd"].error.key == "saves.error.generic"
    assert "RuntimeError" in str(infos["odd"].error)
    assert "a bug in a check" in caplog.text


def test_the_load_screen_lists_the_deep_record_and_refuses_to_open_it(app, store):
    import pygame
    import pygame_gui

    from carcassonne_desktop.ui.save_load_scene import load_scene

    (store.saves_dir / "deep.json").write_text(deep_record(), encoding="utf-8")
    loaded: list[Any] = []
    scene = load_scene(app, store, loaded.append)
    app.stack.push(scene)
    app.step(0.016)
    index = next(i for i, v in enumerate(scene.browser.slots) if v.info.slot == "deep")
    scene._select_item(f"#slot_{index}")
    app.step(0.016)
    assert scene.browser.current is not None and scene.browser.current.error
    assert "nested" in scene.browser.current.error
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                          ui_element=scene.action_button))
    app.step(0.016)
    assert loaded == [] and app.stack.top is scene


# ------------------------------------------------------------ autosaves this version cannot read
def _newer_save(store: SaveStore) -> str:
    data = json.loads((store.saves_dir / "good.json").read_text(encoding="utf-8"))
    data.update(version=99, program_version="9.0.0", kind="autosave")
    return json.dumps(data)


def _bad_autosaves(store: SaveStore) -> dict[str, bytes]:
    """Three autosaves this version cannot read in full, by file name."""
    good = (store.saves_dir / "good.json").read_bytes()
    files = {
        "damaged.json": good[: len(good) // 2],
        "damaged.json.bak": b"not json either",
        "newer.json": _newer_save(store).encode("utf-8"),
        "main-lost.json": b"\x00\x01",
        "main-lost.json.bak": good,
    }
    store.autosaves_dir.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (store.autosaves_dir / name).write_bytes(data)
    return files


def test_pruning_sets_aside_what_it_cannot_read_instead_of_deleting_it(store, caplog):
    """Regression: past ten autosaves, the unreadable ones and one written by a
    newer version were deleted with their backups."""
    files = _bad_autosaves(store)
    aside = store.set_aside_dir
    aside.mkdir(parents=True)
    (aside / "damaged.json").write_bytes(b"set aside earlier")  # never overwritten
    for seed in range(AUTOSAVES_KEPT + 1):
        store.autosave(random_game(100 + seed, 4))
    autosaves = store.list_autosaves()
    assert len(autosaves) == AUTOSAVES_KEPT and all(i.ok and not i.from_backup for i in autosaves)
    assert (aside / "damaged.json").read_bytes() == b"set aside earlier"
    moved = {"damaged-2.json": "damaged.json", "damaged-2.json.bak": "damaged.json.bak",
             "newer.json": "newer.json", "main-lost.json": "main-lost.json",
             "main-lost.json.bak": "main-lost.json.bak"}
    for target, source in moved.items():
        assert (aside / target).read_bytes() == files[source], target
        assert not (store.autosaves_dir / source).exists()
    assert len(store.set_aside()) == 4  # a save and its backup count once
    assert "set aside" in caplog.text and "newer.json" in caplog.text


def test_ten_autosaves_or_fewer_leave_an_unreadable_one_where_it_is(store):
    files = _bad_autosaves(store)
    for seed in range(AUTOSAVES_KEPT - 3):
        store.autosave(random_game(100 + seed, 4))
    for name, data in files.items():
        assert (store.autosaves_dir / name).read_bytes() == data
    assert store.set_aside() == []


def test_a_set_aside_that_fails_leaves_the_file_in_place(store, caplog):
    files = _bad_autosaves(store)
    store.set_aside_dir.write_bytes(b"a file where the folder should be")
    for seed in range(AUTOSAVES_KEPT + 1):
        store.autosave(random_game(100 + seed, 4))
    for name, data in files.items():
        assert (store.autosaves_dir / name).read_bytes() == data
    assert "left in place" in caplog.text


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_load_screen_says_in_one_line_where_autosaves_were_set_aside(app, store, language):
    from carcassonne_desktop import i18n
    from carcassonne_desktop.ui.save_load_scene import load_scene

    _bad_autosaves(store)
    for seed in range(AUTOSAVES_KEPT + 1):
        store.autosave(random_game(100 + seed, 4))
    app.set_language(language)
    try:
        scene = load_scene(app, store, lambda loaded: None)
        app.stack.push(scene)
        app.step(0.016)
        notice = scene.browser.notice
        assert notice is not None and "\n" not in notice
        assert "(3)" in notice and str(store.set_aside_dir) in notice
        assert ("mises de côté" if language == "fr" else "set aside") in notice
        assert scene.message is not None and "(3)" in scene.message.html_text
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------ one validation of the seats
SEATS: dict[str, tuple[Callable[[list[dict[str, Any]]], None], str]] = {
    "same_colour": (lambda p: p[1].update(color=p[0]["color"]), "saves.error.same_colour"),
    "same_colour_by_its_old_name": (lambda p: (p[0].update(color="white"),
                                               p[1].update(color="gray")),
                                    "saves.error.same_colour"),
    "same_name_but_case": (lambda p: p[1].update(name=" " + p[0]["name"].lower()),
                           "saves.error.same_name"),
    "escape_codes": (lambda p: p[0].update(name="Ann\x1b[2J\x1b[31m"), "saves.error.bad_name"),
    "c1_escape": (lambda p: p[0].update(name="Ann\x9b2J"), "saves.error.bad_name"),
    "newline": (lambda p: p[1].update(name="Ann\nBob"), "saves.error.bad_name"),
    "line_separator": (lambda p: p[1].update(name="Ann\u2028Bob"), "saves.error.bad_name"),
    "ten_million_characters": (lambda p: p[0].update(name="A" * 10_000_000),
                               "saves.error.bad_name"),
    "unknown_level": (lambda p: p[0].update(controller="ai:nonexistent"), "saves.error.level"),
}


def _bare_record(tmp_path: Path, case: str) -> Path:
    record = json.loads(_record_text())
    SEATS[case][0](record["setup"]["players"])
    path = tmp_path / f"{case}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _save_file(store: SaveStore, case: str) -> Path:
    data = json.loads((store.saves_dir / "good.json").read_text(encoding="utf-8"))
    SEATS[case][0](data["record"]["setup"]["players"])
    path = store.saves_dir / f"{case}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("case", sorted(SEATS))
def test_replay_refuses_the_seats_the_load_screen_refuses_with_the_same_reason(
        tmp_path, store, capsys, case):
    """Regression: ``replay`` printed two players of one colour and names holding
    ESC, a newline or ten million characters raw, while the Load screen refused
    them: one check (``validation.check_setup``) now serves both."""
    key = SEATS[case][1]
    record = _bare_record(tmp_path, case)
    with pytest.raises(SaveFormatError) as caught:
        saves.load_record_from_file(record)
    assert caught.value.key == key
    assert main(["replay", str(record)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"carcassonne: error: {record}: ")
    assert captured.err.count("\n") == 1 and "\x1b" not in captured.err
    assert len(captured.err) < 300
    listed = {info.slot: info for info in store.list_saves()}
    assert listed["good"].ok
    save = _save_file(store, case)
    info = next(i for i in store.list_saves() if i.slot == case)
    assert info.error is not None and info.error.key == key
    assert main(["replay", str(save)]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_a_same_colour_record_is_refused_in_french_and_english(tmp_path):
    from carcassonne_desktop import i18n

    record = _bare_record(tmp_path, "same_colour")
    with pytest.raises(SaveFormatError) as caught:
        saves.load_record_from_file(record)
    try:
        i18n.set_language("fr")
        assert caught.value.user_message() == "Les joueurs 1 et 2 ont la même couleur."
        i18n.set_language("en")
        assert caught.value.user_message() == "Players 1 and 2 have the same colour."
    finally:
        i18n.set_language("en")


def test_a_replay_error_stays_on_one_line_whatever_the_path_holds(tmp_path, capsys):
    path = tmp_path / "two\nlines\x1b[2J.json"
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and "two\\nlines" in err


def test_a_huge_value_quoted_in_a_reason_is_cut_on_the_load_screen(store):
    data = json.loads((store.saves_dir / "good.json").read_text(encoding="utf-8"))
    data["record"]["setup"]["seed"] = "x" * 1_000_000
    (store.saves_dir / "seed.json").write_text(json.dumps(data), encoding="utf-8")
    info = next(i for i in store.list_saves() if i.slot == "seed")
    assert info.error is not None
    message = info.error.user_message()
    assert "must be an integer" in message and len(message) < 400


def test_a_folder_that_cannot_be_read_lists_nothing_rather_than_raise(store, monkeypatch,
                                                                       caplog):
    store.autosave(random_game(3, 4))
    (store.set_aside_dir).mkdir(parents=True)
    real = Path.iterdir
    unreadable = {store.autosaves_dir, store.set_aside_dir}

    def iterdir(self: Path) -> Any:
        if self in unreadable:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    assert [i.slot for i in store.list_saves()] == ["good"]
    assert store.set_aside() == []
    assert "Permission denied" in caplog.text

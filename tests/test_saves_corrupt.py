"""Broken save files: a clear SaveError, no traceback, the file untouched;
a crash during a save leaves the previous save loadable."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.record import RECORD_FORMAT
from carcassonne_desktop.persistence import atomic
from carcassonne_desktop.persistence.errors import (
    SaveError,
    SaveFormatError,
    SaveRecordError,
    SaveUnreadableError,
    SaveVersionError,
    SaveWriteError,
)
from carcassonne_desktop.persistence.saves import load_file, read_info
from carcassonne_desktop.persistence.store import SaveStore
from tests.test_persistence_saves import random_game


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "data", examples=tmp_path / "examples")


def short_game() -> Game:
    """A forced 6-tile game: a real, finished save of a few kilobytes."""
    game = Game(quick_setup(2, seed=3, tile_order=("base/U", "base/V", "base/E", "base/B",
                                                      "base/D", "base/K")))
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def expect_refusal(path: Path, error: type[SaveError] = SaveError,
                   listing: bool = True) -> SaveError:
    before = path.read_bytes()
    with pytest.raises(error) as caught:
        load_file(path)
    assert path.read_bytes() == before, "loading must never modify the file"
    exc = caught.value
    assert str(exc) and exc.user_message() and not exc.user_message().startswith("saves.")
    info = read_info(path, "manual")  # the listing never raises either
    if listing and not isinstance(exc, SaveRecordError):  # listing reads metadata only, no replay
        assert info.meta is None and info.error is not None
    return exc


def test_truncation_at_every_byte(tmp_path, store):
    info = store.save(short_game(), "short")
    data = info.path.read_bytes()
    path = tmp_path / "cut.json"
    for end in range(len(data)):
        path.write_bytes(data[:end])
        if data[:end].strip() == data.strip():
            assert load_file(path).game.is_over  # only the final newline was cut
            continue
        exc = expect_refusal(path, SaveUnreadableError, listing=end % 16 == 0)
        assert exc.key in ("saves.error.truncated", "saves.error.empty"), (end, exc)


def test_truncation_of_a_long_game(tmp_path, store):
    info = store.save(random_game(5), "long")
    data = info.path.read_bytes()
    path = tmp_path / "cut.json"
    ends = set(range(0, len(data), 97)) | set(range(max(0, len(data) - 200), len(data) - 1))
    for end in sorted(ends):
        path.write_bytes(data[:end])
        expect_refusal(path, SaveUnreadableError)


def mutate(store: SaveStore, tmp_path: Path, change) -> Path:  # type: ignore[no-untyped-def]
    info = store.save(random_game(8, 30), "base")
    data = json.loads(info.path.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "mutated.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(turn="7"), "'turn' has the wrong type"),
        (lambda d: d.update(finished=1), "'finished' has the wrong type"),
        (lambda d: d.update(turn=True), "'turn' has the wrong type"),
        (lambda d: d.update(players="P1, P2"), "'players' has the wrong type"),
        (lambda d: d["players"][0].update(score="lots"), "player 1: 'score'"),
        (lambda d: d.update(saved_at="yesterday"), "not a date"),
        (lambda d: d.update(kind="holiday"), "unknown save kind"),
        (lambda d: d.update(cheat=True), "unknown field(s): cheat"),
        (lambda d: d.pop("record"), "missing field(s): record"),
        (lambda d: d["record"].update(extra=1), "unknown record field"),
        (lambda d: d["record"]["setup"].update(seed="x"), "'seed' must be an integer"),
        (lambda d: d["record"].update(actions={}), "'actions' must be a list"),
        (lambda d: d.update(format="something-else"), "not a Carcassonne saved game"),
        (lambda d: d.update(version="1"), "bad format version"),
    ],
)
def test_wrong_types_and_unknown_fields(tmp_path, store, change, fragment):
    path = mutate(store, tmp_path, change)
    exc = expect_refusal(path, SaveFormatError)
    assert fragment in str(exc)


@pytest.mark.parametrize(
    ("change", "index"),
    [
        (lambda d: d["record"]["actions"].__setitem__(4, {"type": "place_tile", "x": 40,
                                                          "y": 40, "rot": 0}), 4),
        (lambda d: d["record"]["actions"][6].update(tile="base/A"), 6),
        (lambda d: d["record"]["actions"].__setitem__(1, {"type": "jump"}), 1),
        (lambda d: d["record"]["actions"].insert(2, {"type": "pass"}), 2),
    ],
)
def test_illegal_actions_are_refused_with_their_index(tmp_path, store, change, index):
    path = mutate(store, tmp_path, change)
    exc = expect_refusal(path, SaveRecordError)
    assert isinstance(exc, SaveRecordError) and exc.action_index == index
    assert f"action {index}" in str(exc)


def test_newer_version_is_refused_and_not_replaced_by_backup(tmp_path, store):
    game = random_game(2, 20)
    store.save(game, "v")
    info = store.save(random_game(2, 30), "v")
    data = json.loads(info.path.read_text(encoding="utf-8"))
    data.update(version=7, program_version="3.0.0", hologram=True)
    info.path.write_text(json.dumps(data), encoding="utf-8")
    exc = expect_refusal(info.path, SaveVersionError)
    assert "3.0.0" in exc.user_message() and "newer" in str(exc)


@pytest.mark.parametrize(
    ("content", "key"),
    [(b"", "saves.error.empty"), (b"   \n", "saves.error.empty"),
     (b"\xff\xfe\x00garbage", "saves.error.not_json"), (b"{'single': 'quotes'}", "saves.error.not_json"),
     (b"[1, 2, 3]", "saves.error.not_a_save"), (b'"just a string"', "saves.error.not_a_save"),
     (b"[" * 100_000, "saves.error.nested"), (b"{}", "saves.error.not_a_save")],
)
def test_not_a_save(tmp_path, content, key):
    path = tmp_path / "weird.json"
    path.write_bytes(content)
    assert expect_refusal(path).key == key


def test_missing_file(tmp_path):
    with pytest.raises(SaveUnreadableError, match="does not exist"):
        load_file(tmp_path / "nothing.json")


def test_bare_record_with_illegal_action(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"format": RECORD_FORMAT, "setup": quick_setup(2).to_json(),
                                "actions": [{"type": "pass"}]}), encoding="utf-8")
    assert expect_refusal(path, SaveRecordError).action_index == 0


def test_backup_is_loaded_when_the_main_file_is_damaged(store):
    first = random_game(6, 20)
    second = random_game(6, 40)
    store.save(first, "family")
    info = store.save(second, "family")
    assert store.load(info).game.state_key() == second.state_key()
    info.path.write_bytes(info.path.read_bytes()[:500])
    damaged = info.path.read_bytes()
    loaded = store.load(info)
    assert loaded.game.state_key() == first.state_key()
    assert loaded.info.from_backup
    assert [w.key for w in loaded.warnings] == ["saves.warning.backup"]
    assert "truncated" in loaded.warnings[0].message
    assert info.path.read_bytes() == damaged
    listed = store.list_saves()[0]
    assert listed.from_backup and listed.turn == first.turn
    # saving again does not back up the damaged file over the good backup
    store.save(second, "family")
    info.path.write_text("not json", encoding="utf-8")
    assert store.load(info).game.state_key() == first.state_key()


def test_crash_during_replace_keeps_previous_save(store, monkeypatch):
    first = random_game(7, 30)
    info = store.save(first, "crash")
    before = info.path.read_bytes()

    def broken_replace(src, dst):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    with pytest.raises(SaveWriteError) as caught:
        store.save(random_game(7, 60), "crash")
    assert "No space left" in caught.value.user_message()
    monkeypatch.undo()
    assert info.path.read_bytes() == before
    assert store.load(info).game.state_key() == first.state_key()
    leftovers = [p for p in info.path.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_crash_during_write_keeps_previous_autosave(store, monkeypatch):
    game = random_game(8, 30)
    store.autosave(game)
    real_fsync = os.fsync

    def dying_fsync(fd: int) -> None:
        raise KeyboardInterrupt  # the process is killed mid-save

    monkeypatch.setattr(atomic.os, "fsync", dying_fsync)
    with pytest.raises(KeyboardInterrupt):
        store.autosave(random_game(8, 50))
    monkeypatch.setattr(atomic.os, "fsync", real_fsync)
    latest = store.latest_unfinished()
    assert latest is not None
    assert store.load(latest).game.state_key() == game.state_key()
    assert not any(p.name.endswith(".tmp") for p in store.autosaves_dir.iterdir())

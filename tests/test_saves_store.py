"""The save store (autosave, Continue, slots, examples) and the screens' model."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from carcassonne_desktop.engine import Game
from carcassonne_desktop.persistence import paths
from carcassonne_desktop.persistence.browser import SaveBrowser
from carcassonne_desktop.persistence.errors import ReadOnlySaveError, SaveError
from carcassonne_desktop.persistence.store import AUTOSAVES_KEPT, SaveStore
from tests.test_persistence_saves import random_game

EXAMPLES = Path(__file__).resolve().parents[1] / "saves"


class Clock:
    """A clock that ticks one minute per save, so ordering is deterministic."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 20, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "data", examples=EXAMPLES, clock=Clock())


def test_default_location_honours_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "here"))
    store = SaveStore()
    assert store.root == tmp_path / "here"
    store.autosave(random_game(1, 10))
    assert list((tmp_path / "here" / "autosaves").glob("*.json"))
    monkeypatch.delenv(paths.DATA_ENV)
    assert "carcassonne-desktop" in str(paths.data_dir())


def test_continue_resumes_exactly_where_the_game_was(store):
    game = random_game(21, 0)
    assert store.latest_unfinished() is None
    for _ in range(25):  # autosave after every decision, as the game scene does
        game.apply(game.legal_actions()[len(game.history) % 3 % len(game.legal_actions())])
        store.autosave(game)
    loaded = store.continue_game()
    assert loaded is not None
    assert loaded.game.state_key() == game.state_key()
    assert loaded.game.hand == game.hand and loaded.game.phase == game.phase
    assert loaded.game.bag == game.bag


def test_continue_picks_the_latest_unfinished_game(store):
    older = random_game(1, 20)
    newer = random_game(2, 20)
    store.autosave(older)
    store.autosave(newer)
    assert store.latest_unfinished().game_id == store.autosave(newer).game_id
    finished = random_game(2)  # same setup as `newer`: that game is now over
    store.autosave(finished)
    latest = store.latest_unfinished()
    assert latest is not None
    assert store.load(latest).game.state_key() == older.state_key()
    store.save(random_game(1, 30), "named")  # a manual save counts too
    assert store.latest_unfinished().kind == "manual"


def test_autosaves_are_pruned(store):
    for seed in range(AUTOSAVES_KEPT + 3):
        store.autosave(random_game(seed, 4))
    assert len(store.list_autosaves()) == AUTOSAVES_KEPT


def test_named_slots_overwrite_and_delete(store):
    a = store.save(random_game(3, 10), "Partie de Noël")
    b = store.save(random_game(4, 10), "Partie de noel")  # same slug, different name
    assert a.slot == "partie-de-noel" and b.slot == "partie-de-noel-2"
    assert store.slot_for_name("Partie de Noël") == a.slot
    again = store.save(random_game(3, 30), "Partie de Noël")
    assert again.path == a.path
    assert paths.backup_path(a.path).exists()
    assert [i.name for i in store.list_saves(include_autosaves=False)] == [
        "Partie de Noël", "Partie de noel"]
    store.delete(a.slot)
    assert not a.path.exists() and not paths.backup_path(a.path).exists()
    store.delete(store.list_saves()[0])
    assert store.list_saves() == []
    with pytest.raises(SaveError):
        store.delete("partie-de-noel")
    with pytest.raises(SaveError):
        store.delete("../escape")


def test_examples_load_and_are_read_only(store):
    examples = store.list_examples()
    assert {e.slot for e in examples} >= {"finished-game", "before-farmers"}
    before = {p: p.read_bytes() for p in EXAMPLES.glob("*.json")}
    for info in examples:
        assert info.ok and info.read_only and info.kind == "example"
        loaded = store.load(info)
        assert loaded.warnings == []
        assert loaded.game.turn == info.turn
        assert [p.score for p in loaded.info.players] == loaded.game.scores
        with pytest.raises(ReadOnlySaveError):
            store.delete(info)
    finished = next(e for e in examples if e.slot == "finished-game")
    assert finished.finished and store.load(finished).game.is_over
    farmers = store.load(next(e for e in examples if e.slot == "before-farmers")).game
    assert farmers.tiles_left() == 0 and farmers.phase == "place_tile"
    assert finished.title("fr") != finished.title("en")
    assert {p: p.read_bytes() for p in EXAMPLES.glob("*.json")} == before


def test_thumbnailer_is_used_and_its_failure_is_harmless(tmp_path):
    def boom(game: Game) -> bytes:
        raise RuntimeError("no display")

    store = SaveStore(tmp_path, examples=tmp_path / "x", thumbnailer=lambda g: b"PNG!")
    assert store.autosave(random_game(1, 6)).thumbnail == b"PNG!"
    store = SaveStore(tmp_path, examples=tmp_path / "x", thumbnailer=boom)
    info = store.autosave(random_game(1, 8))
    assert info.thumbnail is None and store.load(info).game.turn == 4


def test_broken_files_are_listed_with_their_reason(store):
    store.save(random_game(1, 6), "good")
    store.saves_dir.joinpath("bad.json").write_text("{", encoding="utf-8")
    store.saves_dir.joinpath(".good.json.x1.tmp").write_text("{", encoding="utf-8")
    infos = store.list_saves()
    assert [i.slot for i in infos] == ["good", "bad"]
    assert infos[1].error is not None and "truncated" in str(infos[1].error)


# --------------------------------------------------------------- screens' model
def test_browser_load_mode_sections_selection_and_delete(store):
    store.save(random_game(1, 10), "mine")
    store.autosave(random_game(2, 12))
    browser = SaveBrowser(store, "load", lang="en")
    assert [v.section for v in browser.slots][:2] == ["saves", "autosaves"]
    assert {v.section for v in browser.slots} == {"saves", "autosaves", "examples"}
    assert browser.selected == 0 and browser.current.title == "mine"
    view = browser.current
    assert "P1 " in view.players and "Turn" in view.status and view.date
    browser.move(-1)
    assert browser.selected == 0
    browser.move(+1)
    assert browser.current.section == "autosaves"
    assert browser.current.title.startswith("Turn ") and browser.current.section == "autosaves"
    for _ in range(50):
        browser.move(+1)
    assert browser.current.section == "examples"
    assert not browser.request_delete() and browser.message  # examples are read-only
    browser.select(0)
    assert browser.request_delete() and "mine" in browser.delete_prompt()
    browser.cancel()
    assert store.slot_for_name("mine") is not None
    browser.request_delete()
    browser.confirm_delete()
    assert store.slot_for_name("mine") is None
    assert browser.current is not None and browser.current.section == "autosaves"
    loaded = browser.load_selected()
    assert loaded is not None and loaded.game.turn == 6


def test_browser_reports_refusals_instead_of_raising(store):
    store.saves_dir.mkdir(parents=True)
    store.saves_dir.joinpath("broken.json").write_text('{"format": 1', encoding="utf-8")
    browser = SaveBrowser(store, "load", lang="fr")
    assert browser.current.error and not browser.current.can_load
    assert browser.load_selected() is None and browser.message


def test_browser_save_mode_asks_before_overwriting(store):
    game = random_game(5, 20)
    browser = SaveBrowser(store, "save", lang="en")
    assert browser.slots == [] and browser.selected is None
    browser.name = "Evening"
    assert browser.request_save(game) is not None
    assert [v.title for v in browser.slots] == ["Evening"]
    browser.name = "Evening"
    assert browser.request_save(random_game(5, 40)) is None
    assert "Evening" in browser.overwrite_prompt()
    info = browser.confirm_overwrite(random_game(5, 40))
    assert info is not None and store.load(info).game.turn == 20
    browser.name = ""
    info = browser.request_save(game)
    assert info is not None and info.name.startswith("Game of ")
    browser.select(0)
    assert browser.name == browser.slots[0].info.name


def test_autosaves_of_the_same_players_are_told_apart_by_their_turn(store):
    """Regression: two autosaves of "Player 1, Player 2" had the same title."""
    store.autosave(random_game(1, 6))
    store.autosave(random_game(2, 30))
    titles = [v.title for v in SaveBrowser(store, "load", lang="en").slots if v.section == "autosaves"]
    assert len(titles) == 2 and len(set(titles)) == 2
    assert all(t.startswith("Turn ") for t in titles)

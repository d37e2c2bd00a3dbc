"""Saved games: round trips, the file format, migration and `carcassonne replay`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop import __version__
from carcassonne_desktop.cli import main
from carcassonne_desktop.engine import EngineError, Game, GameRecord, quick_setup
from carcassonne_desktop.persistence import document
from carcassonne_desktop.persistence.errors import SaveError
from carcassonne_desktop.persistence.saves import load_file, load_record_from_file
from carcassonne_desktop.persistence.store import SaveStore, slot_from_name


def random_game(seed: int, actions: int | None = None, players: int = 2, **kw) -> Game:
    game = Game(quick_setup(players, seed=seed, **kw))
    rng = random.Random(seed)
    while not game.is_over and (actions is None or len(game.history) < actions):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "data", examples=tmp_path / "examples")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 160), players=st.integers(2, 5),
       expansions=st.sampled_from([("base",), ("base", "inns_cathedrals"), ("base", "abbot")]))
def test_round_trip_random_games(tmp_path, seed, stop, players, expansions):
    game = random_game(seed, stop, players, expansions=expansions)
    store = SaveStore(tmp_path / f"d{seed}-{stop}", examples=tmp_path / "none")
    info = store.save(game, f"game {seed}")
    loaded = store.load(info)
    assert loaded.game.state_key() == game.state_key()
    assert loaded.game.history == game.history
    assert loaded.warnings == []
    # the position goes on exactly as the original would (same bag, same tiles)
    if not game.is_over:
        assert loaded.game.hand == game.hand
        action = game.legal_actions()[0]
        game.apply(action)
        loaded.game.apply(action)
        assert loaded.game.state_key() == game.state_key()


def test_save_file_is_readable_json_with_metadata(store):
    game = random_game(4, 40)
    info = store.save(game, "Soirée du vendredi", thumbnail=b"\x89PNG\r\n")
    text = info.path.read_text(encoding="utf-8")
    assert "Soirée du vendredi" in text  # not \\u-escaped: readable by a human
    data = json.loads(text)
    assert data["format"] == "carcassonne-save" and data["version"] == document.CURRENT_VERSION
    assert data["program_version"] == __version__
    assert data["turn"] == game.turn and data["finished"] is False
    assert [p["score"] for p in data["players"]] == game.scores
    assert [p["name"] for p in data["players"]] == ["P1", "P2"]
    assert data["expansions"] == ["base"]
    assert data["record"] == GameRecord.from_game(game).to_json()
    assert data["thumbnail"] == "iVBORw0K"
    assert info.meta is not None and info.meta.thumbnail == b"\x89PNG\r\n"
    assert store.load(info).info.thumbnail == b"\x89PNG\r\n"
    # one action per line
    assert '{"type": "place_tile"' in text


def test_slot_names_are_portable():
    assert slot_from_name("Soirée n°2 / à 8h!") == "soiree-n-2-a-8h"
    assert slot_from_name("???") == "save"
    assert len(slot_from_name("x" * 300)) <= 48


def test_bare_record_migrates_from_v0(tmp_path):
    game = random_game(9, 30)
    path = tmp_path / "old.json"
    original = GameRecord.from_game(game).dumps()
    path.write_text(original, encoding="utf-8")
    loaded = load_file(path)
    assert loaded.game.state_key() == game.state_key()
    assert loaded.info.meta is not None
    assert loaded.info.meta.turn == game.turn
    assert [w.key for w in loaded.warnings] == ["saves.warning.migrated"]
    assert path.read_text(encoding="utf-8") == original  # never rewritten by loading


def test_load_record_from_file_accepts_save_and_record(tmp_path, store):
    game = random_game(11)
    info = store.save(game, "finished")
    assert load_record_from_file(info.path).actions == game.history
    bare = tmp_path / "bare.json"
    bare.write_text(GameRecord.from_game(game).dumps(), encoding="utf-8")
    assert load_record_from_file(bare).actions == game.history
    broken = tmp_path / "broken.json"
    broken.write_text(info.path.read_text(encoding="utf-8")[:300], encoding="utf-8")
    with pytest.raises(EngineError, match="truncated"):
        load_record_from_file(broken)
    newer = json.loads(info.path.read_text(encoding="utf-8"))
    newer["version"] = 99
    broken.write_text(json.dumps(newer), encoding="utf-8")
    with pytest.raises(SaveError, match="newer version"):
        load_record_from_file(broken)


def test_cli_replay_on_save_and_corrupt_save(tmp_path, store, capsys):
    game = random_game(12)
    info = store.save(game, "cli")
    assert main(["replay", str(info.path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["finished"] is True
    assert [p["score"] for p in summary["players"]] == game.scores
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_bytes(info.path.read_bytes()[:-40])
    assert main(["replay", str(corrupt)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"carcassonne: error: {corrupt}: the file is truncated")
    assert "Traceback" not in err
    data = json.loads(info.path.read_text(encoding="utf-8"))
    data["record"]["actions"][2] = {"type": "place_tile", "x": 50, "y": 50, "rot": 0}
    corrupt.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(corrupt)]) == 1
    assert "action 2" in capsys.readouterr().err

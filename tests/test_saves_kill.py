"""Interrupted saves: stale temporary files are removed when the store opens,
and a process killed while saving never costs a save (``tests/kill_saves.py``)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from carcassonne_desktop.persistence.atomic import STALE_AFTER_SECONDS
from carcassonne_desktop.persistence.store import SaveStore
from tests import kill_saves
from tests.test_persistence_saves import random_game

KILLS = int(os.environ.get("CARCASSONNE_KILL_COUNT", "10"))


def _age(path: Path, seconds: float) -> None:
    moment = time.time() - seconds
    os.utime(path, (moment, moment))


def test_stale_temporaries_of_our_own_are_removed_when_the_store_opens(tmp_path):
    store = SaveStore(tmp_path / "data", examples=tmp_path / "none")
    info = store.save(random_game(3, 12), "evening")
    store.autosave(random_game(3, 12))
    saves, autosaves = store.saves_dir, store.autosaves_dir
    stale = [saves / ".evening.json.a1b2c3d4.tmp", saves / ".evening.json.bak.zz_9y8x7.tmp",
             autosaves / f".{info.game_id}.json.k0k0k0k0.tmp"]
    fresh = saves / ".evening.json.q1w2e3r4.tmp"  # a save running right now in another window
    foreign = [saves / ".notes.txt.a1b2c3d4.tmp", saves / "mine.tmp", saves / ".x.tmp",
               saves / ".evening.json.tmp"]
    for path in [*stale, fresh, *foreign]:
        path.write_bytes(b'{"half": "writ')
    for path in [*stale, *foreign]:
        _age(path, STALE_AFTER_SECONDS + 60)
    _age(fresh, STALE_AFTER_SECONDS - 60)
    SaveStore(tmp_path / "data", examples=tmp_path / "none")
    assert not any(path.exists() for path in stale)
    assert fresh.exists() and all(path.exists() for path in foreign)
    assert info.path.exists() and store.load(info).game.turn == random_game(3, 12).turn


def test_a_store_opens_when_its_folders_do_not_exist_yet(tmp_path):
    store = SaveStore(tmp_path / "nothing" / "here", examples=tmp_path / "none")
    assert store.list_saves() == []
    assert not (tmp_path / "nothing").exists()


def test_killing_a_process_while_it_saves_never_costs_a_save(tmp_path):
    outcome = kill_saves.run(KILLS, tmp_path)
    assert outcome.kills == KILLS
    assert outcome.temporaries_left == 0

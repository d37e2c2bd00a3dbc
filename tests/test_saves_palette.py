"""Every colour the game itself gives a player can be loaded again.

Self-play seated an eighth player in "gray", a colour the palette does not
have (its eighth is "white"), and the save validation refused those records
in the Load screen. Seats now take the palette's colours, and a record
written with the old name loads with the palette's.
"""

from __future__ import annotations

import json
from pathlib import Path

from carcassonne_desktop.ai.selfplay import run
from carcassonne_desktop.engine import quick_setup
from carcassonne_desktop.persistence.store import SaveStore
from carcassonne_desktop.persistence.validation import PLAYER_COLOURS


def _selfplay_record(tmp_path: Path) -> Path:
    records = tmp_path / "records"
    records.mkdir()
    run(["random"] * 8, ("base",), 1, 7, records, progress=False)
    (path,) = records.glob("*.json")
    return path


def test_an_eight_player_selfplay_record_loads_in_the_load_screen(tmp_path):
    store = SaveStore(tmp_path / "data")
    record = _selfplay_record(tmp_path)
    target = store.saves_dir / "selfplay.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(record.read_text(encoding="utf-8"), encoding="utf-8")
    (info,) = [i for i in store.list_saves() if i.path == target]
    assert info.ok, info.error
    loaded = store.load(info)
    assert [p.color for p in loaded.game.setup.players] == list(PLAYER_COLOURS)


def test_default_seats_use_the_palette():
    assert [p.color for p in quick_setup(8).players] == list(PLAYER_COLOURS)


def test_a_record_with_the_old_gray_loads_as_white(tmp_path):
    store = SaveStore(tmp_path / "data")
    data = json.loads(_selfplay_record(tmp_path).read_text(encoding="utf-8"))
    data["setup"]["players"][7]["color"] = "gray"  # as self-play wrote it before
    target = store.saves_dir / "old-selfplay.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(data), encoding="utf-8")
    loaded = store.load(target)
    assert loaded.game.setup.players[7].color == "white"

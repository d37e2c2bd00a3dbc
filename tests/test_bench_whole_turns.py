"""bench/whole_turns.py's recorded positions: the file that lets old and new
code judge the very same whole turns (bench/ai.md, session 13) must still
replay, each position with a tile to place, or the comparison means nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne_desktop.engine.actions import PlaceTile
from tests.bench_scripts import BENCH, load_script


def test_the_recorded_positions_replay_to_a_tile_to_place() -> None:
    bench = load_script("whole_turns.py", "whole_turns_bench")
    games = bench.recorded_positions(BENCH / "positions" / "greedy-all.json")
    assert len(games) == len(bench.RECORD_SEEDS) * len(bench.RECORD_STOPS)
    for game in games:
        assert not game.is_over and isinstance(game.legal_actions()[0], PlaceTile)


def test_a_missing_records_file_is_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = load_script("whole_turns.py", "whole_turns_bench")
    monkeypatch.setattr("sys.argv", ["whole_turns.py", "--records", str(tmp_path / "none.json")])
    with pytest.raises(SystemExit) as stop:
        bench.main()
    assert "cannot read records" in str(stop.value.code)

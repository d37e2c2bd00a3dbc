"""Golden game records written by hand from the rulebooks' worked examples.

Each file in tests/golden/ holds a game record (DESIGN.md section 5) whose tile
order forces the draws, the rulebook passage it reproduces, the arithmetic of
the expected result, and the expected final scores with their breakdown.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))
CATEGORIES = ("road", "city", "cloister", "field")


def _load(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def test_golden_files_exist():
    assert len(GOLDEN_FILES) >= 20


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[p.stem for p in GOLDEN_FILES])
def test_golden_record(path: Path):
    from carcassonne_desktop.engine import replay_summary

    golden = _load(path)
    expected = golden["expected"]
    summary = replay_summary(golden["record"])

    assert summary["finished"] is expected["finished"], golden["description"]
    got_players = {p["name"]: p for p in summary["players"]}
    assert sorted(got_players) == sorted(p["name"] for p in expected["players"])
    for want in expected["players"]:
        got = got_players[want["name"]]
        got_breakdown = {k: got["breakdown"].get(k, 0) for k in CATEGORIES}
        extra = {k: v for k, v in got["breakdown"].items() if k not in CATEGORIES and v}
        assert (want["name"], got["score"], got_breakdown, extra) == (
            want["name"],
            want["score"],
            want["breakdown"],
            {},
        ), f"{path.name}: {golden['description']}"

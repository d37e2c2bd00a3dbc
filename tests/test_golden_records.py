"""Golden game records written by hand from the rulebooks' worked examples.

Each file in tests/golden/ holds a game record (DESIGN.md section 5) whose tile
order forces the draws, the rulebook passage it reproduces, the arithmetic of
the expected result, and the expected final scores with their breakdown.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden_checks import assert_final_scores

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
    summary = replay_summary(golden["record"])

    assert_final_scores(path.name, golden, summary, CATEGORIES)

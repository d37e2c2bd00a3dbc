"""docs/turn-order.md is generated from the code and must match it (issue 28)."""

from __future__ import annotations

from pathlib import Path

from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.rules import HOOKS
from carcassonne_desktop.engine.turn_report import HOOK_MOMENT, render

DOC = Path(__file__).resolve().parent.parent / "docs" / "turn-order.md"


def test_the_committed_turn_order_is_the_generated_one():
    assert DOC.read_text(encoding="utf-8") == render(), (
        "docs/turn-order.md is stale: python -m carcassonne_desktop.engine.turn_report "
        "> docs/turn-order.md")


def test_every_hook_has_a_moment_in_the_report():
    assert set(HOOKS) <= set(HOOK_MOMENT)


def test_the_report_names_every_registered_expansion():
    text = render()
    for expansion_id in registry():
        assert f"(`{expansion_id}`)" in text

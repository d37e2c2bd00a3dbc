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


def test_every_interaction_ruling_is_in_the_rulings_at_a_moment_of_the_report():
    """The table docs/turn-order.md reads (engine/data/interaction_rulings.json)
    names rulings that exist, at moments of the turn, between registered
    expansions; every MX ruling ("Mixed expansions") is in it."""
    import re

    from carcassonne_desktop.engine.turn_report import MOMENTS, interaction_rulings

    rulings = (DOC.parent / "rulings.md").read_text(encoding="utf-8")
    numbered = set(re.findall(r"^ *([A-Z]*\d+)\. \*\*", rulings, flags=re.M))
    table = interaction_rulings()
    ids = [r["id"] for r in table]
    assert len(ids) == len(set(ids))
    for ruling in table:
        assert ruling["id"] in numbered, ruling["id"]
        assert ruling["moment"] in MOMENTS, ruling
        assert len(ruling["between"]) >= 2 and set(ruling["between"]) <= set(registry()), ruling
        assert ruling["summary"] and not ruling["summary"].endswith(".")
    assert {n for n in numbered if n.startswith("MX")} <= set(ids)
    text = render()
    for ruling in table:
        assert f"- {ruling['id']} (" in text

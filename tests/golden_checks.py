"""The comparison shared by the golden-record tests (base game and expansions)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def assert_final_scores(
    name: str, golden: dict[str, Any], summary: dict[str, Any], categories: Iterable[str]
) -> None:
    """Every player's total and per-category breakdown as the golden file says;
    a category outside `categories` must score nothing."""
    categories = tuple(categories)
    expected = golden["expected"]
    assert summary["finished"] is expected["finished"], golden["description"]
    got_players = {p["name"]: p for p in summary["players"]}
    assert sorted(got_players) == sorted(p["name"] for p in expected["players"])
    for want in expected["players"]:
        got = got_players[want["name"]]
        got_breakdown = {k: got["breakdown"].get(k, 0) for k in categories}
        extra = {k: v for k, v in got["breakdown"].items() if k not in categories and v}
        assert (want["name"], got["score"], got_breakdown, extra) == (
            want["name"],
            want["score"],
            want["breakdown"],
            {},
        ), f"{name}: {golden['description']}"

"""The computer players with the Count: every level answers the Count's
decisions with a legal action, and the evaluation values followers kept in
the city (more in a free quarter than under the Count)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.levels import LEVELS
from carcassonne_desktop.engine import GameRecord

GOLDEN = Path(__file__).parent / "golden_expansions"


def _position(name: str, upto: int):
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json({**record, "actions": record["actions"][:upto]}).replay().game


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium"])
@pytest.mark.parametrize(("name", "upto", "kind"), [
    ("count_castle_follower_joins_city", 6, "count_city"),
    ("count_castle_follower_joins_city", 7, "count_move"),
    ("count_castle_follower_joins_city", 12, "count_reinforce"),
    ("count_market_follower_to_field_at_end", 8, "count_reinforce"),
])
def test_every_level_answers_the_count_decisions(level, name, upto, kind):
    game = _position(name, upto)
    assert game.pending.kind == kind
    action = LEVELS[level].factory(1).choose(game)
    assert action in game.legal_actions()


def test_followers_in_the_city_are_worth_points_more_in_a_free_quarter():
    game = _position("count_castle_follower_joins_city", 6)
    before = Evaluator(game).totals(game)[0]
    free, blocked = game.copy(), game.copy()
    free.put_in_area(0, "follower", "count", "forge", [])
    blocked.put_in_area(0, "follower", "count", "castle", [])  # the Count is on the castle
    assert Evaluator(free).totals(free)[0] > Evaluator(blocked).totals(blocked)[0]
    # the free quarter's follower is worth more than it was in supply
    assert Evaluator(free).totals(free)[0] > before


def test_medium_takes_the_follower_for_the_city_and_brings_it_out():
    medium = LEVELS["medium"].factory(1)
    game = _position("count_castle_follower_joins_city", 6)
    assert medium.choose(game).to_json()["type"] == "deploy"
    game = _position("count_castle_follower_joins_city", 12)
    assert medium.choose(game).to_json()["type"] == "move"

"""The computer players with Crop Circles: every level answers the placer's
choice and each player's answer; the placer's policy plays the round in its
head (a rival who would take a shared road makes "remove" the better choice);
short games with the circles end without errors at every level."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne_desktop.ai.expansions.crop_circles import choice_value, round_outcome
from carcassonne_desktop.ai.levels import LEVELS
from carcassonne_desktop.engine import Game, GameRecord, GameSetup, PlayerSetup
from carcassonne_desktop.engine.expansions.crop_circles import (
    CROP_CIRCLE,
    DEPLOY_ASK,
    REMOVE_ASK,
    CropCircleChoice,
)

GOLDEN = Path(__file__).parent / "golden_expansions"
ROAD = "cc_road_deploy_rouge_wins_the_road"


def _position(name: str, upto: int) -> Game:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json({**record, "actions": record["actions"][:upto]}).replay().game


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium", "hard"])
@pytest.mark.parametrize(("name", "upto", "kind"), [
    (ROAD, 8, CROP_CIRCLE), (ROAD, 9, DEPLOY_ASK),
    ("cc_road_remove_each_takes_one_back", 9, REMOVE_ASK),
])
def test_every_level_answers_the_crop_circle_decisions(level, name, upto, kind):
    game = _position(name, upto)
    assert game.pending.kind == kind
    action = LEVELS[level].factory(1).choose(game, budget=0.5)
    assert action in game.legal_actions()


def test_crop_circle_policy_removes_when_the_rival_would_take_the_shared_road():
    """Bleu places the road circle on a 5-tile road shared 1-1 with Rouge:
    with "deploy", Rouge (first) would take it alone and Bleu only win the
    tie back; with "remove", Rouge loses it while Bleu takes back his cheap
    follower on the circle's own road."""
    game = _position(ROAD, 8)
    assert choice_value(game, 1, "remove", "road") > choice_value(game, 1, "deploy", "road")
    assert round_outcome(game, 1, "deploy", "road") == [0.0, 0.0]  # taken, then tied again
    assert LEVELS["medium"].factory(1).choose(game) == CropCircleChoice("remove")


def test_crop_circle_policy_deploys_when_it_wins_a_feature():
    """Rouge placed the city circle; Bleu has no knight in a shared city and
    Rouge's second knight wins nothing: nothing to gain, nothing to lose but a
    follower each way: deploy (it costs nobody) when the values tie."""
    game = _position("cc_city_deploy_both_add_a_knight", 6)
    values = {c: choice_value(game, 0, c, "city") for c in ("deploy", "remove")}
    assert values["deploy"] == values["remove"]
    assert LEVELS["easy"].factory(1).choose(game) == CropCircleChoice("deploy")


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_crop_circle_short_games_at_every_level(level):
    order = ("crop2/01", "base/U", "crop2/05", "base/V", "crop2/03", "base/U", "crop2/02",
             "base/D", "crop2/04", "crop2/06")
    game = Game(GameSetup(players=(PlayerSetup("A", "red"), PlayerSetup("B", "blue"),
                                   PlayerSetup("C", "green")),
                          expansions=("base", "crop_circles", "inns_cathedrals"), seed=5,
                          tile_order=order))
    players = [LEVELS[level].factory(seat) for seat in range(3)]
    while not game.is_over:
        game.apply(players[game.deciding_player].choose(game, budget=0.2))
    assert game.is_over

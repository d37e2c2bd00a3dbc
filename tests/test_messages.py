"""The Messages (seed 001 "Les Hérauts"; DESIGN 5c): the second pawn and its
question, the message a dark square earns in its owner's turn, each of the
eight messages, the deck that comes round, and what the seeds leave open
(docs/rulings.md, "The Messages", MS1-MS9). The worked cases are golden
records (tests/golden_expansions/ms_*.json); here their events are checked
and the rulings held."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from carcassonne_desktop.engine import Game, GameRecord, GameSetup, PlayerSetup
from carcassonne_desktop.engine.actions import parse_action
from carcassonne_desktop.engine.decisions import Decision
from carcassonne_desktop.engine.errors import IllegalActionError, MalformedError
from carcassonne_desktop.engine.expansions.messages import (
    _CHAIN,
    _DECK,
    MESSAGES,
    MessageCarried,
    MessageChoice,
    MessageDrawn,
    ScorePawn,
    _draw_message,
    count_for,
    deck,
    followers,
    smallest,
    worth,
)
from tests.test_catalogue import REFERENCE

GOLDEN = Path(__file__).parent / "golden_expansions"


def _golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def _replayed(name: str) -> list:
    return GameRecord.from_json(_golden(name)["record"]).replay().events


def _until(name: str, count: int) -> Game:
    """The golden game `name` after its first `count` actions."""
    record = _golden(name)["record"]
    game = Game(GameSetup.from_json(record["setup"]))
    for action in record["actions"][:count]:
        game.apply(parse_action(action))
    return game


def _drawn(events: list) -> list[int]:
    return [e.message for _, e in events if isinstance(e, MessageDrawn)]


def test_the_deck_is_the_eight_message_tiles_of_the_reference() -> None:
    assert tuple(range(1, 9)) == MESSAGES
    reference = REFERENCE / "messages.json"
    if reference.exists():
        data = json.loads(reference.read_text(encoding="utf-8"))
        numbers = [m["number"] for m in data["message_tiles"] for _ in range(m["count"])]
        assert tuple(numbers) == MESSAGES and data["total_message_tiles"] == len(MESSAGES)


def test_ms_pawn_1_moves_without_a_question_while_both_pawns_share_a_square() -> None:
    game = _until("ms_message_1_smallest_road", 10)  # the road of 5, first points
    assert game.pawns[0] == (5, 0)
    assert game.pending is not None and game.pending.kind == "message"


def test_ms_the_scorer_chooses_the_pawn_when_they_stand_apart() -> None:
    game = _until("ms_message_1_smallest_road", 11)  # message 1 carried out: 1 point
    assert game.pending is not None and game.pending.kind == "score_pawn"
    assert game.pending.player == 0 and game.pending.subject == (1,)
    assert list(game.legal_actions()) == [ScorePawn(1), ScorePawn(2)]
    game.apply(ScorePawn(2))
    assert game.pawns[0][1] == 1  # (the game then ends: pawn 1 takes the final points)


def test_ms_a_dark_square_in_another_players_turn_draws_nothing() -> None:
    events = _replayed("ms_no_message_in_another_players_turn")
    assert _drawn(events) == []
    assert [(e.player, e.end) for _, e in events if e.kind == "pawn_moved"][0] == (0, 5)


def test_ms_one_message_per_scoring_step_even_with_two_dark_squares() -> None:
    events = _replayed("ms_one_message_per_scoring_step")
    dark = [(e.pawn, e.end) for _, e in events if e.kind == "pawn_moved" and e.end % 5 == 0]
    assert dark == [(0, 5), (1, 5)]
    assert _drawn(events) == [2]


def test_ms_the_points_of_a_message_may_chain_another() -> None:
    events = _replayed("ms_chain_of_two_messages")
    assert _drawn(events) == [3, 6]
    carried = [(e.message, e.choice, e.points) for _, e in events
               if isinstance(e, MessageCarried)]
    assert carried == [(3, "act", 5), (6, "act", 2)]


def test_ms_message_4_plays_an_extra_tile_with_its_figure_step_then_the_turn_ends() -> None:
    game = _until("ms_message_4_extra_tile", 11)
    assert game.pending is not None and game.pending.kind == "place_tile"
    assert game.turn_player == 0 and game.call_depth == 1
    game.apply(parse_action({"type": "place_tile", "tile": "base/E", "x": 2, "y": -1,
                             "rot": 2}))
    assert game.pending is not None and game.pending.kind == "figure"
    assert game.last_placed == (2, -1)


def test_ms_message_8_scores_the_feature_then_sends_the_knight_home() -> None:
    events = _replayed("ms_message_8_follower_back")
    kinds = [e.kind for _, e in events]
    scored = kinds.index("score", kinds.index("message_carried"))
    assert kinds.index("figure_returned", scored) > scored
    carried = [e for _, e in events if isinstance(e, MessageCarried)]
    assert [(c.message, c.points) for c in carried] == [(8, 3)]


def test_ms_act_is_offered_only_when_the_message_has_something_to_act_on() -> None:
    game = _until("ms_one_message_per_scoring_step", 19)
    assert game.pending is not None and game.pending.kind == "message"
    # Rouge has no follower left on the board: message 2 may only be exchanged
    assert list(game.legal_actions()) == [MessageChoice(2, "points")]
    with pytest.raises(IllegalActionError, match="nothing to act on"):
        game.apply(MessageChoice(2, "act"))


def test_ms_the_answer_must_name_the_message_drawn() -> None:
    game = _until("ms_message_1_smallest_road", 10)
    with pytest.raises(IllegalActionError, match="the message drawn is 1, not 5"):
        game.apply(MessageChoice(5, "act"))
    with pytest.raises(MalformedError):
        parse_action({"type": "message", "message": 1, "choice": "maybe"})


def test_ms_message_4_is_not_offered_with_no_tile_left() -> None:
    game = _until("ms_message_1_smallest_road", 10)
    game.extension_state[_DECK] = ()
    assert not game.bag
    assert [a.choice for a in game.rules.decision_kind("message").legal(
        game, Decision("message", 0, False, (4,)))] == ["points"]


def test_ms_the_deck_comes_round_in_the_order_first_drawn() -> None:
    game = _until("ms_message_1_smallest_road", 10)
    game.extension_state[_DECK] = (3, 1, 4, 2, 8, 7, 6, 5)
    game.extension_state["messages.drawn"] = 9
    assert _draw_message(game, 0, []) == 1  # the ninth draw past the first round
    assert deck(game) == (3, 1, 4, 2, 8, 7, 6, 5)


def test_ms_a_chain_stops_once_the_deck_went_round_in_one_turn() -> None:
    game = _until("ms_message_1_smallest_road", 9)  # before the road of 5 is scored
    game.extension_state[_CHAIN] = (game.turn, len(MESSAGES))
    events = game.apply(parse_action({"type": "deploy", "figure": "follower", "x": -2,
                                      "y": 0, "port": "S"}))
    assert not [e for e in events if isinstance(e, MessageDrawn)]


def test_ms_no_message_and_no_question_in_the_final_scoring() -> None:
    events = _replayed("ms_message_1_smallest_road")
    final = [e for _, e in events if e.kind == "pawn_moved"][-2:]
    assert [e.pawn for e in final] == [0, 0]  # pawn 1 carries the final points
    assert _drawn(events) == [1]


def test_ms_the_score_is_the_sum_of_both_pawns() -> None:
    for name in ("ms_chain_of_two_messages", "ms_message_4_extra_tile"):
        game = GameRecord.from_json(_golden(name)["record"]).replay().game
        assert [sum(p) for p in game.pawns] == game.scores


def test_ms_random_games_with_messages_replay_equal() -> None:
    for seed in range(4):
        setup = GameSetup(players=(PlayerSetup("A", "red"), PlayerSetup("B", "blue"),
                                   PlayerSetup("C", "green")),
                          expansions=("base", "messages", "inns_cathedrals",
                                      "traders_builders"), seed=seed)
        game = Game(setup)
        rng = random.Random(seed)
        while not game.is_over:
            actions = list(game.legal_actions())
            deploys = [a for a in actions if a.type in ("deploy", "message")]
            game.apply(rng.choice(deploys) if deploys and rng.random() < 0.7
                       else rng.choice(actions))
        assert [sum(p) for p in game.pawns] == game.scores
        assert GameRecord.from_game(game).replay().game.state_key() == game.state_key()


def _before_last(name: str) -> Game:
    record = _golden(name)["record"]
    return GameRecord.from_json({**record, "actions": record["actions"][:-1]}).replay().game


def test_ms_an_unfinished_inn_road_or_cathedral_city_scores_0_by_message_1_or_2() -> None:
    """Inns & Cathedrals note: "une route passant près d'une auberge ... vaut 0
    point, comme en fin de partie" (and a cathedral city for message 2)."""
    game = _before_last("ic_inn_road_5_tiles_incomplete")
    road = smallest(game, 0, 1)
    assert road is not None and worth(game, road, 0)[0] == 0
    game = _before_last("ic_cathedral_city_incomplete")
    city = smallest(game, 0, 2)
    assert city is not None and worth(game, city, 0)[0] == 0


def test_ms_the_large_follower_counts_as_one_farmer() -> None:
    game = _before_last("ic_large_farmer_majority")
    assert [f for f, _, _ in followers(game, 0)] == ["large_follower"]
    assert count_for(game, 0, 7) == 1

"""King & Robber Baron (seed 003; seed 002): who holds the king and the robber
baron after every action, the record sizes, and the end-of-game points.
The worked examples are golden records (tests/golden_expansions/kr_*.json)."""

from __future__ import annotations

import json
from pathlib import Path

from carcassonne_desktop.engine import Game, GameRecord, quick_setup
from carcassonne_desktop.engine.actions import parse_action
from carcassonne_desktop.engine.events import PointsScored, TokenGained
from carcassonne_desktop.engine.expansions.king_robber_baron import (
    KING,
    ROBBER_BARON,
    Title,
    title_of,
)
from carcassonne_desktop.engine.score_terms import ScoreTerm

GOLDEN = Path(__file__).parent / "golden_expansions"
ROUGE, BLEU = 0, 1


def _replay_steps(name: str) -> list[Game]:
    """The game after each action of a golden record."""
    record = GameRecord.from_json(json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))["record"])
    game = Game(record.setup)
    states = []
    for action in record.actions:
        game.apply(action)
        states.append(game.copy())
    return states


def test_the_king_goes_to_the_first_completer_then_to_a_strictly_larger_city():
    states = _replay_steps("kr_king_changes_hands")
    assert title_of(states[1], "city") == Title(ROUGE, 2, 1)  # first city, 2 tiles, empty
    assert title_of(states[5], "city") == Title(ROUGE, 2, 2)  # Bleu's 2-tile city: not larger
    assert title_of(states[11], "city") == Title(BLEU, 3, 3)  # 3 tiles: the king changes hands
    assert states[11].tokens[ROUGE].get(KING, 0) == 0
    assert states[11].tokens[BLEU][KING] == 1


def test_the_robber_baron_counts_road_tiles_and_changes_hands():
    states = _replay_steps("kr_robber_baron_longest_road")
    assert title_of(states[3], "road") == Title(BLEU, 2, 1)
    assert title_of(states[5], "road") == Title(ROUGE, 3, 2)
    assert title_of(states[5], "city") == Title(None, 0, 0)


def _play(game: Game, moves: list[dict]) -> list:
    events = []
    for move in moves:
        events.extend(game.apply(parse_action(move)))
    return events


def _place(tile: str, x: int, y: int, rot: int) -> dict:
    return {"type": "place_tile", "tile": tile, "x": x, "y": y, "rot": rot}


PASS = {"type": "pass"}


def test_the_holder_raises_his_own_record_so_a_middle_sized_city_cannot_take_it():
    """Ruling: the record grows when the holder completes a larger city himself."""
    order = ("base/E", "base/J", "base/F", "base/U", "base/E", "base/E", "base/F", "base/F", "base/E")
    game = Game(quick_setup(2, expansions=("base", "king_robber_baron"), tile_order=order))
    _play(game, [
        _place("base/E", 0, -1, 2), PASS,  # P0: 2-tile city: king to P0, record 2
        _place("base/J", -1, 0, 0), PASS,  # P1
        _place("base/F", -1, -1, 1), PASS,  # P0
        _place("base/U", 1, 0, 0), PASS,  # P1
        _place("base/E", -1, -2, 2), PASS,  # P0 completes 3 tiles: keeps the king, record 3
    ])
    assert title_of(game, "city") == Title(0, 3, 2)
    _play(game, [
        _place("base/E", 1, -1, 0), PASS,  # P1 opens a city north of (1,0)
        _place("base/F", 1, -2, 1), PASS,  # P0
        _place("base/F", 1, -3, 1), PASS,  # P1
    ])
    events = _play(game, [_place("base/E", 1, -4, 2), PASS])  # P0 completes 4 tiles
    assert title_of(game, "city") == Title(0, 4, 3)
    assert not [e for e in events if isinstance(e, TokenGained)]  # the king never moved


def test_a_middle_sized_city_after_the_holder_raised_the_record_gives_nothing():
    order = ("base/E", "base/J", "base/F", "base/E", "base/E", "base/F", "base/U", "base/E")
    game = Game(quick_setup(2, expansions=("base", "king_robber_baron"), tile_order=order))
    _play(game, [
        _place("base/E", 0, -1, 2), PASS,  # P0: 2 tiles, king P0
        _place("base/J", -1, 0, 0), PASS,  # P1
        _place("base/F", -1, -1, 1), PASS,  # P0
        _place("base/E", 0, 1, 2), PASS,  # P1 opens a city south
        _place("base/E", -1, -2, 2), PASS,  # P0 completes 3 tiles: record 3, still P0
        _place("base/F", 0, 2, 1), PASS,  # P1
        _place("base/U", 1, 0, 0), PASS,  # P0
    ])
    assert title_of(game, "city") == Title(0, 3, 2)
    _play(game, [_place("base/E", 0, 3, 0), PASS])  # P1 completes (0,1)-(0,3): 3 tiles
    assert title_of(game, "city") == Title(0, 3, 3)


def test_the_end_scores_one_point_per_completed_feature_for_each_holder():
    game = _replay_steps("kr_king_changes_hands")[-1]
    assert game.is_over
    assert game.breakdown[BLEU][KING] == 3
    assert ROBBER_BARON not in game.breakdown[ROUGE] and ROBBER_BARON not in game.breakdown[BLEU]


def test_without_a_completed_city_nobody_holds_the_king_nor_scores_it():
    game = Game(quick_setup(2, expansions=("base", "king_robber_baron"), tile_order=("base/U",)))
    _play(game, [_place("base/U", 1, 0, 0), PASS])
    assert game.is_over
    assert title_of(game, "city") == Title(None, 0, 0)
    assert all(KING not in b for b in game.breakdown)


def test_copies_keep_the_titles_apart():
    states = _replay_steps("kr_king_changes_hands")
    clone = states[0].copy()
    assert clone.state_key() == states[0].state_key()


# ------------------------------------------------------------ computer players
def test_the_evaluation_counts_the_title_for_its_holder():
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.ai.expansions.king_robber_baron import titles

    game = _replay_steps("kr_king_changes_hands")[1]  # Rouge holds the king
    evaluator = Evaluator(game)
    totals = [0.0, 0.0]
    titles(evaluator, game, totals)
    assert totals[ROUGE] > totals[BLEU] + 1.0
    game.give_token(ROUGE, KING, -1, [])
    game.give_token(BLEU, KING, 1, [])
    flipped = [0.0, 0.0]
    titles(evaluator, game, flipped)
    assert flipped[BLEU] > flipped[ROUGE] + 1.0



#: Four 2-tile cities completed (the record stays 2, Rouge holds the king), Rouge's
#: knight in an open 3-tile city with a shield (-1,0)-(-1,-1); Bleu to play a base/E.
LATE_KING = [("base/E", 0, -1, 2), ("base/U", 1, 0, 0), ("base/J", -1, 0, 0), ("base/F", -1, -1, 1),
             ("base/E", 1, -1, 0), ("base/E", 1, -2, 2), ("base/U", 2, 0, 0), ("base/E", 2, -1, 0),
             ("base/E", 2, -2, 2), ("base/U", 3, 0, 0), ("base/E", 3, -1, 0), ("base/E", 3, -2, 2),
             ("base/U", 4, 0, 0)]


def test_medium_pays_for_the_king_when_it_is_worth_more_than_the_gift():
    """Closing Rouge's city gives him 8 points and Bleu the king, worth about 5
    at the end (5 cities, few tiles left for anyone to take it back): a swing
    of about 10 to Bleu. Without the King & Robber Baron term medium leaves
    the city alone (checked by hand: it plays (0,-2) then)."""
    from carcassonne_desktop.ai.levels import create_player

    order = tuple(t for t, *_ in LATE_KING) + ("base/E",) + ("base/V",) * 4
    game = Game(quick_setup(2, expansions=("base", "king_robber_baron"), tile_order=order,
                            options={"farmers": False}))
    for tile, x, y, rot in LATE_KING:
        knight = (tile, x, y) == ("base/J", -1, 0)
        _play(game, [_place(tile, x, y, rot),
                     {"type": "deploy", "figure": "follower", "x": x, "y": y, "port": "N"} if knight else PASS])
    assert game.turn_player == BLEU and title_of(game, "city") == Title(ROUGE, 2, 4)
    action = create_player("ai:medium", seed=0).choose(game)
    assert (action.x, action.y) == (-1, -2)  # closes Rouge's 3-tile city: the king


def test_the_city_of_carcassonne_counts_in_the_kings_tally_but_never_takes_the_title():
    """Issue 29 and ruling 63: the official clarification (11/2013) counts the
    City of Carcassonne when the king is scored; nobody laid its last tile, so
    it neither gives the king nor sets the record (12 cells would beat every
    city). Rouge's 2-tile city takes the king; the tally is 1 + 1."""
    states = _replay_steps("kr_count_city_of_carcassonne_in_the_kings_tally")
    assert title_of(states[1], "city") == Title(ROUGE, 2, 1)
    record = GameRecord.from_json(json.loads(
        (GOLDEN / "kr_count_city_of_carcassonne_in_the_kings_tally.json").read_text("utf-8")
    )["record"])
    kings = [e for _, e in record.replay().events if isinstance(e, PointsScored)
             and e.feature == KING]
    assert [(e.players, e.points, e.terms) for e in kings] == [
        ((ROUGE,), 2, (ScoreTerm("king_final", 1), ScoreTerm("king_start", 1)))]


def test_the_city_of_carcassonne_alone_gives_nobody_the_king():
    """No city completed in the game: nobody holds the king, so the City of
    Carcassonne scores for nobody (a title nobody holds scores nothing)."""
    game = Game(quick_setup(2, expansions=("base", "king_robber_baron", "count"),
                            tile_order=("base/B",)))
    game.apply(parse_action({"type": "place_tile", "tile": "base/B", "x": -1, "y": -2, "rot": 0}))
    game.apply(parse_action({"type": "pass"}))
    assert game.is_over and title_of(game, "city").holder is None
    assert game.scores == [0, 0] and not any("king" in b for b in game.breakdown)


def test_the_evaluation_counts_the_city_of_carcassonne_in_the_kings_worth():
    """Issue 29 for the computer players: the king's worth counts the City."""
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.ai.expansions.king_robber_baron import titles

    game = _replay_steps("kr_count_city_of_carcassonne_in_the_kings_tally")[1]
    without = game.copy()
    without.extension_state.pop("count.city")  # as if the City were no city
    assert game.start_cities() and not without.start_cities()
    totals, less = [0.0, 0.0], [0.0, 0.0]
    titles(Evaluator(game), game, totals)
    titles(Evaluator(without), without, less)
    assert totals[ROUGE] > less[ROUGE] + 0.5 and totals[BLEU] >= less[BLEU]

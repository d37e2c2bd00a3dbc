"""Heretics & Shrines (seed 003; seed 002): the placement rule (a shrine touches
at most one cloister and a cloister at most one shrine), the challenge and its
rulings, and the abbot on a shrine. The worked examples are golden records
(tests/golden_expansions/hs_challenge_*.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne_desktop.engine import Game, GameRecord, IllegalActionError, quick_setup
from carcassonne_desktop.engine.actions import parse_action
from carcassonne_desktop.engine.events import Event, FigureReturned, PointsScored
from carcassonne_desktop.engine.expansions.heretics_shrines import ChallengeLost, challenger

GOLDEN = Path(__file__).parent / "golden_expansions"
PASS = {"type": "pass"}


def place(tile: str, x: int, y: int, rot: int = 0) -> dict:
    return {"type": "place_tile", "tile": tile, "x": x, "y": y, "rot": rot}


def deploy(figure: str, x: int, y: int, port: str = "C") -> dict:
    return {"type": "deploy", "figure": figure, "x": x, "y": y, "port": port}


def game_of(order: list[str], *extra: str) -> Game:
    return Game(quick_setup(2, expansions=("base", "heretics_shrines", *extra),
                            tile_order=tuple(order)))


def play(game: Game, moves: list[dict]) -> list[Event]:
    events: list[Event] = []
    for move in moves:
        events.extend(game.apply(parse_action(move)))
    return events


def cells_offered(game: Game) -> set[tuple[int, int]]:
    return {(a.x, a.y) for a in game.legal_actions()}


# ----------------------------------------------------------------- placement
def test_a_shrine_may_not_touch_two_cloisters():
    game = game_of(["base/B", "base/U", "base/U", "base/B", "shrine/01"])
    play(game, [place("base/B", 0, 1), PASS, place("base/U", 1, 0), PASS,
                place("base/U", 2, 0), PASS, place("base/B", 2, 1), PASS])
    assert game.current_tile == "shrine/01"
    assert (1, 1) not in cells_offered(game)  # between the two cloisters
    assert (3, 1) in cells_offered(game)  # next to one cloister only: allowed
    with pytest.raises(IllegalActionError, match="more than one cloister"):
        game.apply(parse_action(place("shrine/01", 1, 1)))


def test_a_cloister_may_not_touch_two_shrines():
    game = game_of(["shrine/01", "base/U", "base/U", "shrine/01", "base/B"])
    play(game, [place("shrine/01", 0, 1), PASS, place("base/U", 1, 0), PASS,
                place("base/U", 2, 0), PASS, place("shrine/01", 2, 1), PASS])
    assert (1, 1) not in cells_offered(game)
    with pytest.raises(IllegalActionError, match="more than one shrine"):
        game.apply(parse_action(place("base/B", 1, 1)))


def test_no_second_shrine_next_to_a_cloister_that_already_touches_one():
    """Ruling: the rule is checked on the board as it would be after the tile."""
    game = game_of(["base/B", "shrine/01", "base/U", "shrine/01"])
    play(game, [place("base/B", 0, 1), PASS, place("shrine/01", 1, 1), PASS,
                place("base/U", -1, 0), PASS])
    assert (-1, 1) not in cells_offered(game)
    with pytest.raises(IllegalActionError, match=r"cloister at \(0, 1\) already touches a shrine"):
        game.apply(parse_action(place("shrine/01", -1, 1)))


def test_cloisters_next_to_cloisters_and_tiles_without_either_are_not_limited():
    game = game_of(["base/B", "base/B", "base/B"])
    play(game, [place("base/B", 0, 1), PASS, place("base/B", 1, 1), PASS])
    assert {(-1, 1), (2, 1), (0, 2), (1, 2)} <= cells_offered(game)


# ----------------------------------------------------------------- challenge
def golden_events(name: str) -> tuple[Game, list[Event]]:
    record = GameRecord.from_json(json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))["record"])
    game = Game(record.setup)
    events: list[Event] = []
    for action in record.actions:
        events.extend(game.apply(action))
    return game, events


def test_the_loser_goes_home_with_nothing_and_the_log_says_why():
    game, events = golden_events("hs_challenge_monk_wins")
    lost = [e for e in events if isinstance(e, ChallengeLost)]
    assert lost == [ChallengeLost(1, "shrine", 1, 1, 0, 1)]
    index = events.index(lost[0])
    assert isinstance(events[index + 1], FigureReturned) and events[index + 1].player == 1
    assert game.supply[1]["follower"] == 7
    assert not any(isinstance(e, PointsScored) and e.feature == "shrine" for e in events)


SAME_TILE = [
    ("base/B", 0, 1, 0), ("shrine/01", 1, 1, 0), ("base/U", -1, 0, 0), ("base/U", 1, 0, 0),
    ("base/U", 2, 0, 0), ("base/E", -1, 1, 3), ("base/E", -1, 2, 3), ("base/E", 0, 2, 2),
    ("base/E", 2, 1, 1), ("base/E", 2, 2, 1), ("base/E", 1, 2, 2),
]


def _same_tile_game(*extra: str, monk: str = "follower", heretic: str = "follower") -> tuple[Game, list[dict]]:
    game = game_of([t for t, *_ in SAME_TILE], *extra)
    moves = []
    for i, (tile, x, y, rot) in enumerate(SAME_TILE):
        moves.append(place(tile, x, y, rot))
        moves.append(deploy(monk, x, y) if i == 0 else deploy(heretic, x, y) if i == 1 else PASS)
    return game, moves


def test_both_completed_by_the_same_tile_both_score_and_nobody_loses():
    """Ruling: the challenge has no loser when one tile completes both."""
    game, moves = _same_tile_game()
    events = play(game, moves)
    scored = sorted((e.feature, e.players, e.points) for e in events if isinstance(e, PointsScored))
    assert scored == [("cloister", (0,), 9), ("shrine", (1,), 9)]
    assert not any(isinstance(e, ChallengeLost) for e in events)


def test_the_abbot_may_stand_on_a_shrine_and_loses_a_challenge_like_a_heretic():
    """Ruling: an abbot on a cloister or a shrine takes part in the challenge."""
    game, moves = _same_tile_game("abbot", heretic="abbot")
    play(game, moves[:3])
    assert parse_action(deploy("abbot", 1, 1)) in game.legal_actions()
    play(game, moves[3:4])
    assert challenger(game, game.find(game.board[(0, 1)][1] + 0)) is not None
    # complete the cloister first: (0,2) is in both neighbourhoods, so finish
    # the cloister's own column before the shared cells
    rest = [("base/U", -1, 0, 0), ("base/E", -1, 1, 3), ("base/E", -1, 2, 3),
            ("base/U", 1, 0, 0), ("base/E", 1, 2, 2), ("base/E", 0, 2, 2)]
    game2 = game_of(["base/B", "shrine/01"] + [t for t, *_ in rest], "abbot")
    events = play(game2, [place("base/B", 0, 1), deploy("follower", 0, 1),
                          place("shrine/01", 1, 1), deploy("abbot", 1, 1)]
                  + [m for t, x, y, r in rest for m in (place(t, x, y, r), PASS)])
    # the event names the figure sent home: the log says "abbot", not "heretic"
    assert [e for e in events if isinstance(e, ChallengeLost)] == [
        ChallengeLost(1, "shrine", 1, 1, 0, 1, "abbot")]
    assert game2.supply[1]["abbot"] == 1
    assert game2.breakdown[0]["cloister"] == 9


def test_recalling_an_abbot_decides_no_challenge():
    """Ruling: a recall is not a completion; the rival stays and scores later."""
    order = ["base/B", "shrine/01", "base/U", "base/U"]
    game = game_of(order, "abbot")
    events = play(game, [place("base/B", 0, 1), deploy("abbot", 0, 1),
                         place("shrine/01", 1, 1), deploy("follower", 1, 1),
                         place("base/U", -1, 0), {"type": "recall", "figure": "abbot", "x": 0, "y": 1}])
    assert not any(isinstance(e, ChallengeLost) for e in events)
    assert game.breakdown[0]["cloister"] == 1 + 3  # (0,0), (-1,0), (1,1)
    assert any(f.figure == "follower" and (f.x, f.y) == (1, 1) for f in game.figures_on_board())


def test_followers_may_stand_on_a_shrine_and_it_scores_like_a_cloister():
    game = game_of(["shrine/01"])
    play(game, [place("shrine/01", 0, 1), deploy("follower", 0, 1)])
    assert game.is_over
    assert game.breakdown[0]["shrine"] == 1 + 1  # the start tile


# ------------------------------------------------------------ computer players
def test_the_race_favours_the_side_waiting_for_fewer_cells():
    from carcassonne_desktop.ai.expansions.heretics_shrines import first_chance

    assert first_chance(3, 3) == pytest.approx(0.5)
    assert first_chance(5, 1) > 0.9 > 0.1 > first_chance(1, 5)


def test_the_evaluation_takes_away_what_a_losing_side_would_score():
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.ai.expansions.heretics_shrines import challenges

    record = GameRecord.from_json(
        json.loads((GOLDEN / "hs_challenge_monk_wins.json").read_text("utf-8"))["record"])
    game = Game(record.setup)
    for action in record.actions[:12]:  # the cloister waits for 2 cells, the shrine for 4
        game.apply(action)
    totals = [0.0, 0.0]
    challenges(Evaluator(game), game, totals)
    assert totals[1] < totals[0] <= 0.0  # the heretic is the likelier loser


def test_medium_keeps_its_monk_out_of_a_challenge_it_would_lose():
    """Bleu's heretic waits for two cells; Rouge's cloister could go at (0,1),
    the best-surrounded spot, but its monk would race a shrine nearly done.
    Without the Heretics & Shrines term medium puts it there."""
    from carcassonne_desktop.ai.levels import create_player

    order = ["base/U", "shrine/01", "base/U", "base/E", "base/E", "base/E", "base/B"] + ["base/V"] * 10
    game = game_of(order)
    play(game, [place("base/U", 1, 0), PASS, place("shrine/01", 1, 1), deploy("follower", 1, 1),
                place("base/U", 2, 0), PASS, place("base/E", 2, 1, 1), PASS,
                place("base/E", 2, 2, 1), PASS, place("base/E", 1, 2, 2), PASS])
    player = create_player("ai:medium", seed=0)
    tile = player.choose(game)
    game.apply(tile)
    figure = player.choose(game)
    assert not ((tile.x, tile.y) == (0, 1) and figure.type == "deploy" and figure.port == "C")


@pytest.mark.parametrize("tile,bonus", [("shrine/01", 0), ("base/B", 3)])
def test_vineyards_reward_cloisters_not_shrines(tile, bonus):
    """Ruling: Hills & Sheep's vineyards name the cloister only."""
    game = game_of([tile, "hs/01"], "hills_sheep")
    play(game, [place(tile, 0, 1), PASS, place("hs/01", 1, 1), PASS])
    root = game.find(game.board[(0, 1)][1])  # the centre feature is the tile's first
    feature = game.features[root]
    assert feature.open == 6
    assert game.feature_value(feature, True) == 3 + bonus

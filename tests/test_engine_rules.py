"""Rules of the base game, one behaviour per test, on forced draws."""

from __future__ import annotations

import pytest

from carcassonne_desktop.engine import (
    PASS,
    Deploy,
    Game,
    GameSetup,
    IllegalActionError,
    PlaceTile,
    PlayerSetup,
    SetupError,
    quick_setup,
)
from carcassonne_desktop.engine.events import (
    FigureReturned,
    GameOver,
    PointsScored,
    TileDiscarded,
)


def forced(order, players=2, **options):
    return Game(quick_setup(players, tile_order=tuple(order), options=options))


def test_start_tile_is_placed_at_origin_and_the_first_tile_is_drawn():
    game = forced(["base/U"])
    assert game.placed_tiles() == {(0, 0): ("base/D", 0)}
    assert game.current == 0 and game.current_tile == "base/U"
    assert set(game.frontier) == {(0, -1), (1, 0), (0, 1), (-1, 0)}


def test_legal_placements_match_every_edge():
    game = forced(["base/U"])
    placements = {(a.x, a.y, a.rot) for a in game.legal_actions()}
    # U is a straight road E-W: east and west of the start it continues the road
    # (rot 0 or 2); north is the city edge (no), south is field (road along it: rot 0/2).
    assert placements == {(1, 0, 0), (1, 0, 2), (-1, 0, 0), (-1, 0, 2), (0, 1, 0), (0, 1, 2)}


def test_illegal_placement_is_refused_with_a_reason_and_changes_nothing():
    game = forced(["base/U"])
    before = game.state_key()
    with pytest.raises(IllegalActionError, match="edge"):
        game.apply(PlaceTile(0, -1, 0, "base/U"))
    with pytest.raises(IllegalActionError, match="does not touch"):
        game.apply(PlaceTile(5, 5, 0, "base/U"))
    with pytest.raises(IllegalActionError, match="already holds"):
        game.apply(PlaceTile(0, 0, 0, "base/U"))
    with pytest.raises(IllegalActionError, match="not in hand"):
        game.apply(PlaceTile(1, 0, 0, "base/V"))
    assert game.state_key() == before


def test_placement_may_omit_the_tile_when_only_one_is_in_hand():
    game = forced(["base/U"])
    game.apply(PlaceTile(1, 0, 0))
    assert game.history[0] == PlaceTile(1, 0, 0, "base/U")


def test_road_of_three_scores_three_when_completed_and_follower_returns():
    game = forced(["base/W", "base/W"])
    game.apply(PlaceTile(1, 0, 0, "base/W"))
    game.apply(Deploy("follower", 1, 0, "W"))
    assert game.supply[0]["follower"] == 6
    game.apply(PlaceTile(-1, 0, 0, "base/W"))
    events = game.apply(PASS)
    scored = [e for e in events if isinstance(e, PointsScored) and e.reason == "completed"]
    assert scored == [PointsScored((0,), 3, "road", ((-1, 0), (0, 0), (1, 0)), "completed")]
    assert any(isinstance(e, FigureReturned) for e in events)
    assert game.is_over
    assert game.scores == [3, 0]
    assert game.supply[0]["follower"] == 7


def test_follower_scores_in_the_turn_it_is_deployed():
    game = forced(["base/W", "base/W"])
    game.apply(PlaceTile(1, 0, 0, "base/W"))
    game.apply(PASS)
    game.apply(PlaceTile(-1, 0, 0, "base/W"))
    game.apply(Deploy("follower", -1, 0, "E"))
    assert game.scores == [0, 3]
    assert game.supply[1]["follower"] == 7


def test_two_tile_city_scores_four_or_two_with_the_first_edition_option():
    for option, points in ((False, 4), (True, 2)):
        game = forced(["base/E"], small_city_2pts=option)
        game.apply(PlaceTile(0, -1, 2, "base/E"))
        game.apply(Deploy("follower", 0, -1, "S"))
        assert game.breakdown[0] == {"city": points}


def test_only_a_free_feature_takes_a_follower():
    game = forced(["base/U", "base/U"])
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy("follower", 1, 0, "E"))
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    ports = {a.port for a in game.legal_actions() if isinstance(a, Deploy)}
    assert "E" not in ports and "W" not in ports  # the road already has a follower
    with pytest.raises(IllegalActionError, match="occupied"):
        game.apply(Deploy("follower", -1, 0, "W"))
    # fields of the new tile are free (the farmers' fields are separate here)
    assert {"NW", "SE"} <= ports or {"NE", "ES"} & ports


def test_deploy_any_port_of_a_feature_names_it():
    game = forced(["base/U"])
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy("follower", 1, 0, "E"))  # canonical port is "E", "W" also names it
    assert game.figures_on_board()[0].port == "E"
    game2 = forced(["base/U"])
    game2.apply(PlaceTile(1, 0, 0, "base/U"))
    game2.apply(Deploy("follower", 1, 0, "W"))
    assert game2.figures_on_board() == game.figures_on_board()


def test_followers_only_on_the_tile_just_placed():
    game = forced(["base/U"])
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    with pytest.raises(IllegalActionError, match="tile just placed"):
        game.apply(Deploy("follower", 0, 0, "E"))


def test_farmers_option_off_forbids_fields_and_field_scoring():
    game = forced(["base/E"], farmers=False)
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    assert all(a.port in ("S",) for a in game.legal_actions() if isinstance(a, Deploy))


def test_farmer_scores_three_per_completed_city_at_the_end():
    game = forced(["base/E"])
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    game.apply(Deploy("follower", 0, -1, "NW"))
    assert game.is_over
    assert game.breakdown[0] == {"field": 3}
    assert game.figures_on_board()[0].feature == "field"


def test_incomplete_features_score_at_the_end():
    game = forced(["base/U", "base/B"])
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy("follower", 1, 0, "E"))
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    events = game.apply(Deploy("follower", 0, 1, "C"))
    finals = [e for e in events if isinstance(e, PointsScored)]
    assert [(e.players, e.points, e.feature, e.reason) for e in finals] == [
        ((0,), 2, "road", "final"),
        ((1,), 3, "cloister", "final"),  # 1 + (0, 0) + (1, 0)
    ]
    assert isinstance(events[-1], GameOver)
    assert events[-1].winners == (1,)


def test_unplaceable_tile_goes_back_in_the_box_and_another_is_drawn():
    setup = GameSetup(
        players=(PlayerSetup("A", "red"), PlayerSetup("B", "blue")),
        start_tile="base/C",
        tile_order=("base/B", "base/E"),
    )
    game = Game(setup)
    assert any(isinstance(e, TileDiscarded) and e.tile == "base/B" for e in game.opening_events)
    assert game.current_tile == "base/E" and game.current == 0


def test_game_ends_when_the_last_tile_cannot_be_placed():
    setup = GameSetup(
        players=(PlayerSetup("A", "red"), PlayerSetup("B", "blue")),
        start_tile="base/C",
        tile_order=("base/B",),
    )
    game = Game(setup)
    assert any(isinstance(e, TileDiscarded) for e in game.opening_events)
    assert isinstance(game.opening_events[-1], GameOver)
    assert game.is_over
    assert len(game.legal_actions()) == 0
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(PASS)


def test_hand_of_three_offers_every_tile_in_hand_and_refills():
    game = Game(quick_setup(2, seed=3, options={"hand_of_3": True}))
    assert all(len(hand) == 3 for hand in game.hands)
    offered = {a.tile for a in game.legal_actions()}
    assert offered == set(game.hand)
    tile = game.hand[1]
    action = next(a for a in game.legal_actions() if a.tile == tile)
    game.apply(action)
    game.apply(PASS)
    assert len(game.hands[0]) == 3
    assert game.tiles_left() == 71 - 7


def test_hand_of_three_plays_every_tile():
    import random

    game = Game(quick_setup(3, seed=9, options={"hand_of_3": True}))
    rng = random.Random(1)
    placed = 0
    while not game.is_over:
        actions = game.legal_actions()
        action = actions[rng.randrange(len(actions))]
        placed += isinstance(action, PlaceTile)
        game.apply(action)
    assert not any(game.hands)
    assert len(game.board) == 1 + placed


@pytest.mark.parametrize("count", [1, 9])
def test_player_count_outside_2_to_8_is_refused(count):
    players = tuple(PlayerSetup(f"P{i}", "red") for i in range(count))
    with pytest.raises(SetupError, match="2 to 8"):
        Game(GameSetup(players=players))


def test_eight_players_have_seven_followers_each():
    game = Game(quick_setup(8, seed=1))
    assert [s["follower"] for s in game.supply] == [7] * 8


def test_unknown_option_and_expansion_are_refused():
    with pytest.raises(SetupError, match="unknown option"):
        Game(quick_setup(2, options={"dragons": True}))
    with pytest.raises(SetupError, match="unknown expansion"):
        Game(quick_setup(2, expansions=("base", "space_station")))
    with pytest.raises(SetupError, match="must be bool"):
        Game(quick_setup(2, options={"farmers": 1}))


def test_the_whole_box_is_played_in_a_normal_game():
    import random

    game = Game(quick_setup(2, seed=4))
    assert game.tiles_left() == 70  # 72 minus the start tile minus the drawn tile
    rng = random.Random(4)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    assert len(game.board) + sum(
        1 for a in game.history if isinstance(a, PlaceTile)
    ) - len(game.board) + 1 <= 72
    assert len(game.board) <= 72


def test_same_seed_same_game():
    import random

    def play(seed):
        game = Game(quick_setup(3, seed=seed))
        rng = random.Random(0)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        return game.state_key()

    assert play(11) == play(11)
    assert play(11) != play(12)

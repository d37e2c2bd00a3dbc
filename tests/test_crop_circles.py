"""Crop Circles (seed 001 "Les Agroglyphes", seed 004 step 4A; issue 26):
tile data against the reference, the placer's choice, the round from the
placer's left with the placer last, who is asked, which figures count, and
records the rules refuse. The worked examples are golden records
(tests/golden_expansions/cc_*)."""

from __future__ import annotations

import random

import pytest

from carcassonne_desktop.engine import (
    PASS,
    Deploy,
    Game,
    GameRecord,
    GameSetup,
    PlaceTile,
    PlayerSetup,
    RecordError,
)
from carcassonne_desktop.engine.actions import Remove
from carcassonne_desktop.engine.catalogue import load_tile_file
from carcassonne_desktop.engine.expansions.crop_circles import (
    CROP_CIRCLE,
    DEPLOY_ASK,
    REMOVE_ASK,
    CropCircleChoice,
    CropCircleChosen,
    CropCirclePassed,
    is_follower,
)
from carcassonne_desktop.engine.setup import quick_setup
from tests.test_catalogue import REFERENCE, assert_matches_reference, assert_tile_consistent

COLOURS = ("red", "blue", "green")
#: Three players: P0 a road follower at (-1,0), P1 one at (0,1), P2 none;
#: P0 then places the road circle at (1,0) (its road S-W joins both roads)
#: and deploys on the circle tile's road E.
ROAD_ORDER = ("base/U", "base/V", "base/V", "crop2/01", "base/U")


def _game(expansions=(), order=ROAD_ORDER, players=3, **options) -> Game:
    return Game(GameSetup(
        players=tuple(PlayerSetup(f"P{i}", COLOURS[i]) for i in range(players)),
        expansions=("base", "crop_circles", *expansions), options=options, seed=3,
        start_tile="base/D", tile_order=order))


def _to_the_circle(game: Game, first_figure: str = "follower") -> Game:
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(Deploy(first_figure, -1, 0, "E"))
    game.apply(PlaceTile(0, 1, 3, "base/V"))
    game.apply(Deploy("follower", 0, 1, "E"))
    game.apply(PlaceTile(1, 1, 1, "base/V"))
    game.apply(PASS)
    game.apply(PlaceTile(1, 0, 0, "crop2/01"))
    game.apply(Deploy("follower", 1, 0, "E"))
    return game


def test_crop_circles_data_matches_the_reference():
    if not REFERENCE.exists():
        pytest.skip("shared reference catalogue not beside the repository")
    assert_matches_reference("crop_circles.json", "crop_circles.json", "crop_circles")


def test_crop_circles_six_tiles_two_of_each_type():
    tiles = load_tile_file("crop_circles.json", "crop_circles")
    assert sum(t.count for t in tiles) == 6
    for tile in tiles:
        assert_tile_consistent(tile)
    types = sorted(t.flags["crop_circle"] for t in tiles)
    assert types == ["city", "city", "field", "field", "road", "road"]


def test_crop_circle_placer_chooses_after_the_scoring():
    game = _to_the_circle(_game())
    assert game.pending_kind == CROP_CIRCLE and game.deciding_player == 0
    assert list(game.legal_actions()) == [CropCircleChoice("deploy"), CropCircleChoice("remove")]


def test_crop_circle_round_from_the_placers_left_placer_last_skipping_none():
    game = _to_the_circle(_game())
    events = game.apply(CropCircleChoice("remove"))
    assert CropCircleChosen(0, 1, 0, "road", "remove") in events
    asked = []
    while game.pending_kind == REMOVE_ASK:
        asked.append(game.deciding_player)
        game.apply(game.legal_actions()[0])
    assert asked == [1, 0]  # P2 has no road follower: not asked
    assert game.pending_kind == "place_tile" and game.turn_player == 1


def test_crop_circle_deploy_beside_own_follower_only():
    game = _to_the_circle(_game())
    game.apply(CropCircleChoice("deploy"))
    assert game.pending_kind == DEPLOY_ASK and game.deciding_player == 1
    legal = list(game.legal_actions())
    assert legal == [Deploy("follower", 0, 1, "E"), PASS]  # P1's own road, not P0's
    assert game.pending.optional
    supply = game.supply[1]["follower"]
    game.apply(legal[0])
    assert game.supply[1]["follower"] == supply - 1
    # P0 chooses among their two road followers' spots (two roads)
    assert game.deciding_player == 0
    spots = {(a.x, a.y, a.port) for a in game.legal_actions() if isinstance(a, Deploy)}
    assert spots == {(-1, 0, "E"), (1, 0, "E")}


def test_crop_circle_deploy_elsewhere_is_refused_with_a_reason():
    game = _to_the_circle(_game())
    game.apply(CropCircleChoice("deploy"))
    record = GameRecord.from_game(game).to_json()
    record["actions"].append(Deploy("follower", -1, 0, "E").to_json())  # P0's road, P1 asks
    with pytest.raises(RecordError) as error:
        GameRecord.from_json(record).replay()
    assert error.value.action_index == len(record["actions"]) - 1


def test_crop_circle_remove_is_not_optional():
    game = _to_the_circle(_game())
    game.apply(CropCircleChoice("remove"))
    assert not game.pending.optional
    assert PASS not in list(game.legal_actions())


def test_crop_circle_large_follower_counts_and_may_be_deployed():
    game = _to_the_circle(_game(("inns_cathedrals",)), first_figure="large_follower")
    game.apply(CropCircleChoice("remove"))
    game.apply(game.legal_actions()[0])  # P1
    removable = set(game.legal_actions())
    assert Remove(-1, 0, "E", "large_follower") in removable
    assert Remove(1, 0, "E", "follower") in removable
    game = _to_the_circle(_game(("inns_cathedrals",)))
    game.apply(CropCircleChoice("deploy"))
    figures = {a.figure for a in game.legal_actions() if isinstance(a, Deploy)}
    assert figures == {"follower", "large_follower"}


def test_crop_circle_follower_types_exclude_special_and_neutral_figures():
    game = Game(quick_setup(2, expansions=("base", "crop_circles", "inns_cathedrals", "abbot",
                                           "traders_builders", "hills_sheep", "mage_witch")))
    followers = {f.name for f in game.rules.figures if is_follower(f)}
    assert followers == {"follower", "large_follower", "abbot"}
    # the abbot is a follower, but stands on no road, city or field
    assert not ({"road", "city", "field"} & game.rules.figure_by_name["abbot"].kinds)


def test_crop_circle_nobody_with_such_a_follower_no_question():
    game = _game(order=("base/U", "crop2/01", "base/U"), players=2)
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(1, 0, 0, "crop2/01"))
    game.apply(PASS)
    assert game.pending_kind == "place_tile"


def test_crop_circle_random_games_replay_equal():
    for seed in range(4):
        game = Game(quick_setup(2 + seed % 3, seed=seed,
                                expansions=("base", "crop_circles", "inns_cathedrals",
                                            "traders_builders", "count")))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(list(game.legal_actions())))
        assert GameRecord.from_game(game).replay().game.state_key() == game.state_key()


def test_crop_circle_removed_follower_takes_its_builder_home():
    """Ruling CC7: Rouge's builder stands on her road with her follower; Bleu's
    road circle joins that road and Bleu chooses remove: Rouge's follower goes
    home and her builder with it."""
    game = _game(("traders_builders",), order=("base/U", "base/U", "base/U", "crop2/01",
                                               "base/U"), players=2)
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(Deploy("follower", -1, 0, "E"))
    game.apply(PlaceTile(0, 1, 0, "base/U"))  # Bleu, away from the road
    game.apply(PASS)
    game.apply(PlaceTile(-2, 0, 0, "base/U"))
    game.apply(Deploy("builder", -2, 0, "E"))
    assert game.supply[0]["builder"] == 0
    game.apply(PlaceTile(1, 0, 0, "crop2/01"))  # Bleu joins Rouge's road
    game.apply(PASS)
    game.apply(CropCircleChoice("remove"))
    assert game.pending.kind == REMOVE_ASK and game.deciding_player == 0
    game.apply(Remove(-1, 0, "E", "follower"))
    assert game.supply[0]["builder"] == 1 and game.supply[0]["follower"] == 7


def test_crop_circle_builders_second_tile_brings_its_own_round():
    """Ruling CC6: Rouge's first tile (a road circle) extends the road of her
    builder, so she plays a second tile, another road circle: each tile's
    circle is asked after its own scoring step."""
    game = _game(("traders_builders",), order=(
        "base/U", "base/U", "base/U", "base/U", "crop2/02", "crop2/01", "base/U"), players=2)
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(Deploy("follower", -1, 0, "E"))
    game.apply(PlaceTile(0, 1, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(-2, 0, 0, "base/U"))
    game.apply(Deploy("builder", -2, 0, "E"))
    game.apply(PlaceTile(0, 2, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(-3, 0, 0, "crop2/02"))  # its road E extends the builder's road
    game.apply(PASS)
    assert game.pending_kind == CROP_CIRCLE and game.pending.subject[:2] == (-3, 0)
    game.apply(CropCircleChoice("deploy"))
    passed = game.apply(PASS)  # Rouge alone has a road follower; she passes
    assert [e for e in passed if isinstance(e, CropCirclePassed)] == [
        CropCirclePassed(0, "road")]  # the log's line comes from this event
    assert game.pending_kind == "place_tile" and game.turn_player == 0  # the second tile
    game.apply(PlaceTile(1, 0, 0, "crop2/01"))
    game.apply(PASS)
    assert game.pending_kind == CROP_CIRCLE and game.pending.subject[:2] == (1, 0)

"""The Wheel of Fortune (seed 000 p.14-15, summary p.20): the board against
the reference, the icon copies, the turning wheel, the crown, the plague,
and the rulings of docs/rulings.md ("The Wheel of Fortune") with the other
expansions. Golden records: tests/golden_expansions/wof_*.json."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from carcassonne_desktop.engine import (
    PASS,
    Deploy,
    Game,
    GameRecord,
    GameSetup,
    IllegalActionError,
    PlaceTile,
    PlayerSetup,
)
from carcassonne_desktop.engine.actions import DeployToArea, parse_action
from carcassonne_desktop.engine.events import PointsScored
from carcassonne_desktop.engine.expansions.wheel_of_fortune import (
    PLAGUE,
    WHEEL,
    Remove,
    WheelTurned,
    pig_section,
    wheel_data,
)
from carcassonne_desktop.engine.geometry import DELTAS, EDGE_HALVES
from tests.test_catalogue import REFERENCE

WOF = "wheel_of_fortune"
NAMES = ("Bleu", "Rouge", "Vert")


def setup(*expansions: str, order=None, players=2, seed=1, **options) -> GameSetup:
    return GameSetup(
        players=tuple(PlayerSetup(n, c) for n, c in zip(NAMES[:players], ("blue", "red", "green"))),
        expansions=("base", WOF, *expansions),
        options=options,
        seed=seed,
        tile_order=tuple(order) if order is not None else None,
    )


def wheel_points(events) -> list[tuple[tuple[int, ...], int, str, str]]:
    return [(e.players, e.points, e.feature, e.reason) for e in events
            if isinstance(e, PointsScored) and e.feature in (WHEEL, "crown")]


# ------------------------------------------------------------------ the board
def test_board_replaces_the_start_tile_and_its_perimeter_is_the_references():
    game = Game(setup())
    placed = game.placed_tiles()
    assert len(placed) == 16 and placed[(0, 0)] == ("wof/board_11", 0)
    assert {tile for tile, _ in placed.values()} == {f"wof/board_{i:02d}" for i in range(1, 17)}
    # The 16 outer edges, by kind, and the features they belong to.
    kinds: Counter[str] = Counter()
    features: dict[str, set[int]] = {"road": set(), "city": set(), "field": set()}
    for (x, y), (rotated, base) in game.board.items():
        for side, (dx, dy) in enumerate(DELTAS):
            if (x + dx, y + dy) in game.board:
                continue
            kind = rotated.edges[side]
            kinds[kind] += 1
            for local, ports in enumerate(rotated.feature_ports):
                spec = rotated.tile.features[local]
                if spec.kind == kind and any(p == side or (p >= 4 and _on_side(p, side))
                                             for p in ports):
                    features[kind].add(game.find(base + local))
    assert kinds == {"road": 3, "city": 4, "field": 9}
    assert {k: len(v) for k, v in features.items()} == {"road": 3, "city": 3, "field": 3}
    for root in features["field"]:  # each outer field borders one of the three cities
        cities = {game.find(c) for c in game.features[root].cities}
        assert len(cities) == 1 and cities <= features["city"]
    if REFERENCE.exists():
        reference = json.loads((REFERENCE / "wheel_of_fortune.json").read_text("utf-8"))
        perimeter = reference["start_board"]["perimeter"]
        sides = ("north_west_to_east", "east_north_to_south", "south_west_to_east",
                 "west_north_to_south")
        assert Counter(k for s in sides for k in perimeter[s]) == kinds


def _on_side(port: int, side: int) -> bool:
    return port in EDGE_HALVES[side]


def test_the_wheel_ends_roads_and_nobody_stands_on_it():
    game = Game(setup(order=["base/U"]))
    roads = {game.find(base + local) for (rotated, base) in game.board.values()
             for local, spec in enumerate(rotated.tile.features) if spec.kind == "road"}
    assert len(roads) == 3
    for root in roads:
        assert len(game.features[root].tiles) == 1 and game.features[root].open == 1
    game.apply(PlaceTile(0, -3, 1, "base/U"))
    assert all(game.feature_kind_for(a.figure, a.x, a.y, a.port) != WHEEL
               for a in game.legal_actions() if isinstance(a, Deploy))


def test_bag_holds_the_base_tiles_without_the_start_tile_and_the_twelve():
    game = Game(setup(seed=3))
    drawn = [game.current_tile, *game.bag]
    assert len(drawn) == 71 + 12
    icons = Counter(game.rules.catalogue[t].flags.get(WHEEL) for t in drawn)
    del icons[None]
    assert icons == {1: 11, 2: 5, 3: 3}  # 16 base icons and 3 on the wheel's tiles
    designs = Counter(game.rules.catalogue[t].raw.get("design_of", t) for t in drawn)
    assert designs["base/U"] == 7 and designs["base/V"] == 8 and designs["base/X"] == 1


def test_icons_are_dealt_at_random_among_the_copies():
    firsts = set()
    for seed in range(12):
        bag = Game(setup(seed=seed)).bag[::-1]
        firsts.add(next(t for t in bag if t.startswith("wof/base_U")))
    assert len(firsts) > 1


# ----------------------------------------------------------------- the wheel
def test_the_pig_moves_when_an_icon_tile_is_drawn_before_it_is_placed():
    game = Game(setup(order=["base/B", "wof/base_V_2", "base/B"]))
    assert pig_section(game) == "fortune"
    events = game.apply(PlaceTile(2, 1, 0, "base/B"))
    events += game.apply(PASS)
    turned = [e for e in events if isinstance(e, WheelTurned)]
    assert turned == [WheelTurned(1, "wof/base_V_2", 2, "fortune", "famine")]
    assert pig_section(game) == "famine" and game.pending_kind == "place_tile"
    assert game.neutral_figures["wheel_pig"] == (WHEEL, "famine")


def test_wheel_turns_only_for_a_tile_that_will_be_placed():
    """Ruling: an icon tile that fits nowhere goes back in the box without
    turning the wheel (the three road ends are closed, so the crossroads
    fits nowhere)."""
    order = ["base/A", "base/A", "base/A", "wof/base_X_1", "base/B"]
    game = Game(setup(order=order))
    game.apply(PlaceTile(0, -3, 0, "base/A"))
    game.apply(PASS)
    game.apply(PlaceTile(-3, -1, 3, "base/A"))
    game.apply(PASS)
    game.apply(PlaceTile(1, 2, 2, "base/A"))
    events = game.apply(PASS)
    assert [e.kind for e in events if e.kind in ("tile_discarded", "wheel_turned")] == [
        "tile_discarded"]
    assert pig_section(game) == "fortune" and game.current_tile == "base/B"


def test_hand_of_three_turns_the_wheel_for_the_tile_played():
    game = Game(setup(order=["base/B", "wof/base_U_3", "base/B", "base/B", "base/B", "base/B",
                             "base/B"], hand_of_3=True))
    assert sorted(game.hand) == ["base/B", "base/B", "wof/base_U_3"]
    events = game.apply(PlaceTile(2, 1, 0, "base/B"))
    assert pig_section(game) == "fortune" and not any(isinstance(e, WheelTurned) for e in events)
    game.apply(PASS)
    game.apply(PlaceTile(-3, 0, 0, "base/B"))
    game.apply(PASS)
    events = game.apply(PlaceTile(0, -3, 1, "wof/base_U_3"))
    assert [e.section for e in events if isinstance(e, WheelTurned)] == ["storm"]
    assert game.pending_kind == "figure"


# ----------------------------------------------------------------- the crown
def test_crown_spaces_are_offered_instead_of_a_figure_one_follower_each():
    game = Game(setup(order=["base/B", "base/B", "base/B"]))
    game.apply(PlaceTile(2, 1, 0, "base/B"))
    crowns = [a for a in game.legal_actions() if isinstance(a, DeployToArea)]
    assert sorted(a.slot for a in crowns) == sorted(wheel_data().crown_xy)
    game.apply(DeployToArea("follower", WHEEL, "crown_4"))
    assert game.area_figures == {(WHEEL, "crown_4"): ((0, "follower"),)}
    game.apply(PlaceTile(-3, 0, 0, "base/B"))
    slots = {a.slot for a in game.legal_actions() if isinstance(a, DeployToArea)}
    assert "crown_4" not in slots and len(slots) == 8
    with pytest.raises(IllegalActionError):
        game.apply(DeployToArea("follower", WHEEL, "crown_4"))


def test_the_abbot_never_goes_on_the_crown_the_large_follower_may():
    game = Game(setup("abbot", "inns_cathedrals", order=["base/B", "base/B"]))
    game.apply(PlaceTile(2, 1, 0, "base/B"))
    figures = {a.figure for a in game.legal_actions() if isinstance(a, DeployToArea)}
    assert figures == {"follower", "large_follower"}


# ---------------------------------------------------------------- the plague
def _plague_game() -> Game:
    """Three players; the record of wof_plague_each_player_in_turn up to the
    plague (Rouge has a road follower and a monk, Vert nothing on the land,
    Bleu a monk and two followers on the Plague crowns)."""
    path = "tests/golden_expansions/wof_plague_each_player_in_turn.json"
    with open(path, encoding="utf-8") as f:
        record = GameRecord.from_json(json.load(f)["record"])
    return record.replay(upto=14).game


def test_plague_asks_the_active_player_first_then_clockwise_skipping_players_without():
    game = _plague_game()
    assert game.pending.kind == PLAGUE and game.pending.player == 1 and game.turn_player == 1
    assert set(game.legal_actions()) == {Remove(-3, -1, "E", "follower"), Remove(-3, 0, "C", "follower")}
    game.apply(Remove(-3, 0, "C"))
    assert game.pending.kind == PLAGUE and game.pending.player == 0  # Vert skipped
    assert list(game.legal_actions()) == [Remove(2, 1, "C", "follower")]  # not the crowns
    with pytest.raises(IllegalActionError, match="plague"):
        game.apply(Remove(-3, -1, "E"))
    events = game.apply(Remove(2, 1, "C"))
    assert wheel_points(events) == [((0,), 3, "crown", "plague")] * 2
    assert game.pending_kind == "place_tile" and game.supply[0]["follower"] == 7


def test_remove_action_round_trips_with_and_without_the_figure():
    action = parse_action({"type": "remove", "x": 2, "y": -1, "port": "N"})
    assert action == Remove(2, -1, "N") and action.figure is None
    assert parse_action(Remove(2, -1, "N", "abbot").to_json()).figure == "abbot"
    with pytest.raises(Exception, match="port"):
        parse_action({"type": "remove", "x": 2, "y": -1, "port": "Q"})


def test_plague_takes_the_builder_and_pig_home_with_the_last_follower():
    order = ["base/F", "base/F", "base/F", "wof/base_U_3", "wof/base_U_2", "base/B"]
    game = Game(setup("traders_builders", order=order))
    game.apply(PlaceTile(2, -1, 1, "base/F"))
    game.apply(Deploy("follower", 2, -1, "N"))  # Bleu's knight
    game.apply(PlaceTile(2, 1, 1, "base/F"))
    game.apply(PASS)
    game.apply(PlaceTile(2, -2, 1, "base/F"))
    game.apply(Deploy("builder", 2, -2, "N"))  # Bleu's builder joins the knight
    game.apply(PlaceTile(0, -3, 1, "wof/base_U_3"))  # Rouge: Fortune -> Storm
    game.apply(PASS)
    assert pig_section(game) == "plague" and game.pending.kind == PLAGUE  # Bleu: Storm -> Plague
    events = game.apply(Remove(2, -1, "S"))  # the port its deploy was recorded with
    returned = [(e.player, e.figure) for e in events if e.kind == "figure_returned"]
    assert returned == [(0, "follower"), (0, "builder")]


# ---------------------------------------------- what the events count (rulings)
def test_taxes_count_a_large_follower_as_one_knight():
    game = Game(setup("inns_cathedrals", order=["base/F", "base/F", "wof/base_U_1"]))
    game.apply(PlaceTile(2, -1, 1, "base/F"))
    game.apply(Deploy("large_follower", 2, -1, "N"))  # a city with 1 shield
    game.apply(PlaceTile(2, 1, 1, "base/F"))
    events = game.apply(Deploy("follower", 2, 1, "N"))  # another, 1 shield
    # Bleu draws the icon 1: one knight each, 1 x (1 shield + 1 knight).
    assert wheel_points(events) == [((0,), 2, WHEEL, "taxes"), ((1,), 2, WHEEL, "taxes")]


def test_taxes_count_shields_only_not_a_cathedral():
    game = Game(setup("inns_cathedrals", order=["ic/01", "base/B", "wof/base_U_1"]))
    game.apply(PlaceTile(2, 0, 0, "ic/01"))  # the cathedral joins board_12's city
    game.apply(Deploy("large_follower", 2, 0, "N"))
    game.apply(PlaceTile(-3, 0, 0, "base/B"))
    events = game.apply(PASS)  # Bleu draws the icon 1: Taxes, 1 knight x (0 + 1)
    assert wheel_points(events) == [((0,), 1, WHEEL, "taxes")]


def test_inquisition_counts_the_abbot_on_a_cloister_and_storm_counts_followers_only():
    order = ["base/B", "base/B", "wof/base_U_3", "wof/base_U_1", "base/B"]
    game = Game(setup("abbot", "inns_cathedrals", "hills_sheep", order=order))
    game.apply(PlaceTile(2, 1, 0, "base/B"))
    game.apply(Deploy("abbot", 2, 1, "C"))
    game.apply(PlaceTile(-3, 0, 0, "base/B"))
    events = game.apply(Deploy("large_follower", -3, 0, "C"))
    # Bleu: Fortune -> Storm. Bleu holds 7 followers and the large follower
    # (one piece): 8; Rouge 7 followers and the abbot: 8; shepherds never count.
    assert wheel_points(events) == [((0,), 8, WHEEL, "storm"), ((1,), 8, WHEEL, "storm")]
    game.apply(PlaceTile(0, -3, 1, "wof/base_U_3"))
    events = game.apply(PASS)
    # Rouge: Storm -> Inquisition: the abbot and the large follower are one monk each.
    assert wheel_points(events) == [((1,), 2, WHEEL, "inquisition"),
                                    ((0,), 2, WHEEL, "inquisition")]


def test_famine_counts_farmers_not_pigs_nor_shepherds():
    order = ["base/E", "base/B", "base/B", "base/B", "wof/base_U_2"]
    game = Game(setup("traders_builders", "hills_sheep", order=order))
    game.apply(PlaceTile(2, 0, 3, "base/E"))  # completes board_12's city
    game.apply(Deploy("follower", 2, 0, "EN"))  # Bleu's farmer beside it
    game.apply(PlaceTile(2, 1, 0, "base/B"))
    game.apply(PASS)
    game.apply(PlaceTile(3, 0, 0, "base/B"))
    game.apply(Deploy("pig", 3, 0, "NW"))  # Bleu's pig in the same field
    game.apply(PlaceTile(3, 1, 0, "base/B"))
    events = game.apply(Deploy("shepherd", 3, 1, "NW"))  # Rouge's shepherd there too
    # Bleu draws the icon 2: Fortune -> Famine; one farmer, one completed city.
    assert pig_section(game) == "famine"
    assert wheel_points(events) == [((0,), 1, WHEEL, "famine")]



def test_famine_counts_the_city_of_carcassonne_as_a_completed_city():
    """Issue 29 (ruling 62): Famine pays each farmer per completed city of its
    field, and the City of Carcassonne is one. With the Count the city lies
    west of the board (count/02 at (-6, -2)); Bleu's farmer north of it."""
    order = ["base/B", "base/B", "wof/base_U_2"]
    game = Game(setup("count", order=order))
    game.apply(PlaceTile(-6, -3, 0, "base/B"))  # the north ring field of the City
    game.apply(Deploy("follower", -6, -3, "NW"))
    game.apply(PlaceTile(-7, -3, 0, "base/B"))
    events = game.apply(PASS)
    # Bleu draws the icon 2: Fortune -> Famine; one farmer, one completed city.
    assert pig_section(game) == "famine"
    assert wheel_points(events) == [((0,), 1, WHEEL, "famine")]


def test_famine_counts_a_large_farmer_as_one_farmer():
    """Ruling 45: pieces, not strength. The large follower lies in the field
    of board_12's completed city: 1 farmer x 1 city = 1 point, not 2."""
    from carcassonne_desktop.engine.expansions.wheel_of_fortune import WheelCounted

    order = ["base/E", "base/B", "wof/base_U_2"]
    game = Game(setup("inns_cathedrals", order=order))
    game.apply(PlaceTile(2, 0, 3, "base/E"))  # completes board_12's city
    game.apply(Deploy("large_follower", 2, 0, "EN"))  # Bleu's large farmer beside it
    game.apply(PlaceTile(2, 1, 0, "base/B"))
    events = game.apply(PASS)
    # Bleu draws the icon 2: Fortune -> Famine.
    assert pig_section(game) == "famine"
    assert wheel_points(events) == [((0,), 1, WHEEL, "famine")]
    counted = [(e.player, e.count, e.unit, e.points) for e in events
               if isinstance(e, WheelCounted)]
    assert counted == [(0, 1, 1, 1)]

# ------------------------------------------------------------- with the river
def test_with_the_river_the_spring_flows_away_from_the_board():
    game = Game(setup("river", seed=2))
    placed = game.placed_tiles()
    assert len(placed) == 17
    (cell, (tile, rot)), = [(c, t) for c, t in placed.items() if not t[0].startswith("wof/")]
    assert tile == "river1/01" and cell == (-1, -3) and rot == 3  # river flows north
    assert game.extension_state["river"][0][:3] == (-1, -4, 0)
    assert game.rules.catalogue[game.current_tile].has_feature("river")
    assert all(y == -4 for _, y, _, _ in game.placements_for(game.current_tile))


# ------------------------------------------------------------ computer players
def test_pig_outlook_follows_the_icons_to_come():
    from carcassonne_desktop.ai.expansions.wheel_of_fortune import pig_outlook

    hit, stops = pig_outlook(0, (1, 0, 0))  # one icon 1 left: Taxes, surely, once
    assert hit == pytest.approx((0, 1, 0, 0, 0, 0)) and stops == pytest.approx(hit)
    hit, stops = pig_outlook(0, (0, 0, 2))  # two 3s: Storm, then Fortune again
    assert hit == pytest.approx((1, 0, 0, 1, 0, 0))
    # from Plague, two draws of 1 or 2 (taken with their frequencies, 1/2 each):
    # Fortune 1/2; Taxes 1/2 at once + 1/4 after Fortune; Famine 1/4 + 1/4
    hit, stops = pig_outlook(5, (1, 1, 0))
    assert hit[:3] == pytest.approx((0.5, 0.75, 0.5)) and sum(stops) == pytest.approx(2.0)


def test_a_crown_follower_is_worth_its_chance_of_a_stop():
    from carcassonne_desktop.ai.evaluation import Evaluator

    game = Game(setup(order=["base/B", "wof/base_U_1", "base/B"]))
    game.apply(PlaceTile(2, 1, 0, "base/B"))
    taxes, storm = game.copy(), game.copy()
    taxes.apply(DeployToArea("follower", WHEEL, "crown_2"))  # the one icon left: Taxes
    storm.apply(DeployToArea("follower", WHEEL, "crown_5"))  # never reached
    evaluator = Evaluator(taxes)
    assert evaluator.totals(taxes)[0] > evaluator.totals(storm)[0] + 5.0


def test_medium_gives_up_the_follower_worth_least_to_the_plague():
    from carcassonne_desktop.ai import create_player

    game = _plague_game()  # Rouge: a road follower on 2 tiles, or a monk with 4 neighbours
    assert game.pending.kind == PLAGUE and game.pending.player == 1
    assert create_player("medium", seed=1).choose(game) == Remove(-3, -1, "E", "follower")

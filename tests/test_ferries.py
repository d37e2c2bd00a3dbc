"""The Ferries (seed 001 "Les Bacs"): the lake tiles, the ferry put after the
figure step, the first ferry met on each road the tile extended turned once,
roads and followers splitting and joining. The rulebook's three worked
examples are golden records (tests/golden_expansions/ferry_*.json); here
their events are checked too, with the cases the seeds leave open."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from carcassonne_desktop.engine import PASS, Game, GameRecord, PlaceTile
from carcassonne_desktop.engine.actions import Deploy, parse_action
from carcassonne_desktop.engine.errors import IllegalActionError, MalformedError
from carcassonne_desktop.engine.expansions.ferries import (
    FERRY,
    FERRY_MOVE,
    FerryMoved,
    FerryPlaced,
    MoveFerry,
    PlaceFerry,
    ferry_links,
    first_ferries,
    possible_links,
)
from carcassonne_desktop.engine.expansions.traders_builders import BUILDER
from carcassonne_desktop.engine.setup import quick_setup
from tests.engine_checks import check_invariants
from tests.test_catalogue import REFERENCE

GOLDEN = Path(__file__).parent / "golden_expansions"
DATA = Path(__file__).resolve().parents[1] / "carcassonne_desktop" / "engine" / "data"


def _golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def _game(*order: str, expansions: tuple[str, ...] = ("ferries",)) -> Game:
    setup = quick_setup(expansions=("base", *expansions), tile_order=order)
    return Game(replace(setup, start_tile="base/D"))


def _shared_road_game() -> Game:
    """Rouge on the start road (base/U at (-1,0)); Bleu's lake at (1,0) with
    its follower on the E end and the ferry W-E: one road for both."""
    game = _game("base/U", "ferries/02", "base/U", "base/U", "base/U")
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(Deploy("follower", -1, 0, "E"))
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(Deploy("follower", 1, 0, "E"))
    game.apply(PlaceFerry(1, 0, ("W", "E")))
    return game


# ------------------------------------------------------------ the tiles
def test_eight_lake_tiles_as_the_reference_lists_them() -> None:
    ours = json.loads((DATA / "ferries.json").read_text("utf-8"))["tiles"]
    assert sum(t["count"] for t in ours) == 8
    for tile in ours:
        kinds = [f["kind"] for f in tile["features"]]
        lake = next(f for f in tile["features"] if f["kind"] == "lake")
        assert lake["placeable"] is False and lake["ports"] == ["C"]
        roads = [f["ports"] for f in tile["features"] if f["kind"] == "road"]
        assert all(len(ports) == 1 for ports in roads), "each road ends at the lake"
        assert sorted(p for ports in roads for p in ports) == sorted(lake["road_ends"])
        assert kinds.count("road") in (3, 4) and tile["flags"] == {"ferry_lake": True}
    if REFERENCE.exists():
        reference = json.loads((REFERENCE / "ferries.json").read_text("utf-8"))
        assert reference["total"] == 8
        for tile, ref in zip(ours, reference["tiles"], strict=True):
            assert (tile["id"], tile["count"], tile["flags"]) == (ref["id"], ref["count"],
                                                                  ref["flags"])
            wanted = [{k: v for k, v in f.items() if k not in ("halves", "note")}
                      for f in ref["features"]]
            assert tile["features"] == wanted


def test_the_lake_is_no_inn_with_inns_and_cathedrals() -> None:
    """Seed 001: 'le lac de cette extension n'a pas les mêmes caractéristiques
    que celui de l'auberge': no inn flag on the lake tiles' roads."""
    game = _game("ferries/03", expansions=("inns_cathedrals", "ferries"))
    tile = game.rules.catalogue["ferries/03"]
    assert not any(f.flag("inn") for f in tile.features)
    summary = GameRecord.from_json(_golden("ferry_lake_is_no_inn")["record"]).replay().summary()
    assert {p["name"]: p["breakdown"].get("road", 0) for p in summary["players"]} == {
        "Rouge": 0, "Bleu": 3}


def test_nobody_stands_on_the_lake_and_a_quay_without_ferry_ends_the_road() -> None:
    game = _game("ferries/02", "base/U")
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    ports = {a.port for a in game.legal_actions() if isinstance(a, Deploy)}
    assert "C" not in ports and {"W", "S", "E"} <= ports
    west = game.node_at(1, 0, "W")
    assert west is not None and game.feature(west).open == 1  # only the start's W end
    game.apply(PASS)
    game.apply(PlaceFerry(1, 0, ("S", "E")))  # the ferry away from it: the road stops
    road = game.feature(west)
    assert road.tiles == {(0, 0), (1, 0)} and road.open == 1
    assert game.find(west) != game.find(game.node_at(1, 0, "S"))


# ------------------------------------------------------ the worked examples
def test_the_ferry_links_rouge_s_road_to_bleu_s() -> None:
    events = GameRecord.from_json(_golden("ferry_links_rouge_to_bleu")["record"]).replay().events
    placed = [e for _, e in events if isinstance(e, FerryPlaced)]
    assert placed == [FerryPlaced(0, 2, 0, ("S", "W"))]


def test_the_ferry_completes_bleu_s_road_counting_the_lake_tile_once() -> None:
    summary = GameRecord.from_json(
        _golden("ferry_completes_city_and_bleu_road")["record"]).replay().summary()
    roads = [e for e in summary["events"] if e["feature"] == "road"]
    assert [(e["players"], e["points"], e["tiles"]) for e in roads] == [
        (["Bleu"], 3, [[-1, -2], [0, -2], [1, -2]])]


def test_rouge_turns_the_ferry_and_no_longer_shares_jaune_s_road() -> None:
    replayed = GameRecord.from_json(
        _golden("ferry_turned_rouge_and_jaune_part")["record"]).replay()
    moved = [e for _, e in replayed.events if isinstance(e, FerryMoved)]
    assert moved == [FerryMoved(0, 1, 0, ("E", "W"), ("S", "W"))]


# ------------------------------------------------------- the ferry step
def test_the_ferry_comes_after_the_figure_step_and_before_the_scoring() -> None:
    game = _game("ferries/02", "base/U")
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    assert game.pending is not None and game.pending.kind == "figure"
    game.apply(Deploy("follower", 1, 0, "S"))
    assert game.pending is not None and game.pending.kind == FERRY
    assert not game.pending.optional
    assert list(game.legal_actions()) == [PlaceFerry(1, 0, link) for link in
                                          (("E", "S"), ("E", "W"), ("S", "W"))]
    with pytest.raises(IllegalActionError, match="two of its road ends"):
        game.apply(PASS)
    game.apply(PlaceFerry(1, 0, ("W", "S")))  # the start road is open again, with Rouge's S end
    west = game.node_at(1, 0, "W")
    assert west is not None and not game.feature(west).completed
    assert game.feature(west).figures == ((0, "follower", game.node_at(1, 0, "S")),)
    assert game.scores == [0, 0]  # nothing was scored: the ferry reopened the road
    assert ferry_links(game) == {(1, 0): ("S", "W")}


def test_a_link_in_any_order_names_the_same_ferry_and_bad_links_are_refused() -> None:
    assert parse_action({"type": "ferry", "x": 1, "y": 0, "link": ["S", "E"]}) == \
        PlaceFerry(1, 0, ("E", "S"))
    assert MoveFerry(1, 0, ("N", "W")).to_json() == \
        {"type": "ferry_move", "x": 1, "y": 0, "link": ["N", "W"]}
    for link in (["E"], ["E", "E"], ["E", "C"], "ES", None):
        with pytest.raises(MalformedError, match="'link' must be two different sides"):
            parse_action({"type": "ferry_move", "x": 1, "y": 0, "link": link})


def test_the_ferry_just_placed_is_not_turned_and_no_question_without_a_ferry() -> None:
    game = _game("ferries/02", "base/U")
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(PASS)
    game.apply(PlaceFerry(1, 0, ("W", "E")))
    assert game.pending is not None and game.pending.kind == "place_tile"  # no ferry_move
    game.apply(PlaceTile(-1, 0, 0, "base/U"))  # extends the road that leads to it
    game.apply(PASS)
    assert game.pending is not None and game.pending.kind == FERRY_MOVE
    assert game.pending.subject == ((1, 0),) and game.pending.optional


def test_only_the_first_ferry_met_may_turn() -> None:
    """Two lakes on one road: the tile extending it from the west may turn the
    nearer one only."""
    game = _game("ferries/02", "ferries/02", "base/U", "base/U")
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(PASS)
    game.apply(PlaceFerry(1, 0, ("W", "E")))
    game.apply(PlaceTile(2, 0, 0, "ferries/02"))
    game.apply(PASS)
    game.apply(PlaceFerry(2, 0, ("W", "E")))
    assert game.pending is not None and game.pending.kind == FERRY_MOVE  # the one at (1,0)
    assert game.pending.subject == ((1, 0),)
    game.apply(PASS)
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(PASS)
    assert game.pending is not None and game.pending.subject == ((1, 0),)
    assert first_ferries(game, (-1, 0)) == [(1, 0)]
    game.apply(MoveFerry(1, 0, ("W", "S")))  # turned away: the road now stops at (1,0)
    assert game.pending is not None and game.pending.kind == "place_tile"  # once a turn
    check_invariants(game)


def test_each_road_the_tile_extended_offers_its_first_ferry_and_each_turns_once() -> None:
    """A road that leads to a ferry on each side: both may turn, one at a time;
    turning one to its current link is no turn; a pass ends the turns."""
    game = _game("ferries/02", "ferries/02", "base/U", "base/U", "base/U")
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(PASS)
    game.apply(PlaceFerry(1, 0, ("W", "E")))
    game.apply(PlaceTile(-1, 0, 2, "ferries/02"))  # roads E, N, W: E meets the start road
    game.apply(PASS)
    game.apply(PlaceFerry(-1, 0, ("E", "W")))
    game.apply(PASS)  # the ferry at (1,0) might turn: Bleu passes
    # Rouge extends the far west end: the first ferry met is the one at (-1,0)
    game.apply(PlaceTile(-2, 0, 0, "base/U"))
    game.apply(PASS)
    assert game.pending is not None and game.pending.subject == ((-1, 0),)
    game.apply(PASS)
    # Bleu: a tile on the east end leads to (1,0) only
    game.apply(PlaceTile(2, 0, 0, "base/U"))
    game.apply(PASS)
    assert game.pending is not None and game.pending.subject == ((1, 0),)
    assert MoveFerry(1, 0, ("E", "W")) not in game.legal_actions()  # its current link
    game.apply(MoveFerry(1, 0, ("S", "W")))
    assert game.pending is not None and game.pending.kind == "place_tile"


def test_a_lake_tile_on_a_road_with_a_ferry_puts_its_own_then_may_turn_the_old() -> None:
    """Seed 001: 'posez tout d'abord votre meeple, puis le nouveau bac. Enfin vous
    pouvez faire pivoter le (ou éventuellement les) bac(s)'."""
    game = _game("ferries/02", "ferries/03", "base/U")
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(PASS)
    game.apply(PlaceFerry(1, 0, ("W", "E")))
    game.apply(PlaceTile(-1, 0, 0, "ferries/03"))  # four road ends, E meets the start road
    game.apply(Deploy("follower", -1, 0, "N"))
    assert game.pending is not None and game.pending.kind == FERRY
    game.apply(PlaceFerry(-1, 0, ("N", "E")))
    assert game.pending is not None and game.pending.kind == FERRY_MOVE
    assert game.pending.subject == ((1, 0),)  # its own ferry is not offered
    check_invariants(game)


def test_a_tile_between_two_ferries_turns_both_one_after_the_other() -> None:
    game = _game("ferries/02", "base/B", "base/B", "base/B", "ferries/02", "base/U", "base/U")
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(PASS)
    game.apply(PlaceFerry(1, 0, ("W", "E")))
    for x in (0, -1, -2):  # cloisters under the row, so the far lake touches the board
        game.apply(PlaceTile(x, 1, 0, "base/B"))
        game.apply(PASS)
    game.apply(PlaceTile(-2, 0, 2, "ferries/02"))  # roads E, N, W, not on the road yet
    game.apply(PASS)
    game.apply(PlaceFerry(-2, 0, ("E", "W")))
    assert game.pending is not None and game.pending.kind == "place_tile"
    game.apply(PlaceTile(-1, 0, 0, "base/U"))  # joins both: a ferry on each side
    game.apply(PASS)
    assert game.pending is not None and game.pending.kind == FERRY_MOVE
    assert set(game.pending.subject) == {(1, 0), (-2, 0)}
    game.apply(MoveFerry(-2, 0, ("N", "W")))
    assert game.pending is not None and game.pending.subject == ((1, 0),)
    game.apply(MoveFerry(1, 0, ("E", "S")))
    assert game.pending is not None and game.pending.kind == "place_tile"
    check_invariants(game)


def test_turning_a_ferry_splits_a_shared_road_and_the_followers_stay_on_their_part() -> None:
    game = _shared_road_game()
    rouge = game.node_at(-1, 0, "E")
    assert rouge is not None and len(game.feature(rouge).figures) == 2
    game.apply(PlaceTile(-2, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(MoveFerry(1, 0, ("S", "E")))  # Bleu's end joins the S end, Rouge's road stops
    assert [p for p, _, _ in game.feature(rouge).figures] == [0]
    assert game.feature(rouge).open == 1  # the start road ends at the W quay
    bleu = game.node_at(1, 0, "E")
    assert bleu is not None and [p for p, _, _ in game.feature(bleu).figures] == [1]
    assert game.feature(bleu).tiles == {(1, 0)}
    check_invariants(game)


def test_a_ferry_turned_onto_a_closed_end_completes_the_road_this_turn() -> None:
    """Closing a road by turning a ferry scores it in the same turn's scoring."""
    game = _game("ferries/02", "base/A", "base/A", "base/U")
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(Deploy("follower", 1, 0, "E"))
    game.apply(PlaceFerry(1, 0, ("E", "S")))  # E-S: open at both ends
    game.apply(PlaceTile(2, 0, 1, "base/A"))  # a cloister closes the E end: leads to the ferry
    game.apply(PASS)
    assert game.pending is not None and game.pending.kind == FERRY_MOVE
    game.apply(MoveFerry(1, 0, ("W", "E")))  # E joins the start road... open at (0,0) W
    assert game.scores == [0, 0]
    game.apply(PlaceTile(-1, 0, 3, "base/A"))  # Rouge closes the west: the road is complete
    game.apply(PASS)
    assert game.pending is not None and game.pending.kind == FERRY_MOVE  # it leads there too
    game.apply(PASS)
    assert game.scores[0] == 4  # (-1,0), (0,0), (1,0), (2,0)
    check_invariants(game)


def test_turning_a_ferry_to_extend_a_builder_s_road_gives_no_second_tile() -> None:
    """Seed 001: 'lorsque vous prolongez une route, occupée par un bâtisseur, en
    faisant pivoter un bac, vous n'obtenez pas de tour supplémentaire'."""
    game = _game("ferries/02", "base/U", "base/U", "base/B", "base/U", "base/U", "base/U",
                 expansions=("traders_builders", "ferries"))
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(Deploy("follower", 1, 0, "S"))
    game.apply(PlaceFerry(1, 0, ("W", "E")))  # Rouge's S end is a road of its own
    game.apply(PlaceTile(-1, 0, 0, "base/U"))  # Bleu extends the road to the ferry
    game.apply(PASS)
    assert game.pending is not None and game.pending.kind == FERRY_MOVE
    game.apply(PASS)
    game.apply(PlaceTile(1, 1, 1, "base/U"))  # Rouge extends his S road: no ferry on it
    game.apply(Deploy(BUILDER, 1, 1, "N"))
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    game.apply(PASS)
    turn = game.turn
    game.apply(PlaceTile(-2, 0, 0, "base/U"))  # Rouge extends the road leading to the ferry
    game.apply(PASS)
    game.apply(MoveFerry(1, 0, ("W", "S")))  # ... and turns it onto his builder's road
    builder_road = game.feature(game.node_at(1, 1, "N"))
    assert (-2, 0) in builder_road.tiles
    assert game.turn == turn + 1 and game.turn_player == 1  # no second tile


def test_random_games_with_ferries_turn_them_and_keep_every_invariant() -> None:
    import random

    from tests.engine_checks import play_random

    turned = 0
    for seed in range(3):
        game = Game(quick_setup(seed=seed, expansions=("base", "ferries")))
        play_random(game, random.Random(seed), check_every=1)
        turned += sum(1 for action in game.history if isinstance(action, MoveFerry))
        assert game.is_over
    assert turned > 5


def test_possible_links_follow_the_rotation() -> None:
    game = _game("ferries/01")
    game.apply(PlaceTile(0, -1, 2, "ferries/01"))  # city S faces the start city
    assert possible_links(game, (0, -1)) == [("N", "E"), ("N", "W"), ("E", "W")]


def test_a_builder_the_turn_leaves_without_its_owner_s_follower_goes_home() -> None:
    """The builder stays with its owner's follower: a ferry turned so that the
    builder's part of the road no longer holds one sends it home (F8)."""
    from carcassonne_desktop.engine.events import FigureReturned

    game = _game("ferries/02", "base/U", "base/U", "base/U",
                 expansions=("traders_builders", "ferries"))
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(Deploy("follower", 1, 0, "E"))
    game.apply(PlaceFerry(1, 0, ("W", "E")))
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(PASS)  # Bleu leaves the ferry
    game.apply(PlaceTile(-2, 0, 0, "base/U"))
    game.apply(Deploy(BUILDER, -2, 0, "E"))  # with Rouge's follower on the far E end
    assert game.supply[0][BUILDER] == 0
    events = game.apply(MoveFerry(1, 0, ("S", "W")))  # the E end is cut off
    assert game.supply[0][BUILDER] == 1
    assert any(isinstance(e, FigureReturned) and e.figure == BUILDER for e in events)
    assert game.feature(game.node_at(1, 0, "E")).figures == ((0, "follower",
                                                              game.node_at(1, 0, "E")),)
    check_invariants(game)

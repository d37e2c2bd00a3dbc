"""The Flying Machines (issue 25, DESIGN 5c, seed 001 "Les Ornithoptères"):
the fly in the figure step, the die, the direction turning with the tile,
where a flier may land, the record, and the tile data."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from carcassonne_desktop.engine import Game, GameRecord, PlaceTile, RecordError
from carcassonne_desktop.engine.actions import Deploy, parse_action
from carcassonne_desktop.engine.errors import IllegalActionError, MalformedError
from carcassonne_desktop.engine.events import OutcomeRevealed
from carcassonne_desktop.engine.expansions.flying_machines import (
    DIE,
    FLY_LANDING,
    Flight,
    Fly,
    flier_direction,
    landing_spots,
)
from carcassonne_desktop.engine.setup import quick_setup
from tests.test_catalogue import REFERENCE, assert_matches_reference, assert_tile_consistent

GOLDEN = Path(__file__).parent / "golden_expansions"


def _game(*expansions: str, order: tuple[str, ...], dice: tuple[int, ...] = (),
          players: int = 2, options: Mapping[str, Any] | None = None) -> Game:
    setup = quick_setup(players, expansions=("base", "flying_machines", *expansions),
                        tile_order=order, draws={DIE: dice} if dice else {}, options=options)
    return Game(replace(setup, start_tile="base/D"))


# ------------------------------------------------------------- tile data
def test_eight_flier_tiles_as_in_the_reference() -> None:
    from carcassonne_desktop.engine.catalogue import load_tile_file

    tiles = load_tile_file("flying_machines.json", "flying_machines")
    assert sum(t.count for t in tiles) == 8
    assert all(t.flags["flier"] in ("N", "W", "NW") for t in tiles)
    for tile in tiles:
        assert_tile_consistent(tile)


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference catalogue not beside repo")
def test_data_matches_reference() -> None:
    assert_matches_reference("flying_machines.json", "flying_machines.json", "flying_machines")


# ------------------------------------------------------------- direction
@pytest.mark.parametrize("rot,expected", [(0, "W"), (1, "N"), (2, "E"), (3, "S")])
def test_orthogonal_machine_turns_with_the_tile(rot: int, expected: str) -> None:
    game = _game(order=("flier/02", "base/D"))
    game.apply(PlaceTile(0, 1, rot, "flier/02"))
    assert flier_direction(game, 0, 1) == expected


@pytest.mark.parametrize("rot,expected", [(0, "NW"), (1, "NE"), (2, "SE"), (3, "SW")])
def test_diagonal_machine_turns_with_the_tile(rot: int, expected: str) -> None:
    game = _game(order=("flier/01+garden", "base/D"))
    game.apply(PlaceTile(0, 1, rot, "flier/01+garden"))
    assert flier_direction(game, 0, 1) == expected


def test_a_tile_without_a_machine_has_no_direction() -> None:
    game = _game(order=("base/B",))
    assert flier_direction(game, 0, 0) is None and flier_direction(game, 5, 5) is None


# ------------------------------------------------------------- the fly
def test_fly_is_offered_only_on_a_flier_tile_and_only_to_followers() -> None:
    game = _game("abbot", "inns_cathedrals", order=("base/B", "flier/02", "base/D"))
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    assert not any(isinstance(a, Fly) for a in game.legal_actions())
    game.apply(parse_action({"type": "pass"}))
    game.apply(PlaceTile(0, 2, 0, "flier/02"))
    flies = [a for a in game.legal_actions() if isinstance(a, Fly)]
    assert flies == [Fly("follower"), Fly("large_follower")]  # no abbot (seed 001 turn summary)
    with pytest.raises(IllegalActionError):
        game.apply(Fly("abbot"))


def test_the_roll_is_recorded_and_the_flight_told() -> None:
    game = _game(order=("flier/02", "base/D"), dice=(1,))
    game.apply(PlaceTile(0, 1, 1, "flier/02"))  # points N, at the start tile
    events = game.apply(Fly("follower"))
    assert OutcomeRevealed(DIE, 1, 0) in events
    assert Flight(0, "follower", 0, 1, 1, 0, 0, True) in events
    assert game.history[-1].to_json() == {"type": "fly", "figure": "follower", "drawn": 1}
    assert game.pending is not None and game.pending.kind == FLY_LANDING
    assert game.pending.subject == (0, 0)
    # the start tile's city and road, never its fields
    assert list(game.legal_actions()) == [Deploy("follower", 0, 0, "N"),
                                          Deploy("follower", 0, 0, "E")]


def test_landing_on_a_field_is_refused_with_a_clear_message() -> None:
    game = _game(order=("flier/02", "base/D"), dice=(1,))
    game.apply(PlaceTile(0, 1, 1, "flier/02"))
    game.apply(Fly("follower"))
    with pytest.raises(IllegalActionError, match="must land on an incomplete road, city or"):
        game.apply(Deploy("follower", 0, 0, "NW"))
    game.apply(Deploy("follower", 0, 0, "W"))  # any port of the road names it
    assert game.history[-1] == Deploy("follower", 0, 0, "E")
    assert game.supply[0]["follower"] == 6 and game.pending is not None
    assert game.pending.kind == "place_tile" and game.turn_player == 1  # nothing else deployed


def test_a_flier_lands_on_a_feature_it_already_holds() -> None:
    """Occupancy is not checked, one's own figures included (seed 001 'les
    vôtres ou ceux des autres joueurs')."""
    game = _game(order=("base/U", "base/U", "flier/02", "base/D"), dice=(1,))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy("follower", 1, 0, "E"))  # Rouge on the road
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(parse_action({"type": "pass"}))
    game.apply(PlaceTile(1, 1, 1, "flier/02"))  # below (1,0), points N
    game.apply(Fly("follower"))
    assert Deploy("follower", 1, 0, "E") in game.legal_actions()
    game.apply(Deploy("follower", 1, 0, "E"))
    node = game.node_at(1, 0, "E")
    assert node is not None
    assert game.majority(game.feature(node)) == ((0,), 2)


def test_large_follower_flies_and_weighs_two() -> None:
    game = _game("inns_cathedrals", order=("flier/02", "base/D"), dice=(1,))
    game.apply(PlaceTile(0, 1, 1, "flier/02"))
    game.apply(Fly("large_follower"))
    game.apply(Deploy("large_follower", 0, 0, "N"))
    assert game.supply[0]["large_follower"] == 0
    node = game.node_at(0, 0, "N")
    assert node is not None and game.majority(game.feature(node)) == ((0,), 2)


def test_a_shrine_counts_as_a_cloister_for_a_landing() -> None:
    """Ruling: the heretics' shrine is a cloister-like feature; a flier lands on it."""
    game = _game("heretics_shrines", order=("shrine/01", "flier/02", "base/D"), dice=(1,))
    game.apply(PlaceTile(0, 1, 0, "shrine/01"))
    game.apply(parse_action({"type": "pass"}))
    game.apply(PlaceTile(0, 2, 1, "flier/02"))  # below the shrine, points N
    game.apply(Fly("follower"))
    assert list(game.legal_actions()) == [Deploy("follower", 0, 1, "C")]


def test_nowhere_to_land_keeps_the_follower_in_supply_and_ends_the_figure_step() -> None:
    game = _game(order=("flier/02", "base/D"), dice=(2,))
    game.apply(PlaceTile(0, 1, 0, "flier/02"))  # points W: (-2, 1) is empty
    events = game.apply(Fly("follower"))
    assert Flight(0, "follower", 0, 1, 2, -2, 1, False) in events
    assert game.supply[0]["follower"] == 7
    assert game.pending is not None and game.pending.kind == "place_tile"
    assert landing_spots(game, "follower", -2, 1) == []


# ------------------------------------------------------------- records
def test_a_record_whose_roll_differs_is_rejected_and_changes_nothing() -> None:
    game = _game(order=("flier/02", "base/D"), dice=(2,))
    game.apply(PlaceTile(0, 1, 1, "flier/02"))
    before = game.state_key()
    with pytest.raises(IllegalActionError, match="the record says 3 was drawn"):
        game.apply(Fly("follower", 3))
    assert game.state_key() == before


def test_replay_of_a_wrong_roll_names_the_action() -> None:
    golden = json.loads((GOLDEN / "fm_die_3_off_the_board.json").read_text(encoding="utf-8"))
    golden["record"]["actions"][1]["drawn"] = 2
    with pytest.raises(RecordError, match="drawn"):
        GameRecord.from_json(golden["record"]).replay()


@pytest.mark.parametrize("bad", [{"type": "fly"}, {"type": "fly", "figure": "follower",
                                                     "drawn": 4},
                                 {"type": "fly", "figure": "follower", "drawn": "2"}])
def test_malformed_fly_records_say_what_is_wrong(bad: dict[str, Any]) -> None:
    with pytest.raises(MalformedError, match="fly"):
        parse_action(bad)


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("fm_*.json")), ids=lambda p: p.stem)
def test_golden_flights(path: Path) -> None:
    """Each golden record's flight: the die, the target, whether it lands,
    where it may land and the supply afterwards."""
    golden = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_json(golden["record"])
    names = [p.name for p in record.setup.players]
    for want in golden["expected"]["flights"]:
        index = want["action_index"]
        game = record.replay(upto=index).game
        seat = names.index(want["player"])
        events = game.apply(record.actions[index])
        flight = next(e for e in events if isinstance(e, Flight))
        assert (flight.player, flight.distance, [flight.target_x, flight.target_y],
                flight.lands) == (seat, want["distance"], want["target"], want["lands"])
        if want["lands"]:
            assert [[a.x, a.y, a.port] for a in game.legal_actions()] == want["landings"]
            game.apply(record.actions[index + 1])
        assert game.supply[seat]["follower"] == want["supply_after"]

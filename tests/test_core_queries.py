"""Generic core pieces added for The River II, proven without it: the
`extra_turn` event of `next_player`, `game.placement_count` and
`game.completed_cities` (docs/engine-api.md)."""

from __future__ import annotations

import random

from carcassonne_desktop.engine import PASS, Game, PlaceTile, quick_setup
from carcassonne_desktop.engine.events import ExtraTurn
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion


class Encore(Expansion):
    """A toy: whoever places a cloister plays again at once."""

    id = "encore_core_test"
    title = {"fr": "Bis", "en": "Encore"}
    description = {"fr": "Pour les tests.", "en": "For tests."}

    def next_player(self, game: Game, player: int) -> int | None:
        assert game.last_placed is not None
        tile = game.board[game.last_placed][0].tile
        return player if tile.has_feature("cloister") else None


def test_next_player_giving_the_same_player_reports_an_extra_turn() -> None:
    EXPANSIONS[Encore.id] = Encore
    try:
        game = Game(quick_setup(2, expansions=("base", Encore.id),
                                tile_order=("base/B", "base/U", "base/U")))
        game.apply(PlaceTile(0, 1, 0, "base/B"))
        events = game.apply(PASS)
        assert ExtraTurn(0) in events and game.turn_player == 0
        assert ExtraTurn(0).to_json() == {"player": 0, "kind": "extra_turn"}
        game.apply(PlaceTile(1, 0, 0, "base/U"))
        events = game.apply(PASS)
        assert not [e for e in events if isinstance(e, ExtraTurn)] and game.turn_player == 1
    finally:
        del EXPANSIONS[Encore.id]


def test_placement_count_matches_the_legal_placements_of_the_tile_in_hand() -> None:
    game = Game(quick_setup(2, seed=4))
    rng = random.Random(4)
    for _ in range(30):
        if game.pending_kind == "place_tile":
            assert game.placement_count(game.current_tile) == len(game.legal_actions())
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    # any tile may be asked about, not only the one in hand
    assert game.placement_count("base/C") >= 0


def test_completed_cities_counts_each_completed_city_once() -> None:
    # start base/D: its city N is completed by base/E rot 2 at (0,-1); the field
    # north of the road borders that city from both tiles
    game = Game(quick_setup(2, tile_order=("base/E",)))
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    game.apply(PASS)  # the city is scored, and completed, in the score step
    field = game.feature(game.board[(0, 0)][1] + 2)  # base/D's field between city and road
    assert field.kind == "field" and game.completed_cities(field) == 1

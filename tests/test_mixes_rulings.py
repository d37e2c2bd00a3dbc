"""Interactions between expansions that the rulebooks leave open (issue 28,
"Every mix"): the rulings MX1-MX10 of docs/rulings.md, section "Mixed
expansions", each held here (or by the golden record it names)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from carcassonne_desktop.engine import Game, GameRecord, PlaceTile
from carcassonne_desktop.engine.actions import PASS, Deploy, Remove
from carcassonne_desktop.engine.events import Event, TilePlaced
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.expansions.catapult import ChooseToken, Hurl
from carcassonne_desktop.engine.expansions.count import AREA as COUNT_AREA
from carcassonne_desktop.engine.expansions.count import CASTLE
from carcassonne_desktop.engine.expansions.ferries import MoveFerry, PlaceFerry
from carcassonne_desktop.engine.expansions.flying_machines import landing_spots
from carcassonne_desktop.engine.expansions.hills_sheep import SHEPHERD, flock_of, state_of
from carcassonne_desktop.engine.expansions.mage_witch import KIND as MAGE_WITCH
from carcassonne_desktop.engine.expansions.mage_witch import MAGE, WITCH, figure_root, together
from carcassonne_desktop.engine.expansions.messages import (
    MESSAGE,
    SCORE_PAWN,
    MessageChoice,
    ScorePawn,
    can_act,
    count_for,
)
from carcassonne_desktop.engine.expansions.robbers import ROBBER, TRACK
from carcassonne_desktop.engine.expansions.shared.catapult_geometry import (
    knocked,
    nearest_follower,
)
from carcassonne_desktop.engine.expansions.wheel_of_fortune import WHEEL, free_crowns
from carcassonne_desktop.engine.rules import Rules
from carcassonne_desktop.engine.setup import quick_setup
from tests.test_golden_expansions import GOLDEN_DIR
from tests.test_golden_expansions import _load as _golden


def _game(expansions: Iterable[str], order: Iterable[str] = (), start: str | None = "base/D",
          players: int = 2) -> Game:
    setup = quick_setup(players=players, seed=1, expansions=("base", *expansions),
                        tile_order=tuple(order) or None)
    return Game(replace(setup, start_tile=start) if start else setup)


# --------------------------------------------------------------------- MX1
def test_mx1_a_ferry_turn_that_joins_the_mage_and_the_witch_parts_them_before_scoring() -> None:
    """The mage on the start road, the witch on the road south of the lake;
    Rouge extends the lake's east road and turns the ferry west-south: one
    road holds both, so Rouge parts them before the scoring step (it asked
    nothing before the fix, and the next placer was asked instead)."""
    game = _game(("mage_witch", "ferries"),
                 ("ferries/02", "base/V", "base/U", "base/U", "base/U"))
    game.apply(PlaceTile(1, 0, 0, "ferries/02"))
    game.apply(PASS)
    game.apply(PlaceFerry(1, 0, ("W", "E")))
    game.apply(PlaceTile(1, 1, 2, "base/V"))  # a road north-east, under the lake
    game.apply(PASS)
    events: list[Event] = []
    game.put_figure(-1, MAGE, (0, 0, "W"), events)
    game.put_figure(-1, WITCH, (1, 1, "N"), events)
    assert together(game) is None
    game.apply(PlaceTile(2, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(MoveFerry(1, 0, ("W", "S")))
    assert together(game) is not None
    assert game.pending is not None
    assert (game.pending.kind, game.pending.player, game.pending.subject) == (
        MAGE_WITCH, 0, ("separate",))
    game.apply(next(a for a in game.legal_actions() if getattr(a, "figure", None) == WITCH))
    assert together(game) is None and game.pending_kind == "place_tile"


# --------------------------------------------------------------------- MX2
def _catapult_with_messages(message: int) -> dict[str, Any]:
    record = _golden("ca_target_tie")["record"]
    record["setup"]["expansions"] = ["base", "catapult", "messages"]
    record["setup"]["tile_order"] = ["catapult/06", "base/U", "base/U"]
    record["setup"]["draws"] = {"messages": [message]}
    return record


def test_mx2_catapult_points_on_a_dark_square_bring_a_message_in_the_placers_turn() -> None:
    """Rouge's target token wins 5: her pawn stops on 5, a dark square, in her
    turn; before the fix the turn ended and the message was lost."""
    game = GameRecord.from_json(_catapult_with_messages(5)).replay().game
    assert game.scores[:2] == [5, 5]
    assert game.pending is not None
    assert (game.pending.kind, game.pending.player) == (MESSAGE, 0), "Bleu's 5: not his turn"


def test_mx2_message_4_after_the_catapult_plays_its_tile_then_the_turn_passes() -> None:
    game = GameRecord.from_json(_catapult_with_messages(4)).replay().game
    game.apply(MessageChoice(4, "act"))
    assert game.pending_kind == "place_tile" and game.turn_player == 0
    game.apply(game.legal_actions()[0])
    game.apply(PASS)
    assert game.pending_kind == "place_tile" and game.turn_player == 1


# --------------------------------------------------------------------- MX3
def test_mx3_a_flier_lands_on_the_roads_and_cities_of_the_counts_city_never_in_it() -> None:
    """The City's cells are tiles: the die counts them, and a flier landing
    there may take the unfinished road or city that leads out of it; the
    quarters and the City itself hold no feature a flier can land on."""
    game = _game(("count", "flying_machines"), start=None)
    tiles = {rotated.tile.id: pos for pos, (rotated, _) in game.board.items()}
    road_out = tiles["count/01"]
    assert landing_spots(game, "follower", *road_out) == [Deploy("follower", *road_out, "W")]
    city_out = tiles["count/09"]
    assert landing_spots(game, "follower", *city_out) == [Deploy("follower", *city_out, "S")]
    for quarter in ("count/03", "count/06", "count/07", "count/02"):
        assert landing_spots(game, "follower", *tiles[quarter]) == [], quarter


# --------------------------------------------------------------------- MX4
@pytest.mark.parametrize(("figure", "points"), [(MAGE, 2), (None, 1)])
def test_mx4_a_message_scores_a_feature_with_the_mage_as_at_the_end_and_the_mage_stays(
        figure: str | None, points: int) -> None:
    """Message 1 in `ms_message_1_smallest_road`: Rouge's 1-tile road; with the
    mage on it, 1 + 1 per tile = 2; the feature is not scored, so the mage stays."""
    record = _golden("ms_message_1_smallest_road")["record"]
    record["setup"]["expansions"] = ["base", "messages", "mage_witch"]
    game = GameRecord.from_json(record).replay(10).game
    assert game.pending is not None and game.pending.kind == MESSAGE
    if figure is not None:
        game.put_figure(-1, figure, (-2, 0, "S"), [])
    before = game.scores[0]
    game.apply(MessageChoice(1, "act"))
    assert game.scores[0] - before == points
    if figure is not None:
        assert figure_root(game, figure) == game.find(game.node_at(-2, 0, "S"))


@pytest.mark.parametrize(("figure", "points"), [(WITCH, 2), (MAGE, 5), (None, 3)])
def test_mx4_message_8_scores_with_the_mage_or_the_witch_and_they_stay(
        figure: str | None, points: int) -> None:
    """Message 8 in `ms_message_8_follower_back`: Rouge takes back her knight of
    the city (2,0)-(2,-1), worth 2 tiles + 1 shield = 3 as at the end; the witch
    halves it, rounded up (2), the mage adds 1 per tile (5). The follower goes
    home; the city is not scored, so the figure stays on it."""
    record = _golden("ms_message_8_follower_back")["record"]
    record["setup"]["expansions"] = ["base", "messages", "mage_witch"]
    game = GameRecord.from_json(record).replay(11).game
    if figure is not None:
        game.put_figure(-1, figure, (2, 0, "N"), [])
    before = game.scores[0]
    game.apply(Remove(2, 0, "N", "follower"))
    assert game.scores[0] - before == points
    assert game.supply[0]["follower"] == 6
    if figure is not None:
        assert figure_root(game, figure) == game.find(game.node_at(2, 0, "N"))


# --------------------------------------------------------------------- MX5
def test_mx5_a_shepherd_knocked_out_takes_its_flock_back_to_the_bag() -> None:
    game = _game(("hills_sheep", "catapult"),
                 ("base/U", "base/U", "catapult/06", "base/U", "base/U"), start=None)
    game.apply(PlaceTile(1, 0, 2, "base/U"))
    game.apply(Deploy(SHEPHERD, 1, 0, "SE"))
    bag = len(state_of(game).bag)
    assert len(flock_of(game, 0)) == 1
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(0, 1, 0, "catapult/06"))  # extends the shepherd's field
    game.apply(next(a for a in game.legal_actions() if getattr(a, "choice", "") == "grow"))
    game.apply(PASS)
    game.apply(ChooseToken("knockout"))
    assert len(flock_of(game, 0)) == 2 and len(state_of(game).bag) == bag - 1
    where = next(w for f, w in game.figure_positions() if f.figure == SHEPHERD)
    score = game.scores[0]
    game.apply(Hurl("knockout", *where))
    assert game.supply[0][SHEPHERD] == 1
    assert flock_of(game, 0) == () and len(state_of(game).bag) == bag + 1
    assert game.scores[0] == score, "no points for a flock knocked over"


class Homecoming(Expansion):
    """Writes down every figure the core sends home (the hook of ruling MX5)."""

    id = "toy_homecoming"
    order = 905
    title = description = {"fr": "Retours", "en": "Homecomings"}

    def on_figure_returned(self, game: Game, player: int, figure: str,
                           events: list[Event]) -> None:
        game.extension_state[self.id] = (*game.extension_state.get(self.id, ()),
                                         (player, figure))


@pytest.fixture
def homecoming() -> Iterator[None]:
    EXPANSIONS[Homecoming.id] = Homecoming
    try:
        yield
    finally:
        del EXPANSIONS[Homecoming.id]


def test_the_hook_on_figure_returned_hears_a_scoring_and_a_removal(homecoming: None) -> None:
    game = _game((Homecoming.id,), ("base/E", "base/U", "base/U"))
    game.apply(PlaceTile(0, -1, 2, "base/E"))  # closes the start tile's city: 2 tiles
    game.apply(Deploy("follower", 0, -1, "S"))
    assert game.extension_state[Homecoming.id] == ((0, "follower"),)
    game.put_figure(1, "follower", (0, 0, "E"), [])
    game.remove_figure(1, "follower", (0, 0, "E"), [])
    assert game.extension_state[Homecoming.id] == ((0, "follower"), (1, "follower"))
    assert Rules(quick_setup()).hooks["on_figure_returned"] == ()


# --------------------------------------------------------------------- MX6
def _specials_game() -> Game:
    """Bleu's followers in the Count's castle and on a crown of the wheel."""
    game = _game(("count", "wheel_of_fortune", "catapult"), start=None)
    game.put_figure(1, "follower", (COUNT_AREA, CASTLE), [])
    game.put_figure(1, "follower", (WHEEL, free_crowns(game)[0]), [])
    return game


def test_mx6_the_catapult_never_hits_nor_seduces_a_figure_in_a_quarter_or_on_a_crown() -> None:
    game = _specials_game()
    for x, y in game.board:
        for point in ((x, y), (x + 0.3, y - 0.3), (x - 0.3, y + 0.3)):
            assert knocked(game, point) == [], point
            assert nearest_follower(game, 0, point) is None, point
    assert sum(len(v) for v in game.area_figures.values()) == 2


# --------------------------------------------------------------------- MX7
def test_mx7_a_robber_stays_when_the_messenger_moves_and_robs_when_the_pawn_it_watches_moves(
) -> None:
    for pawn, robbed in ((1, True), (2, False)):
        game = _game(("robbers", "messages"))
        game.pawns[1] = (6, 0)
        game.scores[1] = 6
        events: list[Event] = []
        game.put_figure(0, ROBBER, (TRACK, "6"), events)  # on Bleu's first pawn
        game.award((1,), 3, "road", "completed", events)
        decision = game.settle_pawns(events)
        assert decision is not None and (decision.kind, decision.player) == (SCORE_PAWN, 1)
        game.pending = decision
        game.apply(ScorePawn(pawn))
        assert game.scores[0] == (2 if robbed else 0), pawn
        assert (game.area_figures.get((TRACK, "6")) is None) is robbed, pawn


# --------------------------------------------------------------------- MX8
def test_mx8_a_follower_in_a_quarter_or_on_a_crown_is_no_knight_nor_taken_back_by_a_message(
) -> None:
    game = _game(("count", "wheel_of_fortune", "messages"), start=None)
    game.put_figure(0, "follower", (COUNT_AREA, CASTLE), [])
    game.put_figure(0, "follower", (WHEEL, free_crowns(game)[0]), [])
    assert not can_act(game, 0, 8), "message 8 takes back a follower of the board only"
    assert count_for(game, 0, 6) == 0 and count_for(game, 0, 7) == 0
    assert not can_act(game, 0, 6) and not can_act(game, 0, 1)


# --------------------------------------------------------------------- MX9
def test_mx9_a_fair_laid_as_message_4s_extra_tile_brings_no_catapult_round() -> None:
    """`ms_message_4_extra_tile` with the Catapult, the extra tile a fair: it is
    placed, its figure step and scoring run, and the turn passes to Bleu with no
    round (the round belongs to the end of the turn, which a called part has not)."""
    record = _golden("ms_message_4_extra_tile")["record"]
    record["setup"]["expansions"] = ["base", "messages", "catapult"]
    record["setup"]["tile_order"] = [*record["setup"]["tile_order"][:-1], "catapult/06", "base/U"]
    record["actions"] = record["actions"][:11]  # message 4, carried out
    game = GameRecord.from_json(record).replay().game
    assert game.hand == ["catapult/06"] and game.turn_player == 0
    game.apply(PlaceTile(0, 1, 0, "catapult/06"))
    game.apply(PASS)
    assert game.pending is not None
    assert (game.pending.kind, game.pending.player) == ("place_tile", 1)


# ----------------------------------------------------- golden records of mixes
MIXES = sorted(GOLDEN_DIR.glob("mx_*.json"))


@pytest.mark.parametrize("path", MIXES, ids=[p.stem for p in MIXES])
def test_a_golden_mix_gives_each_tile_to_its_placer(path: Path) -> None:
    """Scores and events are checked with every golden record
    (tests/test_golden_expansions.py); a mix whose point is who plays a
    tile (a builder's second tile, or none after a ferry) lists the placers."""
    golden = json.loads(path.read_text(encoding="utf-8"))
    placers = golden["expected"].get("placers")
    if placers is None:
        assert golden["expected"]["events"], "a golden mix names the events it proves"
        return
    replay = GameRecord.from_json(golden["record"]).replay()
    names = [p["name"] for p in golden["record"]["setup"]["players"]]
    assert [names[e.player] for _, e in replay.events if isinstance(e, TilePlaced)] == placers


# -------------------------------------------------------------------- MX10
def test_mx10_a_message_scoring_an_unfinished_zone_takes_none_of_its_ingots() -> None:
    """Message 8 in `ms_message_8_follower_back` with the Gold Mines and an ingot
    on each tile of Rouge's city: she scores the city (3) and takes her knight
    back, but the city is not completed: its ingots stay where they lie."""
    from carcassonne_desktop.engine.expansions.gold_mines import ID as GOLD_MINES
    from carcassonne_desktop.engine.expansions.gold_mines import ingots

    record = _golden("ms_message_8_follower_back")["record"]
    record["setup"]["expansions"] = ["base", "messages", "gold_mines"]
    game = GameRecord.from_json(record).replay(11).game
    game.extension_state[GOLD_MINES] = (((2, -1), 1), ((2, 0), 2))
    before = game.scores[0]
    game.apply(Remove(2, 0, "N", "follower"))
    assert game.scores[0] - before == 3
    assert ingots(game) == {(2, -1): 1, (2, 0): 2}
    assert not game.tokens[0].get("gold")

"""First-edition farmers (seed 002, option `farmers_first_edition`): fields are
scored city by city. The rulebook's worked examples are golden records
(tests/golden_expansions/fe_*.json); here the core hooks the option uses,
proven with a toy expansion, and the pig with the option."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from carcassonne_desktop.engine import Game, quick_setup, registry
from carcassonne_desktop.engine.actions import parse_action
from carcassonne_desktop.engine.events import Event, PointsScored
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.features import Feature

TOY = "toy_claims_cloisters"


class ClaimsCloisters(Expansion):
    """Scores every unfinished occupied cloister itself at the end: 100 points."""

    id = TOY
    order = 900
    title = {"fr": "Jouet", "en": "Toy"}
    description = {"fr": "Pour les tests.", "en": "For tests."}

    def scores_at_end_itself(self, game: Game, feature: Feature) -> bool:
        return feature.kind == "cloister"

    def final_scoring(self, game: Game, events: list[Event]) -> None:
        for player, _, node in game.figures_placed:
            if game.feature(node).kind == "cloister":
                game.award((player,), 100, "toy", "final", events)


@pytest.fixture
def toy() -> Iterator[None]:
    EXPANSIONS[TOY] = ClaimsCloisters
    try:
        yield
    finally:
        del EXPANSIONS[TOY]


def play(game: Game, moves: list[dict]) -> list[Event]:
    events: list[Event] = []
    for move in moves:
        events.extend(game.apply(parse_action(move)))
    return events


def place(tile: str, x: int, y: int, rot: int = 0) -> dict:
    return {"type": "place_tile", "tile": tile, "x": x, "y": y, "rot": rot}


def deploy(figure: str, x: int, y: int, port: str) -> dict:
    return {"type": "deploy", "figure": figure, "x": x, "y": y, "port": port}


PASS = {"type": "pass"}


def test_the_core_leaves_a_claimed_feature_to_the_expansion_that_claims_it(toy: None):
    game = Game(quick_setup(2, expansions=("base", TOY), tile_order=("base/B",)))
    events = play(game, [place("base/B", 0, 1), deploy("follower", 0, 1, "C")])
    scored = [(e.feature, e.points) for e in events if isinstance(e, PointsScored)]
    assert scored == [("toy", 100)]  # the core did not score the cloister (it would be 2)


def test_the_option_is_a_first_edition_option_of_the_base_game():
    base = registry()["base"]
    assert base.options["farmers_first_edition"] is False
    assert "farmers_first_edition" in base.first_edition_options


def _pig_game(first_edition: bool) -> Game:
    order = ("base/E", "base/U", "base/E", "base/U")
    game = Game(quick_setup(2, expansions=("base", "traders_builders"), tile_order=order,
                            options={"farmers_first_edition": first_edition}))
    play(game, [
        place("base/E", 0, -1, 2), PASS,  # P0 completes the start city
        place("base/U", 1, 0), deploy("follower", 1, 0, "NW"),  # P1 farmer beside it
        place("base/E", 1, -1), PASS,  # P0: an unfinished city north of the field
        place("base/U", 2, 0), deploy("pig", 2, 0, "NW"),  # P1's pig joins the farmer
    ])
    assert game.is_over
    return game


def test_the_pig_adds_one_per_city_its_owner_wins_city_by_city():
    """Ruling: with first-edition farmers the pig's owner scores 4 instead of 3
    for a city he wins when his pig stands in a field that touches it."""
    assert _pig_game(True).breakdown[1]["field"] == 4
    assert _pig_game(False).breakdown[1]["field"] == 4  # same board, field by field


#: fe_farmers_majority_over_all_fields: Rouge's farmer in the strip beside the
#: city, Bleu's in the fields on either side of it.
AROUND_ONE_CITY = [place("base/U", 1, 0), deploy("follower", 1, 0, "NW"),
                   place("base/F", 0, -1, 1), deploy("follower", 0, -1, "EN"),
                   place("base/E", 0, -2, 2), PASS,
                   place("base/E", -1, -1, 3), deploy("follower", -1, -1, "EN")]


def _around_one_city(option: bool, fillers: int = 0) -> Game:
    order = ("base/U", "base/F", "base/E", "base/E") + ("base/V",) * fillers
    game = Game(quick_setup(2, tile_order=order, options={"farmers_first_edition": option}))
    play(game, AROUND_ONE_CITY)
    return game


def test_a_city_is_scored_once_however_many_fields_of_one_player_touch_it():
    # field by field Bleu scores 6; city by city the same city pays Bleu once
    totals = {option: tuple(b.get("field", 0) for b in _around_one_city(option).breakdown)
              for option in (False, True)}
    assert totals == {False: (3, 6), True: (0, 3)}


def test_the_evaluation_counts_a_city_once_for_its_city_by_city_winners():
    from carcassonne_desktop.ai.evaluation import Evaluator

    totals = {}
    for option in (False, True):
        game = _around_one_city(option, fillers=6)
        assert not game.is_over
        totals[option] = Evaluator(game).totals(game)
    # field by field Rouge's strip and both of Bleu's fields pay 3 for the closed
    # city; city by city only Bleu's 2 farmers against 1 win it, once
    assert totals[True][0] == pytest.approx(totals[False][0] - 3)
    assert totals[True][1] == pytest.approx(totals[False][1] - 3)


def test_a_field_is_worth_what_its_farmers_win_city_by_city():
    game = _around_one_city(True, fillers=6)
    strip = game.feature_at(1, 0, "NW")  # Rouge's farmer: Bleu wins the city 2 to 1
    east = game.feature_at(0, -1, "EN")  # one of Bleu's two fields
    assert (strip.owners, strip.value) == ((0,), 0)
    assert (east.owners, east.value) == ((1,), 3)
    plain = _around_one_city(False, fillers=6)
    assert plain.feature_at(1, 0, "NW").value == 3

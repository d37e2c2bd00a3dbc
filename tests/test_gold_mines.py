"""The Gold Mines (seed 001 "Les Mines d'Or"): the ingots put down, handed out
after the scoring (ties from the active player clockwise), lost at the end,
and the final table. The rulebook's two worked examples are golden records
(tests/golden_expansions/gm_*.json); here their events are checked too."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from carcassonne_desktop.engine import PASS, Game, GameRecord, PlaceTile
from carcassonne_desktop.engine.actions import Deploy, parse_action
from carcassonne_desktop.engine.errors import IllegalActionError
from carcassonne_desktop.engine.expansions.gold_mines import (
    _CLAIMS,
    GOLD,
    GoldCollected,
    GoldLost,
    PlaceGold,
    _hand_out,
    ingots,
    rate,
    zone_cells,
)
from carcassonne_desktop.engine.setup import quick_setup

GOLDEN = Path(__file__).parent / "golden_expansions"


def _replayed(name: str) -> list:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json(record).replay().events


def _game(*order: str) -> Game:
    setup = quick_setup(expansions=("base", "gold_mines"), tile_order=order)
    return Game(replace(setup, start_tile="base/D"))


def test_rouge_takes_the_three_ingots_of_the_city_he_completes() -> None:
    events = _replayed("gm_city_three_ingots_to_rouge")
    placed = [(e.player, (e.x, e.y)) for _, e in events if e.kind == "gold_placed"]
    assert placed == [(0, (0, -1)), (0, (0, 0)), (1, (-1, -1)), (1, (0, -1))]
    collected = [(i, e.player, (e.x, e.y)) for i, e in events if isinstance(e, GoldCollected)]
    assert collected == [(7, 0, (0, -1)), (7, 0, (0, -1)), (7, 0, (0, 0))]
    assert [e.count for _, e in events if isinstance(e, GoldLost)] == [1]


def test_a_tie_hands_out_one_ingot_at_a_time_from_the_active_player() -> None:
    events = _replayed("gm_road_tie_rouge_two_bleu_one")
    collected = [e.player for _, e in events if isinstance(e, GoldCollected)]
    assert collected == [0, 1, 0]


def test_the_second_ingot_goes_on_one_of_the_eight_neighbours_holding_a_tile() -> None:
    game = _game("gold/05", "base/E")
    game.apply(PlaceTile(1, 0, 0, "gold/05"))
    assert game.pending is not None and game.pending.kind == GOLD
    assert ingots(game) == {(1, 0): 1}
    assert list(game.legal_actions()) == [PlaceGold(0, 0)]  # the only tile around
    with pytest.raises(IllegalActionError, match="eight tiles"):
        game.apply(PlaceGold(2, 0))
    game.apply(PlaceGold(0, 0))
    assert game.pending is not None and game.pending.kind == "figure"  # before the figure step
    assert ingots(game) == {(1, 0): 1, (0, 0): 1}


def test_diagonal_neighbours_count_and_a_tile_may_hold_several_ingots() -> None:
    game = _game("base/E", "gold/05")
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    game.apply(PASS)
    game.apply(PlaceTile(-1, 0, 2, "gold/05"))
    assert set(game.legal_actions()) == {PlaceGold(0, 0), PlaceGold(0, -1)}
    game.apply(PlaceGold(0, -1))
    assert ingots(game) == {(-1, 0): 1, (0, -1): 1}


def test_gold_action_round_trips() -> None:
    assert parse_action({"type": "gold", "x": -2, "y": 3}) == PlaceGold(-2, 3)
    assert PlaceGold(-2, 3).to_json() == {"type": "gold", "x": -2, "y": 3}


def test_a_cloister_collects_the_ingots_of_its_three_by_three() -> None:
    game = _game("base/B")
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    node = game.node_at(0, 1, "C")
    assert node is not None
    cells = zone_cells(game, game.find(node))
    assert cells == {(x, y) for x in (-1, 0, 1) for y in (0, 1, 2)}


@pytest.mark.parametrize("held, each", [(0, 0), (1, 1), (3, 1), (4, 2), (6, 2), (7, 3),
                                        (9, 3), (10, 4), (16, 4)])
def test_the_scoring_sheet(held: int, each: int) -> None:
    assert rate(held) == each


def test_seven_ingots_score_twenty_one_at_the_end() -> None:
    """Seed 001's example: 7 ingots x 3 = 21."""
    game = _game("base/E")
    game.give_token(0, GOLD, 7, [])
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    game.apply(PASS)
    assert game.is_over and game.breakdown[0][GOLD] == 21


def test_an_ingot_nobody_else_may_take_goes_first() -> None:
    """Ruling: two zones completed at once by different players share a tile;
    each player takes first from the tiles only they may take from, so the
    shared ingot goes last and nobody loses one by the order."""
    game = _game("base/E")
    game.extension_state["gold_mines"] = (((0, 0), 1), ((1, 0), 1), ((2, 0), 1))
    game.turn_state[_CLAIMS] = (((0,), frozenset({(0, 0), (1, 0)})),
                                ((1,), frozenset({(1, 0), (2, 0)})))
    events: list = []
    _hand_out(game, events)
    taken = [(e.player, (e.x, e.y)) for e in events if isinstance(e, GoldCollected)]
    assert taken == [(0, (0, 0)), (1, (2, 0)), (0, (1, 0))]
    assert game.tokens[0][GOLD] == 2 and game.tokens[1][GOLD] == 1 and not ingots(game)


def test_a_zone_nobody_wins_keeps_its_ingots_and_farmers_take_none() -> None:
    game = _game("gold/06", "base/E")
    game.apply(PlaceTile(0, -1, 2, "gold/06"))
    game.apply(PlaceGold(0, 0))
    game.apply(Deploy("follower", 0, -1, "WS"))  # a farmer beside the city
    game.apply(PlaceTile(1, -1, 3, "base/E"))  # completes the city: nobody in it
    game.apply(PASS)
    assert game.is_over
    assert GOLD not in game.breakdown[0] and not game.tokens[0].get(GOLD)
    assert game.breakdown[0]["field"] == 3


def test_computer_keeps_the_second_ingot_out_of_a_rivals_reach() -> None:
    """gm_road_tie_rouge_two_bleu_one before Rouge's second ingot: on the
    road Rouge completes it would go to Bleu (Rouge takes 2 either way), so
    the computer puts it beside (0, -1), off the road."""
    from carcassonne_desktop.ai.levels import create_player

    record = json.loads((GOLDEN / "gm_road_tie_rouge_two_bleu_one.json")
                        .read_text(encoding="utf-8"))["record"]
    game = GameRecord.from_json(record).replay(upto=10).game
    assert game.pending is not None and game.pending.kind == GOLD
    assert set(game.legal_actions()) == {PlaceGold(0, 0), PlaceGold(0, -1), PlaceGold(-1, -1)}
    for level in ("medium", "greedy"):
        assert create_player(level, seed=3).choose(game) == PlaceGold(0, -1), level

"""Mage & Witch (seed 001 p.19; DESIGN 5c): the tiles, the decision, the
scoring and the rulings of docs/rulings.md "Mage & Witch". The rulebook's
worked examples are golden records (tests/golden_expansions/mw_*.json)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from carcassonne_desktop.engine import Game, GameRecord, GameSetup, IllegalActionError, PlaceTile
from carcassonne_desktop.engine.actions import PASS, Deploy, MoveFigure, Remove, parse_action
from carcassonne_desktop.engine.catalogue import load_tile_file
from carcassonne_desktop.engine.events import FigureMoved, PointsScored
from carcassonne_desktop.engine.expansions.mage_witch import (
    KIND,
    MAGE,
    WITCH,
    figure_root,
    together,
)
from carcassonne_desktop.engine.score_terms import terms_total
from tests.engine_checks import Watcher, check_invariants
from tests.test_catalogue import REFERENCE

GOLDEN = Path(__file__).parent / "golden_expansions"


def game_of(order: list[str], start: tuple[str, int] = ("base/D", 0),
            expansions: tuple[str, ...] = ("base", "mage_witch")) -> Game:
    return Game(GameSetup.from_json({
        "players": [{"name": "Rouge", "color": "red", "controller": "human"},
                    {"name": "Bleu", "color": "blue", "controller": "human"}],
        "expansions": list(expansions), "options": {"farmers": True}, "seed": 1,
        "start_tile": start[0], "start_rot": start[1], "tile_order": order}))


def golden_replay(name: str, upto: int | None = None):  # type: ignore[no-untyped-def]
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json(record).replay(upto)


# ------------------------------------------------------------------ the tiles
@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference catalogue not beside repo")
def test_the_eight_magic_tiles_match_the_reference():
    reference = json.loads((REFERENCE / "mage_witch.json").read_text(encoding="utf-8"))
    expected = {t["id"]: t for t in reference["tiles"] if t["count_with_gardens"]}
    ours = {t.id: t for t in load_tile_file("mage_witch.json", "mage_witch")}
    assert set(ours) == set(expected)
    assert sum(t.count for t in ours.values()) == 8
    for tile_id, ref in expected.items():
        tile = ours[tile_id]
        assert tile.count == ref["count_with_gardens"]
        assert [(f.kind, list(f.ports)) for f in tile.features] == [
            (f["kind"], f["ports"]) for f in ref["features"]], tile_id
        assert dict(tile.flags) == ref["flags"] and tile.flags["magic"]


# -------------------------------------------------------------- the decision
def test_a_magic_tile_asks_the_placer_before_the_figure_step():
    game = game_of(["mage/01", "base/U"])
    game.apply(PlaceTile(1, 0, 0, "mage/01"))
    assert game.pending.kind == KIND and game.pending.player == 0
    assert not game.pending.optional and game.pending.subject == ("magic",)
    legal = list(game.legal_actions())
    assert PASS not in legal
    assert {a.figure for a in legal} == {MAGE, WITCH}
    assert all(a.source is None for a in legal)  # neither is in play yet
    game.apply(MoveFigure(MAGE, None, (0, 0, "W")))
    assert game.pending.kind == "figure"


def test_a_tile_without_the_symbol_asks_nothing():
    game = game_of(["base/U", "base/U"])
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    assert game.pending.kind == "figure"


def test_never_on_the_tile_just_placed_but_its_feature_through_another_tile():
    game = game_of(["mage/01", "base/U"])
    game.apply(PlaceTile(1, 0, 0, "mage/01"))
    targets = {a.target for a in game.legal_actions()}
    assert all((x, y) != (1, 0) for x, y, _ in targets)
    # the road the tile extends is offered, through the start tile
    assert (0, 0, "E") in targets
    with pytest.raises(IllegalActionError, match="not on the tile"):
        game.apply(MoveFigure(MAGE, None, (1, 0, "E")))


def test_never_where_the_other_stands_nor_where_it_already_is():
    replay = golden_replay("mw_witch_road_5_mage_road_3", upto=8)
    game = replay.game
    assert game.pending.kind == KIND
    mage_root = figure_root(game, MAGE)
    legal = list(game.legal_actions())
    # the witch may not join the mage, and the mage must go somewhere else
    assert all(game.find(game.node_at(*a.target)) != mage_root for a in legal)
    assert all(a.source is not None for a in legal if a.figure == MAGE)
    assert all(a.source is None for a in legal if a.figure == WITCH)


def test_any_segment_of_a_feature_names_it_and_the_record_keeps_one():
    replay = golden_replay("mw_witch_road_5_mage_road_3", upto=8)
    game = replay.game
    game.apply(MoveFigure(WITCH, None, (0, 1, "W")))  # the road's segment on (0, 1)
    kept = game.history[-1]
    assert isinstance(kept, MoveFigure) and kept in golden_replay(
        "mw_witch_road_5_mage_road_3", upto=8).game.legal_actions()
    assert game.find(game.node_at(*kept.target)) == game.find(game.node_at(0, 1, "W"))


def test_removal_when_neither_can_go_anywhere():
    """Start base/D; Rouge's mage/05 closes the start's city and puts the mage
    on the start's road; Bleu's mage/05 closes that city's other end: the
    only unfinished road or city off the tile is the mage's own road, and
    the witch may not join him there, so one of them leaves play: the mage,
    the only one in play (001 p.19 "vous devez retirer un des deux pions")."""
    game = game_of(["mage/05", "mage/05", "base/U"])
    game.apply(PlaceTile(0, -1, 0, "mage/05"))
    assert list(game.legal_actions()) == [MoveFigure(MAGE, None, (0, 0, "E")),
                                          MoveFigure(WITCH, None, (0, 0, "E"))]
    game.apply(MoveFigure(MAGE, None, (0, 0, "E")))
    game.apply(PASS)
    game.apply(PlaceTile(0, -2, 0, "mage/05"))
    assert game.pending.kind == KIND
    assert list(game.legal_actions()) == [Remove(figure=MAGE)]
    with pytest.raises(IllegalActionError, match="one line|move the mage or the witch"):
        game.apply(Remove(figure=WITCH))
    events = game.apply(parse_action({"type": "remove", "figure": "mage"}))
    assert FigureMoved(-1, MAGE, {"x": 0, "y": 0, "port": "E"}, None) in events
    assert MAGE not in game.neutral_figures and game.pending.kind == "figure"


def test_no_question_when_neither_is_in_play_and_nothing_is_open():
    """The tile closes the start's city and its own city is on itself."""
    game = game_of(["mage/05", "base/U"], start=("base/E", 0))
    game.apply(PlaceTile(0, -1, 0, "mage/05"))
    assert game.pending.kind == "figure"


def test_a_join_asks_to_part_them_before_scoring_and_only_them_may_move():
    replay = golden_replay("mw_join_moves_the_witch_away_before_scoring", upto=11)
    game = replay.game
    assert game.pending.kind == KIND and game.pending.subject == ("separate",)
    shared = together(game)
    assert shared is not None
    legal = list(game.legal_actions())
    assert legal and all(a.source is not None for a in legal)
    assert all(game.find(game.node_at(*a.target)) != shared for a in legal)
    assert not game.scores[0] and not game.scores[1]  # nothing scored before the answer


def test_a_magic_tile_that_joins_them_asks_once():
    """Ruling: the magic tile's move is the move that parts them."""
    record = json.loads((GOLDEN / "mw_join_moves_the_witch_away_before_scoring.json")
                        .read_text(encoding="utf-8"))["record"]
    record["setup"]["tile_order"][-1] = "mage/07"  # road E-S at rot 3, and magic
    game = GameRecord.from_json({**record, "actions": record["actions"][:10]}).replay().game
    game.apply(PlaceTile(-1, 0, 3, "mage/07"))
    assert game.pending.kind == KIND and game.pending.subject == ("magic",)
    shared = together(game)
    legal = list(game.legal_actions())
    assert legal and all(a.source is not None for a in legal)
    assert all(game.find(game.node_at(*a.target)) != shared for a in legal)
    game.apply(legal[0])
    assert game.pending.kind == "figure" and together(game) is None


# ------------------------------------------------------------------ scoring
@pytest.mark.parametrize("name,reason", [
    ("mw_mage_city_8_tiles_28_each", MAGE),
    ("mw_witch_after_cathedral_15_to_8", WITCH),
    ("mw_witch_road_5_mage_road_3", WITCH),
    ("mw_mage_unfinished_inn_road_1_per_tile", MAGE),
])
def test_the_score_explanation_names_the_figure(name, reason):
    replay = golden_replay(name)
    scorings = [e for _, e in replay.events if isinstance(e, PointsScored) and e.points]
    named = [e for e in scorings if any(t.reason == reason for t in e.terms)]
    assert named
    for event in scorings:
        assert terms_total(event.terms) == event.points
        assert all(t.reason != "rule" for t in event.terms), event.terms


def test_the_witch_term_follows_the_cathedral():
    replay = golden_replay("mw_witch_after_cathedral_15_to_8")
    event = next(e for _, e in replay.events if isinstance(e, PointsScored) and e.points)
    assert [t.reason for t in event.terms] == ["tile", "shield", "cathedral", WITCH]
    assert terms_total(event.terms[:3]) == 15 and event.points == 8


def test_the_figure_leaves_a_feature_scored_for_nobody():
    """Ruling: the mage leaves a completed road nobody holds."""
    game = game_of(["mage/01", "base/W"])
    game.apply(PlaceTile(1, 0, 0, "mage/01"))
    game.apply(MoveFigure(MAGE, None, (0, 0, "W")))
    game.apply(PASS)
    events = game.apply(PlaceTile(-1, 0, 0, "base/W"))
    events += game.apply(PASS)
    assert any(isinstance(e, FigureMoved) and e.figure == MAGE and e.target is None
               for e in events)
    assert MAGE not in game.neutral_figures and game.scores == [0, 0]


def test_at_the_end_the_figure_leaves_with_the_feature_it_counted_for():
    replay = golden_replay("mw_mage_unfinished_inn_road_1_per_tile")
    assert replay.game.is_over and MAGE not in replay.game.neutral_figures
    assert replay.game.breakdown[0] == {"road": 2}


def test_a_follower_on_a_magic_tile_is_still_deployed_after_the_answer():
    game = game_of(["mage/01", "base/U"])
    game.apply(PlaceTile(1, 0, 0, "mage/01"))
    game.apply(MoveFigure(WITCH, None, (0, 0, "E")))
    assert Deploy("follower", 1, 0, "E") in game.legal_actions()


# --------------------------------------------------------------- random games
@pytest.mark.parametrize("expansions", [
    ("base", "mage_witch"),
    ("base", "inns_cathedrals", "traders_builders", "mage_witch"),
])
def test_random_games_keep_the_two_figures_apart_and_off_scored_features(expansions):
    for seed in range(4):
        game = Game(GameSetup.from_json({
            "players": [{"name": f"P{i}", "color": c, "controller": "human"}
                        for i, c in enumerate(("red", "blue", "green")[: 2 + seed % 2])],
            "expansions": list(expansions), "options": {}, "seed": seed}))
        rng = random.Random(seed)
        watcher = Watcher(game)
        asked = 0
        while not game.is_over:
            if game.pending.kind == KIND:
                asked += 1
            elif game.pending.kind in ("figure", "place_tile"):
                assert together(game) is None
            for figure in (MAGE, WITCH):
                root = figure_root(game, figure)
                if root is not None:
                    assert game.features[root].kind in ("road", "city")
                    assert not game.features[root].completed
            actions = game.legal_actions()
            events = game.apply(actions[rng.randrange(len(actions))])
            watcher.after(events)
            for event in events:
                if isinstance(event, PointsScored):
                    assert terms_total(event.terms) == event.points
            check_invariants(game)
        assert asked >= 1

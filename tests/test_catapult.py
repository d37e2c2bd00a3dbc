"""The Catapult (issue 27; seed 002 "Catapult"): the fair tiles, the round
after a fair tile's turn, and every effect computed from the rest point
alone. Each ruling CA1-CA10 of docs/rulings.md has its test here; the
worked examples are golden records (tests/golden_expansions/ca_*.json)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from carcassonne_desktop.engine import (
    PASS,
    Deploy,
    Game,
    GameRecord,
    IllegalActionError,
    MalformedError,
    PlaceTile,
    Rules,
    quick_setup,
)
from carcassonne_desktop.engine.actions import parse_action
from carcassonne_desktop.engine.expansions.catapult import (
    CATCH,
    CATCH_POINTS,
    HAND_STREAM,
    HURL,
    SWAP,
    TOKEN_CHOICE,
    TOKENS,
    CatchOutcome,
    ChooseToken,
    Hurl,
    KnockedOut,
    Round,
    Seduced,
    Swap,
    TargetWon,
    TokenLanded,
    holds,
    spent,
    tokens_left,
)
from carcassonne_desktop.engine.expansions.catapult import ID as CATAPULT
from carcassonne_desktop.engine.expansions.shared.catapult_geometry import (
    CHAIN_REACH,
    HIT_REACH,
    knocked,
    on_map,
    target_distance,
)
from tests.engine_checks import Watcher, check_invariants
from tests.test_catalogue import REFERENCE

DATA = Path(__file__).parent.parent / "carcassonne_desktop" / "engine" / "data"


def _game(*order: str, players: int = 2, expansions: tuple[str, ...] = ("catapult",)) -> Game:
    return Game(quick_setup(players=players, seed=1, expansions=("base", *expansions),
                            tile_order=order))


def _opening(*more: str, players: int = 2) -> Game:
    """Rouge's farmer south of the road on (1, 0) (stands at 1.29, 0.29),
    Bleu's follower on the road of base/A at (2, 0) (stands at 1.75, 0)."""
    game = _game("base/U", "base/A", *more, players=players)
    game.apply(PlaceTile(1, 0, 2, "base/U"))
    game.apply(Deploy("follower", 1, 0, "SE"))
    game.apply(PlaceTile(2, 0, 1, "base/A"))
    game.apply(Deploy("follower", 2, 0, "W"))
    return game


def _fair_round(game: Game, token: str, x: int = 0, y: int = 1) -> Game:
    game.apply(PlaceTile(x, y, 0, "catapult/06"))
    game.apply(PASS)
    assert game.pending_kind == TOKEN_CHOICE
    game.apply(ChooseToken(token))
    return game


def _points(game: Game) -> dict[tuple[int, str], tuple[float, float]]:
    return {(f.player, f.port): p for f, p in game.figure_positions()}


# ----------------------------------------------------------------- the tiles
def test_twelve_fair_tiles_as_the_reference_lists_them() -> None:
    ours = json.loads((DATA / "catapult.json").read_text("utf-8"))["tiles"]
    assert sum(t["count"] for t in ours) == 12
    assert all(t["flags"] == {"fair": True} for t in ours)
    if REFERENCE.exists():
        reference = json.loads((REFERENCE / "catapult.json").read_text("utf-8"))
        for tile, ref in zip(ours, reference["tiles"], strict=True):
            assert (tile["id"], tile["count"], tile["flags"]) == (ref["id"], ref["count"],
                                                                  ref["flags"])
            wanted = [{k: v for k, v in f.items() if k not in ("halves", "note")}
                      for f in ref["features"]]
            for feature in wanted:
                if feature["kind"] == "fair":
                    assert feature["ports"] == ["C"]
                    feature["ports"] = []  # nobody stands on it; the cloister of /07 has "C"
            assert tile["features"] == wanted


def test_the_fair_ends_roads_splits_a_field_and_holds_nobody() -> None:
    """CA10: the fair is a feature of its own, never placeable."""
    game = _game("catapult/08", "catapult/07")
    game.apply(PlaceTile(1, 0, 1, "catapult/08"))  # roads W and E end at the fair
    deploys = [a for a in game.legal_actions() if isinstance(a, Deploy)]
    assert all(game.feature_at(1, 0, a.port).kind != "fair" for a in deploys)
    west = game.feature_at(1, 0, "W")
    east = game.feature_at(1, 0, "E")
    assert west.kind == east.kind == "road" and set(west.tiles) == {(0, 0), (1, 0)}
    assert set(east.tiles) == {(1, 0)}
    rules = Rules(quick_setup(2, expansions=("base", "catapult")))
    cloister_fair = rules.catalogue["catapult/07"]
    fields = [f for f in cloister_fair.features if f.kind == "field"]
    assert len(fields) == 2, "the fair splits the field of catapult/07"


# ----------------------------------------------------------------- the round
def test_the_round_follows_the_scoring_and_goes_clockwise_from_the_placer() -> None:
    game = _game("base/U", "catapult/06", "base/U", players=3)
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(PASS)
    events = game.apply(PlaceTile(0, 1, 0, "catapult/06"))  # Bleu places the fair
    assert game.pending_kind == "figure"
    game.apply(PASS)
    assert game.pending.kind == TOKEN_CHOICE and game.pending.player == 1
    assert {a.token for a in game.legal_actions()} == set(TOKENS)
    events = game.apply(ChooseToken("target"))
    hurlers = []
    while game.pending_kind == HURL:
        hurlers.append(game.pending.player)
        events = game.apply(Hurl("target", 0.0, 1.0 + 0.1 * len(hurlers)))
    assert hurlers == [1, 2, 0]
    won = [e for e in events if isinstance(e, TargetWon)]
    assert won == [TargetWon((1,), 10)]
    assert game.scores == [0, 5, 0] and game.breakdown[1]["catapult"] == 5
    assert game.pending_kind == "place_tile" and game.turn_player == 2


def test_ca1_the_placer_chooses_among_the_types_he_holds_and_holders_hurl() -> None:
    game = _game("catapult/06", "catapult/01", players=3)
    game.extension_state[CATAPULT] = ((0, "knockout"), (2, "target"))  # not reachable in play
    game.apply(PlaceTile(0, 1, 0, "catapult/06"))
    game.apply(PASS)
    assert [a.token for a in game.legal_actions()] == ["seduction", "target", "catch"]
    with pytest.raises(IllegalActionError, match="you still hold"):
        game.apply(ChooseToken("knockout"))
    game.apply(ChooseToken("target"))
    assert game.pending.kind == HURL and game.pending.player == 0
    game.apply(Hurl("target", 9.0, 9.0))
    assert game.pending.player == 1, "Jaune no longer holds a target token"
    game.apply(Hurl("target", 9.0, 9.0))
    assert game.pending_kind == "place_tile"
    assert tokens_left(game, 1) == ("knockout", "seduction", "catch")


def test_ca1_no_round_when_nobody_holds_a_token() -> None:
    game = _game("catapult/06", "base/U")
    game.extension_state[CATAPULT] = tuple((p, t) for p in range(2) for t in TOKENS)
    game.apply(PlaceTile(0, 1, 0, "catapult/06"))
    game.apply(PASS)
    assert game.pending_kind == "place_tile"


def test_ca2_a_hurled_token_is_spent_even_off_the_map() -> None:
    game = _fair_round(_opening("catapult/06", "catapult/01"), "seduction")
    events = game.apply(Hurl("seduction", -6.0, 0.0))
    assert TokenLanded(0, "seduction", -6.0, 0.0, False) in events
    assert not any(isinstance(e, Seduced) for e in events)
    assert not holds(game, 0, "seduction") and holds(game, 1, "seduction")
    game.apply(Hurl("seduction", 9.0, 0.0))
    assert spent(game) == {(0, "seduction"), (1, "seduction")}
    assert game.pending_kind == "place_tile"
    # the next fair offers only the three types left
    game.apply(PlaceTile(0, -1, 2, "catapult/01"))
    game.apply(PASS)
    assert {a.token for a in game.legal_actions()} == {"knockout", "target", "catch"}


def test_ca3_the_map_is_every_cell_holding_a_tile_start_boards_included() -> None:
    game = _game(expansions=("count", "catapult"))
    cells = set(game.board)
    assert len(cells) > 1, "the Count's city is a start board"
    for x, y in cells:
        assert on_map(game, (x + 0.49, y - 0.49))
    outside = next((x, y) for x in range(-9, 9) for y in range(-9, 9) if (x, y) not in cells)
    assert not on_map(game, outside)
    # a point on an edge belongs to the cell east or south of it
    assert on_map(game, (0.5, 0.0)) == ((1, 0) in cells)


def test_ca4_an_earlier_token_neither_blocks_nor_moves_a_later_one() -> None:
    game = _fair_round(_game("catapult/06", "base/U"), "target")
    game.apply(Hurl("target", 0.2, 1.0))
    events = game.apply(Hurl("target", 0.2, 1.0))  # rests exactly where the first did
    assert TargetWon((0, 1), 20) in events
    assert game.scores == [5, 5]


def test_ca5_a_touch_sends_home_and_a_falling_figure_sends_home_its_neighbour() -> None:
    game = _fair_round(_opening("catapult/06", "base/U"), "knockout")
    where = _points(game)
    rouge, bleu = where[(0, "SE")], where[(1, "W")]
    assert HIT_REACH < math.dist(rouge, bleu) <= CHAIN_REACH
    point = (bleu[0] + 0.2, bleu[1] - 0.1)
    assert math.dist(point, rouge) > HIT_REACH
    events = game.apply(Hurl("knockout", *point))
    hits = [(e.player, e.chained) for e in events if isinstance(e, KnockedOut)]
    assert hits == [(1, False), (0, True)], "the hurler's own follower goes home too"
    assert game.figures_on_board() == []
    assert game.supply[0]["follower"] == game.supply[1]["follower"] == 7


def test_ca5_the_touch_is_the_token_radius_plus_the_foot() -> None:
    game = _fair_round(_opening("catapult/06", "base/U"), "knockout")
    bleu = _points(game)[(1, "W")]
    just_touching = (bleu[0], bleu[1] - HIT_REACH + 1e-9)
    missing = (bleu[0], bleu[1] - HIT_REACH - 1e-6)
    assert [f.player for f, _ in knocked(game, just_touching)] == [1, 0]
    assert knocked(game, missing) == []


def test_ca6_seduction_swaps_the_nearest_opponent_follower_for_one_from_supply() -> None:
    game = _fair_round(_opening("catapult/06", "base/U"), "seduction")
    events = game.apply(Hurl("seduction", 1.8, 0.1))
    assert Seduced(0, 1, "follower", 2, 0, "W") in events
    assert game.pending.kind == SWAP and game.pending.optional
    legal = list(game.legal_actions())
    assert legal == [Swap("follower"), Swap("follower", (1, 0, "SE")), PASS], \
        "from supply, or his farmer from the board (a follower may stand on a road)"
    game.apply(Swap("follower"))
    assert {(f.player, f.x, f.y, f.port) for f in game.figures_on_board()} == {
        (0, 1, 0, "SE"), (0, 2, 0, "W")}
    assert game.supply[1]["follower"] == 7


def test_ca6_seduction_from_the_board_and_any_port_names_the_feature() -> None:
    game = _opening("base/E", "catapult/06", "base/U")
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    game.apply(PASS)
    _fair_round(game, "seduction")
    assert game.pending.player == 1
    game.apply(Hurl("seduction", 1.3, 0.35))
    assert Swap("follower", (2, 0, "W")) in game.legal_actions()
    game.apply(Swap("follower", (2, 0, "W")))
    assert game.history[-1] == Swap("follower", (2, 0, "W"))
    assert {(f.player, f.x, f.y, f.port) for f in game.figures_on_board()} == {(1, 1, 0, "SE")}


def test_ca6_a_tie_for_nearest_goes_to_the_first_player_from_the_hurlers_left() -> None:
    game = _game("base/U", "base/B", "base/B", "catapult/06", players=4)
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    game.apply(Deploy("follower", 0, 1, "C"))  # Bleu's monk
    game.apply(PlaceTile(0, 2, 0, "base/B"))
    game.apply(Deploy("follower", 0, 2, "C"))  # Jaune's monk, one tile south
    _fair_round(game, "seduction", 1, 1)  # Vert places the fair and hurls first
    assert game.pending.player == 3
    bleu, jaune = _points(game)[(1, "C")], _points(game)[(2, "C")]
    middle = ((bleu[0] + jaune[0]) / 2, (bleu[1] + jaune[1]) / 2)
    assert math.dist(middle, bleu) == math.dist(middle, jaune)
    events = game.apply(Hurl("seduction", *middle))
    assert [e.player for e in events if isinstance(e, Seduced)] == [1]


def test_ca7_target_distance_is_to_the_fair_centre_at_the_hundredth() -> None:
    assert target_distance((0, 1), (0.3, 1.4)) == 50
    assert target_distance((0, 1), (0.504, 1.0)) == target_distance((0, 1), (0.496, 1.0))
    assert target_distance((0, 1), (0.51, 1.0)) > target_distance((0, 1), (0.50, 1.0))
    game = _fair_round(_game("catapult/06", "base/U", players=3), "target")
    game.apply(Hurl("target", 0.0, 0.496))  # 0.504 from the fair's centre, on base/D
    game.apply(Hurl("target", -0.3, 1.45))  # 0.54: loses
    events = game.apply(Hurl("target", -0.496, 1.0))
    assert TargetWon((0, 2), 50) in events and game.scores == [5, 0, 5]


def test_ca7_a_target_token_off_the_map_never_wins() -> None:
    game = _fair_round(_game("catapult/06", "base/U"), "target")
    game.apply(Hurl("target", 0.0, 1.6))  # south of the fair: no tile there
    events = game.apply(Hurl("target", 0.0, 0.3))  # farther, but on base/D
    assert TargetWon((1,), 70) in events


def test_ca8_the_left_neighbour_catches_and_each_outcome_scores_by_the_table() -> None:
    assert CATCH_POINTS == {"caught": (0, 5), "far": (3, 0), "touched": (1, 1),
                            "short": (0, 0)}
    game = _fair_round(_game("catapult/06", "base/U", players=3), "catch")
    asked = []
    for outcome in ("touched", "caught", "far"):
        asked.append((game.pending.kind, game.pending.player, game.pending.subject[1]))
        game.apply(CatchOutcome(outcome))
    assert asked == [(CATCH, 0, 1), (CATCH, 1, 2), (CATCH, 2, 0)]
    assert game.scores == [1 + 0, 1 + 0, 5 + 3]


def test_ca11_a_hurl_and_a_catch_are_revealed_and_undo_never_goes_back_past_them() -> None:
    """Regression (play under Xvfb): a player could take a bad hurl back and
    hurl again until the token landed well; a hurl or a catch is what the
    hand did, revealed like a draw, so the turn becomes final."""
    from carcassonne_desktop.engine.events import OutcomeRevealed
    from carcassonne_desktop.persistence.history import UndoHistory

    game = _fair_round(_game("catapult/06", "base/U"), "target")
    history = UndoHistory(game)
    events = history.apply(Hurl("target", 0.5, 1.0))
    assert OutcomeRevealed(HAND_STREAM, (0.5, 1.0), 0) in events
    assert not history.can_undo(), "the hurl cannot be taken back and tried again"
    caught = _fair_round(_game("catapult/06", "base/U"), "catch")
    events = caught.apply(CatchOutcome("far"))
    assert OutcomeRevealed(HAND_STREAM, "far", 0) in events


def test_ca9_the_round_comes_before_the_builders_second_tile() -> None:
    rules = Rules(quick_setup(2, expansions=("base", "traders_builders", "catapult")))
    names = [work.name for work in rules.plan]
    assert names.index("catapult.round") < names.index("traders_builders.second_tile")


def test_a_hurl_beyond_reach_or_with_another_token_is_refused_and_changes_nothing() -> None:
    game = _fair_round(_game("catapult/06", "base/U"), "target")
    before = game.state_key()
    with pytest.raises(IllegalActionError, match="within 100 tiles"):
        game.apply(Hurl("target", 500.0, 0.0))
    with pytest.raises(IllegalActionError):
        game.apply(Hurl("knockout", 0.0, 0.0))
    assert game.state_key() == before


def test_records_of_every_catapult_action_read_back() -> None:
    for data in ({"type": "catapult_token", "token": "target"},
                 {"type": "catapult", "token": "target", "x": 1.75, "y": -3.5},
                 {"type": "catapult_swap", "figure": "follower"},
                 {"type": "catapult_swap", "figure": "follower",
                  "from": {"x": 2, "y": 0, "port": "W"}},
                 {"type": "catapult_catch", "outcome": "caught"}):
        assert parse_action(data).to_json() == data
    for bad in ({"type": "catapult", "token": "rock", "x": 0, "y": 0},
                {"type": "catapult", "token": "target", "x": "far", "y": 0},
                {"type": "catapult_catch", "outcome": "dropped"}):
        with pytest.raises(MalformedError) as err:
            parse_action(bad)
        assert "\n" not in str(err.value)


def _random_answer(game: Game, rng: random.Random):  # type: ignore[no-untyped-def]
    """A legal answer; a hurl anywhere around the map, not only the sample."""
    if game.pending_kind == HURL and rng.random() < 0.7:
        xs = [x for x, _ in game.board]
        ys = [y for _, y in game.board]
        return Hurl(game.pending.subject[1], rng.uniform(min(xs) - 2, max(xs) + 2),
                    rng.uniform(min(ys) - 2, max(ys) + 2))
    actions = game.legal_actions()
    return actions[rng.randrange(len(actions))]


@pytest.mark.parametrize("expansions", [("catapult",), ("inns_cathedrals", "traders_builders",
                                        "abbot", "hills_sheep", "mage_witch", "ferries",
                                        "flying_machines", "gold_mines", "count", "catapult")])
def test_random_games_keep_every_invariant_and_replay_to_the_same_game(expansions) -> None:
    for seed in range(2):
        game = Game(quick_setup(players=3, seed=seed, expansions=("base", *expansions)))
        rng = random.Random(seed)
        watcher = Watcher(game)
        rounds = 0
        while not game.is_over:
            action = _random_answer(game, rng)
            rounds += action.type == TOKEN_CHOICE
            watcher.after(game.apply(action))
            check_invariants(game)
        assert rounds == len(TOKENS), "each round spends its type for everybody"
        replayed = GameRecord.loads(GameRecord.from_game(game).dumps()).replay().game
        assert replayed.state_key() == game.state_key()
        assert replayed.scores == game.scores


def test_a_copy_mid_round_is_exact_and_independent() -> None:
    game = _fair_round(_game("catapult/06", "base/U"), "target")
    game.apply(Hurl("target", 0.1, 1.0))
    copy = game.copy()
    assert isinstance(game.turn_state["catapult.round"], Round)
    copy.apply(Hurl("target", 0.0, 1.0))
    assert game.pending.kind == HURL and game.scores == [0, 0]
    game.apply(Hurl("target", 0.0, 1.0))
    assert game.state_key() == copy.state_key()

"""The Count of Carcassonne (seed 003, seed 002): the city as start layout,
earning a follower in a quarter, the reinforcement round in the middle of a
scoring (who starts, going last, the Count's block, the large follower, the
builder's second tile), the market round before the final scoring, record
round trips, and random games with every other expansion done."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from carcassonne_desktop.engine import (
    PASS,
    Game,
    GameRecord,
    GameSetup,
    IllegalActionError,
    PlaceTile,
    PlayerSetup,
    RecordError,
    parse_action,
)
from carcassonne_desktop.engine.actions import Deploy, DeployToArea, MoveFigure, Pass
from carcassonne_desktop.engine.events import PointsScored
from carcassonne_desktop.engine.expansions.count import (
    AREA,
    CASTLE,
    GO_LAST,
    MARKET,
    QUARTERS,
    city_figures,
    count_quarter,
)
from carcassonne_desktop.engine.score_terms import ScoreTerm
from tests.engine_checks import Watcher, check_invariants

GOLDEN_DIR = Path(__file__).parent / "golden_expansions"
OTHERS = ("inns_cathedrals", "river", "abbot", "traders_builders", "hills_sheep")
COLOURS = ("red", "blue", "green", "yellow")


def setup(*expansions: str, order: list[str] | None = None, players: int = 2, seed: int = 1,
          **options: object) -> GameSetup:
    return GameSetup(
        players=tuple(PlayerSetup(f"P{i}", COLOURS[i]) for i in range(players)),
        expansions=("base", "count", *expansions),
        options=options,
        seed=seed,
        tile_order=tuple(order) if order is not None else None,
    )


def give(game: Game, player: int, quarter: str, figure: str = "follower") -> None:
    """Put a follower of `player` in a quarter as if earned earlier."""
    game.put_in_area(player, figure, AREA, quarter, [])


def _golden(name: str) -> dict:
    with (GOLDEN_DIR / f"{name}.json").open(encoding="utf-8") as f:
        return json.load(f)


def test_city_is_the_start_layout_with_the_count_on_the_castle():
    game = Game(setup(order=["base/U"]))
    tiles = {pos: tile for pos, (tile, rot) in game.placed_tiles().items()}
    assert len(tiles) == 12 and tiles[(0, 0)] == "count/07"
    assert tiles[(-2, -1)] == "count/01" and tiles[(1, 1)] == "count/12"
    assert count_quarter(game) == CASTLE
    assert not game.area_figures
    # none of the city's tiles is in the bag, and the base start tile stays in the box
    full = Game(setup(seed=3))
    assert not any(t.startswith("count/") for t in full.bag)
    assert full.bag.count("base/D") == 3
    # the outer ring of fields is cut into three by the three roads
    fields = {game.find(n) for n in range(len(game.parent))
              if game.features[game.find(n)].kind == "field"}
    assert len(fields) == 3


def test_only_followers_and_large_followers_enter_the_city():
    game = Game(setup("inns_cathedrals", "abbot", "traders_builders", "hills_sheep"))
    assert {f.name for f in city_figures(game)} == {"follower", "large_follower"}


def test_earning_asks_the_city_then_the_count_and_one_follower_only():
    record = _golden("count_castle_follower_joins_city")["record"]
    game = GameRecord.from_json({**record, "actions": record["actions"][:6]}).replay().game
    assert game.pending.kind == "count_city" and game.pending.player == 0
    legal = list(game.legal_actions())
    assert PASS in legal
    assert {a.slot for a in legal if isinstance(a, DeployToArea)} == set(QUARTERS)
    game.apply(DeployToArea("follower", AREA, MARKET))
    assert game.pending.kind == "count_move"
    assert {a.target[1] for a in game.legal_actions() if isinstance(a, MoveFigure)} == {
        "market", "forge", "cathedral"}
    game.apply(MoveFigure("count", (AREA, CASTLE), (AREA, MARKET)))
    assert count_quarter(game) == MARKET
    assert game.pending.kind == "place_tile" and game.turn_player == 1
    assert game.area_figures[(AREA, MARKET)] == ((0, "follower"),)
    assert game.supply[0]["follower"] == 6
    check_invariants(game)


def test_a_follower_only_when_others_scored_and_the_placer_did_not():
    # Rouge closes her own city: she scored, nobody else did: nothing.
    game = Game(setup(order=["base/G", "base/U", "base/E", "base/E", "base/U"]))
    game.apply(PlaceTile(2, 1, 0, "base/G"))
    game.apply(Deploy("follower", 2, 1, "W"))
    game.apply(PlaceTile(-3, -1, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(3, 1, 3, "base/E"))
    game.apply(PASS)
    assert game.scores == [6, 0]
    assert game.pending.kind == "place_tile" and game.turn_player == 1
    # Bleu closes a city nobody holds: nobody scored: nothing either.
    game.apply(PlaceTile(-2, 2, 0, "base/E"))
    game.apply(PASS)
    assert game.pending.kind == "place_tile" and game.turn_player == 0


def _city_of_bleu_completed_by_rouge(players: int = 2, **options: object) -> Game:
    """Bleu (player 1) holds the city running from count/12 east; player 0
    is about to complete it with base/E at (3, 1)."""
    order = ["base/U", "base/G", *["base/U"] * (players - 2), "base/E", "base/U", "base/U"]
    game = Game(setup(order=order, players=players, **options))
    game.apply(PlaceTile(-3, -1, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(2, 1, 0, "base/G"))
    game.apply(Deploy("follower", 2, 1, "W"))
    for _ in range(players - 2):
        game.apply(PlaceTile(*_free_road_cell(game), "base/U"))
        game.apply(PASS)
    game.apply(PlaceTile(3, 1, 3, "base/E"))
    return game


def _free_road_cell(game: Game) -> tuple[int, int, int]:
    placement = game.legal_actions()[0]
    return placement.x, placement.y, placement.rot


def test_round_starts_with_the_placer_who_may_go_last():
    game = _city_of_bleu_completed_by_rouge()
    give(game, 0, CASTLE)
    give(game, 1, CASTLE)
    game.neutral_figures["count"] = (AREA, "cathedral")
    game.apply(PASS)  # no deploy: scoring starts
    decision = game.pending
    assert (decision.kind, decision.player) == ("count_reinforce", 0)
    assert decision.subject[0] == CASTLE and (3, 1) in decision.subject[1:]
    legal = list(game.legal_actions())
    assert GO_LAST in legal and PASS in legal
    move = MoveFigure("follower", (AREA, CASTLE), (3, 1, "W"))
    assert move in legal
    game.apply(GO_LAST)
    assert game.pending.player == 1 and GO_LAST not in game.legal_actions()
    game.apply(PASS)
    assert game.pending.player == 0 and GO_LAST not in game.legal_actions()
    events = game.apply(move)
    # one follower each: tied, 6 each; both followers go home
    assert game.scores == [6, 6]
    assert [e.kind for e in events].count("figure_returned") == 2
    assert game.area_figures[(AREA, CASTLE)] == ((1, "follower"),)
    check_invariants(game)


def test_round_goes_clockwise_and_skips_players_with_nothing_in_the_quarter():
    game = _city_of_bleu_completed_by_rouge(players=3)
    assert game.turn_player == 0  # player 1 holds the city; player 0 closes it
    give(game, 0, "forge")
    give(game, 2, CASTLE)
    give(game, 2, CASTLE)
    give(game, 1, CASTLE)
    game.neutral_figures["count"] = (AREA, MARKET)
    game.apply(PASS)
    assert (game.pending.kind, game.pending.player) == ("count_reinforce", 1)
    assert GO_LAST not in game.legal_actions()  # only the placer may go last
    game.apply(PASS)
    move = MoveFigure("follower", (AREA, CASTLE), (3, 1, "W"))
    assert (game.pending.kind, game.pending.player) == ("count_reinforce", 2)
    game.apply(move)
    assert game.pending.player == 2  # any number: asked again while some are left
    game.apply(move)
    # two against one: player 2 alone scores; the placer scored nothing
    assert game.scores == [0, 0, 6]
    assert (game.pending.kind, game.pending.player) == ("count_city", 0)


def test_count_on_the_quarter_blocks_it_and_a_move_is_refused():
    record = _golden("count_blocks_the_castle")["record"]
    game = GameRecord.from_json(record).replay().game
    assert game.area_figures[(AREA, CASTLE)] == ((0, "follower"),)
    bad = dict(record)
    bad["actions"] = record["actions"][:12] + [
        {"type": "move", "figure": "follower", "from": {"area": "count", "slot": "castle"},
         "to": {"x": -2, "y": 3, "port": "N"}}]
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(bad).replay()
    assert "12" in str(info.value)


def test_large_follower_keeps_its_strength():
    game = Game(setup("inns_cathedrals", order=["base/U", "base/G", "base/E", "base/U"]))
    game.apply(PlaceTile(-3, -1, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(2, 1, 0, "base/G"))
    game.apply(Deploy("follower", 2, 1, "W"))
    game.apply(PlaceTile(3, 1, 3, "base/E"))
    give(game, 0, CASTLE, "large_follower")
    game.neutral_figures["count"] = (AREA, MARKET)
    game.apply(PASS)
    game.apply(MoveFigure("large_follower", (AREA, CASTLE), (3, 1, "W")))
    assert game.scores == [6, 0]  # two against one
    assert game.supply[0]["large_follower"] == 1


def test_builder_double_turn_gives_the_chance_twice():
    """Rouge's builder rides her road south of count/11; her tile base/K at
    (1,3) extends it and closes Bleu's city (1,2)-(1,3) (4 for Bleu), her
    second tile closes Bleu's city count/09-(-2,2)-(-2,3) (6 for Bleu): one
    follower in the city for each part of the turn (003 Particularités 2)."""
    game = Game(setup("traders_builders",
                      order=["base/U", "base/E", "base/V", "base/G", "base/K", "base/E"]))
    game.apply(PlaceTile(0, 2, 1, "base/U"))
    game.apply(Deploy("follower", 0, 2, "N"))
    game.apply(PlaceTile(1, 2, 2, "base/E"))
    game.apply(Deploy("follower", 1, 2, "S"))
    game.apply(PlaceTile(0, 3, 2, "base/V"))
    game.apply(Deploy("builder", 0, 3, "N"))
    game.apply(PlaceTile(-2, 2, 1, "base/G"))
    game.apply(Deploy("follower", -2, 2, "N"))
    turn = game.turn
    game.apply(PlaceTile(1, 3, 0, "base/K"))
    game.apply(PASS)
    assert game.scores == [0, 4]
    assert (game.pending.kind, game.pending.player) == ("count_city", 0)
    game.apply(DeployToArea("follower", AREA, CASTLE))
    game.apply(MoveFigure("count", (AREA, CASTLE), (AREA, "forge")))
    assert game.pending.kind == "place_tile" and game.turn_player == 0 and game.turn == turn
    game.apply(PlaceTile(-2, 3, 0, "base/E"))
    game.apply(PASS)
    assert (game.pending.kind, game.pending.player) == ("count_reinforce", 0)
    game.apply(PASS)  # keeps the castle follower for later
    assert game.scores == [0, 10]
    assert (game.pending.kind, game.pending.player) == ("count_city", 0)
    game.apply(DeployToArea("follower", AREA, "cathedral"))
    game.apply(PASS)
    assert game.is_over
    assert game.scores == [4, 10]  # Rouge's open road of 4 tiles at the end
    assert game.area_figures[(AREA, CASTLE)] == ((0, "follower"),)
    assert game.area_figures[(AREA, "cathedral")] == ((0, "follower"),)


def test_market_round_at_the_end_then_fields_are_scored():
    golden = _golden("count_market_follower_to_field_at_end")
    record = golden["record"]
    game = GameRecord.from_json({**record, "actions": record["actions"][:8]}).replay().game
    decision = game.pending
    assert (decision.kind, decision.player, decision.subject) == ("count_reinforce", 0,
                                                                   (MARKET,))
    assert not game.is_over and game.tiles_left() == 0
    targets = [a.target for a in game.legal_actions() if isinstance(a, MoveFigure)]
    assert len(targets) == len(set(targets)) >= 3
    assert all(game.feature_at(*t).kind == "field" for t in targets)
    game.apply(PASS)
    assert game.is_over and game.scores == [0, 6]
    assert game.area_figures[(AREA, MARKET)] == ((0, "follower"),)


def test_no_market_round_without_farmers():
    record = _golden("count_market_follower_to_field_at_end")["record"]
    setup_ = dict(record["setup"], options={"farmers": False})
    game = GameRecord.from_json({**record, "setup": setup_,
                                 "actions": record["actions"][:8]}).replay().game
    assert game.is_over


def test_actions_round_trip_through_the_record_format():
    for action in (
        MoveFigure("follower", (AREA, CASTLE), (3, 1, "W")),
        MoveFigure("count", (AREA, CASTLE), (AREA, MARKET)),
        DeployToArea("large_follower", AREA, "forge"),
        GO_LAST,
    ):
        assert parse_action(json.loads(json.dumps(action.to_json()))) == action
    assert isinstance(parse_action({"type": "pass"}), Pass)


@pytest.mark.parametrize("data", [
    {"type": "move", "figure": "follower", "from": "castle", "to": {"x": 1, "y": 1,
                                                                   "port": "N"}},
    {"type": "move", "figure": "follower", "from": {"area": "count"}, "to": {"x": 1}},
    {"type": "move", "figure": "follower", "from": {"area": "count", "slot": "castle"},
     "to": {"x": 1, "y": 1, "port": "Q"}},
])
def test_malformed_moves_are_refused_with_a_message(data):
    from carcassonne_desktop.engine import MalformedError

    with pytest.raises(MalformedError):
        parse_action(data)


def test_illegal_answers_are_refused_and_change_nothing():
    game = _city_of_bleu_completed_by_rouge()
    give(game, 1, CASTLE)
    game.neutral_figures["count"] = (AREA, MARKET)
    game.apply(PASS)
    assert (game.pending.kind, game.pending.player) == ("count_reinforce", 1)
    before = game.state_key()
    for action in (GO_LAST, MoveFigure("follower", (AREA, "forge"), (3, 1, "W")),
                   MoveFigure("follower", (AREA, CASTLE), (-3, -1, "W"))):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    assert game.state_key() == before


@pytest.mark.parametrize("others", [(), *((o,) for o in OTHERS), OTHERS],
                         ids=lambda c: "+".join(c) or "alone")
def test_random_games_with_the_count_and_the_other_expansions(others):
    """Random games, leaning towards deploying (so that others score and the
    city fills and empties), with the invariants checked along the way."""
    for seed in range(4):
        game = Game(setup(*others, players=2 + seed % 3, seed=seed,
                          hand_of_3=seed % 4 == 1))
        rng = random.Random(seed)
        watcher = Watcher(game)
        step = 0
        while not game.is_over:
            actions = list(game.legal_actions())
            chosen = [a for a in actions if not isinstance(a, Pass)]
            if not chosen or rng.random() < 0.2:
                chosen = actions
            watcher.after(game.apply(chosen[rng.randrange(len(chosen))]))
            step += 1
            if step % 5 == 0:
                check_invariants(game)
        check_invariants(game)
        replayed = GameRecord.from_game(game).replay().game
        assert replayed.state_key() == game.state_key()


def test_every_count_action_replays_exactly_after_a_copy():
    game = Game(setup(seed=5))
    rng = random.Random(5)
    while not game.is_over:
        actions = list(game.legal_actions())
        other = game.copy()
        action = actions[rng.randrange(len(actions))]
        assert other.apply(action) == game.apply(action)
        assert other.state_key() == game.state_key()


def test_cathedral_followers_join_a_cloister_completed_by_a_neighbour():
    """The cloister tile is not the tile just placed: the follower from the
    cathedral stands on the cloister's own tile (docs/rulings.md)."""
    game = Game(setup(order=["base/E", "base/B", "base/U", "base/B", "base/U", "base/U",
                             "base/B"]))
    for action in (
        PlaceTile(-2, 2, 0, "base/E"), PASS,
        PlaceTile(-1, 2, 0, "base/B"), Deploy("follower", -1, 2, "C"),
        PlaceTile(0, 2, 1, "base/U"), PASS,
        PlaceTile(-2, 3, 0, "base/B"), PASS,
        PlaceTile(0, 3, 1, "base/U"), PASS,
        PlaceTile(-3, -1, 0, "base/U"), PASS,
    ):
        game.apply(action)
    give(game, 0, "cathedral")
    game.apply(PlaceTile(-1, 3, 0, "base/B"))
    game.apply(PASS)
    assert (game.pending.kind, game.pending.player) == ("count_reinforce", 0)
    assert game.pending.subject == ("cathedral", (-1, 2))
    move = MoveFigure("follower", (AREA, "cathedral"), (-1, 2, "C"))
    assert list(game.legal_actions())[0] == move
    game.apply(move)
    assert game.scores == [9, 9]


@pytest.mark.parametrize(("others", "seed"), [((), 7), (OTHERS, 1)], ids=["alone", "with_all"])
def test_save_load_replay_after_every_action_with_the_count(others, seed):
    """As tests/test_replay_every_combination.py, with the Count: a save taken
    at any moment, a reinforcement round or the market round included,
    gives back the same game, decision and legal answers."""
    from tests.test_replay_every_combination import _through_a_save

    game = Game(setup(*others, players=3, seed=seed))  # deals where the city fills and empties
    rng = random.Random(seed)
    step = 0
    asked: set[str] = set()
    while not game.is_over:
        actions = list(game.legal_actions())
        chosen = [a for a in actions if not isinstance(a, Pass)]  # deploy, enter, come out
        if not chosen or rng.random() < 0.2:
            chosen = actions
        game.apply(chosen[rng.randrange(len(chosen))])
        step += 1
        if game.pending_kind != "place_tile":  # every decision but the tile's
            asked.add(game.pending_kind or "over")
            replayed = _through_a_save(game)
            assert replayed.state_key() == game.state_key(), f"diverged after action {step}"
            assert list(replayed.legal_actions()) == list(game.legal_actions())
    assert {"count_city", "count_reinforce", "over"} <= asked


def test_count_and_wheel_boards_do_not_overlap():
    game = Game(setup("wheel_of_fortune", "river", seed=2))
    tiles = game.placed_tiles()
    assert sum(1 for t, _ in tiles.values() if t.startswith("count/")) == 12
    assert sum(1 for t, _ in tiles.values() if t.startswith("wof/")) >= 12
    check_invariants(game)


@pytest.mark.parametrize("rivers", [("river_ii",), ("river", "river_ii"), ("river",)])
def test_the_spring_goes_against_the_city_with_either_river(rivers):
    """Ruling 57 for both river boxes: River II's spring (the one spring when
    both are played) is laid against the city, so the river tiles are laid
    rather than all set aside (the window showed twelve tiles go back in the box)."""
    game = Game(setup(*rivers))
    springs = {tile: cell for cell, (tile, _) in game.placed_tiles().items()
               if game.rules.catalogue[tile].flags.get("spring")}
    assert list(springs) == ["river2/01" if "river_ii" in rivers else "river1/01"]
    assert not any(e.kind == "tile_discarded" for e in game.opening_events)
    assert game.current_tile.startswith("river") and len(game.legal_actions()) > 0
    x, y = next(iter(springs.values()))
    city = {cell for cell, (tile, _) in game.placed_tiles().items() if tile.startswith("count/")}
    assert any((x + dx, y + dy) in city for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)))


# ------------------------------------------- the City of Carcassonne (issue 29)
def _field_terms(name: str) -> list[tuple[tuple[str, int, int], ...]]:
    """The terms of every field scoring of a golden record, in order."""
    replay = GameRecord.from_json(_golden(name)["record"]).replay()
    return [tuple((t.reason, t.count, t.each) for t in e.terms) for _, e in replay.events
            if isinstance(e, PointsScored) and e.feature == "field"]


def test_a_farm_touching_the_city_of_carcassonne_scores_it_as_a_completed_city():
    """Issue 29: "a farm touching it gets nothing". The official clarification
    (11/2013) makes the City of Carcassonne a completed city for farms
    (ruling 62): each of the three ring fields borders one completed city."""
    assert _field_terms("count_farms_score_the_city_of_carcassonne") == [
        (("field_city", 1, 3),), (("field_city", 1, 3),), (("field_city", 1, 3),)]
    # the market follower's field borders count/12's city and the City: 2 x 3
    assert _field_terms("count_market_follower_to_field_at_end") == [(("field_city", 2, 3),)]


def test_a_farm_touching_the_city_of_carcassonne_scores_it_with_first_edition_farmers():
    """Issue 29 with the option farmers_first_edition: the City is one city,
    scored once for the farmers of all three ring fields (Rouge 2, Bleu 1),
    and the points are shown on its twelve cells."""
    replay = GameRecord.from_json(
        _golden("fe_count_city_of_carcassonne_supplied_once")["record"]).replay()
    fields = [e for _, e in replay.events if isinstance(e, PointsScored) and e.feature == "field"]
    city = {pos for pos, (tile, _) in replay.game.placed_tiles().items()
            if tile.startswith("count/")}
    assert [(e.players, e.points, set(e.tiles), e.terms) for e in fields] == [
        ((0,), 3, city, (ScoreTerm("supplied_city", 1, 3),))]


def test_the_city_of_carcassonne_is_a_start_city_where_the_city_lies():
    """`start_cities`: one completed city on the Count's cells, wherever a
    start board before it pushed the city (beside the Wheel's board too); a
    forced start tile lays no city and brings none."""
    for game in (Game(setup(order=[])), Game(setup("wheel_of_fortune", "river", seed=2))):
        (city,) = game.start_cities()
        cells = {pos for pos, (tile, _) in game.placed_tiles().items()
                 if tile.startswith("count/")}
        assert city.kind == "city" and city.completed and city.tiles == cells
        assert len(cells) == 12
        ring = {game.find(base + local) for (x, y), (rotated, base) in game.board.items()
                if (x, y) in cells for local, spec in enumerate(rotated.tile.features)
                if spec.kind == "field"}
        assert len(ring) == 3  # the three roads cut the ring into three fields
        for root in ring:
            assert game.start_cities_beside(game.features[root]) == [(-1, city)]
            assert game.completed_cities(game.features[root]) == 1
    forced = Game(GameSetup(players=setup().players, expansions=("base", "count"),
                            start_tile="base/D", tile_order=("base/B",)))
    assert forced.start_cities() == ()


def test_a_pig_beside_the_city_of_carcassonne_counts_it():
    """The pig adds 1 per completed city of its field: the City included."""
    game = Game(setup("traders_builders", order=["base/B", "base/B", "base/B"]))
    game.apply(PlaceTile(-1, -2, 0, "base/B"))
    game.apply(Deploy("follower", -1, -2, "NW"))  # P0's farmer on the north ring field
    game.apply(PlaceTile(2, 0, 0, "base/B"))
    game.apply(PASS)
    game.apply(PlaceTile(0, -2, 0, "base/B"))  # joins the north ring field
    game.apply(Deploy("pig", 0, -2, "NW"))
    assert game.is_over
    assert game.breakdown[0].get("field") == 4  # 3 + 1 for the pig, for the City


def _fe_position(actions: int) -> Game:
    """The first-edition golden's game after `actions` actions, with a fourth
    tile left so the game is not over."""
    record = _golden("fe_count_city_of_carcassonne_supplied_once")["record"]
    game = Game(GameSetup.from_json({**record["setup"], "tile_order": ["base/B"] * 4}))
    for data in record["actions"][:actions]:
        game.apply(parse_action(data))
    return game


def test_the_computer_players_value_a_farm_beside_the_city_of_carcassonne():
    """Issue 29 for the computer players: the evaluator's field prospects
    count the City as a completed city (3), with either farmer rule."""
    from carcassonne_desktop.ai.evaluation import Evaluator

    game = Game(setup(order=["base/B", "base/B"]))
    game.apply(PlaceTile(-1, -2, 0, "base/B"))
    game.apply(Deploy("follower", -1, -2, "NW"))
    root = game.find(game.figures_placed[0][2])
    evaluator = Evaluator(game)
    assert evaluator._prospects(game, root, game.features[root], 1, 0.5, {})[0] == 3.0
    assert evaluator.totals(game)[0] > evaluator.totals(game)[1] + 2.0


def test_the_first_edition_term_scores_the_city_of_carcassonne_once_for_its_winner():
    """The first-edition term takes back each field's credit (3 for the City
    beside each ring field) and gives the City's 3 to its city-by-city
    winner: Rouge (2 farmers) -3 -3 +3, Bleu (1 farmer) -3."""
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.ai.expansions.base import farmers_city_by_city

    game = _fe_position(6)
    assert not game.is_over
    totals = [0.0, 0.0]
    farmers_city_by_city(Evaluator(game), game, totals)
    assert totals == [-3.0, -3.0]

"""The River II (seed 003 "La Rivière 2"): tile data, the bag order, the two
arms of the fork, the volcano, the pigsty, the river that can no longer be
continued, River I + River II together (docs/rulings.md 36-40), and River II
with the Wheel of Fortune's board or the Count's city (58-59, 57).

The golden records in tests/golden_expansions/rii_*.json replay whole
examples; these tests check what a final score cannot show (what is refused,
which tiles are set aside, whose turn it is)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

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
    Recall,
    RecordError,
    replay_summary,
)
from carcassonne_desktop.engine.events import ExtraTurn, PointsScored, TileDiscarded
from carcassonne_desktop.engine.expansions.shared.river_course import is_river_tile
from tests.test_catalogue import REFERENCE, assert_matches_reference

GOLDEN = Path(__file__).parent / "golden_expansions"


def setup(*expansions: str, order: list[str] | None = None, seed: int = 0,
          players: int = 2) -> GameSetup:
    return GameSetup(
        players=tuple(PlayerSetup(n, c) for n, c in zip(("Rouge", "Bleu", "Vert")[:players],
                                                        ("red", "blue", "green"))),
        expansions=("base", *expansions),
        options={},
        seed=seed,
        tile_order=tuple(order) if order is not None else None,
    )


def golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]


def draws(game: Game) -> list[str]:
    return [game.current_tile, *game.bag[::-1]]


# ----------------------------------------------------------------- tile data
@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference catalogue not available")
def test_river_ii_data_matches_the_reference():
    assert_matches_reference("river_ii.json", "river_ii.json")


# ----------------------------------------------------------------- the bag
def test_spring_starts_the_fork_comes_first_and_the_volcano_last():
    for seed in range(5):
        game = Game(setup("river_ii", seed=seed))
        assert game.placed_tiles() == {(0, 0): ("river2/01", 0)}
        order = draws(game)
        catalogue = game.rules.catalogue
        river = [t for t in order if is_river_tile(catalogue[t])]
        assert order[:11] == river and len(river) == 11
        assert river[0] == "river2/04" and river[-1] == "river2/03"
        assert len(order) == 11 + 71  # the base start tile is not used


def test_with_river_i_one_spring_the_fork_first_and_the_lakes_last():
    """Ruling 38: River II's spring, River I's stays in the box; the lakes last,
    River I's before the volcano."""
    game = Game(setup("river", "river_ii", seed=3))
    assert game.placed_tiles() == {(0, 0): ("river2/01", 0)}
    order = draws(game)
    river = [t for t in order if is_river_tile(game.rules.catalogue[t])]
    assert order[:len(river)] == river
    assert len(river) == 11 + 11  # neither spring is drawn
    assert "river1/01" not in order and "river2/01" not in order
    assert river[0] == "river2/04"
    assert river[-2:] == ["river1/02", "river2/03"]


def test_river_i_alone_keeps_its_historical_order():
    """The shared course shuffles the same list the same way as before."""
    game = Game(setup("river", seed=5))
    order = draws(game)
    assert order[10] == "river1/02" and is_river_tile(game.rules.catalogue[order[9]])


# ----------------------------------------------------------------- the arms
def fork_game(*extra: str) -> Game:
    """The fork river2/04 rot 0 at (1,0): one arm flows N into (1,-1) after a
    left turn, the other E into (2,0)."""
    game = Game(setup("river_ii", order=["river2/04", *extra]))
    game.apply(PlaceTile(1, 0, 0, "river2/04"))
    game.apply(PASS)
    return game


def test_the_fork_opens_two_arms_either_may_be_continued():
    game = fork_game("river2/06")
    cells = {(a.x, a.y) for a in game.legal_actions()}
    assert cells == {(1, -1), (2, 0)}


def test_the_two_arms_may_not_join():
    game = fork_game("river2/09+garden", "river2/12")
    game.apply(PlaceTile(1, -1, 3, "river2/09+garden"))  # north arm turns right: flows E
    game.apply(PASS)
    # the east arm turning left would flow N into (2,-1), the north arm's end
    assert PlaceTile(2, 0, 1, "river2/12") not in game.legal_actions()
    assert PlaceTile(2, 0, 0, "river2/12") in game.legal_actions()
    with pytest.raises(IllegalActionError, match="the two arms of the river may not join"):
        game.apply(PlaceTile(2, 0, 1, "river2/12"))


def test_branches_golden_rejects_the_joining_tile():
    record = golden("rii_branches_may_not_join")
    GameRecord.from_json(record).replay()
    bad = copy.deepcopy(record)
    bad["actions"][4]["rot"] = 1
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(bad).replay()
    assert info.value.action_index == 4
    assert "may not join" in str(info.value)


def test_no_u_turn_on_each_arm():
    """The fork's north exit is a left turn: that arm may not turn left next."""
    game = fork_game("river2/09+garden")
    at_north = {a.rot for a in game.legal_actions() if (a.x, a.y) == (1, -1)}
    assert at_north == {3}  # turning right only
    with pytest.raises(IllegalActionError, match="no U-turn: the river already turned left"):
        game.apply(PlaceTile(1, -1, 0, "river2/09+garden"))  # exits W: left again


def test_a_river_tile_must_continue_an_arm():
    game = fork_game("river2/06")
    with pytest.raises(IllegalActionError, match=r"continue the river at \(1, -1\) or \(2, 0\)"):
        game.apply(PlaceTile(0, 1, 0, "river2/06"))


def test_no_follower_on_the_river():
    game = fork_game("river2/06")
    game.apply(PlaceTile(2, 0, 0, "river2/06"))
    ports = {a.port for a in game.legal_actions() if isinstance(a, Deploy)}
    assert ports and "E" not in ports and "W" not in ports  # the river's ports


# ----------------------------------------------------------------- the volcano
def test_the_volcano_forbids_every_figure_and_gives_another_turn():
    game = Game(setup("river_ii", order=["river2/03", "base/U", "base/U"]))
    game.apply(PlaceTile(1, 0, 0, "river2/03"))
    assert list(game.legal_actions()) == [PASS]
    with pytest.raises(IllegalActionError):
        game.apply(Deploy("follower", 1, 0, "NE"))
    assert ExtraTurn(0) in game.apply(PASS)
    assert game.turn_player == 0 and game.pending.kind == "place_tile"
    game.apply(PlaceTile(0, -1, 0, "base/U"))
    assert any(isinstance(a, Deploy) for a in game.legal_actions())
    game.apply(PASS)
    assert game.turn_player == 1  # the extra turn was one turn


def test_the_volcano_still_lets_the_abbot_be_recalled():
    """Ruling 37: nothing goes down, but taking the abbot back is no deploy."""
    game = Game(setup("river_ii", "abbot", order=["river2/06", "base/U", "river2/03"]))
    game.apply(PlaceTile(1, 0, 0, "river2/06"))  # river E-W with a cloister
    game.apply(Deploy("abbot", 1, 0, "C"))
    game.apply(PlaceTile(0, -1, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(2, 0, 0, "river2/03"))
    assert set(game.legal_actions()) == {PASS, Recall("abbot", 1, 0)}


# ----------------------------------------------------------------- the pigsty
def test_pigsty_adds_one_per_city_and_stacks_with_the_pig():
    fields = {}
    for name in ("rii_pigsty_with_traders_builders_4_per_city", "rii_pigsty_and_pig_5_per_city"):
        summary = replay_summary(golden(name))
        fields[name] = [e["points"] for e in summary["events"] if e["feature"] == "field"]
    assert fields == {"rii_pigsty_with_traders_builders_4_per_city": [4],
                      "rii_pigsty_and_pig_5_per_city": [5]}


def test_pigsty_without_traders_builders_gives_nothing():
    """Issue 29: the pigsty paid its point without Traders & Builders, though
    003 says "sans les extensions correspondantes, l'auberge, la porcherie et
    le volcan n'ont pas d'importance" (ruling 40). The same game with and
    without the box: 3 + 1 (pigsty term) with it, 3 alone without."""
    summaries = {name: replay_summary(golden(name)) for name in (
        "rii_pigsty_without_traders_builders_3_per_city",
        "rii_pigsty_with_traders_builders_4_per_city")}
    fields = {name: [e["points"] for e in s["events"] if e["feature"] == "field"]
              for name, s in summaries.items()}
    assert fields == {"rii_pigsty_without_traders_builders_3_per_city": [3],
                      "rii_pigsty_with_traders_builders_4_per_city": [4]}
    reasons = {}
    for name in summaries:
        replay = GameRecord.from_json(golden(name)).replay()
        reasons[name] = [term.reason for _, e in replay.events
                         if isinstance(e, PointsScored) and e.feature == "field"
                         for term in e.terms]
    assert reasons == {"rii_pigsty_without_traders_builders_3_per_city": ["field_city"],
                       "rii_pigsty_with_traders_builders_4_per_city": ["field_city", "pigsty"]}


@pytest.mark.parametrize("expansions,fields", [
    (("traders_builders", "river_ii"), [4, 4]),
    (("river_ii",), [3, 3]),
], ids=["with_traders_builders", "without"])
def test_pigsty_pays_every_winning_farmer_but_not_the_losers(expansions, fields):
    # Rouge's farmer on the pigsty field; Bleu's east of a road, which base/A
    # (road ending at a cloister) then joins: a tie, both win, both get the
    # point (with Traders & Builders only: ruling 40).
    order = ["river2/11", "base/E", "base/E", "base/U", "base/A"]
    game = Game(setup(*expansions, order=order))
    game.apply(PlaceTile(1, 0, 0, "river2/11"))
    game.apply(Deploy("follower", 1, 0, "SE"))
    game.apply(PlaceTile(1, 1, 2, "base/E"))
    game.apply(PASS)
    game.apply(PlaceTile(1, 2, 0, "base/E"))  # completes the city: one city for the field
    game.apply(PASS)
    game.apply(PlaceTile(2, 1, 1, "base/U"))  # road N-S; its west field is the pigsty's
    game.apply(Deploy("follower", 2, 1, "ES"))
    game.apply(PlaceTile(2, 2, 2, "base/A"))  # the road ends: both sides are one field
    game.apply(PASS)
    assert game.is_over
    assert [game.breakdown[p].get("field") for p in (0, 1)] == fields


@pytest.mark.parametrize("expansions,points,bonus", [
    (["base", "river_ii", "traders_builders"], 4, 1),
    (["base", "river_ii"], 3, 0),
], ids=["with_traders_builders", "without"])
def test_the_pigsty_adds_one_per_city_with_first_edition_farmers(expansions, points, bonus):
    """Ruling 64: city by city, Rouge wins the one completed city with his
    farmer in the pigsty's field: 3 + 1 with Traders & Builders, 3 without."""
    record = copy.deepcopy(golden("rii_pigsty_with_traders_builders_4_per_city"))
    record["setup"]["expansions"] = expansions
    record["setup"]["options"]["farmers_first_edition"] = True
    replay = GameRecord.from_json(record).replay()
    fields = [e for _, e in replay.events if isinstance(e, PointsScored) and e.feature == "field"]
    assert [(e.players, e.points) for e in fields] == [((0,), points)]
    assert sum(t.count * t.each for t in fields[0].terms if t.reason == "supplied_bonus") == bonus


# ----------------------------------------------------------------- inn
def test_the_inn_by_the_lake_needs_inns_and_cathedrals():
    record = golden("rii_inn_on_the_lake_road_6")
    without = copy.deepcopy(record)
    without["setup"]["expansions"] = ["base", "river_ii"]
    roads = [
        [e["points"] for e in replay_summary(r)["events"] if e["feature"] == "road"]
        for r in (record, without)
    ]
    assert roads == [[6], [3]]


# ----------------------------------------------------------------- set aside
def replay_events(record: dict) -> list:
    return [e for _, e in GameRecord.from_json(record).replay().events]


def test_a_river_that_cannot_be_continued_is_set_aside():
    events = replay_events(golden("rii_river_dead_tiles_set_aside"))
    discarded = [e.tile for e in events if isinstance(e, TileDiscarded)]
    assert discarded == ["river2/09+garden", "river2/03"]


def test_one_lake_per_open_end_with_river_i():
    events = replay_events(golden("rii_with_river_i_one_lake_per_open_end"))
    assert [e.tile for e in events if isinstance(e, TileDiscarded)] == ["river1/02"]
    events = replay_events(golden("rii_with_river_i_two_lakes"))
    assert not [e for e in events if isinstance(e, TileDiscarded)]


def test_a_single_unplaceable_river_tile_goes_back_alone():
    """Ruling 39: while another river tile still fits, only the drawn one goes
    back in the box. The dead-river example with river2/08 after the curve:
    river2/08 rot 3 (road E facing base/V's road, river S-N) still fits the
    north arm, so only the curve is discarded."""
    record = golden("rii_river_dead_tiles_set_aside")
    record["setup"]["tile_order"] = [
        "river2/04", "river2/02", "base/U", "base/V", "river2/09+garden", "river2/08"]
    replay = GameRecord.from_json({**record, "actions": record["actions"][:8]}).replay()
    discarded = [e.tile for _, e in replay.events if isinstance(e, TileDiscarded)]
    assert discarded == ["river2/09+garden"]
    assert replay.game.current_tile == "river2/08"
    assert {(a.x, a.y, a.rot) for a in replay.game.legal_actions()} == {(1, -1, 3)}


def test_a_sampled_copy_keeps_the_river_before_the_landscape():
    """A computer player's copy reshuffles the unseen tiles but draws the
    river tiles first, the fork first and the volcano last, as the real bag."""
    game = Game(setup("river_ii", seed=2))
    copy_ = game.copy()
    copy_.resample_hidden(random.Random(9))
    order = draws(copy_)
    river = [t for t in order if is_river_tile(copy_.rules.catalogue[t])]
    assert order[:11] == river and river[0] == "river2/04" and river[-1] == "river2/03"
    assert sorted(order) == sorted(draws(game))


def test_computer_players_value_the_pigsty_only_with_traders_builders():
    """Issue 29: the computer players valued a pigsty that did nothing. Its
    term belongs to Traders & Builders, so without that box none runs."""
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.ai.expansions import terms_for
    from carcassonne_desktop.ai.expansions.traders_builders import pigsty_cities

    assert pigsty_cities in terms_for(("base", "traders_builders", "river_ii"))
    assert pigsty_cities not in terms_for(("base", "river_ii"))
    # the pigsty golden before its last tile: Rouge's farmer alone wins the
    # pigsty field, which borders one completed city
    record = golden("rii_pigsty_with_traders_builders_4_per_city")
    game = GameRecord.from_json({**record, "actions": record["actions"][:8]}).replay().game
    totals = [0.0, 0.0]
    pigsty_cities(Evaluator(game), game, totals)
    assert totals == [1.0, 0.0]


ALL_DONE = ("inns_cathedrals", "river", "river_ii", "abbot", "traders_builders", "hills_sheep")


@pytest.mark.parametrize("combo,seed", [
    (("river_ii",), 1),  # seed 1 plays with a hand of 3
    (("river_ii",), 2),
    (("river", "river_ii"), 2),
    (ALL_DONE, 1),
    (("wheel_of_fortune", "river_ii"), 2),  # rulings 58-59: the spring against the board
    (("wheel_of_fortune", "river", "river_ii"), 1),  # with a hand of 3
], ids=lambda v: "+".join(v) if isinstance(v, tuple) else str(v))
def test_save_load_replay_after_every_action_with_river_ii(combo, seed):
    """As tests/test_replay_every_combination.py: the open ends, the volcano's
    extra turn and the tiles set aside all come back from the record alone."""
    from tests.engine_checks import Watcher
    from tests.test_replay_every_combination import _setup, _through_a_save

    game = Game(_setup(combo, seed))
    rng = random.Random(seed)
    watcher = Watcher(game)
    while not game.is_over:
        actions = game.legal_actions()
        watcher.after(game.apply(actions[rng.randrange(len(actions))]))
        replayed = _through_a_save(game)
        assert replayed.state_key() == game.state_key()
        assert replayed.extension_state == game.extension_state
        assert replayed.pending == game.pending
        assert list(replayed.legal_actions()) == list(game.legal_actions())


# ------------------------------------------- with another start board (58, 59, 57)
def river_draws_and_discards(game: Game) -> tuple[list[str], list[str]]:
    catalogue = game.rules.catalogue
    river = [t for t in draws(game) if is_river_tile(catalogue[t])]
    discarded = [e.tile for e in game.opening_events if isinstance(e, TileDiscarded)]
    return river, discarded


def test_with_the_wheel_river_ii_springs_away_from_the_board_and_forks():
    from carcassonne_desktop.engine.expansions.wheel_of_fortune import WheelTurned, pig_section

    order = ["river2/04", "river2/06", "wof/base_U_1", "base/B"]
    game = Game(setup("wheel_of_fortune", "river_ii", order=order))
    placed = game.placed_tiles()
    assert len(placed) == 17 and placed[(-1, -3)] == ("river2/01", 3)  # flows north
    assert game.extension_state["river"] == ((-1, -4, 0, 0),)
    assert {(a.x, a.y) for a in game.legal_actions()} == {(-1, -4)}
    game.apply(PlaceTile(-1, -4, 2, "river2/04"))  # the fork: arms west and east
    game.apply(PASS)
    arms = {(a.x, a.y) for a in game.legal_actions()}
    assert arms == {(-2, -4), (0, -4)}
    game.apply(next(a for a in game.legal_actions() if (a.x, a.y) == (0, -4)))
    events = game.apply(PASS)
    # the landscape follows, and its first icon turns the wheel as usual
    turned = [e for e in events if isinstance(e, WheelTurned)]
    assert [(t.tile, t.steps) for t in turned] == [("wof/base_U_1", 1)]
    assert pig_section(game) == "taxes"
    assert not [e for e in events if isinstance(e, TileDiscarded)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_with_the_wheel_every_river_ii_tile_comes_first(seed):
    game = Game(setup("wheel_of_fortune", "river_ii", seed=seed))
    river, discarded = river_draws_and_discards(game)
    assert draws(game)[:11] == river and len(river) == 11 and river[0] == "river2/04"
    assert discarded == [] and game.placed_tiles()[(-1, -3)] == ("river2/01", 3)


def test_with_the_wheel_and_both_rivers_one_spring_river_ii_s():
    game = Game(setup("wheel_of_fortune", "river", "river_ii", seed=4))
    placed = game.placed_tiles()
    springs = [(cell, t) for cell, t in placed.items() if t[0].startswith("river")]
    assert springs == [((-1, -3), ("river2/01", 3))]
    river, discarded = river_draws_and_discards(game)
    assert len(river) == 11 + 11 and "river1/01" not in draws(game) and discarded == []
    assert river[0] == "river2/04" and river[-2:] == ["river1/02", "river2/03"]


def test_with_the_count_river_ii_springs_against_the_city():
    """Ruling 57 read for River II: the spring north of the city's north-west
    corner, flowing away (it was never laid before ruling 58)."""
    game = Game(setup("count", "river_ii", seed=2))
    rivers = [(cell, t) for cell, t in game.placed_tiles().items() if t[0].startswith("river")]
    assert rivers == [((-2, -2), ("river2/01", 3))]
    assert game.extension_state["river"] == ((-2, -3, 0, 0),)
    assert river_draws_and_discards(game)[1] == []


@pytest.mark.parametrize("combo", [("wheel_of_fortune",), ("wheel_of_fortune", "river"),
                                   ("wheel_of_fortune", "count", "river")],
                         ids="+".join)
def test_random_games_with_the_wheel_lay_the_river(combo):
    from tests.engine_checks import play_random

    for seed in range(3):
        game = play_random(Game(setup(*combo, "river_ii", seed=seed, players=2 + seed)),
                           random.Random(seed), check_every=4)
        assert game.is_over
        laid = [t for t, _ in game.placed_tiles().values() if t.startswith("river2/")]
        assert "river2/04" in laid and len(laid) >= 4  # the spring, the fork and arms


def test_after_the_volcano_the_crown_stays_open():
    """Ruling 58: 004 lists "Place a follower on the Wheel of Fortune" among
    the special actions of step 2B-1, which the volcano does not forbid (as
    the abbot's recall, ruling 37): no figure on the land, the crown allowed."""
    from carcassonne_desktop.engine.actions import DeployToArea

    order = ["river2/04", "river2/03", "wof/base_U_1"]
    game = Game(setup("wheel_of_fortune", "river_ii", order=order))
    game.apply(PlaceTile(-1, -4, 2, "river2/04"))
    game.apply(DeployToArea("follower", "wheel", "crown_2"))  # Rouge (first player)
    game.apply(PlaceTile(0, -4, 0, "river2/03"))  # Bleu: the volcano closes the east arm
    legal = list(game.legal_actions())
    assert not [a for a in legal if isinstance(a, Deploy)]
    crowns = {a.slot for a in legal if isinstance(a, DeployToArea)}
    assert crowns == {f"crown_{i}" for i in range(1, 10)} - {"crown_2"}
    events = game.apply(DeployToArea("follower", "wheel", "crown_3"))
    # Bleu's extra turn: the icon 1, Fortune -> Taxes; two on its crown: 3 each
    assert [e for e in events if isinstance(e, ExtraTurn)]
    crown = sorted((e.players, e.points) for e in events
                   if e.kind == "score" and e.feature == "crown")
    assert crown == [((0,), 3), ((1,), 3)]

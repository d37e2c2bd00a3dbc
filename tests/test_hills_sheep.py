"""Hills & Sheep (seed 000 p.12-13): golden records' extra checks (events,
hidden tiles), the flock decision, ties on hills, random games with every
combination of the expansions, save/replay equality and the fairness of the
hidden tiles."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from carcassonne_desktop.engine import (
    PASS,
    Deploy,
    Game,
    GameRecord,
    GameSetup,
    IllegalActionError,
    MalformedError,
    PlaceTile,
    PlayerSetup,
    RecordError,
    parse_action,
)
from carcassonne_desktop.engine.events import DecisionRequested, OutcomeRevealed
from carcassonne_desktop.engine.expansions.hills_sheep import (
    FULL_BAG,
    SHEPHERD,
    Flock,
    state_of,
)
from tests.engine_checks import Watcher, check_invariants

GOLDEN_DIR = Path(__file__).parent / "golden_expansions"
HS_GOLDEN = sorted(GOLDEN_DIR.glob("hs_*.json"))
OTHERS = ("inns_cathedrals", "river", "abbot")


def _load(name: str) -> dict:
    return json.loads((GOLDEN_DIR / f"{name}.json").read_text(encoding="utf-8"))


def setup(*expansions, order=None, players=2, seed=0, draws=None, start="base/D"):
    return GameSetup(
        players=tuple(PlayerSetup(f"P{i}", c) for i, c in zip(range(players),
                                                              ["red", "blue", "green", "black"])),
        expansions=("base", *expansions),
        options={"farmers": True},
        seed=seed,
        start_tile=start if order is not None else None,
        tile_order=tuple(order) if order is not None else None,
        draws=draws or {},
    )


def check_flocks(game: Game) -> None:
    """Tokens are conserved; every flock stands beside its owner's shepherd."""
    state = state_of(game)
    tokens = list(state.bag) + [t for _, flock in state.flocks for t in flock]
    assert Counter(tokens) == Counter(FULL_BAG)
    assert list(state.bag) == sorted(state.bag)
    on_board = {p for p, f, _ in game.figures_placed if f == SHEPHERD}
    owners = {p for p, _ in state.flocks}
    assert owners <= on_board
    assert all(flock for _, flock in state.flocks)
    if game.pending is not None and game.pending.kind in ("place_tile", "flock"):
        assert owners == on_board, "a shepherd stands without a flock"


def play(game: Game, rng: random.Random) -> Game:
    watcher = Watcher(game)
    step = 0
    while not game.is_over:
        actions = list(game.legal_actions())
        action = actions[rng.randrange(len(actions))]
        watcher.after(game.apply(action))
        step += 1
        if step % 3 == 0:
            check_invariants(game)
            check_flocks(game)
    check_invariants(game)
    check_flocks(game)
    return game


# ------------------------------------------------------------------ golden
@pytest.mark.parametrize("path", HS_GOLDEN, ids=[p.stem for p in HS_GOLDEN])
def test_golden_events_and_hidden_tiles(path: Path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    expected = golden["expected"]
    replay = GameRecord.from_json(golden["record"]).replay()
    game = replay.game
    names = game.players()
    seen = []
    for index, event in replay.events:
        if isinstance(event, OutcomeRevealed):
            seen.append({"action_index": index, "event": "outcome_revealed", "stream": event.stream,
                         "outcome": event.outcome, "player": names[event.player]})
        elif isinstance(event, DecisionRequested):
            seen.append({"action_index": index, "event": "decision_requested",
                         "decision": event.decision, "player": names[event.player]})
    for want in expected.get("hs_events", []):
        assert want in seen, (want, seen)
    for index in expected.get("no_flock_decision_at", []):
        assert not any(e["action_index"] == index and e["event"] == "decision_requested"
                       for e in seen)
    if "unseen_tiles" in expected:
        assert game.unseen_tile_counts() == Counter(expected["unseen_tiles"])
        assert game.turn == expected["turns"]
    check_flocks(game)
    # the record written back from the game carries the drawn tokens
    again = GameRecord.from_game(game).to_json()
    assert again["actions"] == golden["record"]["actions"]


def test_flock_record_with_a_wrong_drawn_token_is_rejected():
    record = _load("hs_flock_herd_8_8")["record"]
    record["actions"][5] = {"type": "flock", "choice": "grow", "drawn": "sheep_4"}
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(record).replay()
    assert info.value.action_index == 5
    assert "sheep_3" in str(info.value)


def test_flock_without_drawn_is_accepted_and_recorded_with_it():
    record = _load("hs_flock_herd_8_8")["record"]
    record["actions"][5] = {"type": "flock", "choice": "grow"}
    game = GameRecord.from_json(record).replay().game
    assert game.history[5].to_json() == {"type": "flock", "choice": "grow", "drawn": "sheep_3"}


def test_flock_action_parsing():
    assert parse_action({"type": "flock", "choice": "herd"}) == Flock("herd")
    assert parse_action({"type": "flock", "choice": "grow", "drawn": "wolf"}) == Flock("grow")
    for bad in ({"type": "flock"}, {"type": "flock", "choice": "eat"},
                {"type": "flock", "choice": "herd", "drawn": "wolf"},
                {"type": "flock", "choice": "grow", "drawn": "sheep_9"}):
        with pytest.raises(MalformedError):
            parse_action(bad)


def test_hill_tie_without_the_hill_both_score():
    """Control for hs_hill_tie_city_10: base/N instead of the hill tile hs/03
    (same city shape): the tie stands and both score 10."""
    record = _load("hs_hill_tie_city_10")["record"]
    record["setup"]["tile_order"][:2] = ["base/N"]  # no hill: nothing goes under it
    record["actions"][0]["tile"] = "base/N"
    summary = GameRecord.from_json(record).replay().summary()
    assert [p["breakdown"].get("city") for p in summary["players"]] == [10, 10]


def test_hill_tie_when_both_tied_players_stand_on_hills():
    # Bleu's city tile is a hill too (hs/15: city N; road S-W, its road W
    # meets the start's road E; base/G goes under it): both tied players
    # stand on hills: both score.
    record = _load("hs_hill_tie_city_10")["record"]
    record["setup"]["tile_order"] = ["hs/03", "base/C", "hs/15", "base/G", "base/M"]
    record["actions"][2]["tile"] = "hs/15"
    game = GameRecord.from_json(record).replay().game
    assert game.breakdown[0].get("city") == 10 and game.breakdown[1].get("city") == 10


def test_shepherd_shares_a_field_with_farmers_not_with_a_shepherd():
    game = Game(setup("hills_sheep", order=["base/U", "base/U", "base/U"],
                      draws={"sheep": ["sheep_1"]}))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy("follower", 1, 0, "ES"))  # farmer, south field
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    deploys = {(a.figure, a.port) for a in game.legal_actions() if isinstance(a, Deploy)}
    assert (SHEPHERD, "ES") in deploys  # beside the farmer
    game.apply(Deploy(SHEPHERD, -1, 0, "ES"))
    assert state_of(game).flocks == ((1, ("sheep_1",)),)
    game.apply(PlaceTile(2, 0, 0, "base/U"))  # player 0 extends a field with a shepherd of player 1
    assert game.pending.kind == "figure"
    deploys = {(a.figure, a.port) for a in game.legal_actions() if isinstance(a, Deploy)}
    assert (SHEPHERD, "ES") not in deploys and (SHEPHERD, "NW") in deploys


def test_wolf_at_deployment_sends_the_shepherd_home():
    game = Game(setup("hills_sheep", order=["base/U", "base/U"], draws={"sheep": ["wolf"]}))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    events = game.apply(Deploy(SHEPHERD, 1, 0, "ES"))
    assert any(isinstance(e, OutcomeRevealed) and e.outcome == "wolf" for e in events)
    assert game.supply[0][SHEPHERD] == 1
    assert state_of(game).flocks == () and len(state_of(game).bag) == 18


def test_shepherd_scores_nothing_at_the_end_and_never_counts_in_majorities():
    game = Game(setup("hills_sheep", order=["base/U", "base/U"], draws={"sheep": ["sheep_4"]}))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy(SHEPHERD, 1, 0, "ES"))
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(Deploy("follower", -1, 0, "ES"))
    assert game.is_over
    assert game.breakdown[0] == {} and game.scores[0] == 0


def test_vineyard_counts_for_every_completed_cloister_not_incomplete_ones():
    game = GameRecord.from_json(_load("hs_vineyard_cloister_15")["record"]).replay(14).game
    root = game.find(game.board[(0, 1)][1] + 0)
    feature = game.features[root]
    assert feature.kind == "cloister"
    assert game.feature_value(feature, False) == 8  # 1 + 7 neighbours, no vineyard bonus


# ------------------------------------------------------------ random games
COMBOS = [c for n in range(0, 4) for c in itertools.combinations(OTHERS, n)]


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: "+".join(("hills_sheep", *c)))
def test_random_games_with_every_combination(combo):
    for seed in range(3):
        game = Game(setup("hills_sheep", *combo, players=2 + seed % 3, seed=seed))
        play(game, random.Random(seed))
        assert game.is_over
        # save/load/replay: the record rebuilds the same position
        record = GameRecord.loads(GameRecord.from_game(game).dumps())
        assert record.replay().game.state_key() == game.state_key()


def test_replay_midgame_and_copy_keep_the_state():
    game = Game(setup("hills_sheep", players=3, seed=11))
    rng = random.Random(11)
    for _ in range(60):
        actions = list(game.legal_actions())
        game.apply(actions[rng.randrange(len(actions))])
    copy = game.copy()
    assert copy.state_key() == game.state_key()
    record = GameRecord.loads(GameRecord.from_game(game).dumps())
    assert record.replay().game.state_key() == game.state_key()


# ---------------------------------------------------------------- fairness
def _hill_game(order_seed: int) -> Game:
    """Hill tiles first, then the rest in an order that depends on the seed:
    the same public position, different tiles under the hills and in the bag."""
    rest = ["base/U"] * 5 + ["base/B", "base/E", "base/C", "base/V", "base/W", "base/X"]
    random.Random(order_seed).shuffle(rest)
    # the third tile drawn (in hand after two turns) is the same in every game
    order = ["hs/13", rest[0], "hs/13", rest[1], "base/U", *rest[2:]]
    return Game(setup("hills_sheep", order=order, seed=order_seed))


def _play_two_hills(game: Game) -> Game:
    game.apply(PlaceTile(1, 0, 1, "hs/13"))
    game.apply(PASS)
    game.apply(PlaceTile(-1, 0, 1, "hs/13"))
    game.apply(PASS)
    return game


def test_hidden_tiles_are_unseen_and_resampled():
    games = []
    for order_seed in (1, 2, 3, 5):
        game = _play_two_hills(_hill_game(order_seed))
        games.append(game)
    reals = {tuple(t for _, t in state_of(g).hidden) for g in games}
    assert len(reals) > 1, "the orders should hide different tiles"
    counts = {tuple(sorted(g.unseen_tile_counts().items())) for g in games}
    assert len(counts) == 1
    for game in games:
        assert len(state_of(game).hidden) == 2
        real = (tuple(state_of(game).hidden), tuple(game.bag))
        samples = set()
        for seed in range(20):
            sample = game.copy()
            sample.resample_hidden(random.Random(seed))
            assert sample.unseen_tile_counts() == game.unseen_tile_counts()
            assert [c for c, _ in state_of(sample).hidden] == [c for c, _ in state_of(game).hidden]
            drawn = (tuple(state_of(sample).hidden), tuple(sample.bag))
            assert drawn != real
            samples.add(drawn)
        assert len(samples) > 10
        # the real game is untouched
        assert (tuple(state_of(game).hidden), tuple(game.bag)) == real


def test_copy_with_forced_draws_hides_the_sheep_outcomes():
    game = Game(setup("hills_sheep", order=["base/U"] * 4, draws={"sheep": ["wolf"] * 2}))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    outcomes = set()
    for seed in range(20):
        sample = game.copy()
        sample.resample_hidden(random.Random(seed))
        sample.apply(Deploy(SHEPHERD, 1, 0, "ES"))
        outcomes.add(state_of(sample).flocks)
    assert len(outcomes) > 1  # the forced wolf is not known to a sampled copy


def test_illegal_flock_answer_changes_nothing():
    record = _load("hs_flock_herd_8_8")["record"]
    game = GameRecord.from_json(record).replay(5).game
    assert game.pending.kind == "flock"
    before = game.state_key()
    with pytest.raises(IllegalActionError):
        game.apply(PASS)
    with pytest.raises(IllegalActionError):
        game.apply(Flock("grow", "sheep_4"))
    assert game.state_key() == before


def test_hs02_shared_north_edge_joins_both_cities():
    # hs/02 rot 2 at (0,-1): its shared edge (N, now S) lies on the start's city N:
    # the start's city joins both cities of hs/02 (seed 000 p.12).
    game = Game(setup("hills_sheep", order=["hs/02", "base/U"]))
    game.apply(PlaceTile(0, -1, 2, "hs/02"))
    _, base = game.board[(0, -1)]
    start_city = game.find(game.board[(0, 0)][1] + 0)
    assert game.find(base + 0) == game.find(base + 1) == start_city
    assert game.features[start_city].open == 2  # hs/02's E and W city edges
    check_invariants(game)


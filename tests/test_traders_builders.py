"""Traders & Builders (seed 000 p.10-11, seed 001 p.12-13): what the golden
records check beyond the final scores (goods tokens, who placed each tile,
figures going home), the figures' deployment rules, the builder's second tile,
random games with every combination of expansions, and record -> replay
equality."""

from __future__ import annotations

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
    PlaceTile,
    PlayerSetup,
)
from carcassonne_desktop.engine.events import FigureReturned, TilePlaced, TokenGained
from carcassonne_desktop.engine.expansions.traders_builders import (
    BUILDER,
    GOODS,
    PIG,
    goods_winners,
)
from tests.engine_checks import Watcher, check_invariants

GOLDEN_DIR = Path(__file__).parent / "golden_expansions"
TB_FILES = sorted(GOLDEN_DIR.glob("tb_*.json"))
OTHERS = ("inns_cathedrals", "river", "abbot")


def setup(*expansions, order=None, start="base/D", players=2, seed=0, **options):
    return GameSetup(
        players=tuple(PlayerSetup(f"P{i}", c) for i, c in zip(range(players),
                                                               ["red", "blue", "green", "yellow"])),
        expansions=("base", "traders_builders", *expansions),
        options=options,
        seed=seed,
        start_tile=start,
        tile_order=tuple(order) if order is not None else None,
    )


# ------------------------------------------------------------ golden records
def test_every_worked_example_has_a_golden_record():
    names = {p.stem for p in TB_FILES}
    for part in ("goods_city", "goods_final", "goods_tie", "pig_bleu_8", "pig_three_way",
                 "builder_completes", "builder_no_third", "bridge"):
        assert any(part in n for n in names), part


@pytest.mark.parametrize("path", TB_FILES, ids=[p.stem for p in TB_FILES])
def test_golden_tokens_turns_and_returns(path: Path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    expected = golden["expected"]
    replay = GameRecord.from_json(golden["record"]).replay()
    game = replay.game
    names = game.players()
    tokens = {name: {k: v for k, v in game.tokens[i].items() if v} for i, name in enumerate(names)}
    assert tokens == expected["tokens"], golden["description"]
    token_events = [
        {"action_index": i, "player": names[e.player], "token": e.token, "count": e.count}
        for i, e in replay.events if isinstance(e, TokenGained)
    ]
    assert token_events == expected["token_events"], golden["description"]
    placers = [names[e.player] for _, e in replay.events if isinstance(e, TilePlaced)]
    assert placers == expected["placers"], golden["description"]
    if "returned" in expected:
        returned = [
            {"action_index": i, "player": names[e.player], "figure": e.figure, "x": e.x, "y": e.y}
            for i, e in replay.events if isinstance(e, FigureReturned)
        ]
        assert returned == expected["returned"], golden["description"]


def test_goods_example_without_the_expansion_gives_no_tokens():
    """Control for tb_goods_city_completed_by_rouge: goods symbols mean nothing
    to a game without Traders & Builders... which cannot hold its tiles."""
    golden = json.loads((GOLDEN_DIR / "tb_goods_city_completed_by_rouge.json").read_text("utf-8"))
    record = golden["record"]
    record["setup"]["expansions"] = ["base"]
    with pytest.raises(Exception, match="unknown tile"):
        GameRecord.from_json(record).replay()


# ------------------------------------------------------------ figures
def _figure_deploys(game: Game) -> set[tuple[str, str]]:
    return {(a.figure, a.port) for a in game.legal_actions() if isinstance(a, Deploy)}


def test_each_player_gets_one_builder_and_one_pig():
    game = Game(setup(order=["base/U"]))
    assert game.supply[0] == {"follower": 7, BUILDER: 1, PIG: 1}
    game = Game(setup(order=["base/U"], farmers=False))
    assert game.supply[0] == {"follower": 7, BUILDER: 1}


def test_builder_and_pig_only_where_their_owner_already_stands():
    game = Game(setup(order=["base/U", "base/U", "base/U", "base/U"]))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    deploys = _figure_deploys(game)
    assert not any(f in (BUILDER, PIG) for f, _ in deploys)  # nothing of P0 on the board
    game.apply(Deploy("follower", 1, 0, "E"))
    game.apply(PlaceTile(-1, 0, 0, "base/U"))  # P1 extends P0's road
    assert not any(f == BUILDER for f, _ in _figure_deploys(game))  # not P1's road
    game.apply(Deploy("follower", -1, 0, "WN"))  # P1: farmer north of the road
    game.apply(PlaceTile(2, 0, 0, "base/U"))
    deploys = _figure_deploys(game)
    assert (BUILDER, "E") in deploys  # P0's own road
    assert (PIG, "NW") not in deploys  # the farmer there is P1's
    game.apply(PASS)
    game.apply(PlaceTile(3, 0, 0, "base/U"))
    deploys = _figure_deploys(game)
    assert (PIG, "NW") in deploys  # P1's field
    assert (BUILDER, "E") not in deploys  # P0's road


def test_builder_never_counts_in_a_majority():
    # P0 follower + builder on one road, P1's follower on another; joined: a tie.
    game = Game(setup(order=["base/U", "base/U", "base/U", "base/V", "base/V", "base/U"]))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy("follower", 1, 0, "E"))
    game.apply(PlaceTile(1, 1, 0, "base/U"))  # P1: a road of its own, south of it
    game.apply(Deploy("follower", 1, 1, "E"))
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(Deploy(BUILDER, -1, 0, "E"))
    game.apply(PlaceTile(2, 0, 0, "base/V"))  # P1: road W-S, extends P0's builder's road
    game.apply(PASS)
    assert game.turn_player == 0  # which earns nothing to P1 (nor P0 out of turn)
    game.apply(PlaceTile(2, 1, 1, "base/V"))  # P0: road N-W joins both roads
    game.apply(PASS)
    info = game.feature_at(1, 0, "E")
    assert info is not None and info.owners == (0, 1)
    assert game.turn_player == 0  # P0's tile extended his builder's road: a second tile


def test_builder_goes_home_with_the_last_follower_of_its_owner():
    """The core's cascade (requires_own_follower): when an expansion takes a
    follower off a feature without scoring it, the builder and the pig follow."""
    game = Game(setup(order=["base/U", "base/U", "base/U", "base/U"]))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy("follower", 1, 0, "NW"))  # a farmer
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(2, 0, 0, "base/U"))
    game.apply(Deploy(PIG, 2, 0, "NW"))
    spots = [s for s in game.figures_placed if s[0] == 0]
    assert [f for _, f, _ in spots] == ["follower", PIG]
    events: list = []
    game.return_figure(*spots[0], events)
    assert [(e.figure) for e in events if isinstance(e, FigureReturned)] == ["follower", PIG]
    assert game.supply[0][PIG] == 1 and game.supply[0]["follower"] == 7
    check_invariants(game)


def test_bridge_has_two_roads_and_four_fields():
    game = Game(setup(order=["tb/24"]))
    game.apply(PlaceTile(1, 0, 0, "tb/24"))
    deploys = _figure_deploys(game)
    followers = {p for f, p in deploys if f == "follower"}
    # N-S road, E-W road (joined to the start road), four quarters of field
    assert len(followers) == 6
    kinds = {game.feature_at(1, 0, p).kind for p in followers}  # type: ignore[union-attr]
    assert kinds == {"road", "field"}
    assert game.feature_at(1, 0, "N").tiles == ((1, 0),)  # type: ignore[union-attr]
    assert game.feature_at(1, 0, "E").tiles == ((0, 0), (1, 0))  # type: ignore[union-attr]


# ------------------------------------------------------------ the second tile
def _builder_on_road(extra_tiles):
    """P0: follower at (1,0), P1 elsewhere, P0: builder at (2,0), P1 elsewhere."""
    order = ["base/U", "base/E", "base/U", "base/E", *extra_tiles]
    game = Game(setup(order=order))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(Deploy("follower", 1, 0, "E"))
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    game.apply(PASS)
    game.apply(PlaceTile(2, 0, 0, "base/U"))
    game.apply(Deploy(BUILDER, 2, 0, "E"))
    assert game.turn_player == 1  # deploying the builder earns nothing
    game.apply(PlaceTile(0, 1, 2, "base/E"))
    game.apply(PASS)
    return game


def test_builder_second_tile_is_the_same_turn():
    game = _builder_on_road(["base/U", "base/U", "base/U"])
    turn = game.turn
    game.apply(PlaceTile(3, 0, 0, "base/U"))
    game.apply(PASS)
    assert game.turn_player == 0 and game.pending.kind == "place_tile"
    assert game.turn == turn  # one turn, two tiles
    game.apply(PlaceTile(-1, 0, 0, "base/U"))  # extends the road again
    game.apply(PASS)
    assert game.turn_player == 1 and game.turn == turn + 1  # never a third tile


def test_tile_elsewhere_gives_no_second_tile():
    game = _builder_on_road(["base/E", "base/U"])
    game.apply(PlaceTile(1, -1, 0, "base/E"))  # touches the road's fields only
    game.apply(PASS)
    assert game.turn_player == 1


def test_no_second_tile_when_the_bag_is_empty():
    game = _builder_on_road(["base/U"])
    events = game.apply(PlaceTile(3, 0, 0, "base/U"))
    events += game.apply(PASS)
    assert game.is_over
    assert [e.kind for e in events][-1] == "game_over"


# ------------------------------------------------------------ goods
def test_goods_winners_need_at_least_one_token():
    game = Game(setup(order=["base/U"], players=3))
    assert all(goods_winners(game, g) == () for g in GOODS)
    game.tokens[0]["wine"] = 2
    game.tokens[2]["wine"] = 2
    game.tokens[1]["cloth"] = 1
    assert goods_winners(game, "wine") == (0, 2)
    assert goods_winners(game, "cloth") == (1,)


# ------------------------------------------------------------ random games
# Random games with every combination of expansions (traders_builders among
# them) run in tests/test_expansions.py::test_random_games_with_every_combination.


def check_dependents(game: Game) -> None:
    """A builder or a pig never stands without a follower of its owner."""
    types = game.rules.figure_by_name
    for player, figure, node in game.figures_placed:
        if types[figure].requires_own_follower:
            present = game.feature(node).figures
            assert any(p == player and types[f].strength > 0 for p, f, _ in present), (
                f"{figure} of P{player} alone at {game.node_pos[node]}"
            )


def _builder_greedy_game(seed: int, combo: tuple[str, ...], options: dict) -> Game:
    """Random play that prefers the builder and the pig, so that second tiles
    happen often; checks the invariants and that scores never decrease."""
    game = Game(GameSetup(
        players=(PlayerSetup("A", "red"), PlayerSetup("B", "blue"), PlayerSetup("C", "green")),
        expansions=("base", *combo), seed=seed, options=options,
    ))
    rng = random.Random(seed)
    watcher = Watcher(game)
    step = 0
    while not game.is_over:
        actions = list(game.legal_actions())
        special = [a for a in actions if isinstance(a, Deploy) and a.figure in (BUILDER, PIG)]
        action = rng.choice(special) if special and rng.random() < 0.8 else rng.choice(actions)
        watcher.after(game.apply(action))
        step += 1
        check_dependents(game)
        if step % 2 == 0:
            check_invariants(game)
    check_invariants(game)
    return game


@pytest.mark.parametrize(
    "combo, options",
    [(("traders_builders",), {}), (("traders_builders", *OTHERS), {}),
     (("traders_builders",), {"hand_of_3": True}), (("traders_builders",), {"farmers": False})],
    ids=["tb", "all", "tb-hand_of_3", "tb-no_farmers"],
)
def test_record_replay_and_copy_give_the_same_state(combo, options):
    seconds = 0
    for seed in range(5):
        game = _builder_greedy_game(seed, combo, options)
        text = GameRecord.from_game(game).dumps()
        replayed = GameRecord.loads(text).replay()
        assert replayed.game.state_key() == game.state_key()
        placers = [e.player for _, e in replayed.events if isinstance(e, TilePlaced)]
        seconds += sum(1 for a, b in zip(placers, placers[1:]) if a == b)
        # a copy taken mid-game continues exactly like the original
        middle = GameRecord.loads(text)
        half = len(middle.actions) // 2
        partial = middle.replay(half).game
        twin = partial.copy()
        assert twin.state_key() == partial.state_key()
        for action in middle.actions[half:]:
            partial.apply(action)
            twin.apply(action)
        assert twin.state_key() == partial.state_key() == game.state_key()
    assert seconds > 0, "no second tile in any game: the builder never worked"


# ------------------------------------------------------------ computer players
def test_ai_terms_value_tokens_the_second_tile_and_the_builder():
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.ai.expansions import terms_for

    assert len(terms_for(("base", "traders_builders"))) == 4  # goods, builder, pig, pigsty
    game = _builder_on_road(["base/U", "base/U", "base/U", "base/U"])
    evaluator = Evaluator(game)
    before = evaluator.evaluate(game, 0)
    game.tokens[0]["wine"] = 1
    with_wine = evaluator.evaluate(game, 0)
    assert with_wine > before + 2  # leading wine is worth a good part of 10 points
    # P0's builder stands on an open road: worth more than the same builder at home
    with_builder = evaluator.totals(game)[0]
    spot = next(s for s in game.figures_placed if s[1] == BUILDER)
    game.return_figure(*spot, [])
    assert evaluator.totals(game)[0] < with_builder
    # a second tile granted and not yet placed is worth a turn to its player
    game = _builder_on_road(["base/U", "base/U", "base/U"])
    game.apply(PlaceTile(3, 0, 0, "base/U"))
    game.apply(PASS)
    assert game.turn_player == 0 and game.pending.kind == "place_tile"
    after = Evaluator(game).totals(game)[0]
    game.turn_state.clear()  # as if no second tile were coming
    assert Evaluator(game).totals(game)[0] < after

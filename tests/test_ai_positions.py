"""The `medium` evaluation on hand-made positions where the right move is
known: take your own points, do not hand points to an opponent, spend the
last followers when they can no longer come back, keep them early instead of
wasting them on empty fields.

Positions are built from a forced draw order (the tiles of the scene, then
the rest of the base game in a fixed shuffled order, so the unseen-tile counts
the evaluation reads are those of a real game).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.ai.weights import Weights
from carcassonne_desktop.engine import Game, GameSetup, PlayerSetup, Rules, quick_setup
from carcassonne_desktop.engine.actions import Action, Deploy, Pass, PlaceTile

RULES = Rules(quick_setup(2))

#: (tile, x, y, rot, port of a follower or None) per turn, red first.
Turn = tuple[str, int, int, int, str | None]


def base_tiles() -> Counter[str]:
    """Every tile of the base game except the start tile."""
    counts: Counter[str] = Counter()
    for tile in RULES.catalogue:
        if tile.expansion == "base":
            counts[tile.id] = tile.count - tile.start
    return counts


def scene(
    turns: list[Turn], next_tiles: list[str], full_bag: bool = True, farmers: bool = True
) -> Game:
    """Start tile D (city north, road east-west) at the origin, the given
    turns played, then `next_tiles` to be drawn (followed by the rest of the
    base game unless `full_bag` is False)."""
    forced = [t for t, *_ in turns] + next_tiles
    order = list(forced)
    if full_bag:
        rest = base_tiles()
        rest.subtract(Counter(forced))
        filler = sorted(rest.elements())
        random.Random(0).shuffle(filler)
        order += filler
    setup = GameSetup(
        players=(PlayerSetup("Rouge", "red", "ai:medium"), PlayerSetup("Bleu", "blue", "ai:medium")),
        expansions=("base",),
        options={"farmers": farmers},
        seed=1,
        start_tile="base/D",
        start_rot=0,
        tile_order=tuple(order),
    )
    game = Game(setup, RULES if farmers else Rules(setup))
    for tile, x, y, rot, port in turns:
        game.apply(PlaceTile(x, y, rot, tile))
        game.apply(Deploy("follower", x, y, port) if port else Pass())
    return game


def medium_turn(game: Game, seed: int = 0) -> list[Action]:
    """The whole turn `medium` plays from here (tile, then figure)."""
    return player_turn(MediumPlayer(seed), game)


def player_turn(player: Player, game: Game) -> list[Action]:
    """The whole turn `player` plays from here (tile, then figure)."""
    seat = game.current
    actions = [player.choose(game, budget=10.0)]
    game = game.copy()
    game.apply(actions[0])
    while not game.is_over and game.current == seat and game.phase != "place_tile":
        action = player.choose(game, budget=10.0)
        actions.append(action)
        game.apply(action)
    return actions


# Red's city: start tile north edge + corner N at (0,-1), open to the west.
RED_CITY = ("base/N", 0, -1, 3, "S")
BLUE_ROAD = ("base/U", 1, 0, 0, None)


def test_medium_closes_its_own_city_near_the_end() -> None:
    # Two tiles left: the open city is worth 2 at the end, closed it is 6.
    game = scene([RED_CITY, BLUE_ROAD], ["base/E", "base/U"], full_bag=False)
    turn = medium_turn(game)
    assert turn[0] == PlaceTile(-1, -1, 1, "base/E")
    after = game.copy()
    for action in turn:
        after.apply(action)
    assert after.scores[0] == 6  # three city tiles, no shield


def test_evaluation_weighs_closing_against_a_second_city_early() -> None:
    """Early on, closing a city for 6 now and opening a second one (keeping
    the first open) are close calls; both must beat wasting the tile, and
    closing must gain over the position before it."""
    game = scene([RED_CITY, BLUE_ROAD], ["base/E"], farmers=False)
    evaluator = Evaluator(game)
    values = {t.actions: evaluator.evaluate(t.after, 0) for t in whole_turns(game)}
    closing = values[(PlaceTile(-1, -1, 1, "base/E"), Pass())]
    second_city = values[(PlaceTile(0, 1, 2, "base/E"), Deploy("follower", 0, 1, "S"))]
    wasted = values[(PlaceTile(0, 1, 2, "base/E"), Pass())]
    before = evaluator.evaluate(game, 0)
    assert closing > wasted and second_city > wasted
    assert closing > before


def test_medium_does_not_close_an_opponent_city_for_free() -> None:
    # Same city, but blue owns it; red draws the tile that would close it.
    blue_city = RED_CITY
    game = scene([("base/U", 1, 0, 0, None), blue_city], ["base/E"])
    assert game.current == 0
    closing = PlaceTile(-1, -1, 1, "base/E")
    assert closing in game.legal_actions()
    turn = medium_turn(game)
    assert turn[0] != closing
    after = game.copy()
    for action in turn:
        after.apply(action)
    assert after.scores == [0, 0]


def test_evaluation_prefers_keeping_the_opponent_city_open() -> None:
    game = scene([("base/U", 1, 0, 0, None), RED_CITY], ["base/E"])
    evaluator = Evaluator(game)
    closed = game.copy()
    closed.apply(PlaceTile(-1, -1, 1, "base/E"))
    closed.apply(Pass())
    elsewhere = game.copy()
    elsewhere.apply(PlaceTile(0, 1, 2, "base/E"))  # a city of its own, south of the start
    elsewhere.apply(Pass())
    assert evaluator.evaluate(elsewhere, 0) > evaluator.evaluate(closed, 0)


def test_medium_spends_its_followers_on_the_last_tile() -> None:
    """With nothing left to draw a follower in supply is worth nothing: the
    last turn must be the one with the best final margin among all turns."""
    game = scene([("base/U", 1, 0, 0, None), ("base/U", -1, 0, 0, None)], ["base/V"],
                 full_bag=False)
    assert game.tiles_left() == 0 and game.phase == "place_tile"
    best = max(Evaluator(game).evaluate(t.after, 0) for t in whole_turns(game))
    turn = medium_turn(game)
    assert isinstance(turn[-1], Deploy)
    after = game.copy()
    for action in turn:
        after.apply(action)
    assert after.is_over
    assert after.scores[0] - after.scores[1] == best


def test_medium_keeps_followers_off_empty_fields_early() -> None:
    for tile in ("base/U", "base/V", "base/B", "base/E", "base/K"):
        game = scene([], [tile])
        turn = medium_turn(game)
        for action in turn:
            if isinstance(action, Deploy):
                placed = game.copy()
                placed.apply(turn[0])
                rotated, base = placed.board[(action.x, action.y)]
                feature = placed.feature(base + rotated.feature_at_port(action.port))
                assert feature.kind != "field" or feature.cities, (tile, turn)


def test_advice_is_the_medium_turn_and_never_reads_the_bag() -> None:
    from carcassonne_desktop.ai.advice import suggest_turn

    game = scene([RED_CITY, BLUE_ROAD], ["base/E", "base/U"], full_bag=False)
    advice = suggest_turn(game)
    assert advice[0] == PlaceTile(-1, -1, 1, "base/E")  # close the city near the end
    full = scene([RED_CITY, BLUE_ROAD], ["base/E"])
    shuffled = full.copy()
    random.Random(4).shuffle(shuffled.bag)
    assert suggest_turn(full) == suggest_turn(shuffled)
    after = full.copy()
    after.apply(suggest_turn(full)[0])
    figure_step = suggest_turn(after)
    assert len(figure_step) == 1 and figure_step[0] in after.legal_actions()


def test_medium_keeps_its_follower_when_only_a_hopeless_field_is_free() -> None:
    """Early on, a follower lost in a field that borders no city is a
    follower gone for the game: after extending its own road (the road is
    taken, only the two cityless fields beside it are free), red passes."""
    # Red's road from the south of the start tile, bending west; blue's
    # straight road east of the start tile.
    game = scene([("base/V", 0, 1, 0, "S"), ("base/U", 1, 0, 0, None)], ["base/U"])
    game.apply(PlaceTile(0, 2, 1, "base/U"))  # red extends its own road south
    farmers = [a for a in game.legal_actions() if isinstance(a, Deploy)]
    assert farmers and all(len(a.port) == 2 for a in farmers)  # only fields are free
    for action in farmers:
        placed = game.copy()
        placed.apply(action)
        assert not placed.feature(placed.figures_placed[-1][2]).cities
    assert MediumPlayer(0).choose(game, budget=10.0) == Pass()


def test_medium_puts_a_farmer_on_a_field_of_completed_cities_late() -> None:
    """Late in the game (10 tiles left after this one), a field that borders three completed
    cities and holds no rival farmer is 9 points for a farmer: medium takes
    them, whatever its followers in supply are worth."""
    three_cities = [
        ("base/E", 0, -1, 2, None),  # closes the start tile's city
        ("base/D", 1, 0, 0, None), ("base/E", 1, -1, 2, None),
        ("base/D", -1, 0, 0, None), ("base/E", -1, -1, 2, None),
        ("base/V", 0, 1, 0, None),
    ]
    later = ["base/B", "base/A", "base/U", "base/V", "base/K", "base/J", "base/X", "base/W",
             "base/R", "base/P"]
    game = scene(three_cities, ["base/U", *later], full_bag=False)
    assert game.tiles_left() == 10 and not game.figures_placed
    turn = medium_turn(game)
    after = game.copy()
    for action in turn:
        after.apply(action)
    assert isinstance(turn[-1], Deploy) and len(turn[-1].port) == 2, turn  # a farmer
    field = after.feature(after.figures_placed[-1][2])
    completed = {after.find(c) for c in field.cities if after.features[after.find(c)].completed}
    assert len(completed) == 3


#: Sixteen turns (red on top) after which red has six followers on small
#: roads and cities that will close, one in supply, and 54 tiles to draw.
SIX_FOLLOWERS_OUT: list[Turn] = [
    ("base/L", 1, 0, 1, "E"), ("base/J", -1, 0, 3, None), ("base/W", 1, 1, 1, "W"),
    ("base/L", 2, 0, 3, None), ("base/W", 1, 2, 2, "E"), ("base/Q", 0, -1, 3, None),
    ("base/S", 0, -2, 3, "W"), ("base/K", 3, 0, 0, None), ("base/U", -1, 1, 0, "E"),
    ("base/E+garden", -2, 0, 1, None), ("base/S", 2, -1, 0, "S"), ("base/B", 1, 3, 0, None),
    ("base/W", 2, 1, 3, "E"), ("base/U", 0, 2, 2, None), ("base/E", 4, 0, 2, "S"),
    ("base/U+garden", 1, 4, 0, None),
]


def test_medium_keeps_its_last_follower_early_rather_than_a_short_road() -> None:
    """Early in the game, red's last follower in supply is worth more than a
    road of four tiles (its six others are all away, on features likely to
    close: counted as "expected back" they made it feel rich, and medium put
    the last one down too; bench/ai.md, 2026-11-24 (later), Weights.reserve)."""
    game = scene(SIX_FOLLOWERS_OUT, ["base/D"])
    assert game.current == 0 and game.tiles_left() == 54
    assert game.supply[0]["follower"] == 1 and len(game.figures_placed) == 6
    road = (PlaceTile(-1, -1, 1, "base/D"), Deploy("follower", -1, -1, "S"))
    kept = (PlaceTile(-1, -1, 1, "base/D"), Pass())
    evaluator = Evaluator(game)
    values = {t.actions: evaluator.evaluate(t.after, 0) for t in whole_turns(game)}
    placed = game.copy()
    for action in road:
        placed.apply(action)
    assert placed.feature(placed.figures_placed[-1][2]).kind == "road"
    assert values[kept] > values[road]
    for seed in range(3):
        turn = medium_turn(game, seed)
        assert not any(isinstance(a, Deploy) for a in turn), (seed, turn)


def test_the_hint_keeps_the_last_follower_early_like_medium() -> None:
    """The hint is medium's judgement: in hot-seat games that follow it, a seat
    started 95% of its turns from the game's 26th on without a follower with
    the old weights, 5% now (bench/research/hint_supply.py, bench/ai.md)."""
    from carcassonne_desktop.ai.advice import suggest_turn

    game = scene(SIX_FOLLOWERS_OUT, ["base/D"])
    advice = suggest_turn(game)
    assert advice and not any(isinstance(a, Deploy) for a in advice), advice


def test_weak_apart_keeps_figures_that_never_win_a_majority_from_cheapening_followers() -> None:
    """`Weights.weak_apart` (bench/ai.md, 2026-11-24, sessions 6 and 7): with it
    (the default), a builder in supply leaves a follower's worth in supply
    unchanged; without it, the builder pushes the followers down the supply series."""
    from dataclasses import replace

    from carcassonne_desktop.ai.evaluation import DEFAULT_WEIGHTS

    game = Game(quick_setup(2, seed=3, expansions=("base", "traders_builders")))
    assert "builder" in game.supply[0]

    def follower_worth(weights: Weights, builders: int) -> float:
        position = game.copy()
        position.supply[0]["follower"] = 3
        position.supply[0]["builder"] = builders
        more = position.copy()
        more.supply[0]["follower"] += 1
        return Evaluator(more, weights).totals(more)[0] - Evaluator(position, weights).totals(position)[0]

    assert DEFAULT_WEIGHTS.weak_apart
    together = replace(DEFAULT_WEIGHTS, weak_apart=0.0)
    assert follower_worth(DEFAULT_WEIGHTS, 1) == pytest.approx(follower_worth(DEFAULT_WEIGHTS, 0))
    assert follower_worth(together, 1) < follower_worth(together, 0) - 0.5

"""`easy`, the level for a child: it finishes its own features, never
throws a follower away, and still misses better moves now and then."""

from __future__ import annotations

import random

from carcassonne_desktop.ai.heuristic import EasyPlayer
from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.actions import Action, Deploy, PlaceTile
from tests.test_ai_positions import BLUE_ROAD, RED_CITY, RULES, medium_turn, player_turn, scene


def easy_turn(game: Game, seed: int) -> list[Action]:
    return player_turn(EasyPlayer(seed), game)


def test_easy_finishes_its_own_city_whatever_it_happens_to_look_at() -> None:
    game = scene([RED_CITY, BLUE_ROAD], ["base/E", "base/U"], full_bag=False)
    assert len(game.legal_actions()) > EasyPlayer.placements_seen
    for seed in range(20):
        assert easy_turn(game, seed)[0] == PlaceTile(-1, -1, 1, "base/E"), seed


def test_easy_keeps_its_follower_when_only_a_hopeless_field_is_free() -> None:
    game = scene([("base/V", 0, 1, 0, "S"), ("base/U", 1, 0, 0, None)], ["base/U"])
    game.apply(PlaceTile(0, 2, 1, "base/U"))
    for seed in range(20):
        assert not isinstance(EasyPlayer(seed).choose(game, budget=10.0), Deploy), seed


def test_easy_never_puts_a_follower_on_an_empty_field_early() -> None:
    for tile in ("base/U", "base/V", "base/B", "base/E", "base/K"):
        game = scene([], [tile])
        for seed in range(6):
            turn = easy_turn(game, seed)
            placed = game.copy()
            placed.apply(turn[0])
            for action in turn[1:]:
                if isinstance(action, Deploy):
                    rotated, base = placed.board[(action.x, action.y)]
                    feature = placed.feature(base + rotated.feature_at_port(action.port))
                    assert feature.kind != "field" or feature.cities, (tile, seed, turn)


def test_easy_deploys_only_where_the_evaluation_says_it_pays() -> None:
    """Over random positions: whenever easy puts a figure down, medium's
    judgement of that turn is at least that of the same placement without
    the figure (the easy of 2026-11-23 failed this in 4 turns of 70 with a
    figure, by its noise or by settling for a lesser turn). In the base game
    the sample of the unseen tiles does not change the values."""
    from carcassonne_desktop.benchmarks.ai import figure_judgements

    judged = list(figure_judgements(EasyPlayer))
    assert len(judged) >= 30
    for seed, turn, chosen, keep in judged:
        assert chosen >= keep, (seed, turn)


def test_easy_sometimes_misses_the_better_move() -> None:
    """Not a weak copy of medium nor medium itself: on positions where
    medium has a choice, easy plays something else at times."""
    differ = total = 0
    for seed in range(30):
        game = Game(quick_setup(2, seed=100 + seed), RULES)
        rng = random.Random(seed)
        for _ in range(2 * rng.randrange(3, 40)):
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        if game.is_over or game.phase != "place_tile" or len(game.legal_actions()) < 8:
            continue
        total += 1
        differ += easy_turn(game, seed)[0] != medium_turn(game, seed)[0]
    assert total >= 15
    assert 0.15 * total <= differ <= 0.9 * total, (differ, total)


def test_easy_usually_claims_the_city_its_tile_closes_but_not_always() -> None:
    """The child's mistake that keeps easy below greedy (bench/ai.md,
    2026-11-24, session 6): now and then it does not see that it could put a follower
    on the city its tile closes (the follower would come straight back with
    the points). Whatever it does, it never leaves a follower behind."""
    game = scene([], ["base/E"])  # a city cap closes the start tile's city
    claims = 0
    seeds = 60
    for seed in range(seeds):
        turn = easy_turn(game, seed)
        after = game.copy()
        for action in turn:
            after.apply(action)
        claimed = after.scores[0] == 4
        claims += claimed
        if claimed:
            assert sum(after.supply[0].values()) == sum(game.supply[0].values()), (seed, turn)
    assert seeds // 2 < claims < seeds, claims

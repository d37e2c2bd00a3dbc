"""The search forces only draws the game can deal (issue 30): during the
river, every sampled world's next tile is a river tile."""

from __future__ import annotations

import random

import pytest

from carcassonne_desktop.ai.knowledge import public_counts
from carcassonne_desktop.ai.search import draw_schedule, sampled_world
from carcassonne_desktop.engine import Game, GameSetup, PlayerSetup
from carcassonne_desktop.engine.expansions.shared.river_course import is_river_tile


def _game(*expansions: str, seed: int) -> Game:
    return Game(GameSetup(
        players=(PlayerSetup("Rouge", "red"), PlayerSetup("Bleu", "blue")),
        expansions=("base", *expansions), options={}, seed=seed))


def _play_turns(game: Game, turns: int, rng: random.Random) -> None:
    """Random legal actions until `turns` more tiles lie on the board."""
    target = len(game.board) + turns
    while not game.is_over and len(game.board) < target:
        game.apply(rng.choice(list(game.legal_actions())))


@pytest.mark.parametrize("expansions", [("river",), ("river_ii",), ("river", "river_ii")])
@pytest.mark.parametrize("turns", [0, 3, 6])
def test_every_sampled_world_of_a_river_position_draws_a_river_tile(expansions, turns):
    game = _game(*expansions, seed=turns + 5)
    _play_turns(game, turns, random.Random(turns))
    catalogue = game.rules.catalogue
    unseen = public_counts(game)
    if not any(is_river_tile(catalogue[t]) for t in unseen):
        pytest.skip("the river is over in this position")
    assert game.bag and is_river_tile(catalogue[game.bag[-1]])
    schedule = draw_schedule(game, seed=11)
    assert schedule and all(is_river_tile(catalogue[t]) for t in schedule)
    assert game.bag[-1] in schedule  # the real next draw is one of those forced
    for index in range(len(schedule) + 3):
        world = sampled_world(game, 11, index, schedule)
        assert is_river_tile(catalogue[world.bag[-1]]), (index, world.bag[-1])


def test_after_the_river_every_unseen_tile_can_come_next():
    game = _game("river", seed=3)
    rng = random.Random(1)
    catalogue = game.rules.catalogue
    while any(is_river_tile(catalogue[t]) for t in public_counts(game)):
        _play_turns(game, 1, rng)
    assert game.next_draws(public_counts(game)) == public_counts(game)


def test_after_the_fork_the_lakes_come_last_in_the_next_draws():
    game = _game("river_ii", seed=2)
    catalogue = game.rules.catalogue
    assert game.current_tile == "river2/04"  # the fork, drawn first
    following = game.next_draws(public_counts(game))
    assert following and all(is_river_tile(catalogue[t]) for t in following)
    assert not any(catalogue[t].flags.get("lake") or catalogue[t].flags.get("volcano")
                   for t in following)

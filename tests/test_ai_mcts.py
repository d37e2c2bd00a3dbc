"""The plain UCT research opponent: legal, anytime on its budget, plays
every expansion, and learns from its playouts (an obvious gain is found)."""

from __future__ import annotations

import random
import time

from carcassonne_desktop.ai.levels import available_levels, create_player
from carcassonne_desktop.ai.mcts import MctsPlayer, rewards
from carcassonne_desktop.engine import Game, Rules, quick_setup, registry
from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.decisions import accepts

RULES = Rules(quick_setup(2))


def test_mcts_is_a_research_level_not_a_menu_level() -> None:
    assert create_player("ai:mcts").level == "mcts"
    assert "mcts" not in [level["name"] for level in available_levels("fr")]
    assert "mcts" in [level["name"] for level in available_levels("fr", include_unlisted=True)]


def test_rewards_follow_the_final_margin() -> None:
    game = Game(quick_setup(3, seed=1))
    game.scores = [30, 10, 30]
    tied, lost, _ = rewards(game, 20.0)
    assert tied == 0.5 and lost < 0.2
    game.scores = [50, 10, 30]
    won, _, second = rewards(game, 20.0)
    assert won > 0.8 and second < 0.5


def test_mcts_keeps_its_budget_and_answers_legally() -> None:
    game = Game(quick_setup(2, seed=4), RULES)
    rng = random.Random(4)
    for _ in range(30):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    player = MctsPlayer(1)
    start = time.perf_counter()
    action = player.choose(game, budget=0.2)
    assert time.perf_counter() - start < 1.0  # generous on a loaded machine
    assert action in game.legal_actions()
    assert player.last_stats["iterations"] > 0


def test_mcts_plays_whole_games_with_every_expansion() -> None:
    setup = quick_setup(3, seed=9, expansions=tuple(registry()))
    game = Game(setup, Rules(setup))
    players = [MctsPlayer(s, iterations=3) for s in range(3)]
    while not game.is_over:
        action = players[game.current].choose(game)
        # an aim in the plane (the Catapult) is judged by its kind's `accepts`
        assert action in game.legal_actions() or accepts(game, action)
        game.apply(action)
    assert sum(game.scores) > 0


def test_mcts_finds_the_tile_that_closes_its_city_at_the_end() -> None:
    """Last tile: closing its own two-tile city (4 points) beats every other
    placement; random playouts from there are the final scoring itself."""
    from tests.test_ai_positions import BLUE_ROAD, RED_CITY, scene

    game = scene([RED_CITY, BLUE_ROAD], ["base/E"], full_bag=False)
    assert game.tiles_left() == 0
    action = MctsPlayer(0, iterations=400).choose(game)
    assert action == PlaceTile(-1, -1, 1, "base/E")

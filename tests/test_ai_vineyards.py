"""The vineyards' term reads the share of unseen tiles with a vineyard
without building the engine's Counter of them (issue 30: that Counter was
half the term on positions of real games); the share must stay the one the
engine's `unseen_tile_counts` gives, tiles hidden under hills included."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.expansions.hills_sheep import _vineyard_share
from carcassonne_desktop.engine import Game
from carcassonne_desktop.engine.expansions.hills_sheep import VINEYARD
from tests.test_ai_outlook import random_position


def counted_share(game: Game) -> float:
    """The share as the engine's counts give it."""
    counts = game.unseen_tile_counts()
    vineyards = sum(n for tile, n in counts.items()
                    if game.rules.catalogue[tile].flags.get(VINEYARD))
    return vineyards / max(sum(counts.values()), 1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(0, 70), players=st.integers(2, 4))
def test_the_vineyard_share_is_the_engines_count(seed: int, placements: int,
                                                 players: int) -> None:
    game = random_position(seed, placements, players, False, ("base", "hills_sheep"))
    evaluator = Evaluator(game)
    assert _vineyard_share(game, evaluator) == counted_share(game)
    # carried for the bag: the next position of the search reads it again
    assert _vineyard_share(game, evaluator) == counted_share(game)


def test_tiles_under_hills_count_among_the_unseen() -> None:
    """A position with tiles hidden under hills: they are part of the share."""
    for seed in range(40):
        game = random_position(seed, 30, 2, False, ("base", "hills_sheep"))
        hidden = [tile for expansion in game.rules.hooks["unseen_tiles"]
                  for tile in expansion.unseen_tiles(game)]
        if hidden:
            assert _vineyard_share(game, Evaluator(game)) == counted_share(game)
            return
    raise AssertionError("no position with a tile under a hill")

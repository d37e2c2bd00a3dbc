"""What the faster whole turns of issue 30 (session 2) rely on, and the
fast ways against the long ways: only roots hold a feature (a copy
shares them since session 3: copy-on-write); the catapult's count of
fairs to come reads the fair tile types, not every unseen tile type."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.ai.expansions.catapult import fairs_to_come
from carcassonne_desktop.engine import Game, quick_setup, registry
from carcassonne_desktop.engine.expansions.catapult import FAIR

EVERY = tuple(registry())


def random_game_states(seed: int, players: int) -> list[Game]:
    """Copies of every position of one random game with every expansion."""
    game = Game(quick_setup(players, seed=seed, expansions=EVERY))
    rng = random.Random(seed)
    states = []
    while not game.is_over:
        states.append(game.copy())
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return states


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_only_roots_hold_a_feature(seed: int, players: int) -> None:
    for game in random_game_states(seed, players):
        for node, feature in enumerate(game.features):
            assert (feature is not None) == (game.parent[node] == node)


def fairs_the_long_way(game: Game) -> int:
    """Every unseen tile type and hand read (the count before issue 30's session 2)."""
    catalogue = game.rules.catalogue
    counts = game.unseen_tile_counts()
    for hand in game.hands:
        counts.update(hand)
    return sum(n for tile, n in counts.items() if catalogue[tile].flags.get(FAIR))


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_fairs_to_come_are_counted_as_every_unseen_tile_type_read(seed: int, players: int) -> None:
    states = random_game_states(seed, players)
    assert any(fairs_the_long_way(game) for game in states)
    for game in states:
        assert fairs_to_come(game) == fairs_the_long_way(game)

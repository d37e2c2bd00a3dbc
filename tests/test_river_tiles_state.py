"""The River II keeps where the bag's river tiles lie as state
(`river_ii.RIVER_IN_BAG`) instead of scanning the bag before every draw of
the river phase: the state must be the bag's river tiles at every draw, in
copies, in a computer player's sampled copies (the bag dealt again), and
when someone reorders a bag behind its back."""

from __future__ import annotations

import random
from collections.abc import Iterator

from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.ai.search import draw_schedule, sampled_world
from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.expansions.river_ii import RIVER_IN_BAG, _river_tiles_left
from carcassonne_desktop.engine.expansions.shared.river_course import is_river_tile

SETUPS = (
    (("base", "river_ii"), {}),
    (("base", "river", "river_ii"), {}),
    (("base", "river", "river_ii", "wheel_of_fortune", "count", "hills_sheep"), {}),
    (("base", "river_ii", "abbot"), {"hand_of_3": True}),
)


def scanned(game: Game) -> list[str]:
    """The river tiles of the bag in draw order, read from the bag itself."""
    catalogue = game.rules.catalogue
    return [t for t in reversed(game.bag) if is_river_tile(catalogue[t])]


def river_phase(seeds: range) -> Iterator[Game]:
    """Every decision of random games while river tiles are left."""
    for expansions, options in SETUPS:
        for seed in seeds:
            game = Game(quick_setup(2, seed=seed, expansions=expansions, options=options))
            rng = random.Random(seed)
            while not game.is_over and scanned(game):
                yield game
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])


def live_state(game: Game) -> list[str]:
    known = game.extension_state[RIVER_IN_BAG]
    return [tile for index, tile in reversed(known) if index < len(game.bag)]


def test_the_state_is_the_bags_river_tiles_at_every_decision() -> None:
    seen = 0
    for game in river_phase(range(5)):
        assert live_state(game) == scanned(game)
        assert _river_tiles_left(game) == scanned(game)
        seen += 1
    assert seen > 100


def test_copies_and_sampled_copies_keep_it_exact() -> None:
    checked = 0
    for index, game in enumerate(river_phase(range(3))):
        if index % 3:
            continue
        copy = game.copy()
        assert copy.extension_state[RIVER_IN_BAG] == game.extension_state[RIVER_IN_BAG]
        sample = sampled_copy(game, random.Random(index))
        assert RIVER_IN_BAG not in sample.extension_state  # the bag was dealt again
        assert _river_tiles_left(sample) == scanned(sample)
        schedule = draw_schedule(game, seed=index)
        if schedule:  # the stratified future swaps a tile to the top of the bag
            world = sampled_world(game, index, index, schedule)
            assert _river_tiles_left(world) == scanned(world)
        # play both on: each stays exact, neither disturbs the other
        rng = random.Random(index)
        for _ in range(6):
            for other in (copy, sample):
                if not other.is_over:
                    legal = other.legal_actions()
                    other.apply(legal[rng.randrange(len(legal))])
                    assert _river_tiles_left(other) == scanned(other)
        assert _river_tiles_left(game) == scanned(game)
        checked += 1
    assert checked > 20


def test_a_bag_reordered_behind_the_states_back_is_read_again() -> None:
    """Tests and tools shuffle a copy's bag in place: the stale state is noticed."""
    for game in river_phase(range(2)):
        if len(scanned(game)) < 4:
            continue
        shuffled = game.copy()
        random.Random(1).shuffle(shuffled.bag)
        assert _river_tiles_left(shuffled) == scanned(shuffled)

"""Properties over random legal play: invariants after every action, replay
gives the same state, copies are independent and exact."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.engine import Game, GameRecord, Rules, quick_setup
from carcassonne_desktop.engine.expansion import registry
from tests.engine_checks import Watcher, check_invariants, play_random

RULES = Rules(quick_setup(2))

choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=0, max_size=160)


def play_choices(game: Game, picks: list[int], check: bool = True) -> Game:
    watcher = Watcher(game)
    for pick in picks:
        if game.is_over:
            break
        actions = game.legal_actions()
        watcher.after(game.apply(actions[pick % len(actions)]))
        if check:
            check_invariants(game)
    return game


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), picks=choices)
def test_any_legal_sequence_keeps_the_invariants(seed, players, picks):
    play_choices(Game(quick_setup(players, seed=seed)), picks)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), picks=choices,
       farmers=st.booleans(), small=st.booleans(), hand=st.booleans())
def test_record_replay_gives_the_same_state(seed, picks, farmers, small, hand):
    options = {"farmers": farmers, "small_city_2pts": small, "hand_of_3": hand}
    game = play_choices(Game(quick_setup(3, seed=seed, options=options)), picks, check=False)
    text = GameRecord.from_game(game).dumps()
    replayed = GameRecord.loads(text).replay().game
    assert replayed.state_key() == game.state_key()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), before=choices, after=choices)
def test_copy_is_exact_and_independent(seed, before, after):
    game = play_choices(Game(quick_setup(2, seed=seed), RULES), before, check=False)
    snapshot = game.state_key()
    clone = game.copy()
    assert clone.state_key() == snapshot
    play_choices(clone, after, check=False)
    assert game.state_key() == snapshot, "playing on a copy changed the original"
    # and the copy continues exactly like the original would
    twin = game.copy()
    play_choices(twin, after, check=False)
    assert twin.state_key() == clone.state_key()


def test_resample_hidden_keeps_the_tile_counts():
    game = Game(quick_setup(2, seed=5))
    counts = game.remaining_tile_counts()
    clone = game.copy()
    clone.resample_hidden(random.Random(1))
    assert clone.remaining_tile_counts() == counts
    assert clone.hand == game.hand


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_many_random_games_without_an_exception(players):
    """A few hundred seeded random games in all, invariants after every action."""
    games = 40 if players == 2 else 12
    for seed in range(games):
        game = play_random(Game(quick_setup(players, seed=1000 * players + seed)),
                           random.Random(seed), check_every=1 if seed < 4 else 10)
        assert game.is_over
        assert len(game.board) <= 72


@pytest.mark.parametrize("options", [{"farmers": False}, {"hand_of_3": True},
                                     {"small_city_2pts": True}, {"farmers_first_edition": True}])
def test_random_games_with_each_option(options):
    for seed in range(15):
        play_random(Game(quick_setup(3, seed=seed, options=options)), random.Random(seed),
                    check_every=5)


EVERY_EXPANSION = tuple(e for e in registry() if e != "base")
mixes = st.lists(st.sampled_from(EVERY_EXPANSION), min_size=1, max_size=6, unique=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), mix=mixes, picks=choices)
def test_any_legal_sequence_with_any_mix_of_expansions_keeps_the_invariants_and_replays(
        seed, players, mix, picks):
    """Any legal sequence of any mix of expansions keeps the invariants, and
    its record saved and loaded replays to the same state."""
    game = play_choices(Game(quick_setup(players, seed=seed, expansions=("base", *mix))), picks)
    replayed = GameRecord.loads(GameRecord.from_game(game).dumps()).replay().game
    assert replayed.state_key() == game.state_key()

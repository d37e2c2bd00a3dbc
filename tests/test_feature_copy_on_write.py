"""Copy-on-write features (issue 30): a copy of a game shares its Feature
objects with the original, and whichever changes a feature first clones it
(`Board.writable_feature`). A copy taken at any position must keep its whole
state, every feature's content included, while the original plays on, and
the original must keep its own while the copy plays on: on random games
with every expansion (relinks, shared edges, hills, the Count's city...)
and in the base game."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.engine import Game, quick_setup, registry

EVERY = tuple(registry())


def contents(game: Game) -> tuple[Any, ...]:
    """The state key and the content of every entry of the features list."""
    features = tuple(
        None if f is None else (
            f.kind, f.size, tuple(sorted(f.tiles)), f.open, f.shields,
            tuple(sorted((f.flags or {}).items())), f.figures,
            None if f.cities is None else tuple(sorted(f.cities)), f.completed,
        )
        for f in game.features
    )
    return game.state_key(), features


def play(game: Game, rng: random.Random, actions: int) -> None:
    """Up to `actions` random legal actions (fewer when the game ends)."""
    for _ in range(actions):
        if game.is_over:
            return
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def copies_keep_their_state_while_the_original_plays(
    seed: int, players: int, expansions: tuple[str, ...]
) -> None:
    game = Game(quick_setup(players, seed=seed, expansions=expansions))
    rng = random.Random(seed)
    kept: list[tuple[Game, tuple[Any, ...]]] = []
    while not game.is_over:
        copy = game.copy()
        kept.append((copy, contents(copy)))
        play(game, rng, 1)
    assert kept
    for number, (copy, before) in enumerate(kept):
        assert contents(copy) == before, f"copy taken at action {number} changed"


def the_original_keeps_its_state_while_copies_play(
    seed: int, players: int, expansions: tuple[str, ...], ahead: int
) -> None:
    game = Game(quick_setup(players, seed=seed, expansions=expansions))
    rng = random.Random(seed)
    copy_rng = random.Random(seed + 1)
    while not game.is_over:
        before = contents(game)
        copy = game.copy()
        play(copy, copy_rng, ahead)
        # a copy of the copy, played on too: sharing goes on down the line
        play(copy.copy(), copy_rng, ahead)
        assert contents(game) == before, f"the original changed at turn {game.turn}"
        play(game, rng, 1)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_copies_keep_their_state_while_the_original_plays_every_expansion(
    seed: int, players: int
) -> None:
    copies_keep_their_state_while_the_original_plays(seed, players, EVERY)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), ahead=st.integers(1, 12))
def test_the_original_keeps_its_state_while_copies_play_every_expansion(
    seed: int, players: int, ahead: int
) -> None:
    the_original_keeps_its_state_while_copies_play(seed, players, EVERY, ahead)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), ahead=st.integers(1, 12))
def test_copies_and_the_original_keep_their_states_base_game(
    seed: int, players: int, ahead: int
) -> None:
    copies_keep_their_state_while_the_original_plays(seed, players, ("base",))
    the_original_keeps_its_state_while_copies_play(seed, players, ("base",), ahead)


def test_a_copy_shares_the_features_until_one_changes() -> None:
    """The point of it: a copy clones no feature, and a change clones only
    the features it touches (in the game that changes them)."""
    game = Game(quick_setup(2, seed=4, expansions=EVERY))
    play(game, random.Random(4), 60)
    copy = game.copy()
    assert all(a is b for a, b in zip(game.features, copy.features, strict=True))
    play(copy, random.Random(5), 3)
    shared = sum(a is b for a, b in zip(game.features, copy.features) if a is not None)
    assert shared >= sum(f is not None for f in game.features) - 12

"""The engine's change log (engine/change_log.py, issue 30): every node whose
entry of `features` changed since the game's log base is named in its log,
on random games with every expansion (relinks, shared edges, hills, the
Count's city, figures moved and removed...) and in the base game, down
copies of copies; and the log is no part of the state."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.engine import Game, quick_setup, registry
from carcassonne_desktop.engine.change_log import KEPT_BY_COPIES
from tests.test_feature_copy_on_write import contents, play

EVERY = tuple(registry())


def entries(game: Game) -> list[tuple[Any, Any]]:
    """Each node's entry: the object and its content (an in-place change of
    a feature changes the second)."""
    return list(zip(game.features, contents(game)[1], strict=True))


def unlogged_changes(base: list[tuple[Any, Any]], game: Game) -> list[int]:
    """The nodes whose entry differs from `base` (the entries of the log's
    base state) although the game's log does not name them."""
    now = entries(game)
    return [node for node in range(max(len(base), len(now)))
            if node not in game.changed_nodes
            and (node >= len(base) or node >= len(now)
                 or base[node][0] is not now[node][0] or base[node][1] != now[node][1])]


def the_log_names_every_changed_node(seed: int, players: int,
                                     expansions: tuple[str, ...], ahead: int) -> None:
    game = Game(quick_setup(players, seed=seed, expansions=expansions))
    rng = random.Random(seed)
    while not game.is_over:
        # the entries at a copy: from there on, every change must be logged
        # by the original and the copy (their logs, kept or started anew at
        # the copy, count from the same base and never lose a node)
        root = game.copy()
        base = entries(root)
        token = root.change_base
        for player in (game, root):
            play(player, rng, ahead)
            assert player.change_base is token
            assert not unlogged_changes(base, player), f"turn {player.turn}"
            # a copy of a copy, played on: the same base while its log is short
            down = player.copy()
            play(down, rng, ahead)
            if down.change_base is token:
                assert not unlogged_changes(base, down), f"turn {down.turn}"
            else:
                assert not player.changed_nodes and down.change_base is player.change_base
        # on to a later position (a few checks a game: each reads every node)
        play(game, rng, rng.randrange(5, 40))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), ahead=st.integers(1, 6))
def test_the_log_names_every_changed_node_every_expansion(
    seed: int, players: int, ahead: int
) -> None:
    the_log_names_every_changed_node(seed, players, EVERY, ahead)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), ahead=st.integers(1, 6))
def test_the_log_names_every_changed_node_base_game(seed: int, players: int, ahead: int) -> None:
    the_log_names_every_changed_node(seed, players, (), ahead)


def test_a_copy_of_a_long_log_starts_a_new_base_for_both() -> None:
    """Copies inherit a short log; a long one ends at the copy: the state
    there is a new base for the original and the copy."""
    game = Game(quick_setup(2, seed=5))
    play(game, random.Random(5), 30)
    assert len(game.changed_nodes) > KEPT_BY_COPIES
    old = game.change_base
    copy = game.copy()
    assert game.change_base is copy.change_base is not old
    assert game.changed_nodes == copy.changed_nodes == set()
    play(copy, random.Random(6), 1)
    assert 0 < len(copy.changed_nodes) <= KEPT_BY_COPIES
    again = copy.copy()
    assert again.change_base is copy.change_base
    assert again.changed_nodes == copy.changed_nodes


def test_the_log_is_no_part_of_the_state() -> None:
    """Two games in the same state with different logs are equal by
    `state_key`, and a copy's state does not depend on its log."""
    game = Game(quick_setup(3, seed=8, expansions=EVERY))
    play(game, random.Random(8), 25)
    copy = game.copy()
    assert copy.state_key() == game.state_key()
    copy.changed_nodes.add(0)
    copy.change_base = object()
    assert copy.state_key() == game.state_key()

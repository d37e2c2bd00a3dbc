"""Undo/redo: every step returns exactly a state seen before; the bag never changes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne_desktop.engine import Game, IllegalActionError, quick_setup
from carcassonne_desktop.persistence.history import UndoHistory


def play(history: UndoHistory, rng: random.Random, steps: int) -> list[tuple]:
    states = []
    for _ in range(steps):
        if history.game.is_over:
            break
        legal = history.game.legal_actions()
        history.apply(legal[rng.randrange(len(legal))])
        states.append(history.game.state_key())
    return states


def test_hot_seat_undo_every_decision_and_redo():
    game = Game(quick_setup(2, seed=4))
    history = UndoHistory(game)
    seen = [game.state_key()]
    seen += play(history, random.Random(4), 60)
    for k in range(len(seen) - 2, -1, -1):
        history.undo()
        assert history.position == k
        assert history.game.state_key() == seen[k]
    assert not history.can_undo()
    for k in range(1, len(seen)):
        history.redo()
        assert history.game.state_key() == seen[k]
    assert not history.can_redo()


def test_undo_deals_the_same_tile_again():
    history = UndoHistory(Game(quick_setup(3, seed=8)))
    play(history, random.Random(1), 20)
    assert history.game.phase == "place_tile"
    tile, bag, key = history.game.current_tile, list(history.game.bag), history.game.state_key()
    for seed in range(5):  # try other placements and figures, take them back each time
        play(history, random.Random(seed), 4)
        while history.position > 20:
            history.undo()
        assert history.game.current_tile == tile and history.game.bag == bag
        assert history.game.state_key() == key


def test_a_new_action_clears_redo_but_the_same_action_keeps_it():
    history = UndoHistory(Game(quick_setup(2, seed=5)))
    play(history, random.Random(5), 10)
    tail = history.actions
    history.undo()
    history.undo()
    history.apply(tail[8])
    assert history.can_redo() and history.actions == tail
    history.undo()
    legal = list(history.game.legal_actions())
    other = next(a for a in legal if a != tail[8])
    history.apply(other)
    assert not history.can_redo()
    assert history.actions == tail[:8] + [history.game.history[-1]]


def test_against_the_computer_undo_skips_its_moves():
    setup = quick_setup(3, seed=2, controllers=("ai:random", "human", "ai:medium"))
    history = UndoHistory(Game(setup))
    rng = random.Random(2)
    play(history, rng, 2)  # the computer's first turn
    assert not history.can_undo()  # nothing of the human's to take back yet
    human_points = []
    for _ in range(4):
        assert history.game.current == 1
        human_points.append((history.position, history.game.state_key()))
        play(history, rng, 6)  # human turn, then both computers
    for position, state in reversed(human_points):
        history.undo()  # back over both computer turns to the human's figure choice
        history.undo()  # then to the human's placement
        assert history.position == position and history.game.state_key() == state
    assert not history.can_undo()
    history.redo()
    assert history.position == human_points[0][0] + 1
    history.redo()  # replays the computers' turns up to the human's next decision
    assert history.game.state_key() == human_points[1][1]


def test_history_of_a_loaded_game_and_illegal_actions():
    game = Game(quick_setup(2, seed=6))
    rng = random.Random(6)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    history = UndoHistory(game, snapshot_every=4)
    key = game.state_key()
    with pytest.raises(IllegalActionError):
        history.apply(history.game.legal_actions()[0].__class__(999, 999, 0))  # type: ignore[call-arg]
    assert history.game.state_key() == key and history.position == 30
    history.goto(3)
    history.goto(30)
    assert history.game.state_key() == key
    with pytest.raises(IndexError):
        history.goto(31)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 5000), moves=st.lists(st.sampled_from("uura"), max_size=60))
def test_random_undo_redo_sequences_revisit_known_states(seed, moves):
    """A model check: positions are prefixes of the timeline; states match a fresh replay."""
    history = UndoHistory(Game(quick_setup(2, seed=seed)), snapshot_every=5)
    rng = random.Random(seed)
    reference = {0: history.game.state_key()}
    for move in moves:
        if move == "u":
            history.undo()
        elif move == "r":
            history.redo()
        elif not history.game.is_over:
            legal = history.game.legal_actions()
            history.apply(legal[rng.randrange(len(legal))])
            reference = {k: v for k, v in reference.items() if k < history.position}
        reference.setdefault(history.position, history.game.state_key())
        assert history.game.state_key() == reference[history.position]
        fresh = Game(history.game.setup)
        for action in history.actions[: history.position]:
            fresh.apply(action)
        assert fresh.state_key() == history.game.state_key()


def test_undo_is_fast_in_a_long_game():
    import time

    history = UndoHistory(Game(quick_setup(2, seed=1)))
    play(history, random.Random(1), 200)
    start = time.perf_counter()
    while history.can_undo():
        history.undo()
    per_step = (time.perf_counter() - start) / 140
    assert per_step < 0.02


def test_undo_never_goes_back_past_a_revealed_draw():
    """Fairness: a shepherd's first token is drawn when it is deployed; undoing
    that turn would let a player see the token and choose again."""
    from carcassonne_desktop.engine import Deploy, Game, PlaceTile, quick_setup
    from carcassonne_desktop.persistence.history import UndoHistory

    game = Game(quick_setup(2, expansions=("base", "hills_sheep"),
                            tile_order=("base/U", "base/U", "base/U"),
                            draws={"sheep": ("sheep_2",)}))
    history = UndoHistory(game)
    history.apply(PlaceTile(-1, 0, 0, "base/U"))
    assert history.can_undo()
    history.apply(Deploy("shepherd", -1, 0, "ES"))
    assert not history.can_undo()
    history.apply(PlaceTile(1, 0, 0, "base/U"))
    assert history.can_undo()  # the next turn can still be taken back, to the reveal
    history.undo()
    assert len(history.game.history) == 2 and not history.can_undo()
    again = UndoHistory(history.game)  # rebuilt from the record (a loaded game)
    assert not again.can_undo()

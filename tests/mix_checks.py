"""Random games of mixed expansions, checked after every action (issue 28,
"Every mix"): shared by the suite (tests/test_every_pair.py, a bounded number
of actions per game) and the longer run (bench/mixes.py).

Each action is checked with the engine's invariants (tests/engine_checks.py)
and the mixes' own (`mix_invariants`: what a rule of one expansion must still
hold when another moves its figures). Save/load/replay equality after every
action costs one replay, not one per action: the state key after each action
is kept while playing, the game is saved through the document the Load screen
reads, and the loaded record is replayed action by action against those keys.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from carcassonne_desktop.engine import Game, GameRecord, GameSetup, PlayerSetup
from carcassonne_desktop.persistence.document import encode, from_json, metadata_for
from tests.engine_checks import Watcher, check_invariants

COLOURS = ("red", "blue", "green", "yellow", "black")


def mix_setup(expansions: Iterable[str], seed: int) -> GameSetup:
    """2 to 4 players and the options drawn from the seed, so a sample of
    games meets hands of 3 and first-edition farmers too."""
    players = 2 + seed % 3
    return GameSetup(
        players=tuple(PlayerSetup(f"P{i}", COLOURS[i]) for i in range(players)),
        expansions=("base", *expansions),
        options={"hand_of_3": seed % 4 == 1, "farmers_first_edition": seed % 5 == 2},
        seed=seed,
    )


def mix_invariants(game: Game) -> None:
    """What must hold between decisions when expansions mix."""
    ids = set(game.setup.expansions)
    if "hills_sheep" in ids:  # ruling MX5: a flock goes with its shepherd
        from carcassonne_desktop.engine.expansions.hills_sheep import SHEPHERD, flock_of

        for player in range(game.num_players):
            home = game.supply[player][SHEPHERD] == 1
            assert home == (flock_of(game, player) == ()), f"P{player}'s flock without shepherd"
    if "mage_witch" in ids and game.pending_kind == "place_tile":  # ruling MX1
        from carcassonne_desktop.engine.expansions.mage_witch import together

        assert together(game) is None, "the mage and the witch left together"
    if game.rules.track:  # the pawns carry the score, once their moves are made
        for player in range(game.num_players):
            queued = sum(m.points for m in game.pawn_queue if m.player == player)
            assert sum(game.pawns[player]) + queued == game.scores[player], f"P{player}'s pawns"


def through_a_save(game: Game) -> GameRecord:
    """The record as the Load screen reads it back from the saved file."""
    text = encode(metadata_for(game, "check", "manual"), GameRecord.from_game(game))
    return from_json(json.loads(text)).record


def play_and_check(expansions: Iterable[str], seed: int, max_actions: int | None = None) -> int:
    """One random game (or its first `max_actions` actions): invariants after
    every action, then the saved game replayed equal after every action.
    Returns the number of actions played."""
    setup = mix_setup(expansions, seed)
    game = Game(setup)
    rng = random.Random(seed)
    watcher = Watcher(game)
    keys = []
    while not game.is_over and (max_actions is None or len(keys) < max_actions):
        actions = game.legal_actions()
        watcher.after(game.apply(actions[rng.randrange(len(actions))]))
        check_invariants(game)
        mix_invariants(game)
        keys.append(game.state_key())
    record = through_a_save(game)
    replayed = Game(record.setup)
    for step, action in enumerate(record.actions):
        replayed.apply(action)
        assert replayed.state_key() == keys[step], f"replay diverged after action {step + 1}"
    assert replayed.pending == game.pending
    assert list(replayed.legal_actions()) == list(game.legal_actions())
    return len(keys)

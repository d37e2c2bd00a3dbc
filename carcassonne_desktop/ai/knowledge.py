"""What a seat may know, and the only way the computer players get a game to
search on.

The real game object holds hidden information (the order of the bag, other
players' hands with hand_of_3, the state of the game's random generator). A
computer player must never let it influence a decision, so every search runs
on `sampled_copy()`: the hidden tiles are put in a canonical (sorted) order and
shuffled with the player's own generator, and the engine's generator is
reseeded. Two games that differ only in hidden order therefore give the very
same search, which tests/test_ai.py checks.
"""

from __future__ import annotations

import random
from collections import Counter

from carcassonne_desktop.engine import Game


def sampled_copy(game: Game, rng: random.Random) -> Game:
    """A copy of `game` whose unseen tiles are a fresh random deal."""
    copy = game.copy()
    copy.bag.sort()
    seer = copy.pending.player if copy.pending is not None else copy.turn_player
    for player, hand in enumerate(copy.hands):
        if player != seer:
            hand.sort()
    copy.resample_hidden(rng)
    copy.rng = random.Random(rng.getrandbits(64))
    return copy


def public_counts(game: Game) -> Counter[str]:
    """Tiles not yet seen by the seat to move, by type (public knowledge)."""
    counts = game.unseen_tile_counts()
    seer = game.pending.player if game.pending is not None else game.turn_player
    for player, hand in enumerate(game.hands):
        if player != seer:
            counts.update(hand)
    return counts


def tiles_to_play(game: Game) -> int:
    """Tiles still to be played, in the bag and in every hand.

    Every horizon of the valuation (turns left, chances still to come) counts
    these: the bag alone would miss the tiles already drawn into hands, which
    is a whole hand a player with the hand-of-three option.
    """
    return game.tiles_left() + sum(map(len, game.hands))

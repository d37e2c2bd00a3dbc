"""Save -> load -> replay gives the same game after every action, with every
combination of the expansions done so far.

A record keeps only the headers and the actions; positions are derived by
replay. If an expansion kept state that the record cannot rebuild (a drawn
token, a buried hill tile, a builder's second tile), replay would diverge at
the first action that depends on it, so the check runs after each action, not
only at the end, and through the save document the Load screen reads.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from carcassonne_desktop.engine import Game, GameRecord
from carcassonne_desktop.persistence.document import encode, from_json, metadata_for
from tests.engine_checks import Watcher
from tests.mix_checks import mix_setup

DONE = ("inns_cathedrals", "river", "abbot", "traders_builders", "hills_sheep")
#: Expansions added later: each alone, each with all of DONE, and everything
#: together (every subset of all ten would be 1,024 games).
LATER = ("king_robber_baron", "heretics_shrines", "river_ii", "wheel_of_fortune", "count",
         "flying_machines", "mage_witch", "ferries", "gold_mines", "crop_circles", "messages", "robbers", "catapult")
COMBINATIONS = (
    [c for n in range(0, len(DONE) + 1) for c in itertools.combinations(DONE, n)]
    + [(new,) for new in LATER]
    + [(*DONE, new) for new in LATER]
    + [DONE + LATER]
)
#: The setup of a seeded game (other tests draw theirs here too).
_setup = mix_setup


def _through_a_save(game: Game) -> Game:
    """The game as the Load screen would rebuild it from the saved file."""
    text = encode(metadata_for(game, "check", "manual"), GameRecord.from_game(game))
    document = from_json(json.loads(text))
    return document.record.replay().game


@pytest.mark.parametrize("combo", COMBINATIONS, ids=lambda c: "+".join(c) or "base")
def test_save_load_replay_after_every_action(combo):
    seed = COMBINATIONS.index(combo)
    game = Game(_setup(combo, seed))
    rng = random.Random(seed)
    watcher = Watcher(game)
    step = 0
    while not game.is_over:
        actions = game.legal_actions()
        watcher.after(game.apply(actions[rng.randrange(len(actions))]))
        step += 1
        replayed = _through_a_save(game)
        assert replayed.state_key() == game.state_key(), f"diverged after action {step}"
        assert replayed.pending == game.pending
        assert list(replayed.legal_actions()) == list(game.legal_actions())
    assert step > 0

"""Every combination of the four board minis (issue 25), and of the three
score-track minis (issue 26), with every other expansion in the game (the
Catapult among them): invariants after every action, and the game saved,
loaded and replayed equal to the one played at checkpoints and at the end."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from carcassonne_desktop.engine import Game, GameRecord, GameSetup, PlayerSetup
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.persistence.document import encode, from_json, metadata_for
from tests.engine_checks import Watcher, check_invariants

GROUPS = (("flying_machines", "ferries", "gold_mines", "mage_witch"),
          ("messages", "robbers", "crop_circles"))
CASES = [(group, subset) for group in GROUPS
         for n in range(1, len(group) + 1) for subset in itertools.combinations(group, n)]
CHECKPOINTS = 8


def _through_a_save(game: Game) -> Game:
    text = encode(metadata_for(game, "check", "manual"), GameRecord.from_game(game))
    return from_json(json.loads(text)).record.replay().game


@pytest.mark.parametrize(("group", "subset"), CASES, ids=["+".join(s) for _, s in CASES])
def test_the_minis_with_every_other_expansion(group, subset):
    seed = 4000 + CASES.index((group, subset))
    others = tuple(e for e in registry() if e not in group and e != "base")
    colours = ("red", "blue", "green", "yellow")
    players = 2 + seed % 3
    game = Game(GameSetup(
        players=tuple(PlayerSetup(f"P{i}", colours[i]) for i in range(players)),
        expansions=("base", *others, *subset), options={}, seed=seed))
    rng = random.Random(seed)
    watcher = Watcher(game)
    step = 0
    every = None
    while not game.is_over:
        actions = game.legal_actions()
        watcher.after(game.apply(actions[rng.randrange(len(actions))]))
        check_invariants(game)
        step += 1
        every = every or max(1, len(game.bag) // CHECKPOINTS)
        if step % (every * 3) == 0:
            assert _through_a_save(game).state_key() == game.state_key(), step
    assert _through_a_save(game).state_key() == game.state_key()
    assert step > 100

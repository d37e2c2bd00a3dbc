"""No computer level looks at what its seat cannot see.

Two checks, with Hills & Sheep in play (tiles hidden under hills, a token
drawn from the sheep bag half-way through a turn) and Traders & Builders:

- the same decision when the real game's hidden state (bag order, hidden hill
  tiles, every stream's future draws) is shuffled: a level that enumerated
  turns on the real game would see the real sheep token of a shepherd it
  tries, and its choice would follow it;
- a spy: every action a level plays while deciding goes to a game whose
  hidden state was resampled (`Game.resample_hidden`), never to the real game
  or a plain copy of it, so nothing past a reveal can leak.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from carcassonne_desktop.ai.advice import suggest_turn
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.levels import create_player
from carcassonne_desktop.ai.mcts import MctsPlayer
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.engine import Game, Rules, quick_setup

EXPANSIONS = ("base", "hills_sheep", "traders_builders")
SETUP = quick_setup(2, seed=31, expansions=EXPANSIONS)
RULES = Rules(SETUP)
LEVELS = ("easy", "greedy", "medium", "hard", "hint", "mcts")


def decide(level: str, game: Game, seed: int) -> tuple[object, ...]:
    if level == "hint":
        return suggest_turn(game)
    player: Player
    if level == "hard":
        player = HardPlayer(seed, workers=1, rounds=2)
    elif level == "mcts":
        player = MctsPlayer(seed, iterations=40)  # a fixed amount of work: reproducible
    else:
        player = create_player(level, seed)
    return (player.choose(game, budget=30.0),)


def positions(count: int, with_choice: bool = True) -> Iterator[Game]:
    """Positions of a random game where the seat to move has a choice, with
    shepherd and flock decisions first (where a reveal happens mid-turn)."""
    found = 0
    for seed in range(40, 400):
        game = Game(quick_setup(2, seed=seed, expansions=EXPANSIONS), RULES)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 90)):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        # Walk on to a decision where the seat may deploy its shepherd or
        # must choose for its flock, the moments a token is drawn.
        for _ in range(12):
            if game.is_over:
                break
            actions = game.legal_actions()
            if any(getattr(a, "figure", "") == "shepherd" or a.type == "flock" for a in actions):
                break
            game.apply(actions[rng.randrange(len(actions))])
        if game.is_over or (with_choice and len(game.legal_actions()) < 2):
            continue
        yield game
        found += 1
        if found == count:
            return


def hidden_shuffled(game: Game, seed: int) -> Game:
    """The same public position with another hidden state."""
    other = game.copy()
    other.resample_hidden(random.Random(seed))
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_same_decision_with_the_hidden_state_shuffled(level: str) -> None:
    count = 3 if level == "hard" else 10
    for index, game in enumerate(positions(count)):
        shuffled = hidden_shuffled(game, 1000 + index)
        assert decide(level, game, index) == decide(level, shuffled, index), index


def test_positions_reach_mid_turn_reveals() -> None:
    """The positions above include shepherd and flock choices (otherwise the
    shuffle test would prove little about chance drawn half-way)."""
    kinds = set()
    for game in positions(10):
        for action in game.legal_actions():
            kinds.add("shepherd" if getattr(action, "figure", "") == "shepherd" else action.type)
    assert "shepherd" in kinds and "flock" in kinds, kinds


def test_resampling_ignores_where_hidden_tiles_really_were() -> None:
    """Two games that differ only in hidden state give the same sample."""
    for index, game in enumerate(positions(6, with_choice=False)):
        shuffled = hidden_shuffled(game, 7 + index)
        one, two = game.copy(), shuffled.copy()
        one.resample_hidden(random.Random(3))
        two.resample_hidden(random.Random(3))
        assert one.state_key() == two.state_key()


class _Spy:
    """Marks games whose hidden state was resampled (and their copies), and
    fails any action applied to an unmarked game during a decision."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.marked: dict[int, Game] = {}
        self.applied_on_real = 0
        self.applied_on_samples = 0
        copy, resample, apply = Game.copy, Game.resample_hidden, Game.apply
        spy = self

        def spied_copy(game: Game) -> Game:
            other = copy(game)
            if id(game) in spy.marked:
                spy.marked[id(other)] = other
            return other

        def spied_resample(game: Game, rng: random.Random) -> None:
            resample(game, rng)
            spy.marked[id(game)] = game

        def spied_apply(game: Game, action):  # type: ignore[no-untyped-def]
            if id(game) in spy.marked:
                spy.applied_on_samples += 1
            else:
                spy.applied_on_real += 1
            return apply(game, action)

        monkeypatch.setattr(Game, "copy", spied_copy)
        monkeypatch.setattr(Game, "resample_hidden", spied_resample)
        monkeypatch.setattr(Game, "apply", spied_apply)


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_plays_an_action_on_the_real_game(level: str, monkeypatch) -> None:
    games = list(positions(3 if level == "hard" else 6))
    spy = _Spy(monkeypatch)
    for index, game in enumerate(games):
        decide(level, game, index)
    assert spy.applied_on_real == 0
    assert spy.applied_on_samples > 0  # the spy saw the enumeration

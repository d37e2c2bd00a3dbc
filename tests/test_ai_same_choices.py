"""Pure-speed changes to whole turns (copies, enumeration, the evaluation's
index: issue 30) must not change what a computer player chooses: a
fixed-seed `medium` game (base game, and the opening of a game with every
expansion) and fixed-rounds `hard` decisions must choose the actions
recorded from the code before those changes (tests/ai_choices.json).

The record is written by this file itself, from whichever checkout is first
on the path: `PYTHONPATH=/old/checkout python tests/test_ai_same_choices.py
--write` (a deliberate change of the players' judgement rewrites it).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.engine import Game, Rules, quick_setup
from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.expansion import registry

RECORD = Path(__file__).with_name("ai_choices.json")
# No deadline in practice: the choices must not depend on the machine's speed.
BUDGET = 1e9


def _expansions(name: str) -> tuple[str, ...]:
    return tuple(registry()) if name == "all" else ("base",)


def medium_game(expansions: str, seed: int, decisions: int) -> list[str]:
    """The actions of two `medium` players from a fixed seed (at most `decisions`)."""
    chosen = _expansions(expansions)
    game = Game(quick_setup(2, seed=seed, expansions=chosen), Rules(quick_setup(2, expansions=chosen)))
    players = [MediumPlayer(seed * 10 + seat) for seat in range(2)]
    actions: list[str] = []
    while not game.is_over and len(actions) < decisions:
        action = players[game.deciding_player].choose(game, BUDGET)
        actions.append(repr(action))
        game.apply(action)
    return actions


def hard_choice(expansions: str, seed: int, placements: int) -> str:
    """The action of a 3-round `hard` search on the tile to place after
    `placements` placements of a random-play game."""
    chosen = _expansions(expansions)
    game = Game(quick_setup(2, seed=seed, expansions=chosen), Rules(quick_setup(2, expansions=chosen)))
    rng = random.Random(seed)
    placed = 0
    while True:
        actions = game.legal_actions()
        if placed == placements and isinstance(actions[0], PlaceTile):
            break
        action = actions[rng.randrange(len(actions))]
        placed += isinstance(action, PlaceTile)
        game.apply(action)
    return repr(HardPlayer(seed, workers=1, rounds=3).choose(game, BUDGET))


CASES: dict[str, tuple[Any, ...]] = {
    "medium base seed 11": (medium_game, "base", 11, 400),
    "medium all seed 12, 60 decisions": (medium_game, "all", 12, 60),
    "hard base seed 1 placement 20": (hard_choice, "base", 1, 20),
    "hard all seed 2 placement 15": (hard_choice, "all", 2, 15),
}


def _run(name: str) -> Any:
    function, *args = CASES[name]
    return function(*args)


@pytest.mark.parametrize("name", list(CASES))
def test_same_choices_as_before_the_speed_work(name: str) -> None:
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    assert _run(name) == recorded[name]


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: python tests/test_ai_same_choices.py --write")
    RECORD.write_text(json.dumps({name: _run(name) for name in CASES}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RECORD}")

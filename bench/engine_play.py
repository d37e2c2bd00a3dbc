"""What the engine's own play costs (issue 30: whatever the computer players
ask of the engine must not slow it): µs of `Game.apply` an action, replaying
random 2-player games action by action, and µs of a `Game.copy()` of copies
taken along one random game, with every expansion and in the base game.

    python bench/engine_play.py [--games 4] [--repeat 3]

Uses only APIs older than itself, so the same file measures an older
checkout: `PYTHONPATH=/that/checkout python bench/engine_play.py` (the first
line says which code ran). CPU time, best of `--repeat`: compare same-run
ratios, not seconds.
"""

from __future__ import annotations

import argparse
import random
import time

import carcassonne_desktop
from carcassonne_desktop.engine import Action, Game, quick_setup, registry


def random_actions(seed: int, expansions: tuple[str, ...]) -> list[Action]:
    """The actions of one random game, to the end."""
    game = Game(quick_setup(2, seed=seed, expansions=expansions))
    rng = random.Random(seed)
    actions = []
    while not game.is_over:
        legal = game.legal_actions()
        actions.append(legal[rng.randrange(len(legal))])
        game.apply(actions[-1])
    return actions


def apply_us(expansions: tuple[str, ...], games: int, repeat: int) -> float:
    played = [(seed, random_actions(seed, expansions)) for seed in range(games)]
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        count = 0
        for seed, actions in played:
            game = Game(quick_setup(2, seed=seed, expansions=expansions))
            for action in actions:
                game.apply(action)
            count += len(actions)
        best = min(best, (time.process_time() - start) / count)
    return best * 1e6


def copy_us(expansions: tuple[str, ...], repeat: int) -> float:
    """A copy of each of the first 60 positions' copies (what a search copies)."""
    game = Game(quick_setup(2, seed=0, expansions=expansions))
    rng = random.Random(0)
    copies = []
    for _ in range(60):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        copies.append(game.copy())
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(50):
            for copy in copies:
                copy.copy()
        best = min(best, (time.process_time() - start) / (50 * len(copies)))
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("code:", carcassonne_desktop.__file__)
    for name, expansions in (("all", tuple(registry())), ("base", ())):
        print(f"{name}: apply {apply_us(expansions, args.games, args.repeat):.1f} us an action, "
              f"copy {copy_us(expansions, args.repeat):.2f} us")


if __name__ == "__main__":
    main()

"""How often `easy` puts a figure down where its own evaluation prefers the
same placement without it (a follower thrown away), on random positions.

    python bench/research/easy_throws.py [--positions 300] [--heuristic PATH]

`--heuristic` loads another version of carcassonne_desktop/ai/heuristic.py
(e.g. the one of an older commit, `git show REV:carcassonne_desktop/ai/heuristic.py`)
to compare. Positions: 2 players, base game, seeds 0..N-1, 2 to 118 random
actions, at a tile placement; each is played by a fresh `easy` seeded with the
position's seed, and its figure step judged by the evaluation on a sampled copy.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
from types import ModuleType

from carcassonne_desktop.ai import heuristic
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.ai.turns import follow_ups
from carcassonne_desktop.engine import Game, Rules, quick_setup
from carcassonne_desktop.engine.actions import Deploy


def load(path: str | None) -> ModuleType:
    if path is None:
        return heuristic
    spec = importlib.util.spec_from_file_location("heuristic_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--heuristic", default=None)
    args = parser.parse_args()
    module = load(args.heuristic)
    rules = Rules(quick_setup(2))
    turns = deploys = thrown = 0
    for seed in range(args.positions):
        game = Game(quick_setup(2, seed=seed), rules)
        rng = random.Random(seed)
        for _ in range(2 * rng.randrange(1, 60)):
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        if game.is_over or game.phase != "place_tile":
            continue
        player = module.EasyPlayer(seed)
        first = player.choose(game, 10.0)
        after = game.copy()
        after.apply(first)
        if after.is_over or after.current != game.current:
            continue
        second = player.choose(after, 10.0)
        turns += 1
        if not isinstance(second, Deploy):
            continue
        deploys += 1
        seat = game.current
        evaluator = Evaluator(game)
        world = sampled_copy(game, random.Random(0))
        values = {t.actions[1:]: evaluator.evaluate(t.after, seat)
                  for t in follow_ups(world, seat, first)}
        keep = max(v for rest, v in values.items()
                   if not any(isinstance(a, Deploy) for a in rest))
        thrown += values[(second,)] < keep
    print(f"turns {turns}, with a figure put down {deploys}, "
          f"of which judged worse than keeping it {thrown}")


if __name__ == "__main__":
    main()

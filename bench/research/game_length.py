"""Calibrate the setup screen's expected game length: for the base game, each
expansion added to it alone, each box and everything, the mean number of
turns (tiles placed) and of decisions with a real choice (more than one legal
answer), over random 2-player games with farmers.

    python bench/research/game_length.py [--games N] [--json]

Its output is what `ui/expansions/boxes.py` keeps in `PACE` (per expansion:
turns and choices a game it adds to the base game's) and what
docs/game-length.md quotes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from statistics import mean

from carcassonne_desktop.engine import Game, registry
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.setup import quick_setup


def play(expansions: tuple[str, ...], seed: int,
         options: dict[str, bool] | None = None) -> tuple[int, int]:
    """(turns, choices) of one random game."""
    game = Game(quick_setup(2, seed=seed, expansions=("base", *expansions),
                            options={"farmers": True, **(options or {})}))
    rng = random.Random(seed)
    turns = choices = 0
    while not game.is_over:
        actions = game.legal_actions()
        if game.pending is not None and game.pending.kind == PLACE_TILE:
            turns += 1
        if len(actions) > 1:
            choices += 1
        game.apply(actions[rng.randrange(len(actions))])
    return turns, choices


def measure(expansions: tuple[str, ...], games: int,
            options: dict[str, bool] | None = None) -> tuple[float, float]:
    results = [play(expansions, seed, options) for seed in range(games)]
    return mean(t for t, _ in results), mean(c for _, c in results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from carcassonne_desktop.ui.expansions.boxes import BOXES, box_expansions
    from carcassonne_desktop.ui.game_length import pace

    ids = list(registry())
    sets: dict[str, tuple[tuple[str, ...], dict[str, bool]]] = {"base": ((), {})}
    sets.update({e: ((e,), {}) for e in ids if e != "base"})
    sets.update({f"box:{box.id}": (tuple(box_expansions(box, ids)[1:]), dict(box.options))
                 for box in BOXES})
    table = {}
    base_turns, base_choices = measure((), args.games)
    base_rate = base_choices / base_turns
    for name, (expansions, options) in sets.items():
        turns, choices = measure(expansions, args.games, options) if expansions else (
            base_turns, base_choices)
        rate = choices / turns
        guess_turns, guess_rate = pace(("base", *expansions))
        table[name] = {"turns": round(turns, 1), "choices": round(choices, 1),
                       "added_turns": round(turns - base_turns, 1),
                       "added_rate": round(rate - base_rate, 3),
                       "estimated_turns": round(guess_turns, 1),
                       "estimated_rate": round(guess_rate, 3)}
        if not args.json:
            print(f"{name:24} turns {turns:6.1f} choices/turn {rate:5.3f} "
                  f"(+{turns - base_turns:5.1f} turns, {rate - base_rate:+6.3f} a turn; "
                  f"the table's sum: {guess_turns:6.1f} turns, {guess_rate:5.3f} a turn)",
                  flush=True)
    if args.json:
        json.dump(table, sys.stdout, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

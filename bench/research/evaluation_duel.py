"""`medium` with other evaluation weights against today's `medium`, on
seat-swapped duplicate deals: the tool behind the research table of
bench/ai.md.

    python bench/research/evaluation_duel.py --games 200 --seed 500 follower=6

Prints a line per game with the variant's running score and margin (95%
interval), so a run can be stopped at any time. A variant only earns a place
in `Weights` after it wins over 1000+ games and every target of the issue is
measured again with it.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import fields

from carcassonne_desktop.ai.evaluation import Weights
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.engine import Game, GameSetup, PlayerSetup, Rules


def parse_weights(pairs: list[str]) -> Weights:
    known = {f.name for f in fields(Weights) if f.type in ("float", float)}
    values: dict[str, float] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in known or not value:
            raise SystemExit(f"unknown weight {pair!r} (known: {', '.join(sorted(known))})")
        values[name] = float(value)
    return Weights(**values)  # type: ignore[arg-type]


def duel(weights: Weights, games: int, seed: int) -> None:
    rules: Rules | None = None
    wins = 0.0
    margins: list[int] = []
    for index in range(games):
        deal, rotation = divmod(index, 2)
        setup = GameSetup(
            players=tuple(PlayerSetup(f"p{s}", ("red", "blue")[s], "ai:medium") for s in range(2)),
            expansions=("base",), seed=seed + deal)
        rules = rules or Rules(setup)
        game = Game(setup, rules)
        variant_seat = rotation  # the variant plays first in even games, second in odd ones
        players = [
            MediumPlayer((seed * 7_919 + index * 31 + s) & 0xFFFFFFFF,
                         weights if s == variant_seat else None)
            for s in range(2)
        ]
        while not game.is_over:
            game.apply(players[game.current].choose(game))
        margin = game.scores[variant_seat] - game.scores[1 - variant_seat]
        margins.append(margin)
        wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        n = len(margins)
        mean = sum(margins) / n
        spread = math.sqrt(sum((m - mean) ** 2 for m in margins) / max(n - 1, 1))
        print(f"{n} games: variant {wins:g}/{n} = {wins / n:.3f}, "
              f"margin {mean:+.2f} +/- {1.96 * spread / math.sqrt(n):.2f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", nargs="+", help="name=value pairs of Weights")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    duel(parse_weights(args.weights), args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

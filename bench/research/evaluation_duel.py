"""`medium` with other evaluation weights against today's `medium`, on
seat-swapped duplicate deals: the tool behind the research table of
bench/ai.md.

    python bench/research/evaluation_duel.py --games 200 --seed 500 follower=6

The variant is registered as a computer level for this process only, and the
games are played and reported by `carcassonne selfplay`'s own code (a line
per game on stderr, wins and margins with 95% intervals). A variant only
earns a place in `Weights` after it wins over 1000+ games and every target of
issue 5 is measured again with it.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import fields

from carcassonne_desktop.ai.evaluation import Weights
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.ai.levels import LEVELS, Level
from carcassonne_desktop.ai.selfplay import format_text, run

VARIANT = "variant"


def parse_weights(pairs: list[str]) -> Weights:
    known = {f.name for f in fields(Weights) if f.type in ("float", float)}
    values: dict[str, float] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in known or not value:
            raise SystemExit(f"unknown weight {pair!r} (known: {', '.join(sorted(known))})")
        values[name] = float(value)
    return Weights(**values)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", nargs="+", help="name=value pairs of Weights")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    weights = parse_weights(args.weights)
    LEVELS[VARIANT] = Level(VARIANT, lambda seed: MediumPlayer(seed, weights),
                            {"fr": VARIANT, "en": VARIANT}, {"fr": "", "en": ""}, listed=False)
    # One process: worker processes would not know the variant level.
    result = run([VARIANT, "medium"], ("base",), args.games, args.seed, None, progress=True)
    print(format_text(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

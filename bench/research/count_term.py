"""`medium` without the Count's evaluation term (followers kept in the city
worth nothing: `ai/expansions/count.py`, switched off through its weights)
against today's `medium`, on seat-swapped duplicate deals with the Count:
the tool behind "The Count" in bench/ai.md.

    nice -n 10 python bench/research/count_term.py --games 60 --seed 1

The variant is a computer level of this process only; the games are played
and reported by `carcassonne selfplay`'s own code (a line per game on stderr,
wins and margins with 95% intervals).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from carcassonne_desktop.ai.expansions.count import SWITCH
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.ai.levels import LEVELS, Level
from carcassonne_desktop.ai.selfplay import format_text, run
from carcassonne_desktop.ai.weights import Weights

VARIANT = "medium_without_count_term"


@dataclass(frozen=True, slots=True)
class WithoutCountTerm(Weights):
    """Today's weights, the Count's term switched off."""

    count_city: float = 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    assert SWITCH in {f for f in WithoutCountTerm.__dataclass_fields__}
    LEVELS[VARIANT] = Level(VARIANT, lambda seed: MediumPlayer(seed, WithoutCountTerm()),
                            {"fr": VARIANT, "en": VARIANT}, {"fr": "", "en": ""}, listed=False)
    # One process: worker processes would not know the variant level.
    result = run([VARIANT, "medium"], ("base", "count"), args.games, args.seed, None, progress=True)
    print(format_text(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

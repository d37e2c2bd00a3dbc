"""Mean points a game per scoring category, per entrant, replayed from game
records (`carcassonne selfplay --records` or `evaluation_duel.py --records`):
where a variant gains and where it gives back.

    python bench/research/categories.py RECORDS
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from supply_turns import entrant, load_dir  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path)
    args = parser.parse_args(argv)
    points: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    seats: dict[str, int] = defaultdict(int)
    for record in load_dir(args.records):
        game = record.replay().game
        for seat in range(game.num_players):
            name = entrant(record.setup.players[seat].name)
            seats[name] += 1
            for category, value in game.breakdown[seat].items():
                points[name][category] += value
    for name, by_category in sorted(points.items()):
        n = seats[name]
        spread = " ".join(f"{c} {v / n:.1f}" for c, v in sorted(by_category.items(), key=lambda cv: -cv[1]))
        print(f"{name:<10} {n} games  total {sum(by_category.values()) / n:.1f}  {spread}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Where each entrant's normal followers are at the start of its own Nth
turns, replayed from game records: in supply, in an area (the Wheel's crown,
the Count's city) or on a feature, by kind. The check behind "medium parks
its followers on the crown" (bench/ai.md, 2026-11-24, sessions 6 and 7).

    python bench/research/where_followers.py RECORDS [--turns 10,30]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

from carcassonne_desktop.engine import Game, GameRecord

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from supply_turns import entrant, load_dir, own_turn_starts  # noqa: E402

FOLLOWER = "follower"


def places(game: Game, seat: int) -> dict[str, int]:
    """How many of the seat's normal followers are where, now."""
    where: dict[str, int] = defaultdict(int)
    where["supply"] = game.supply[seat].get(FOLLOWER, 0)
    for (area, _), present in game.area_figures.items():
        where[area] += sum(1 for who, figure in present if who == seat and figure == FOLLOWER)
    for who, figure, node in game.figures_placed:
        feature = game.features[game.find(node)]
        if who == seat and figure == FOLLOWER and feature is not None:
            where[feature.kind] += 1
    return where


def tally(records: list[GameRecord], turns: tuple[int, ...]
          ) -> dict[tuple[str, int], tuple[dict[str, float], int]]:
    """Per (entrant, own turn): the sums of `places` and the games counted."""
    sums: dict[tuple[str, int], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    counts: dict[tuple[str, int], int] = defaultdict(int)
    for record in records:
        for seat, turn, game in own_turn_starts(record, turns):
            key = (entrant(record.setup.players[seat].name), turn)
            counts[key] += 1
            for where, n in places(game, seat).items():
                sums[key][where] += n
    return {key: (dict(sums[key]), counts[key]) for key in counts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--turns", default="10,30")
    args = parser.parse_args(argv)
    turns = tuple(int(t) for t in args.turns.split(",") if t)
    for (name, turn), (sums, count) in sorted(tally(load_dir(args.records), turns).items()):
        spread = "  ".join(f"{where} {n / count:.2f}" for where, n in sorted(sums.items()))
        print(f"{name:<10} own turn {turn:>2} ({count} games)  {spread}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Followers in supply at the start of a seat's own Nth turn, replayed from
game records: the figure of issue 12 ("computer players that keep their
followers"), measured beside wins by `evaluation_duel.py --supply` and
`follower_supply.py`.

    python bench/research/supply_turns.py RECORDS_DIR [--turns 8,16,24,32]

prints, per player name (the label before " (seat)"), the mean followers in
supply at the start of its own turns 8, 16, 24 and 32 over the records.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from carcassonne_desktop.engine import Game, GameRecord
from carcassonne_desktop.engine.actions import PlaceTile

TURNS = (8, 16, 24, 32)


def own_turn_starts(record: GameRecord, turns: Sequence[int]) -> Iterator[tuple[int, int, Game]]:
    """(seat, t, the game then) each time a seat starts its own turn number t
    (1-based) for t in `turns`, replaying the record (the game is live: read
    it before the next item)."""
    game = Game(record.setup)
    started = [0] * game.num_players
    for action in record.actions:
        if isinstance(action, PlaceTile):
            seat = game.current
            started[seat] += 1
            if started[seat] in turns:
                yield seat, started[seat], game
        game.apply(action)


def supply_at_turns(record: GameRecord, turns: Sequence[int] = TURNS) -> list[list[int | None]]:
    """Per seat, the followers in its supply when it starts its own turn
    number t (1-based) for each t of `turns` (None if the game ended first)."""
    seats = len(record.setup.players)
    found: list[list[int | None]] = [[None] * len(turns) for _ in range(seats)]
    for seat, turn, game in own_turn_starts(record, turns):
        found[seat][turns.index(turn)] = game.supply[seat].get("follower", 0)
    return found


def entrant(name: str) -> str:
    """"variant (2)" -> "variant": the entrant a seat's player name stands for."""
    return name.rsplit(" (", 1)[0]


def mean_supply(records: Iterable[GameRecord], turns: Sequence[int] = TURNS
                ) -> dict[str, list[tuple[float, int]]]:
    """Per entrant, (mean followers in supply, games counted) at each turn."""
    sums: dict[str, list[list[float]]] = defaultdict(lambda: [[0.0, 0] for _ in turns])
    for record in records:
        for seat, values in enumerate(supply_at_turns(record, turns)):
            cells = sums[entrant(record.setup.players[seat].name)]
            for k, value in enumerate(values):
                if value is not None:
                    cells[k][0] += value
                    cells[k][1] += 1
    return {name: [(total / count if count else 0.0, int(count)) for total, count in cells]
            for name, cells in sums.items()}


def format_supply(means: dict[str, list[tuple[float, int]]], turns: Sequence[int] = TURNS) -> str:
    head = "followers in supply at the start of own turn " + "/".join(str(t) for t in turns)
    lines = [head]
    for name, cells in sorted(means.items()):
        values = "/".join(f"{m:.2f}" for m, _ in cells)
        lines.append(f"  {name:<10} {values}  (games: {'/'.join(str(c) for _, c in cells)})")
    return "\n".join(lines)


def load_dir(path: Path) -> list[GameRecord]:
    return [GameRecord.load(p) for p in sorted(path.glob("*.json"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--turns", default=",".join(str(t) for t in TURNS))
    args = parser.parse_args(argv)
    turns = tuple(int(t) for t in args.turns.split(",") if t)
    print(format_supply(mean_supply(load_dir(args.records), turns), turns))
    return 0


if __name__ == "__main__":
    sys.exit(main())

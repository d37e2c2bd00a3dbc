"""What cutting `hard`'s first round at its limit saves, and whether it
changes a move: the product's decision (CPU clock, its helper process, its
2.4 s budget) on the same positions with the first round cut where the check
after it would give it up (`HardPlayer._first_round_limit`, session 13) and
with the first round left to run to the deadline (before), alternated.

    python bench/research/first_round_cut.py [--expansions all|base|ids]
        [--seeds 1-3] [--stops 20,30,40,50,60] [--json FILE]

Positions: `medium`'s untimed play, two players (`next_tile_spread.positions`).
A search given up plays the root's best turn either way, so the moves may
differ only where timing decides how far a search gets (bench/ai.md,
session 13).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline, use_cpu_clock
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.stats import percentile
from carcassonne_desktop.engine import Game

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from next_tile_spread import positions  # noqa: E402  (scripts beside this one)
from think_seconds import position_settings, report_study  # noqa: E402


class WaitingHard(HardPlayer):
    """hard as before session 13: its first round runs to the deadline."""

    def _first_round_deadline(self, deadline: Deadline, processes: int) -> Deadline:
        return deadline


def decision(player_class: type[HardPlayer], game: Game, seed: int) -> dict[str, object]:
    """One product decision: CPU seconds, the move, what the search did."""
    player = player_class(seed)
    started = time.process_time()
    action = player.decide(game, list(game.legal_actions()), Deadline(HardPlayer.default_budget))
    return {"seconds": round(time.process_time() - started, 4), "move": repr(action),
            "given_up": player.last_stats.get("given_up", 0),
            "samples": player.last_stats.get("samples", 0),
            "reached": player.last_stats.get("reached", 0)}


def summary(rows: list[dict[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {"positions": len(rows),
                              "same_move": sum(r["cut"]["move"] == r["waited"]["move"]  # type: ignore[index]
                                               for r in rows)}
    for name in ("waited", "cut"):
        seconds = sorted(float(r[name]["seconds"]) for r in rows)  # type: ignore[index]
        out[name] = {"mean": round(statistics.mean(seconds), 3),
                     "p50": round(percentile(seconds, 0.5), 3),
                     "p95": round(percentile(seconds, 0.95), 3),
                     "given_up": sum(int(r[name]["given_up"]) for r in rows),  # type: ignore[index]
                     "reached": sum(int(r[name]["reached"]) for r in rows)}  # type: ignore[index]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--expansions", default="all")
    parser.add_argument("--seeds", default="1-3")
    parser.add_argument("--stops", default="20,30,40,50,60")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    try:
        expansions, seeds, stops = position_settings(args.expansions, args.seeds, args.stops)
    except (ValueError, KeyError) as error:
        print(f"first_round_cut: bad argument: {error}", file=sys.stderr)
        return 2
    use_cpu_clock(True)
    rows = []
    for index, (seed, placed, game) in enumerate(positions(expansions, seeds, stops,
                                                           player="medium")):
        if len(list(game.legal_actions())) < 2:
            continue
        order = [("waited", WaitingHard), ("cut", HardPlayer)]
        if index % 2:
            order.reverse()
        row: dict[str, object] = {"seed": seed, "placed": placed}
        for name, player_class in order:
            row[name] = decision(player_class, game, seed * 7919 + placed)
        rows.append(row)
        print(json.dumps(row), flush=True)
    if not rows:
        print("no position")
        return 1
    figures = summary(rows)
    report_study(rows, figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())

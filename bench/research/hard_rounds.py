"""How much look-ahead `hard` gets per decision: replays game records to a
seat's own turns and asks `hard` (product settings) for the tile placement,
printing its candidates, the sampled futures it played (in this process and
in its helper) and the time the root ranking alone takes.

    python bench/research/hard_rounds.py RECORDS_DIR [--turns 3,10,20,30,40,50]
        [--workers 2] [--games 2] [name=value ...]

The name=value pairs override `HardPlayer`'s class attributes, as in
`level_variant.py` (`hopeless_share=0 estimated_share=0`: never give up).

Found with it (bench/ai.md, session 9): with every expansion a future costs
seconds (each one plays six candidates and three whole-turn answers, some
2000 whole turns each mid-game), so `hard` plays 0 or 1 a decision and falls
back on its root ranking, the `medium` move judged without a time cut.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import rank_turns

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from level_variant import apply_settings  # noqa: E402
from supply_turns import load_dir, own_turn_starts  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--turns", default="3,10,20,30,40,50")
    parser.add_argument("--workers", type=int, default=2, help="2: with the helper process")
    parser.add_argument("--games", type=int, default=2, help="records read")
    parser.add_argument("settings", nargs="*", help="name=value of HardPlayer")
    args = parser.parse_intermixed_args(argv)
    apply_settings(HardPlayer, args.settings)
    turns = [int(t) for t in args.turns.split(",")]
    player = HardPlayer(seed=1, workers=args.workers)
    print("turn  placements  whole turns  ranking s  candidates  futures  helper's  given up  s")
    for record in load_dir(args.records)[: args.games]:
        for seat, turn, game in own_turn_starts(record, turns):
            if seat != 0:
                continue
            legal = list(game.legal_actions())
            start = time.perf_counter()
            ranked = rank_turns(game, Evaluator(game), legal, None, random.Random(1))
            ranking = time.perf_counter() - start
            start = time.perf_counter()
            player.decide(game, legal, Deadline(player.default_budget))
            seconds = time.perf_counter() - start
            stats = player.last_stats
            print(f"{turn:4d}  {len(legal):10d}  {len(ranked):11d}  {ranking:9.2f}  "
                  f"{stats.get('candidates', 0):10d}  {stats.get('samples', 0):7d}  "
                  f"{stats.get('helper_samples', 0):8d}  {stats.get('given_up', 0):8d}  "
                  f"{seconds:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

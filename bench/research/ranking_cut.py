"""What a time-cut ranking of whole turns costs: replays game records to
each seat's own turns, ranks every whole turn without a deadline (the
reference) and again within `--budget` seconds, and prints how much worse
(in points of the evaluation) the cut ranking's choice is, beside the same
cut with the "first look" order (every first action judged alone, whole
turns then judged best-looking first, so the cut drops the least promising).

    python bench/research/ranking_cut.py RECORDS... [--budget 1.0]
        [--turns 5,12,20,28,36,44,52]

`medium` ranks within its 1 s budget; with every expansion a mid-game turn
has about 2000 whole turns, 1-4 s of judging here (bench/ai.md, session 9).
The first-look order is this tool's own (the players do not use it); it
copies each first action's position twice, so its cut is slightly pessimistic.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.ai.turns import follow_ups
from carcassonne_desktop.engine import Action, Game, GameRecord

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from supply_turns import own_turn_starts  # noqa: E402

Ranked = list[tuple[float, tuple[Action, ...]]]


def first_look_ranking(game: Game, firsts: list[Action], deadline: Deadline,
                       rng: random.Random) -> Ranked:
    """`rank_turns` (no expansion planner) with the whole turns judged in the
    order of their first action's own value."""
    evaluator = Evaluator(game)
    world = sampled_copy(game, rng)
    seat = world.deciding_player
    looks = []
    for first in firsts:
        if looks and deadline.expired():
            break
        after = world.copy()
        after.apply(first)
        looks.append((evaluator.evaluate(after, seat), first))
    looks.sort(key=lambda item: -item[0])
    scored: Ranked = []
    for _, first in looks:
        if scored and deadline.expired():
            break
        scored.extend((evaluator.evaluate(t.after, seat), t.actions)
                      for t in follow_ups(world, seat, first))
    scored.sort(key=lambda item: -item[0])
    return scored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path, nargs="+")
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--turns", default="5,12,20,28,36,44,52")
    args = parser.parse_args(argv)
    turns = [int(t) for t in args.turns.split(",")]
    print("turn  whole turns  full s  judged(cut)  judged(look)  regret(cut)  regret(look)")
    gains: list[float] = []
    regrets: list[tuple[float, float]] = []
    for path in args.records:
        record = GameRecord.load(path)
        for _, turn, game in own_turn_starts(record, turns):
            position = game.copy()
            firsts = list(position.legal_actions())
            random.Random(turn).shuffle(firsts)  # as the players do
            start = time.perf_counter()
            full = rank_turns(position, Evaluator(position), firsts, None, random.Random(3))
            seconds = time.perf_counter() - start
            value = {actions: v for v, actions in full}
            cut = rank_turns(position, Evaluator(position), firsts, Deadline(args.budget),
                             random.Random(3))
            look = first_look_ranking(position, firsts, Deadline(args.budget), random.Random(3))
            regret = (full[0][0] - value[cut[0][1]], full[0][0] - value[look[0][1]])
            regrets.append(regret)
            gains.append(regret[0] - regret[1])
            print(f"{turn:4d}  {len(full):11d}  {seconds:6.2f}  {len(cut):11d}  {len(look):12d}  "
                  f"{regret[0]:11.2f}  {regret[1]:12.2f}", flush=True)
    n = len(regrets)
    if n > 1:
        mean_gain = sum(gains) / n
        spread = math.sqrt(sum((g - mean_gain) ** 2 for g in gains) / (n - 1) / n)
        print(f"{n} positions: mean regret cut {sum(r[0] for r in regrets) / n:.3f}, "
              f"first look {sum(r[1] for r in regrets) / n:.3f} (gain {mean_gain:+.3f} "
              f"± {1.96 * spread:.3f}); the best turn found: cut "
              f"{sum(r[0] == 0 for r in regrets)}, first look {sum(r[1] == 0 for r in regrets)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How much slower `hard`'s first round of sampled futures is than the
rounds after it, and how well the estimate made before it foresees them.

    python bench/research/first_round.py [--expansions all|base|ids]
        [--seeds 1-4] [--stops 20,30,...] [--rounds 4] [--json FILE]

`HardPlayer._search` gives up (plays the root's best turn at once) when the
time left cannot buy `hopeless_share` of `min_rounds` rounds. Until session
12 it judged that only from the pace of its second round on (the first was
said to be slower, caches cold): with every expansion a round often takes
half the budget or more, so the search played two rounds (one here, one in
the helper process) in the whole 2.4 s and then the root's best turn, which
fewer than `min_rounds` rounds can never overrule. This measures, per
position (`medium`'s untimed play, two players, CPU seconds, one process,
no deadline), the estimate before the first round (`_depth_plan`), the
first round and the later ones: whether the first round's pace may be
trusted within `hopeless_share`'s margin (bench/ai.md, session 12).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence

from carcassonne_desktop.ai import hard
from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.search import RoundValues
from carcassonne_desktop.ai.stats import percentile

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from next_tile_spread import positions  # noqa: E402  (scripts beside this one)
from think_seconds import position_settings, report_study  # noqa: E402


class TimedHard(HardPlayer):
    """hard with its round estimate and every round's CPU seconds recorded."""

    def __init__(self, seed: int, rounds: int) -> None:
        super().__init__(seed, workers=1, rounds=rounds)
        self.estimate: float | None = None
        self.round_seconds: list[float] = []

    def _depth_plan(self, *args: object) -> tuple[int, int | None, float] | None:
        plan = super()._depth_plan(*args)  # type: ignore[arg-type]
        self.estimate = None if plan is None else plan[2]
        return plan


def study(seed: int, placed: int, game: object, rounds: int) -> dict[str, object] | None:
    player = TimedHard(seed * 7919 + placed, rounds)
    original = hard.play_round

    def timed_round(*args: object, **kwargs: object) -> RoundValues:
        started = time.process_time()
        values = original(*args, **kwargs)  # type: ignore[arg-type]
        player.round_seconds.append(time.process_time() - started)
        return values

    hard.play_round = timed_round  # type: ignore[assignment]
    try:
        player.decide(game, list(game.legal_actions()), Deadline(None))  # type: ignore[attr-defined]
    finally:
        hard.play_round = original
    times = player.round_seconds
    if len(times) < 2 or player.estimate is None:
        return None  # one candidate, or no search
    later = statistics.mean(times[1:])
    return {"seed": seed, "placed": placed, "estimate": round(player.estimate, 4),
            "first": round(times[0], 4), "later": round(later, 4),
            "first_over_later": round(times[0] / later, 3),
            "estimate_over_later": round(player.estimate / later, 3)}


def spread(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"min": ordered[0], **{f"p{int(share * 100)}": percentile(ordered, share)
                                  for share in (0.1, 0.5, 0.9)}, "max": ordered[-1]}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--expansions", default="all")
    parser.add_argument("--seeds", default="1-4")
    parser.add_argument("--stops", default="20,30,40,50,60")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    try:
        expansions, seeds, stops = position_settings(args.expansions, args.seeds, args.stops)
    except (ValueError, KeyError) as error:
        print(f"first_round: bad argument: {error}", file=sys.stderr)
        return 2
    rows = []
    for seed, placed, game in positions(expansions, seeds, stops, player="medium"):
        row = study(seed, placed, game, args.rounds)
        if row is not None:
            rows.append(row)
            print(json.dumps(row), flush=True)
    if not rows:
        print("no position searched")
        return 1
    summary = {"positions": len(rows),
               "first_over_later": spread([row["first_over_later"] for row in rows]),
               "estimate_over_later": spread([row["estimate_over_later"] for row in rows])}
    report_study(rows, summary, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())

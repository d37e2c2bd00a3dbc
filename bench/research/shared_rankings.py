"""What sharing the placements' judgement between a round's candidates
(`HardPlayer.share_rankings`, `ai/shared_rankings.py`) saves and costs in
`hard`'s capped rounds (issue 30).

    python bench/research/shared_rankings.py [--expansions all|base|ids]
        [--seeds 1-3] [--stops 20,40,60,80,100] [--rounds 4] [--cap 20]
        [--json FILE]

On positions of `medium`'s untimed play, hard's first candidates (the
root's best `HardPlayer.first_candidates` whole turns) play `--rounds`
rounds with answers capped at `--cap` whole turns, once judging every
answer's placements alone in full and once sharing that judgement (the
same seeds: the same worlds, the same shuffles). Reported: the CPU seconds
of the rounds each way, the placements judged and taken from the first
candidate, how far each candidate's round value moved, and how often the
sign of a candidate's paired difference with the first (what the search
decides by) changed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from carcassonne_desktop.ai import shared_rankings
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.search import RoundValues, draw_schedule, play_round
from carcassonne_desktop.engine import Game

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from next_tile_spread import positions  # noqa: E402  (scripts beside this one)
from think_seconds import position_settings, run_study  # noqa: E402


class CountingRankings(shared_rankings.RoundRankings):
    """`RoundRankings` that add their counts to the study's totals."""

    totals = {"judged": 0, "reused": 0}

    def rank(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        judged, reused = self.judged, self.reused
        values = super().rank(*args, **kwargs)
        CountingRankings.totals["judged"] += self.judged - judged
        CountingRankings.totals["reused"] += self.reused - reused
        return values


def rounds_each_way(game: Game, seed: int, rounds: int, cap: int
                    ) -> tuple[list[RoundValues], list[RoundValues], float, float]:
    """(values in full, values shared, CPU seconds in full, shared)."""
    evaluator = Evaluator(game)
    ranked = rank_turns(game, evaluator, list(game.legal_actions()), None, random.Random(seed))
    candidates = [actions for _, actions in ranked[: HardPlayer.first_candidates]]
    schedule = draw_schedule(game, seed)
    seat = game.deciding_player
    playing = list(range(len(candidates)))
    out: list[list[RoundValues]] = []
    seconds: list[float] = []
    for share in (False, True):
        judge = Evaluator(game)  # (each way its own carried memos)
        started = time.process_time()
        out.append([play_round(game, candidates, playing, seat, judge, seed, index, schedule,
                               None, HardPlayer.own_turns, cap, share)
                    for index in range(rounds)])
        seconds.append(time.process_time() - started)
    return out[0], out[1], seconds[0], seconds[1]


def study(seed: int, placed: int, game: Game, rounds: int, cap: int) -> dict[str, object]:
    before = dict(CountingRankings.totals)
    full, shared, full_cpu, shared_cpu = rounds_each_way(game, seed * 1000 + placed, rounds, cap)
    moved: list[float] = []
    flips = pairs = 0
    for one, other in zip(full, shared):
        for i in range(len(one)):
            a, b = one[i], other[i]
            if a is None or b is None:
                continue
            moved.append(abs(a - b))
            if i and one[0] is not None and other[0] is not None:
                pairs += 1
                flips += (a - one[0] > 0) != (b - other[0] > 0)
    totals = CountingRankings.totals
    return {"seed": seed, "placed": placed, "full_cpu": round(full_cpu, 3),
            "shared_cpu": round(shared_cpu, 3),
            "judged": totals["judged"] - before["judged"],
            "reused": totals["reused"] - before["reused"],
            "moved_mean": round(statistics.mean(moved), 3) if moved else 0.0,
            "moved_max": round(max(moved), 3) if moved else 0.0,
            "changed": sum(1 for m in moved if m > 1e-9), "values": len(moved),
            "flips": flips, "pairs": pairs}


def summarise(rows: list[dict[str, object]]) -> dict[str, object]:
    def total(key: str) -> float:
        return sum(float(row[key]) for row in rows)  # type: ignore[arg-type]

    ratios = [float(r["shared_cpu"]) / float(r["full_cpu"]) for r in rows  # type: ignore[arg-type]
              if float(r["full_cpu"]) > 0]  # type: ignore[arg-type]
    judged, reused = total("judged"), total("reused")
    return {"positions": len(rows),
            "cpu_shared_over_full": round(total("shared_cpu") / total("full_cpu"), 3),
            "cpu_ratio_p50": round(statistics.median(ratios), 3) if ratios else None,
            "placements_reused_share": round(reused / (judged + reused), 3) if judged + reused else None,
            "values_changed": f"{int(total('changed'))} of {int(total('values'))}",
            "moved_mean": round(statistics.mean(float(r["moved_mean"]) for r in rows), 3),  # type: ignore[arg-type]
            "pair_sign_flips": f"{int(total('flips'))} of {int(total('pairs'))}"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expansions", default="all")
    parser.add_argument("--seeds", default="1-3")
    parser.add_argument("--stops", default="20,40,60,80,100")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--cap", type=int, default=20)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    try:
        expansions, seeds, stops = position_settings(args.expansions, args.seeds, args.stops)
    except (ValueError, KeyError) as error:
        print(f"shared_rankings: bad argument: {error}", file=sys.stderr)
        return 2
    # the rounds' rankings count what they judge and take, for this study only
    search_module = sys.modules["carcassonne_desktop.ai.search"]
    original = search_module.RoundRankings  # type: ignore[attr-defined]
    search_module.RoundRankings = CountingRankings  # type: ignore[attr-defined]
    try:
        return run_study("shared_rankings", positions(expansions, seeds, stops, "medium"),
                         lambda seed, placed, game: study(seed, placed, game, args.rounds,
                                                          args.cap),
                         summarise, args.json)
    finally:
        search_module.RoundRankings = original  # type: ignore[attr-defined]


if __name__ == "__main__":
    raise SystemExit(main())

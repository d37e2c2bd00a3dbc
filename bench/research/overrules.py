"""How often `hard`'s search overrules the root's best turn when it is given
a fixed number of rounds, with every expansion and in the base game
(issue 30).

    python bench/research/overrules.py [--expansions all|base|ids]
        [--seeds 1-2] [--stops 20,40,60,80,100] [--rounds 6,20] [--json FILE]

In the base game hard's search plays about 20 rounds a mid-game placement
and overrules the root's best (the `medium` move judged in 8 worlds) on
about 30% of them: that is where hard's 70% against medium comes from.
With every expansion, with answers capped so that rounds fit, it plays
about 6 and overrules about 4%. Whether whole turns many times cheaper
would make the search pay there depends on what it does with more rounds:
this plays hard (product settings, one process, whole answers, no clock)
on positions of `medium`'s untimed play with each number of `--rounds`
and reports the share of decisions where the search's choice is not the
root's best, with the rounds each actually played (a search settles
before its rounds are spent when no candidate can still matter).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.stats import wilson_interval
from carcassonne_desktop.engine import Game

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from next_tile_spread import positions  # noqa: E402  (scripts beside this one)
from think_seconds import position_settings, run_study  # noqa: E402

#: A budget no search reaches: the rounds decide.
UNBOUNDED = 10_000.0


def study(seed: int, placed: int, game: Game, rounds: list[int]) -> dict[str, object]:
    """hard's choice on one position with each number of rounds (the same
    player seed: the first rounds of a longer search are the shorter one's)."""
    row: dict[str, object] = {"seed": seed, "placed": placed}
    for count in rounds:
        hard = HardPlayer(seed * 1000 + placed, workers=1, rounds=count)
        started = time.process_time()
        hard.choose(game, budget=UNBOUNDED)
        stats = hard.last_stats
        row[f"r{count}_played"] = int(stats.get("samples", 0))
        row[f"r{count}_overruled"] = int(stats.get("chosen", 0) != 0)
        row[f"r{count}_searched"] = int(stats.get("candidates", 1) > 1)
        row[f"r{count}_cpu"] = round(time.process_time() - started, 2)
    return row


def summarise(rows: list[dict[str, object]], rounds: list[int]) -> dict[str, object]:
    out: dict[str, object] = {"positions": len(rows)}
    for count in rounds:
        searched = [r for r in rows if r[f"r{count}_searched"]]
        overruled = sum(int(r[f"r{count}_overruled"]) for r in searched)  # type: ignore[call-overload]
        low, high = wilson_interval(overruled, len(searched)) if searched else (0.0, 0.0)
        out[f"rounds_{count}"] = {
            "searched": len(searched), "overruled": overruled,
            "share": round(overruled / len(searched), 3) if searched else None,
            "ci95": [round(low, 3), round(high, 3)],
            "played_p50": statistics.median([int(r[f"r{count}_played"]) for r in searched])  # type: ignore[call-overload]
            if searched else None,
            "cpu_p50": statistics.median([float(r[f"r{count}_cpu"]) for r in searched])  # type: ignore[arg-type]
            if searched else None,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expansions", default="all")
    parser.add_argument("--seeds", default="1-2")
    parser.add_argument("--stops", default="20,40,60,80,100")
    parser.add_argument("--rounds", default="6,20")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    try:
        expansions, seeds, stops = position_settings(args.expansions, args.seeds, args.stops)
        rounds = sorted(int(r) for r in args.rounds.split(","))
    except (ValueError, KeyError) as error:
        print(f"overrules: bad argument: {error}", file=sys.stderr)
        return 2
    return run_study("overrules", positions(expansions, seeds, stops, "medium"),
                     lambda seed, placed, game: study(seed, placed, game, rounds),
                     lambda rows: summarise(rows, rounds), args.json)

if __name__ == "__main__":
    raise SystemExit(main())

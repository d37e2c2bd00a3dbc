"""What the root ranking loses by judging a turn that draws chance on one
outcome, and what averaging a few outcomes would win back.

    python bench/research/chance_root.py [--expansions all|base|ids]
        [--seeds 1-5] [--stops 20,40,...] [--window 10] [--pool 16]
        [--exact 48] [--samples 8] [--json FILE]

`rank_turns` (the `medium` move, and `hard`'s root) plays every whole turn
on one sampled copy: a turn that draws a sheep token or a message is judged
by the one outcome that copy draws (every such turn of the decision sees the
same one). With the hidden position resampled, a shepherd's turn is worth
the wolf in one ranking and four sheep in the next, so whether a shepherd
goes down is a coin flip more than a judgement (the flier's die already has
its own planner, `ai/expansions/flying_machines.py`).

For each position (`medium`'s untimed play, two players) this ranks the
whole turns as `rank_turns` does, takes the best `--pool` within `--window`
points of the best, and plays each of them in `--exact` sampled worlds (the
same worlds for every turn: paired), finishing the turn the best way after a
mid-turn draw (`search.play_line`, as hard's rounds do); the mean is the
turn's expected value. It reports, per position, the turns whose value
varies between worlds ("chance turns"), the expected value lost by the
root's best against the best expected turn, and what `hard` loses with its
re-judging in `--samples` other worlds (`ai/root_worlds.py`, the same pool
and window; its worlds are apart from the exact ones).
Values are in evaluation points (about points scored).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.root_worlds import rejudge_in_worlds, values_in_world
from carcassonne_desktop.engine import Action, Game

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from next_tile_spread import positions  # noqa: E402  (scripts beside this one)
from think_seconds import position_settings  # noqa: E402


def values_in_worlds(game: Game, evaluator: Evaluator, turns: list[tuple[Action, ...]],
                     seeds: range) -> list[list[float]]:
    """Each turn's value in each world (one sampled world per seed, shared by the turns)."""
    by_world = [values_in_world(game, evaluator, turns, game.deciding_player,
                                random.Random(seed), None) for seed in seeds]
    return [[values[index] for values in by_world if values is not None]
            for index in range(len(turns))]


def study(seed: int, placed: int, game: Game, args: argparse.Namespace) -> dict[str, object]:
    evaluator = Evaluator(game)
    rng = random.Random(seed * 7919 + placed)
    firsts = list(game.legal_actions())
    rng.shuffle(firsts)
    started = time.process_time()
    ranked = rank_turns(game, evaluator, firsts, None, rng)
    best = ranked[0][0]
    pool = [(value, actions) for value, actions in ranked[: args.pool]
            if value >= best - args.window]
    turns = [actions for _, actions in pool]
    exact = values_in_worlds(game, evaluator, turns, range(10_000, 10_000 + args.exact))
    expected = [statistics.fmean(v) for v in exact]
    chance = [max(v) - min(v) > 1e-9 for v in exact]
    # hard's own re-judging (ai/root_worlds.py), on worlds apart from the exact ones
    rejudged = rejudge_in_worlds(game, evaluator, ranked, random.Random(20_000 + placed), None,
                                 args.pool, args.window, args.samples)
    pick = turns.index(rejudged[0][1])
    top = max(expected)
    return {
        "seed": seed, "placed": placed, "turns": len(ranked), "pool": len(pool),
        "chance_turns": sum(chance), "root_is_chance": chance[0],
        "root_loss": top - expected[0],
        "rejudged_loss": top - expected[pick],
        "rejudged_changes": pick != 0,
        "root_value_minus_expected": pool[0][0] - expected[0],
        "cpu": time.process_time() - started,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expansions", default="all")
    parser.add_argument("--seeds", default="1-5")
    parser.add_argument("--stops", default="20,40,60,80,100,120,140,160")
    parser.add_argument("--window", type=float, default=10.0)
    parser.add_argument("--pool", type=int, default=16)
    parser.add_argument("--exact", type=int, default=48)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    try:
        expansions, seeds, stops = position_settings(args.expansions, args.seeds, args.stops)
    except (ValueError, KeyError) as error:
        print(f"chance_root: bad argument: {error}", file=sys.stderr)
        return 2
    rows = []
    for seed, placed, game in positions(expansions, seeds, stops, "medium"):
        row = study(seed, placed, game, args)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    if not rows:
        print("chance_root: no position reached", file=sys.stderr)
        return 1
    summary = {
        "positions": len(rows),
        "with_chance_turns": sum(1 for r in rows if r["chance_turns"]),
        "root_is_chance": sum(1 for r in rows if r["root_is_chance"]),
        "root_loss_mean": statistics.fmean(float(r["root_loss"]) for r in rows),  # type: ignore[arg-type]
        "rejudged_loss_mean": statistics.fmean(float(r["rejudged_loss"]) for r in rows),  # type: ignore[arg-type]
        "rejudged_changes": sum(1 for r in rows if r["rejudged_changes"]),
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"summary": summary, "rows": rows}, out, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

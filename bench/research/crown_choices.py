"""Who puts followers on the Wheel of Fortune's crown, and why (issue 30).

    python bench/research/crown_choices.py [--seeds 1-5] [--stops 10,20,...]
        [--exact 24] [--samples 8] [--json FILE]

With every expansion `hard` scores about 7 points a game fewer than
`medium` on the crown (bench/ai.md, sessions 12-15). Both judge the same
whole turns with the same evaluation; `medium` keeps the best of one
ranking, where every turn is played on one sampled copy (so the tile its
turn ends by drawing, and the wheel turn that tile brings, is one outcome
shared by all the turns), and `hard` judges the ranking's best again as
their mean over 8 sampled worlds (`ai/root_worlds.py`).

For each position of `medium`'s untimed play with every expansion this
ranks the whole turns as `rank_turns` does, takes the best 16 within 10
points (hard's pool), plays each of them in `--exact` sampled worlds (the
evaluation's expected value of the turn) and re-judges them as `hard` does
in `--samples` other worlds. It reports how often `medium`'s choice, hard's
choice and the best expected turn put a follower on the crown, and, for
the crown turns and the others, how far their ranked value stood above
their expected value when `medium` chose them: if `medium` goes on the crown
mostly when its one sampled draw turns the wheel onto that crown, its
extra crown points are the luck of a choice its own evaluation, averaged,
would not make. Values in evaluation points.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.root_worlds import rejudge_in_worlds
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.engine.expansions.wheel_of_fortune import WHEEL

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from chance_root import values_in_worlds  # noqa: E402  (scripts beside this one)
from next_tile_spread import positions  # noqa: E402
from think_seconds import position_settings, run_study  # noqa: E402


def on_crown(actions: tuple[Action, ...]) -> bool:
    """Whether the turn puts a figure on the wheel's crown."""
    return any(isinstance(a, DeployToArea) and a.area == WHEEL for a in actions)


def study(seed: int, placed: int, game: Game, args: argparse.Namespace) -> dict[str, object]:
    evaluator = Evaluator(game)
    rng = random.Random(seed * 7919 + placed)
    firsts = list(game.legal_actions())
    rng.shuffle(firsts)
    ranked = rank_turns(game, evaluator, firsts, None, rng)
    best = ranked[0][0]
    pool = [(value, actions) for value, actions in ranked[:16] if value >= best - 10.0]
    turns = [actions for _, actions in pool]
    exact = values_in_worlds(game, evaluator, turns, range(10_000, 10_000 + args.exact))
    expected = [statistics.fmean(v) for v in exact]
    rejudged = rejudge_in_worlds(game, evaluator, ranked, random.Random(20_000 + placed), None,
                                 16, 10.0, args.samples)
    hard_pick = turns.index(rejudged[0][1]) if rejudged[0][1] in turns else 0
    top = max(range(len(turns)), key=lambda i: expected[i])
    crown = [on_crown(actions) for actions in turns]
    return {
        "seed": seed, "placed": placed, "pool": len(turns),
        "crown_in_pool": sum(crown),
        "medium_crown": crown[0], "hard_crown": crown[hard_pick], "expected_crown": crown[top],
        # how much luckier the ranking's world was for medium's choice than its average
        "medium_luck": pool[0][0] - expected[0],
        "medium_loss": expected[top] - expected[0],
        "hard_loss": expected[top] - expected[hard_pick],
    }


def summarise(rows: list[dict[str, object]]) -> dict[str, object]:
    def mean(values: list[float]) -> float | None:
        return round(statistics.fmean(values), 3) if values else None

    with_crown = [r for r in rows if r["crown_in_pool"]]
    return {
        "positions": len(rows),
        "crown_in_pool": len(with_crown),
        "medium_crown": sum(1 for r in rows if r["medium_crown"]),
        "hard_crown": sum(1 for r in rows if r["hard_crown"]),
        "expected_crown": sum(1 for r in rows if r["expected_crown"]),
        "medium_luck_when_crown": mean([float(r["medium_luck"]) for r in rows  # type: ignore[arg-type]
                                        if r["medium_crown"]]),
        "medium_luck_otherwise": mean([float(r["medium_luck"]) for r in rows  # type: ignore[arg-type]
                                       if not r["medium_crown"]]),
        "medium_loss_mean": mean([float(r["medium_loss"]) for r in rows]),  # type: ignore[arg-type]
        "hard_loss_mean": mean([float(r["hard_loss"]) for r in rows]),  # type: ignore[arg-type]
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-5")
    parser.add_argument("--stops", default="10,20,30,40,50,60,70,80,90,100,110,120")
    parser.add_argument("--exact", type=int, default=24)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    try:
        expansions, seeds, stops = position_settings("all", args.seeds, args.stops)
    except (ValueError, KeyError) as error:
        print(f"crown_choices: bad argument: {error}", file=sys.stderr)
        return 2
    return run_study("crown_choices", positions(expansions, seeds, stops, "medium"),
                     lambda seed, placed, game: study(seed, placed, game, args), summarise,
                     args.json)

if __name__ == "__main__":
    raise SystemExit(main())

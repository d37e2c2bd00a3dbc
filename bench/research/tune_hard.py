"""hard's own parameters judged by the regret of single decisions, not by
whole games (issue 30; a whole game with every expansion costs minutes, so
tuning by games is out of reach on a shared 2-core machine).

Offline replay. For P mid-game positions (random play to 15-55 placements,
`bench/whole_turns.py`'s `random_position`, 2 players, position seeds
1..P), `collect` ranks the root's whole turns as hard does (`rank_turns`),
keeps the best K, and plays R sampled futures (`search.play_round`) for all
K candidates on common random numbers, hard's look-ahead (`own_turns`, its
end-game rule) and, with expansions, its capped answers (`_answer_cap` with
capping on, for the ranking's CPU time and hard's budget with its helper);
the per-round values go to a JSON cache (a rerun or a bigger P only plays
what is missing).

`replay` then plays hard's decision on B rounds of a position (B: the rounds hard affords at a decision; fewer than `hopeless_share` of
`min_rounds` and it gives up) through HardPlayer's own `_hopeless`,
`_prune`, `_widen` and `_choice` on the stored values, and scores it by the
regret: the oracle value (the mean over the rounds the search did not see)
of the oracle's best candidate minus that of the one chosen, in evaluation
points. The R rounds are cut into R // B folds, each fold in turn being the
search's rounds and the rest the oracle: more decisions per position from
the same rounds. The oracle's best is the max of noisy means (biased up
alike for every setting), so compare settings by their paired difference
(in brackets: the setting's regret minus that of the current values, on
the same positions and folds, with its 95% interval). Last in each cell,
the candidate futures played per decision: a round costs one per active
candidate, which a budget in rounds does not charge. The oracle is the
search's own model with more rounds: the replay measures sampling noise,
not the model's errors (what `trust` also guards against).

    python bench/research/tune_hard.py collect --game base|all --positions 30
        [--first 1] [--rounds 30] [--candidates 10] [--cache /tmp/tune_hard_GAME.json]
    python bench/research/tune_hard.py replay --game base|all --budgets 6,10,16
        [--cache FILE ...] [--markdown] [--joint] [--width 3]

(`--first` and a second cache file let two processes collect side by side;
`replay` reads every cache file given. `--width 3`: each budget is B rounds
of 3 candidate futures, what hard now plays at first, so a setting that
plays more futures a round gets fewer rounds, as in real time.)

`replay` prints, for each budget B, the regret of the root's best (the `medium`
move, what the search must beat), of hard as it is, and of each parameter
moved alone (max_candidates, candidate_window, first_candidates,
widen_every, trust, confidence, indifference, min_rounds); `--joint` adds
the best few of a grid over trust, max_candidates, first_candidates and
min_rounds (chosen on the same positions: their edge is flattered).
Run it niced from /tmp against any checkout whose HardPlayer has
`_hopeless`, `_prune`, `_widen` and `_choice` (PYTHONPATH=that checkout).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from whole_turns import random_position  # noqa: E402  (bench/)

from carcassonne_desktop.ai.evaluation import Evaluator  # noqa: E402
from carcassonne_desktop.ai.hard import HardPlayer  # noqa: E402
from carcassonne_desktop.ai.heuristic import rank_turns  # noqa: E402
from carcassonne_desktop.ai.search import draw_schedule, play_round  # noqa: E402
from carcassonne_desktop.engine import Rules, quick_setup  # noqa: E402
from carcassonne_desktop.engine.expansion import registry  # noqa: E402

PLACEMENTS = (15, 25, 35, 45, 55)
Setting = dict[str, float]


@dataclass
class Position:
    """What replay needs of one position: the root values of its K best
    whole turns (best first) and R rounds of values for every one."""

    root: list[float]
    rounds: list[list[float]]


def expansions_of(game: str) -> tuple[str, ...]:
    return ("base",) if game == "base" else tuple(registry())


def placements_of(seed: int) -> int:
    return PLACEMENTS[seed % len(PLACEMENTS)]


# ------------------------------------------------------------------ collect
def collect_one(seed: int, expansions: tuple[str, ...], rules: Rules, rounds: int,
                candidates: int) -> dict[str, object]:
    """The root ranking and `rounds` futures of position `seed`."""
    game = random_position(seed, expansions, rules, placements_of(seed))
    hard = HardPlayer(seed, workers=1)
    evaluator = Evaluator(game)
    firsts = list(game.legal_actions())
    rng = random.Random(seed)
    rng.shuffle(firsts)
    started = time.process_time()
    ranked = rank_turns(game, evaluator, firsts, None, rng)
    ranking = time.process_time() - started
    kept = [actions for _, actions in ranked[:candidates]]
    own_turns = hard.own_turns
    if game.tiles_left() <= hard.endgame_tiles:
        own_turns = max(own_turns, game.tiles_left())
    cap = None
    if expansions != ("base",):
        # what hard's _search would cap at, from the ranking's CPU time
        answers = min((game.num_players - 1) * (own_turns + 1) + own_turns, game.tiles_left())
        estimate = min(hard.first_candidates or len(kept), len(kept)) * answers * ranking
        hard.cap_answers = True
        cap = hard._answer_cap(len(ranked), estimate, hard.default_budget - ranking, 2)
    search_seed = seed * 7_919 + 1
    schedule = draw_schedule(game, search_seed)
    values = []
    started = time.process_time()
    for index in range(rounds):
        row = play_round(game, kept, range(len(kept)), game.deciding_player, evaluator,
                         search_seed, index, schedule, None, own_turns, cap)
        values.append([float(v) for v in row])  # type: ignore[arg-type]
    return {"placements": placements_of(seed), "turns": len(ranked), "answer_turns": cap,
            "ranking_cpu": round(ranking, 3),
            "round_cpu": round((time.process_time() - started) / max(rounds, 1), 3),
            "root": [value for value, _ in ranked[:candidates]], "rounds": values}


def collect(args: argparse.Namespace) -> None:
    path = cache_path(args)
    cache = json.loads(path.read_text()) if path.exists() else {}
    cache.setdefault("game", args.game)
    cache.setdefault("positions", {})
    expansions = expansions_of(args.game)
    rules = Rules(quick_setup(2, expansions=expansions))
    for seed in range(args.first, args.positions + 1):
        stored = cache["positions"].get(str(seed))
        if stored and len(stored["rounds"]) >= args.rounds \
                and len(stored["root"]) >= min(args.candidates, stored["turns"]):
            continue
        cache["positions"][str(seed)] = collect_one(seed, expansions, rules, args.rounds,
                                                    args.candidates)
        path.write_text(json.dumps(cache))
        row = cache["positions"][str(seed)]
        print(f"position {seed}: {row['turns']} whole turns, answers {row['answer_turns']}, "
              f"round {row['round_cpu']} s CPU", flush=True)


def cache_path(args: argparse.Namespace) -> Path:
    return args.cache[0] if args.cache else Path(f"/tmp/tune_hard_{args.game}.json")


def load(paths: Sequence[Path], rounds: int | None = None) -> dict[str, Position]:
    """The cached positions of every file (each cut to `rounds` rounds;
    those with fewer are left out, so that every setting sees the same
    table)."""
    stored = {}
    for path in paths:
        stored.update(json.loads(path.read_text())["positions"])
    rounds = rounds or min(len(p["rounds"]) for p in stored.values())
    return {seed: Position(p["root"], p["rounds"][:rounds])
            for seed, p in stored.items() if len(p["rounds"]) >= rounds}


# ------------------------------------------------------------------- replay
def player_with(setting: Setting) -> HardPlayer:
    """A hard player (no helper process) with `setting` over its class values."""
    hard = HardPlayer(0, workers=1)
    for name, value in setting.items():
        current = getattr(HardPlayer, name)  # AttributeError names a bad setting
        setattr(hard, name, type(current)(value))
    return hard


def searched(hard: HardPlayer, root: Sequence[float]) -> int:
    """How many of the root's best turns hard searches (decide's cut)."""
    return sum(1 for value in root[: hard.max_candidates]
               if value >= root[0] - hard.candidate_window)


def replay(hard: HardPlayer, root: Sequence[float], rounds: Sequence[Sequence[float]]) -> int:
    """The candidate hard plays when its search affords `rounds`."""
    return replay_costed(hard, root, rounds)[0]


def replay_costed(hard: HardPlayer, root: Sequence[float], rounds: Sequence[Sequence[float]],
                  afford: int | None = None) -> tuple[int, int]:
    """(the candidate hard plays, the candidate futures it played) when its
    search affords `rounds`, or only `afford` candidate futures of them: the
    single-process loop of `HardPlayer._search` on stored values (a
    candidate not active in a round has no value there, as in play). A round
    costs about its active candidates' futures, so settings that search more
    candidates at once pay for it in the second figure, which a budget in
    rounds does not charge them (`afford` does)."""
    total = searched(hard, root)
    if total < 2:
        return 0, 0
    width = min(hard.first_candidates, total) if hard.first_candidates > 0 else total
    expected = len(rounds) if afford is None else afford / width
    if hard._hopeless(0, float(expected), 1.0, 1, hard.hopeless_share):
        return 0, 0
    active = list(range(width))
    seen: dict[int, list[float | None]] = {}
    futures = 0
    for index, row in enumerate(rounds):
        if afford is not None and futures + len(active) > afford:
            break
        seen[index] = [row[i] if i in active else None for i in range(total)]
        futures += len(active)
        active, settled = hard._prune(seen, active)
        active, width, settled = hard._widen(len(seen), active, width, total, settled)
        if settled:
            break
    return hard._choice(seen, active), futures


def folds(position: Position, budget: int) -> Iterator[tuple[list[list[float]], list[float]]]:
    """(the search's rounds, the oracle's mean per candidate) for each block
    of `budget` rounds in turn."""
    rounds = position.rounds
    for start in range(0, len(rounds) - budget + 1, budget):
        rest = rounds[:start] + rounds[start + budget:]
        if not rest:
            return
        oracle = [sum(row[i] for row in rest) / len(rest) for i in range(len(position.root))]
        yield rounds[start:start + budget], oracle


def regrets(setting: Setting | None, positions: dict[str, Position],
            budget: int, width: int = 0) -> tuple[list[float], float]:
    """Per position, the mean regret over its folds (`setting` None: the
    root's best, the medium move); and the candidate futures played per
    decision, on average. `width` > 0: the budget is `budget` rounds of
    `width` candidate futures each, whatever the setting plays per round
    (a search plays at least 2 a round until settled: blocks of half)."""
    hard = player_with(setting or {})
    out = []
    futures = decisions = 0
    afford = budget * width if width else None
    block = budget if afford is None else math.ceil(afford / 2)
    for position in positions.values():
        lost = []
        for seen, oracle in folds(position, block):
            chosen, cost = (0, 0) if setting is None else replay_costed(hard, position.root, seen,
                                                                        afford)
            lost.append(max(oracle) - oracle[chosen])
            futures += cost
            decisions += 1
        out.append(sum(lost) / len(lost))
    return out, futures / max(decisions, 1)


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def one_at_a_time(kept: int) -> list[tuple[str, Setting]]:
    """hard as it is, then each parameter moved alone (max_candidates no
    higher than the `kept` candidates of the table)."""
    grid: dict[str, Sequence[float]] = {
        "max_candidates": (3, 4, 6, 8, 10), "candidate_window": (3.0, 6.0, 12.0, 1e9),
        "first_candidates": (2, 3, 4, 0), "widen_every": (1, 2, 4),
        "trust": (0.0, 0.5, 1.0, 1.5, 2.0), "confidence": (1.5, 2.0, 3.0),
        "indifference": (0.25, 0.5, 1.0), "min_rounds": (3, 4, 6),
    }
    rows: list[tuple[str, Setting]] = [("hard now", {})]
    for name, values in grid.items():
        for value in values:
            if value != getattr(HardPlayer, name) and not (name == "max_candidates"
                                                           and value > kept):
                rows.append((f"{name}={value:g}", {name: value}))
    return rows


def joint() -> list[tuple[str, Setting]]:
    names = ("trust", "max_candidates", "first_candidates", "min_rounds")
    grid = itertools.product((0.0, 0.5, 1.0, 1.5, 2.0), (3, 4, 6, 8), (2, 3, 4, 0), (4, 6))
    return [(" ".join(f"{n}={v:g}" for n, v in zip(names, values)), dict(zip(names, values)))
            for values in grid]


def cell(result: tuple[list[float], float], now: Sequence[float]) -> str:
    """`regret ±half (vs now ±half) futures`: the mean regret and its paired
    difference from hard as it is, each with its 95% interval, and the
    candidate futures played per decision."""
    values, futures = result
    mean, half = interval(values)
    diff, dhalf = interval([v - n for v, n in zip(values, now)])
    return f"{mean:.2f} ±{half:.2f} ({diff:+.2f} ±{dhalf:.2f}) {futures:.1f}"


def budgets_of(text: str, rounds: int) -> list[int]:
    """The budgets of `--budgets` (a clear message for bad ones)."""
    try:
        budgets = [int(b) for b in text.split(",")]
    except ValueError:
        raise SystemExit(f"--budgets: whole numbers separated by commas, not {text!r}") from None
    if any(not 0 < b < rounds for b in budgets):
        raise SystemExit(f"--budgets: each between 1 and {rounds - 1} (the cache has {rounds} rounds)")
    return budgets


def report(args: argparse.Namespace) -> None:
    """One row per setting, one column per budget (markdown with --markdown);
    the joint grid's best five per budget below."""
    positions = load(args.cache or [cache_path(args)], args.rounds)
    sample = next(iter(positions.values()))
    budgets = budgets_of(args.budgets, len(sample.rounds))
    if args.width and any(math.ceil(b * args.width / 2) >= len(sample.rounds) for b in budgets):
        raise SystemExit(f"--width {args.width}: B x WIDTH / 2 rounds must stay below the "
                         f"cache's {len(sample.rounds)}")
    print(f"{args.game}: P={len(positions)} positions (seeds "
          f"{','.join(sorted(positions, key=int))}), R={len(sample.rounds)} rounds, "
          f"K={len(sample.root)} candidates"
          + (f"; budgets of B rounds x {args.width} candidate futures" if args.width else
             "; folds per budget: " + ", ".join(f"B={b}: {len(sample.rounds) // b}"
                                                for b in budgets)) + "\n")
    now = {b: regrets({}, positions, b, args.width)[0] for b in budgets}
    rows = [("root's best (medium)", None), *one_at_a_time(len(sample.root))]
    sep = " | " if args.markdown else "  "
    if args.markdown:
        print("| setting | " + " | ".join(f"B={b}: regret (vs now) futures" for b in budgets)
              + " |\n|---|" + "---|" * len(budgets))
    for label, setting in rows:
        cells = [cell(regrets(setting, positions, b, args.width), now[b]) for b in budgets]
        line = sep.join([label if args.markdown else f"{label:24s}", *cells])
        print(f"| {line} |" if args.markdown else line)
    if args.joint:
        for b in budgets:
            scored = [(label, regrets(s, positions, b, args.width)) for label, s in joint()]
            scored.sort(key=lambda item: sum(item[1][0]))
            print(f"\njoint grid, B={b}, best five (flattered: chosen on these positions)")
            for label, values in scored[:5]:
                print(f"  {label}: {cell(values, now[b])}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("collect", "replay"))
    parser.add_argument("--game", choices=("base", "all"), default="base")
    parser.add_argument("--cache", type=Path, nargs="+",
                        help="collect: the first is written; replay: all are read")
    parser.add_argument("--first", type=int, default=1, help="collect: first position seed")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=None,
                        help="collect: rounds per position (30); replay: use only the first N")
    parser.add_argument("--candidates", type=int, default=10)
    parser.add_argument("--budgets", default="6,10,16")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--joint", action="store_true")
    parser.add_argument("--width", type=int, default=0,
                        help="replay: budgets in candidate futures, B x WIDTH (0: in rounds)")
    args = parser.parse_args(argv)
    if args.command == "collect":
        args.rounds = args.rounds or 30
        collect(args)
    elif missing := [p for p in args.cache or [cache_path(args)] if not p.exists()]:
        raise SystemExit(f"no cache at {missing[0]}: run collect first")
    else:
        report(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

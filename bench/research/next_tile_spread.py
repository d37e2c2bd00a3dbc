"""Where the noise of `hard`'s shallow rounds comes from: every type of the
opponent's next tile played, not a sample of them.

    python bench/research/next_tile_spread.py [--expansions all|base]
        [--seeds 1-8] [--stops 20,45] [--answer-turns 40] [--own-turns 0]
        [--player greedy|medium] [--json FILE]

For each position (`--player`'s play without a time limit, greedy by
default, two players, stopped at the given tile placements) it takes the root's best whole turns as `hard` does (up to
three, within `HardPlayer.candidate_window` of the best) and, for every tile
type that can come next, one future where that tile is the next draw: each
candidate, the opponent's answer (capped at `--answer-turns` whole turns,
as the shallow look-ahead with capped answers plays it), the evaluation
(with `--own-turns 1`, the seat's own next turn and the opponent's answer
again before it: the full look-ahead; each next tile's future then deals
the rest of the tiles anew, so the seat's own next tile is a sample, and
the mean difference is an estimate, its standard error printed beside it).
Each candidate's difference to the root's best is then known for every
next tile, weighted by its count.

Why (issue 30): with every expansion `hard`'s look-ahead overrules the
root's best on 7.5% of mid-game searches (26% in the base game), and the
idea on record was to enumerate the next tile exactly where the candidates
interact and sample the rest. That pays only if, on most tile types, the
difference between two candidates is one and the same number (the tile
lands where neither candidate matters). This says how much of the weight
has the modal difference ("constant share"), how many distinct differences
there are, the exact mean difference and the standard error of 8
proportionally stratified rounds (the weighted spread over sqrt(8)); then,
per position, what playing the better candidate whenever there is one would
gain, and what `hard`'s trust rule would expect to gain with 8 rounds.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.knowledge import public_counts
from carcassonne_desktop.ai.levels import create_player
from carcassonne_desktop.ai.search import play_line, play_out, round_seed, sampled_world
from carcassonne_desktop.engine import Action, Game, Rules, quick_setup
from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.expansion import registry

#: The rounds a shallow search plays at its median (bench/ai.md, session 8).
ROUNDS = 8
#: One world seed for every tile type, so the hidden rest is the same.
WORLD_SEED = 12345
#: The players' budget while they play to the positions: far more than any
#: decision takes, so no deadline cuts `medium` and its games do not depend
#: on the machine's speed or load.
UNTIMED = 1e9


@dataclass
class Pair:
    """One candidate against the root's best over every next tile."""

    seed: int
    placed: int
    candidate: int
    types: int
    distinct: int
    constant_share: float
    mean: float
    se_rounds: float
    se_mean: float
    cpu: float


def positions(expansions: tuple[str, ...], seeds: range, stops: list[int],
              player: str = "greedy") -> Iterator[tuple[int, int, Game]]:
    """(seed, placements so far, position with a tile to place) of `player`'s play."""
    rules = Rules(quick_setup(2, expansions=expansions))
    for seed in seeds:
        game = Game(quick_setup(2, seed=seed, expansions=expansions), rules)
        players = [create_player(player, seed * 10 + seat) for seat in range(2)]
        placed = 0
        left = list(stops)
        while not game.is_over and left:
            if game.pending_kind == PLACE_TILE and placed == left[0]:
                left.pop(0)
                yield seed, placed, game.copy()
            # (no time limit: the positions are the same on any machine)
            action = players[game.deciding_player].choose(game, budget=UNTIMED)
            placed += isinstance(action, PlaceTile)
            game.apply(action)


def candidates(game: Game, evaluator: Evaluator, seed: int) -> list[tuple[Action, ...]]:
    """The root's best whole turns as `hard` starts its search with them."""
    rng = random.Random(seed)
    firsts = list(game.legal_actions())
    rng.shuffle(firsts)
    ranked = rank_turns(game, evaluator, firsts, None, rng)
    best = ranked[0][0]
    return [actions for value, actions in ranked[: HardPlayer.first_candidates]
            if value >= best - HardPlayer.candidate_window]


def values_by_tile(
    game: Game, evaluator: Evaluator, turns: list[tuple[Action, ...]], answer_turns: int,
    own_turns: int = 0,
) -> list[tuple[float, list[float | None]]]:
    """(weight of the tile type, value of each candidate) for every next tile."""
    seat = game.deciding_player
    counts = game.next_draws(public_counts(game))
    total = sum(counts.values())
    rows = []
    for index, (tile_id, count) in enumerate(sorted(counts.items())):
        # (shallow: the same deal of the rest for every next tile, which no
        # shallow round reads but for chance drawn inside the turns)
        world = sampled_world(game, WORLD_SEED + (index if own_turns else 0), 0, [tile_id])
        values: list[float | None] = []
        for actions in turns:
            line = play_line(world, actions, evaluator, None)
            order = random.Random(round_seed(WORLD_SEED, 0) ^ 0xA5A5)
            values.append(None if line is None else
                          play_out(line, seat, evaluator, own_turns, None, answer_turns, order))
        rows.append((count / total, values))
    return rows


def pair(seed: int, placed: int, index: int, rows: list[tuple[float, list[float | None]]],
         cpu: float) -> Pair | None:
    diffs = [(weight, values[index] - values[0]) for weight, values in rows
             if values[index] is not None and values[0] is not None]
    if not diffs:
        return None
    total = sum(weight for weight, _ in diffs)
    mean = sum(weight * d for weight, d in diffs) / total
    spread = math.sqrt(sum(weight * (d - mean) ** 2 for weight, d in diffs) / total)
    modes: Counter[float] = Counter()
    for weight, d in diffs:
        modes[round(d, 3)] += weight
    return Pair(seed, placed, index, len(diffs), len(modes), modes.most_common(1)[0][1] / total,
                mean, spread / math.sqrt(ROUNDS), spread / math.sqrt(len(diffs)), cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--expansions", choices=["all", "base"], default="all")
    parser.add_argument("--seeds", default="1-8")
    parser.add_argument("--stops", default="20,45")
    parser.add_argument("--answer-turns", type=int, default=40)
    parser.add_argument("--own-turns", type=int, default=0)
    parser.add_argument("--player", choices=["greedy", "medium"], default="greedy")
    parser.add_argument("--json", default=None, help="write every pair's figures here")
    args = parser.parse_args(argv)
    expansions = tuple(registry()) if args.expansions == "all" else ("base",)
    first, _, last = args.seeds.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    stops = [int(s) for s in args.stops.split(",")]
    pairs: list[Pair] = []
    for seed, placed, game in positions(expansions, seeds, stops, args.player):
        started = time.process_time()
        evaluator = Evaluator(game)
        turns = candidates(game, evaluator, seed)
        if len(turns) < 2:
            continue
        rows = values_by_tile(game, evaluator, turns, args.answer_turns, args.own_turns)
        cpu = time.process_time() - started
        for index in range(1, len(turns)):
            found = pair(seed, placed, index, rows, cpu)
            if found is not None:
                pairs.append(found)
                print(json.dumps(asdict(found)), file=sys.stderr, flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(p) for p in pairs], out)
    differing = [p for p in pairs if p.distinct > 1]
    print(f"{len(pairs)} candidate pairs; {len(pairs) - len(differing)} worth the same on every next tile")
    if differing:
        print(f"the {len(differing)} others: constant share median "
              f"{statistics.median(p.constant_share for p in differing):.2f}, distinct differences "
              f"median {statistics.median(p.distinct for p in differing)} of "
              f"{statistics.median(p.types for p in differing)} types, |mean| median "
              f"{statistics.median(abs(p.mean) for p in differing):.2f}, SE of {ROUNDS} rounds median "
              f"{statistics.median(p.se_rounds for p in differing):.2f}, told apart by {ROUNDS} rounds "
              f"(|mean| > 2 SE) {sum(abs(p.mean) > 2 * p.se_rounds for p in differing)}, "
              f"candidate better than the root's best {sum(p.mean > 0 for p in differing)} "
              f"(by more than 2 SE of its mean: {sum(p.mean > 2 * p.se_mean for p in differing)})")
    positions_seen = len({(p.seed, p.placed) for p in pairs})
    if positions_seen:
        perfect = sum(max(p.mean, 0.0) for p in pairs) / positions_seen
        print(f"per position ({positions_seen}): playing the better candidate whenever there is one "
              f"gains {perfect:+.3f} points")
        for trust in (1.0, 2.0):
            overrules, gain = overrule_outlook(pairs, trust)
            print(f"  {ROUNDS} rounds and the trust rule at {trust} standard errors: "
                  f"{overrules / positions_seen:.3f} overrules, {gain / positions_seen:+.3f} points")
    return 0


def overrule_outlook(pairs: list[Pair], trust: float) -> tuple[float, float]:
    """Expected overrules and points gained by `HardPlayer._choice`'s rule
    (play the candidate when its paired gap over `ROUNDS` rounds exceeds
    `trust` standard errors), each pair taken alone, its gap normal around
    the exact mean with the rounds' standard error (known, not estimated)."""
    overrules = gain = 0.0
    for p in pairs:
        if p.distinct <= 1:
            continue
        if p.se_rounds > 0.0:
            z = (trust * p.se_rounds - p.mean) / p.se_rounds
            chance = 0.5 * math.erfc(z / math.sqrt(2.0))
        else:
            chance = float(p.mean > 0.0)
        overrules += chance
        gain += chance * p.mean
    return overrules, gain


if __name__ == "__main__":
    sys.exit(main())

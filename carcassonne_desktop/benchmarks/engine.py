"""`carcassonne bench engine`: random full 2-player base games with farmers,
choosing uniformly among legal_actions() at every decision."""

from __future__ import annotations

import platform
import random
import time
from typing import Any

from carcassonne_desktop.engine import Game, Rules, quick_setup


def play_random_game(seed: int, rules: Rules) -> Game:
    game = Game(quick_setup(2, seed=seed), rules)
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return game


def run(games: int = 300, seed: int = 1) -> dict[str, Any]:
    rules = Rules(quick_setup(2))
    for warm in range(10):
        play_random_game(10_000 + warm, rules)
    # Rounds of games: the best round is the figure least disturbed by whatever
    # else the machine does (timeit's rule); the median round is reported too.
    rounds = 5
    per_round = max(games // rounds, 1)
    rates: list[float] = []
    decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for round_index in range(rounds):
        round_start = time.process_time()
        for index in range(per_round):
            game = play_random_game(seed + round_index * per_round + index, rules)
            decisions += len(game.history)
        rates.append(per_round / max(time.process_time() - round_start, 1e-9))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    games = per_round * rounds

    # A second pass timing each call separately (slower overall: timer overhead).
    legal_time = apply_time = 0.0
    legal_calls = apply_calls = 0
    clock = time.perf_counter
    for index in range(max(games // 3, 20)):
        game = Game(quick_setup(2, seed=seed + index), rules)
        rng = random.Random(seed + index)
        while not game.is_over:
            t0 = clock()
            actions = game.legal_actions()
            t1 = clock()
            action = actions[rng.randrange(len(actions))]
            t2 = clock()
            game.apply(action)
            t3 = clock()
            legal_time += t1 - t0
            apply_time += t3 - t2
            legal_calls += 1
            apply_calls += 1
    return {
        "benchmark": "engine",
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        "games": games,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(cpu, 3),
        "games_per_second": round(max(rates), 1),
        "games_per_second_median_round": round(sorted(rates)[len(rates) // 2], 1),
        "games_per_wall_second": round(games / elapsed, 1),
        "decisions_per_game": round(decisions / games, 1),
        "legal_actions_us": round(legal_time / legal_calls * 1e6, 2),
        "apply_us": round(apply_time / apply_calls * 1e6, 2),
    }


def format_text(result: dict[str, Any]) -> str:
    return (
        f"engine: {result['games']} random 2-player base games with farmers in "
        f"{result['cpu_seconds']} s of CPU: best round {result['games_per_second']} games/s, "
        f"median round {result['games_per_second_median_round']} "
        f"(wall clock overall {result['games_per_wall_second']}) "
        f"({result['decisions_per_game']} decisions/game); "
        f"legal_actions {result['legal_actions_us']} us, apply {result['apply_us']} us "
        f"[{result['machine']}, Python {result['python']}]"
    )

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
    # CPU time of this process: robust when other work shares the machine.
    start, cpu_start = time.perf_counter(), time.process_time()
    decisions = 0
    for index in range(games):
        decisions += len(play_random_game(seed + index, rules).history)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start

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
        "games_per_second": round(games / cpu, 1),
        "games_per_wall_second": round(games / elapsed, 1),
        "decisions_per_game": round(decisions / games, 1),
        "legal_actions_us": round(legal_time / legal_calls * 1e6, 2),
        "apply_us": round(apply_time / apply_calls * 1e6, 2),
    }


def format_text(result: dict[str, Any]) -> str:
    return (
        f"engine: {result['games']} random 2-player base games with farmers in "
        f"{result['cpu_seconds']} s of CPU = {result['games_per_second']} games/s "
        f"(wall clock: {result['games_per_wall_second']} games/s) "
        f"({result['decisions_per_game']} decisions/game); "
        f"legal_actions {result['legal_actions_us']} us, apply {result['apply_us']} us "
        f"[{result['machine']}, Python {result['python']}]"
    )

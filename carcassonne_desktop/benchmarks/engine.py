"""`carcassonne bench engine`: random full 2-player games, choosing uniformly
among legal_actions() at every decision, in two rows measured in the same
run: the base game with farmers, and every registered expansion at once, so
that the hook cost of each new expansion shows beside the base game, and the
cost of one decision of each row with their ratio (issue 28: at most 2)."""

from __future__ import annotations

import platform
import random
import time
from typing import Any

from carcassonne_desktop.engine import Game, Rules, quick_setup
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.tile_layout import tile_layout

BASE = ("base",)
#: The all-expansions row plays fewer games: each is several times longer.
ALL_EXPANSIONS_SHARE = 5


def every_expansion() -> tuple[str, ...]:
    """Every registered expansion, in registry order."""
    return tuple(registry())


def play_random_game(seed: int, rules: Rules, expansions: tuple[str, ...] = BASE) -> Game:
    game = Game(quick_setup(2, seed=seed, expansions=expansions), rules)
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return game


def warm_layouts(rules: Rules) -> float:
    """Build the figure layout of every tile of the game once, and say how
    long it took. The layouts are computed from the tile art's geometry once
    per process (the window builds them as it draws the tiles); the Catapult
    asks for every figure's place, so without this the timed games would pay
    for each tile type's first figure, in whichever round meets it first,
    and the per-decision figure would depend on how many games are played."""
    start = time.process_time()
    for tile in rules.catalogue:
        tile_layout(tile.raw)
    return time.process_time() - start


def measure(expansions: tuple[str, ...], games: int, seed: int = 1) -> dict[str, Any]:
    """One row: games per second (best and median of 5 rounds), then a second
    pass timing each call (legal_actions, apply, a copy() every 10 actions)
    and the building of a new game with its rules (what every replay pays)."""
    rules = Rules(quick_setup(2, expansions=expansions))
    layouts_seconds = warm_layouts(rules)
    for warm in range(10):
        play_random_game(10_000 + warm, rules, expansions)
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
            game = play_random_game(seed + round_index * per_round + index, rules, expansions)
            decisions += len(game.history)
        rates.append(per_round / max(time.process_time() - round_start, 1e-9))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    games = per_round * rounds

    # A second pass timing each call separately (slower overall: timer overhead).
    legal_time = apply_time = copy_time = setup_time = 0.0
    legal_calls = apply_calls = copy_calls = 0
    clock = time.perf_counter
    passes = max(games // 3, 20)
    for index in range(passes):
        setup = quick_setup(2, seed=seed + index, expansions=expansions)
        t0 = clock()
        Game(setup)
        setup_time += clock() - t0
        game = Game(setup, rules)
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
            if apply_calls % 10 == 0:
                t4 = clock()
                game.copy()
                copy_time += clock() - t4
                copy_calls += 1
    return {
        "expansions": list(expansions),
        "games": games,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(cpu, 3),
        "games_per_second": round(max(rates), 1),
        "games_per_second_median_round": round(sorted(rates)[len(rates) // 2], 1),
        "games_per_wall_second": round(games / elapsed, 1),
        "decisions_per_game": round(decisions / games, 1),
        # the measure: CPU time of one decision in the median round
        "us_per_decision": round(1e6 / (sorted(rates)[len(rates) // 2] * decisions / games), 2),
        "layouts_ms": round(layouts_seconds * 1e3, 1),
        "legal_actions_us": round(legal_time / legal_calls * 1e6, 2),
        "apply_us": round(apply_time / apply_calls * 1e6, 2),
        "copy_us": round(copy_time / max(copy_calls, 1) * 1e6, 1),
        "new_game_us": round(setup_time / passes * 1e6, 1),
    }


def run(games: int = 300, seed: int = 1) -> dict[str, Any]:
    """The base row (its figures at the top level, as before) and the
    all-expansions row under "all_expansions", measured one after the other."""
    base = measure(BASE, games, seed)
    every = measure(every_expansion(), max(games // ALL_EXPANSIONS_SHARE, 1), seed)
    return {
        "benchmark": "engine",
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        **base,
        "all_expansions": every,
        "decision_ratio": round(every["us_per_decision"] / base["us_per_decision"], 2),
    }


def _format_row(label: str, row: dict[str, Any]) -> str:
    return (
        f"{label}: {row['games']} games in {row['cpu_seconds']} s of CPU: "
        f"best round {row['games_per_second']} games/s, "
        f"median round {row['games_per_second_median_round']} "
        f"(wall clock overall {row['games_per_wall_second']}) "
        f"({row['decisions_per_game']} decisions/game, {row['us_per_decision']} us each); "
        f"legal_actions {row['legal_actions_us']} us, apply {row['apply_us']} us, "
        f"copy {row['copy_us']} us, new game {row['new_game_us']} us; "
        f"tile layouts built first in {row['layouts_ms']} ms"
    )


def format_text(result: dict[str, Any]) -> str:
    every = result["all_expansions"]
    label = f"every expansion ({len(every['expansions']) - 1} with the base game)"
    return (
        "engine: random 2-player games, uniform choice among legal_actions() "
        f"[{result['machine']}, Python {result['python']}]\n"
        f"  {_format_row('base game with farmers', result)}\n"
        f"  {_format_row(label, every)}\n"
        f"  a decision with every expansion costs {result['decision_ratio']} times "
        "a base game's decision"
    )

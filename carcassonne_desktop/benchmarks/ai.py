"""`carcassonne bench ai`: time per decision of every computer level on fixed
positions (2 players, base game with farmers).

Positions are reached by seeded random play and taken at the tile-placement
step, where the whole-turn players do their work. The hard level uses its
default budget, so its figure mostly shows that it stops on time.
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.ai.levels import create_player, level_names
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.ai.turns import follow_ups
from carcassonne_desktop.engine import Game, Rules, quick_setup
from carcassonne_desktop.engine.actions import Action, Deploy

POSITIONS = ((1, 20), (2, 60), (3, 100))


def fixed_positions(rules: Rules) -> list[Game]:
    """Place-step positions after (seed, moves) of random play."""
    out = []
    for seed, moves in POSITIONS:
        game = Game(quick_setup(2, seed=seed), rules)
        rng = random.Random(seed)
        for _ in range(moves):
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        while game.phase != "place_tile" and not game.is_over:
            game.apply(game.legal_actions()[-1])
        out.append(game)
    return out


def run(levels: list[str] | None = None) -> dict[str, Any]:
    rules = Rules(quick_setup(2))
    positions = fixed_positions(rules)
    results = []
    for level in levels or level_names():
        player = create_player(level, seed=1)
        times = []
        for game in positions:
            start = time.perf_counter()
            player.choose(game.copy())
            times.append(time.perf_counter() - start)
        results.append({
            "level": level,
            "positions": len(times),
            "mean_s": round(sum(times) / len(times), 4),
            "max_s": round(max(times), 4),
            "legal_placements": [len(g.legal_actions()) for g in positions],
        })
    return {
        "benchmark": "ai",
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        "positions": [{"seed": s, "moves": m} for s, m in POSITIONS],
        "levels": results,
    }


def format_text(result: dict[str, Any]) -> str:
    lines = [f"ai: time per tile-placement decision on {len(result['positions'])} fixed "
             f"positions [{result['machine']}, Python {result['python']}]"]
    for r in result["levels"]:
        lines.append(f"  {r['level']:<8} mean {r['mean_s']:.3f} s  max {r['max_s']:.3f} s")
    return "\n".join(lines)


def figure_judgements(
    make_player: Callable[[int], Player], positions: int = 300
) -> Iterator[tuple[int, tuple[Action, Action], float, float]]:
    """For every random position (2 players, base game, seeds 0..positions-1,
    2 to 118 random actions, at a tile placement) where the player puts a
    figure down: (seed, its turn, the evaluation of that turn, the best
    evaluation of the same placement without a figure). A follower thrown
    away is a turn judged below keeping it (bench/research/easy_throws.py,
    tests/test_ai_easy.py)."""
    rules = Rules(quick_setup(2))
    for seed in range(positions):
        game = Game(quick_setup(2, seed=seed), rules)
        rng = random.Random(seed)
        for _ in range(2 * rng.randrange(1, 60)):
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        if game.is_over or game.phase != "place_tile":
            continue
        player = make_player(seed)
        first = player.choose(game, 10.0)
        after = game.copy()
        after.apply(first)
        if after.is_over or after.current != game.current:
            continue
        second = player.choose(after, 10.0)
        if not isinstance(second, Deploy):
            continue
        seat = game.current
        evaluator = Evaluator(game)
        world = sampled_copy(game, random.Random(0))
        values = {t.actions[1:]: evaluator.evaluate(t.after, seat)
                  for t in follow_ups(world, seat, first)}
        keep = max(v for rest, v in values.items()
                   if not any(isinstance(a, Deploy) for a in rest))
        yield seed, (first, second), values[(second,)], keep

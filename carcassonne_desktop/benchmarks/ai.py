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
from typing import Any

from carcassonne_desktop.ai.levels import create_player, level_names
from carcassonne_desktop.engine import Game, Rules, quick_setup

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

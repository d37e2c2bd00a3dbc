"""Time `medium`'s Count decisions (the city, the Count, the rounds, the
market at the end) on the positions of random games with the Count, 2 and 3
players; a follower earned goes to the market half of the time, and at the
market round 0-3 more followers are put there (from outside the supply if
need be), so the planner meets one to four of them: the figures of "The
Count" in bench/ai.md.

    nice -n 10 python bench/research/count_decision_times.py 60
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from carcassonne_desktop.ai.levels import create_player
from carcassonne_desktop.engine import Game, quick_setup


def timed(game: Game, seed: int) -> float:
    started = time.perf_counter()
    create_player("medium", seed).choose(game)
    return time.perf_counter() - started


def main(games: int) -> None:
    times: dict[str, list[float]] = {}
    for seed in range(games):
        game = Game(quick_setup(players=2 + seed % 2, seed=seed, expansions=("base", "count")))
        rng = random.Random(seed)
        topped_up: set[int] = set()  # players given more market followers (once)
        while not game.is_over:
            pending = game.pending
            legal = list(game.legal_actions())
            if pending.kind.startswith("count") and len(legal) > 1:
                kind = pending.kind
                if pending.subject == ("market",):
                    for _ in range(seed % 4 if pending.player not in topped_up else 0):
                        topped_up.add(pending.player)
                        game.supply[pending.player]["follower"] += 1
                        game.put_in_area(pending.player, "follower", "count", "market", [])
                    held = sum(1 for owner, _ in game.area_figures[("count", "market")]
                               if owner == pending.player)
                    kind += f" market, {held} follower(s)"
                times.setdefault(kind, []).append(timed(game, seed))
                legal = list(game.legal_actions())
            market = [a for a in legal if getattr(a, "slot", None) == "market"]
            game.apply(market[0] if market and rng.random() < 0.5 else legal[rng.randrange(len(legal))])
    for kind, found in sorted(times.items()):
        found.sort()
        print(f"{kind:40s} n={len(found):3d} median={statistics.median(found):.3f}s "
              f"p95={found[int(0.95 * (len(found) - 1))]:.3f}s max={found[-1]:.3f}s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)

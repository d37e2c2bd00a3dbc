"""Measure how long each computer level thinks a turn, for the New game
screen's length estimate (`ui/game_length.py`, `THINK_SECONDS`).

Every seat is the level; all its decisions are timed in CPU seconds of this
process (budgets too, so a loaded machine buys the same work as an idle one),
and the sum is divided by the tiles placed: the thought a turn, whatever
questions it asked. Hard's helper processes are not counted: on an idle
machine they run beside it and cost no wall time.

    cd /tmp && PYTHONPATH=<checkout> nice python bench/research/think_seconds.py \
        --level medium --expansions base|all --games 2 [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable
from statistics import mean

from carcassonne_desktop.ai.deadline import use_cpu_clock
from carcassonne_desktop.ai.levels import create_player, level_names
from carcassonne_desktop.engine import Game, registry
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.setup import quick_setup


def position_settings(expansions: str, seeds: str, stops: str
                      ) -> tuple[tuple[str, ...], range, list[int]]:
    """The studies' `--expansions`, `--seeds` ("3" or "1-8") and `--stops`
    ("20,40": placements, put in order); KeyError for an unknown expansion,
    ValueError for what is not a number."""
    first, _, last = seeds.partition("-")
    return (expansion_set(expansions), range(int(first), int(last or first) + 1),
            sorted(int(stop) for stop in stops.split(",")))


def report_study(rows: list[dict[str, object]], summary: dict[str, object],
                 path: str | None) -> None:
    """A study's last line (its summary as JSON) and, when asked, a file of
    its rows and summary."""
    print(json.dumps(summary))
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump({"rows": rows, "summary": summary}, out, indent=1)


def run_study(name: str, studied: Iterable[tuple[int, int, Game]],
              study: Callable[[int, int, Game], dict[str, object]],
              summarise: Callable[[list[dict[str, object]]], dict[str, object]],
              path: str | None) -> int:
    """The studies' loop over their positions: one row each (printed as it
    comes, on stderr: a long study shows its progress), then the summary
    (`report_study`); 1 when no position was reached."""
    rows = []
    for seed, placed, game in studied:
        rows.append(study(seed, placed, game))
        print(rows[-1], file=sys.stderr, flush=True)
    if not rows:
        print(f"{name}: no position reached", file=sys.stderr)
        return 1
    report_study(rows, summarise(rows), path)
    return 0


def expansion_set(name: str) -> tuple[str, ...]:
    """"base", "all", or a comma-separated list of expansion ids."""
    known = list(registry())
    chosen = known if name == "all" else ["base", *name.split(",")]
    for expansion in chosen:
        if expansion not in known:
            raise KeyError(expansion)
    return tuple(dict.fromkeys(chosen))


def play(level: str, expansions: tuple[str, ...], seed: int) -> tuple[int, float]:
    """(tiles placed, CPU seconds of thought) of one 2-player game of `level` against itself."""
    game = Game(quick_setup(2, seed=seed, expansions=expansions, options={"farmers": True}))
    players = [create_player(level, seed * 10 + seat) for seat in range(2)]
    turns = 0
    thought = 0.0
    while not game.is_over:
        pending = game.pending
        if pending.kind == PLACE_TILE:
            turns += 1
        started = time.process_time()
        action = players[pending.player].choose(game.copy())
        thought += time.process_time() - started
        game.apply(action)
    return turns, thought


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", choices=level_names(), required=True)
    parser.add_argument("--expansions", default="base",
                        help='"base", "all", or expansion ids separated by commas')
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="one JSON line instead of text")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        expansions = expansion_set(args.expansions)
    except KeyError as error:
        parser.error(f"unknown expansion {error}")
    use_cpu_clock(True)
    results = [play(args.level, expansions, args.seed + index) for index in range(args.games)]
    per_turn = [thought / turns for turns, thought in results]
    summary = {
        "level": args.level, "expansions": args.expansions, "games": args.games,
        "turns": mean(turns for turns, _ in results),
        "seconds_a_turn": mean(per_turn), "per_game": per_turn,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{args.level} on {args.expansions}: {summary['turns']:.1f} turns a game, "
              f"{summary['seconds_a_turn']:.3f} s of thought a turn "
              f"(games: {', '.join(f'{s:.3f}' for s in per_turn)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

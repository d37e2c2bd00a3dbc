"""What one whole turn costs the computer players (issue 30): ms per whole
turn of `rank_turns` (enumeration by `whole_turns`, copy and apply of each
turn's actions, then `Evaluator.evaluate`) on fixed positions, with the
enumeration alone beside it, and the µs of one `Game.copy()` of those
positions.

    python bench/whole_turns.py [--repeat 3] [--only base|all] [--records FILE]
    python bench/whole_turns.py --write-records FILE

Positions: random-play games (2 players, seeds 1 and 2) stopped at their
15th, 30th and 45th tile placement, with every registered expansion and in
the base game. `--records FILE` measures the positions of a file of game
records instead (every position replayed by the checkout measured, so old
and new code judge the very same whole turns: random play differs between
them as soon as the legal actions' order does); `--write-records FILE`
writes such a file from `greedy`'s play (2 players, every expansion, seeds
1-3, at 20, 40 and 60 placements: `bench/positions/greedy-all.json`).

Uses only APIs that predate this script, so that the same
file measures an older checkout: `PYTHONPATH=/that/checkout python
bench/whole_turns.py` (the first line says which code ran). CPU time
(`time.process_time`), best of `--repeat`: on a shared machine compare
same-run ratios, not seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import carcassonne_desktop
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import Game, Rules, quick_setup
from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.errors import EngineError
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.record import GameRecord

SEEDS = (1, 2)
PLACEMENTS = (15, 30, 45)
#: `--write-records`: greedy's games and where they are cut.
RECORD_SEEDS = (1, 2, 3)
RECORD_STOPS = (20, 40, 60)


def random_position(seed: int, expansions: tuple[str, ...], rules: Rules, placements: int,
                    players: int = 2) -> Game:
    """The tile to place after `placements` placements of uniform random play
    (seeded by `seed`; the game's end if it comes first), `players` seated
    (as many as `rules` were made for)."""
    game = Game(quick_setup(players, seed=seed, expansions=expansions), rules)
    rng = random.Random(seed)
    placed = 0
    while not game.is_over:
        actions = game.legal_actions()
        if placed == placements and isinstance(actions[0], PlaceTile):
            break
        action = actions[rng.randrange(len(actions))]
        placed += isinstance(action, PlaceTile)
        game.apply(action)
    return game


def positions(expansions: tuple[str, ...]) -> list[Game]:
    """The fixed positions: a tile to place after 15, 30 and 45 placements."""
    rules = Rules(quick_setup(2, expansions=expansions))
    return [random_position(seed, expansions, rules, placements)
            for seed in SEEDS for placements in PLACEMENTS]


def greedy_records() -> list[dict[str, object]]:
    """Records of `greedy` against itself with every expansion, each cut
    with a tile to place after `RECORD_STOPS` placements."""
    from carcassonne_desktop.ai.deadline import Deadline
    from carcassonne_desktop.ai.levels import create_player

    out: list[dict[str, object]] = []
    for seed in RECORD_SEEDS:
        game = Game(quick_setup(2, seed=seed, expansions=tuple(registry())))
        players = [create_player("greedy", seed=seed * 10 + seat) for seat in range(2)]
        placed = 0
        stops = list(RECORD_STOPS)
        while not game.is_over and stops:
            legal = list(game.legal_actions())
            if placed == stops[0] and isinstance(legal[0], PlaceTile):
                out.append(GameRecord.from_game(game).to_json())
                stops.pop(0)
            action = players[game.deciding_player].decide(game, legal, Deadline(None))
            placed += isinstance(action, PlaceTile)
            game.apply(action)
    return out


def recorded_positions(path: Path) -> list[Game]:
    """The positions of a file of game records, replayed by this checkout."""
    return [GameRecord.from_json(record).replay().game
            for record in json.loads(path.read_text(encoding="utf-8"))]


def measure(games: list[Game], repeat: int) -> dict[str, float]:
    """Best-of-`repeat` CPU figures over all the positions."""
    copy_us = rank_ms = enum_ms = float("inf")
    turns = sum(sum(1 for _ in whole_turns(g, list(g.legal_actions()))) for g in games)
    for _ in range(repeat):
        start = time.process_time()
        for game in games:
            for _ in range(50):
                game.copy()
        copy_us = min(copy_us, (time.process_time() - start) / (50 * len(games)) * 1e6)
        start = time.process_time()
        for game in games:
            for _turn in whole_turns(game, list(game.legal_actions())):
                pass
        enum_ms = min(enum_ms, (time.process_time() - start) / turns * 1e3)
        start = time.process_time()
        for game in games:
            rank_turns(game, Evaluator(game), list(game.legal_actions()), None, random.Random(7))
        rank_ms = min(rank_ms, (time.process_time() - start) / turns * 1e3)
    return {"turns": turns, "copy_us": copy_us, "enum_ms": enum_ms, "rank_ms": rank_ms}


def chosen_rows(only: str | None) -> list[tuple[str, tuple[str, ...]]]:
    """The rows `--only` asks for (`base`, `all`: every registered
    expansion; None: both), by name."""
    rows = {"base": ("base",), "all": tuple(registry())}
    return [(name, expansions) for name, expansions in rows.items() if only in (None, name)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", choices=["base", "all"], default=None)
    parser.add_argument("--records", type=Path, default=None)
    parser.add_argument("--write-records", type=Path, default=None)
    args = parser.parse_args()
    print(f"code: {carcassonne_desktop.__file__}")
    if args.write_records is not None:
        args.write_records.write_text(json.dumps(greedy_records()) + "\n", encoding="utf-8")
        return
    try:
        recorded = recorded_positions(args.records) if args.records else []
    except (OSError, ValueError, EngineError) as error:
        raise SystemExit(f"whole_turns: cannot read records from {args.records}: {error}") from None
    rows = [(str(args.records), recorded)] if args.records else [
        (name, positions(expansions)) for name, expansions in chosen_rows(args.only)]
    for name, games in rows:
        figures = measure(games, args.repeat)
        print(
            f"{name}: {figures['turns']} whole turns on {len(games)} positions; "
            f"copy {figures['copy_us']:.1f} us; whole turns enumerated {figures['enum_ms']:.3f} ms each; "
            f"rank_turns {figures['rank_ms']:.3f} ms a whole turn"
        )


if __name__ == "__main__":
    main()

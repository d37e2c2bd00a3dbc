"""Random games of every pair of expansions and of all nineteen systems
together, checked after every action (issue 28, "Every mix").

The suite plays the first actions of one game per pair and three whole games
of everything (tests/test_every_pair.py); this longer run plays whole games:
`--pairs` games of each of the 153 pairs and `--all` games of all nineteen,
each with the engine's invariants and the mixes' own after every action and
the saved game replayed equal after every action (tests/mix_checks.py). A
failing game is reported with its expansions and seed, which replay it
exactly; the run goes on. Run it niced from the repository root:

    nice .venv/bin/python bench/mixes.py --pairs 1 --all 20

and record the summary in bench/README.md.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from carcassonne_desktop.engine.expansion import registry  # noqa: E402
from tests.mix_checks import play_and_check  # noqa: E402


def _games(pairs: int, everything: int, seed: int) -> list[tuple[tuple[str, ...], int]]:
    expansions = tuple(e for e in registry() if e != "base")
    games = [(pair, seed + 100 * i + n)
             for i, pair in enumerate(itertools.combinations(expansions, 2))
             for n in range(pairs)]
    games += [(expansions, seed + 50_000 + n) for n in range(everything)]
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=1, help="whole games per pair (default 1)")
    parser.add_argument("--all", type=int, default=20, dest="everything",
                        help="whole games of all nineteen (default 20)")
    parser.add_argument("--seed", type=int, default=28_000, help="first seed (default 28000)")
    args = parser.parse_args(argv)
    if args.pairs < 0 or args.everything < 0:
        parser.error("--pairs and --all take a number of games, 0 or more")
    failures: list[str] = []
    actions = {"pairs": 0, "all": 0}
    cpu = {"pairs": 0.0, "all": 0.0}
    games = _games(args.pairs, args.everything, args.seed)
    for combo, seed in games:
        group = "all" if len(combo) > 2 else "pairs"
        start = time.process_time()
        try:
            actions[group] += play_and_check(combo, seed)
        except Exception:  # noqa: BLE001 - a failing game is reported, the run goes on
            name = "everything" if group == "all" else "+".join(combo)
            failures.append(f"{name} seed {seed}: "
                            f"{traceback.format_exc(limit=1).strip().splitlines()[-1]}")
        cpu[group] += time.process_time() - start
    pairs_games = len(games) - args.everything
    print(f"pairs: {pairs_games} whole games ({args.pairs} of each of "
          f"{pairs_games // max(args.pairs, 1)} pairs), {actions['pairs']} actions, "
          f"{cpu['pairs']:.0f} s CPU")
    print(f"all nineteen: {args.everything} whole games, {actions['all']} actions, "
          f"{cpu['all']:.0f} s CPU")
    print(f"failures: {len(failures)}")
    for failure in failures:
        print(f"  {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

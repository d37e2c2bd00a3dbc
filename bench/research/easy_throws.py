"""How often `easy` puts a figure down where its own evaluation prefers the
same placement without it (a follower thrown away), on random positions.

    python bench/research/easy_throws.py [--positions 300] [--heuristic PATH] [name=value ...]

`--heuristic` loads another version of carcassonne_desktop/ai/heuristic.py
(e.g. the one of an older commit, `git show REV:carcassonne_desktop/ai/heuristic.py`)
to compare. Positions: 2 players, base game, seeds 0..N-1, 2 to 118 random
actions, at a tile placement; each is played by a fresh `easy` seeded with the
position's seed, and its figure step judged by the evaluation on a sampled copy.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from types import ModuleType

from carcassonne_desktop.ai import heuristic
from carcassonne_desktop.benchmarks.ai import figure_judgements

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from level_variant import apply_settings  # noqa: E402


def load(path: str | None) -> ModuleType:
    if path is None:
        return heuristic
    spec = importlib.util.spec_from_file_location("heuristic_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--heuristic", default=None)
    parser.add_argument("settings", nargs="*", help="name=value: EasyPlayer attributes")
    args = parser.parse_args()
    module = load(args.heuristic)
    apply_settings(module.EasyPlayer, args.settings)
    judged = list(figure_judgements(module.EasyPlayer, args.positions))
    thrown = sum(chosen < keep for _, _, chosen, keep in judged)
    print(f"{args.positions} positions: a figure put down in {len(judged)} turns, "
          f"of which judged worse than keeping it {thrown}")


if __name__ == "__main__":
    main()

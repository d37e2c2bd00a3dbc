"""`easy` with other settings against another level, on `carcassonne
selfplay`'s seat-swapped duplicate deals (one process).

    python bench/research/easy_variant.py --against greedy --games 100 --seed 1 \\
        placements_seen=3 noise=6 settle_chance=0.5

The name=value pairs override `EasyPlayer`'s class attributes for the run;
prints selfplay's text report (and its per-game lines on stderr).
"""

from __future__ import annotations

import argparse

from carcassonne_desktop.ai import selfplay
from carcassonne_desktop.ai.heuristic import EasyPlayer


def apply_settings(player: type, settings: list[str]) -> None:
    """Override class attributes of `player` from name=value strings."""
    for setting in settings:
        name, _, value = setting.partition("=")
        current = getattr(player, name)  # AttributeError names a bad setting
        kind = type(current)
        setattr(player, name, value == "True" if kind is bool else kind(value))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("settings", nargs="*", help="name=value")
    args = parser.parse_args()
    apply_settings(EasyPlayer, args.settings)
    result = selfplay.run(["easy", args.against], ("base",), args.games, args.seed, None, True)
    print(selfplay.format_text(result))


if __name__ == "__main__":
    main()

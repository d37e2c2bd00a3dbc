"""A computer level with other settings against another level, on `carcassonne
selfplay`'s seat-swapped duplicate deals (one game at a time).

    python bench/research/level_variant.py --level hard --against medium --games 100 \\
        --seed 1 --expansions base trust=2.0 max_candidates=4
    python bench/research/level_variant.py --level hard --against medium --games 20 \\
        --seed 40 --expansions $ALL --cpu-clock cap_answers=True

The name=value pairs override class attributes of the level's player class
(`EasyPlayer`, `HardPlayer`, ...) for the run; the opponent is the level as it
is unless it is the same class (then both change: compare against a copy with
`--against` naming another level). Prints selfplay's text report (and its
per-game lines on stderr). `hard` keeps its helper process, as in the product.
"""

from __future__ import annotations

import argparse

import carcassonne_desktop.ai as ai_package
from carcassonne_desktop.ai import selfplay
from carcassonne_desktop.ai.deadline import use_cpu_clock
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.discovery import import_all


def player_class(level: str) -> type[Player]:
    """The class behind a level name, found without making a player (a
    `hard` player would start its helper process just to be looked at)."""
    import_all(ai_package.__name__, ai_package.__path__)
    pending: list[type[Player]] = [Player]
    while pending:
        cls = pending.pop()
        if cls.level == level:
            return cls
        pending.extend(cls.__subclasses__())
    raise SystemExit(f"unknown level {level!r}")


def apply_settings(player: type, settings: list[str]) -> None:
    """Override class attributes of `player` from name=value strings."""
    for setting in settings:
        name, _, value = setting.partition("=")
        current = getattr(player, name)  # AttributeError names a bad setting
        kind = type(current)
        setattr(player, name, value == "True" if kind is bool else kind(value))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="easy")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expansions", default="base")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="budgets in CPU seconds of the deciding process (selfplay's option)")
    parser.add_argument("settings", nargs="*", help="name=value")
    args = parser.parse_args()
    changed = player_class(args.level)
    if args.settings and changed is player_class(args.against):
        raise SystemExit("the opponent is the same class: its settings would change too")
    apply_settings(changed, args.settings)
    use_cpu_clock(args.cpu_clock)
    expansions = tuple(e for e in args.expansions.split(",") if e)
    result = selfplay.run([args.level, args.against], expansions, args.games, args.seed, None, True)
    print(selfplay.format_text(result))


if __name__ == "__main__":
    main()

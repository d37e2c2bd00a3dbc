"""`medium` with other evaluation weights against today's `medium` (or
against `medium` with other weights again, `--against`), on seat-swapped
duplicate deals: the tool behind the research table of bench/ai.md.

    python bench/research/evaluation_duel.py --games 200 --seed 500 follower=6
    python bench/research/evaluation_duel.py --games 200 --seed 3000 follower=60 \\
        --against follower=40,supply_decay=0.8
    python bench/research/evaluation_duel.py --games 200 --seed 4000 \\
        follower=3 supply_decay=0.7 follower_horizon=10 locked_decay=1 turn_cap=0  # before 2026-11-23
    python bench/research/evaluation_duel.py --games 60 --seed 9000 --expansions $ALL \\
        --against wheel_crown_wait=0 weak_apart=1  # an expansion's switch, see below

Besides the fields of `Weights`, the names are the expansions' switches
(`SWITCH` in ai/expansions/<id>.py; 0 turns a term's newer valuation off).
The variant is registered as a computer level for this process only, and the
games are played and reported by `carcassonne selfplay`'s own code (a line
per game on stderr, wins and margins with 95% intervals), then the mean
followers in supply of each side at its own turns 8/16/24/32. A variant only
earns a place in `Weights` after it wins over 1000+ games and every target of
issue 5 is measured again with it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import field, fields, make_dataclass
from pathlib import Path

from carcassonne_desktop.ai import expansions as expansions_package
from carcassonne_desktop.ai.expansions import discover
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.ai.levels import LEVELS, Level
from carcassonne_desktop.ai.selfplay import format_text, run
from carcassonne_desktop.ai.weights import Weights

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from supply_turns import format_supply, load_dir, mean_supply  # noqa: E402

VARIANT = "variant"
BASELINE = "baseline"


def expansion_switches() -> set[str]:
    """The names of the expansions' switches (a module-level `SWITCH` of
    ai/expansions/<id>.py, read from the weights: 0 turns a term's new
    valuation off, for measurements)."""
    discover()
    prefix = expansions_package.__name__ + "."
    return {module.SWITCH for name, module in list(sys.modules.items())
            if name.startswith(prefix) and isinstance(getattr(module, "SWITCH", None), str)}


def parse_weights(pairs: list[str]) -> Weights:
    known = {f.name for f in fields(Weights) if f.type in ("float", float)}
    switches = expansion_switches()
    values: dict[str, float] = {}
    extra: dict[str, float] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in known | switches or not value:
            raise SystemExit(f"unknown weight {pair!r} (known: {', '.join(sorted(known | switches))})")
        (values if name in known else extra)[name] = float(value)
    if not extra:
        return Weights(**values)  # type: ignore[arg-type]
    with_switches = make_dataclass(
        "WeightsWithSwitches", [(name, float, field(default=v)) for name, v in extra.items()],
        bases=(Weights,), frozen=True)
    return with_switches(**values)  # type: ignore[no-any-return]


def register(name: str, weights: Weights) -> None:
    LEVELS[name] = Level(name, lambda seed: MediumPlayer(seed, weights),
                         {"fr": name, "en": name}, {"fr": "", "en": ""}, listed=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", nargs="+", help="name=value pairs of Weights")
    parser.add_argument("--against", default="",
                        help="the opponent's name=value pairs, comma-separated "
                        "(default: today's medium)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--expansions", default="base", help="comma-separated ids")
    parser.add_argument("--records", type=Path, default=None,
                        help="keep the game records here (default: a temporary folder)")
    args = parser.parse_args(argv)
    register(VARIANT, parse_weights(args.weights))
    opponent = "medium"
    if args.against:
        register(BASELINE, parse_weights([p for p in args.against.split(",") if p]))
        opponent = BASELINE
    expansions = tuple(e for e in args.expansions.split(",") if e)
    # One process: worker processes would not know the variant level.
    with tempfile.TemporaryDirectory() as scratch:
        records = args.records or Path(scratch)
        records.mkdir(parents=True, exist_ok=True)
        result = run([VARIANT, opponent], expansions, args.games, args.seed, records,
                     progress=True)
        print(format_text(result))
        # Followers kept, from the same games (issue 12).
        print(format_supply(mean_supply(load_dir(records))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

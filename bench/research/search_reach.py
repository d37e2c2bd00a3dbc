"""How far `hard`'s search gets in its budget with given settings, decision
by decision, on fixed positions (issue 30): the rounds played, whether it
reached `min_rounds`, gave up, or overruled the root's best.

    python bench/research/search_reach.py [--expansions all|base|ids]
        [--seeds 1-3] [--stops 20,40,60,80,100] [--workers 2]
        --variant "cap_answers=True" --variant "cap_answers=True share_rankings=True"
        [--json FILE]

Positions: `medium`'s untimed play (two players). Every variant decides
every position with hard's own budget in CPU seconds (a busy machine
searches as an idle one; its helper process, with `--workers 2`, gets its
own CPU seconds), the same player seed for every variant. A variant is
name=value pairs of `HardPlayer`'s settings (product settings otherwise).
A game series says what the settings are worth; this says, in minutes, what
they do to the search.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from carcassonne_desktop.ai.deadline import use_cpu_clock
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.stats import wilson_interval
from carcassonne_desktop.engine import Game

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from next_tile_spread import positions  # noqa: E402  (scripts beside this one)
from think_seconds import position_settings, run_study  # noqa: E402


def variant_player(settings: str, seed: int, workers: int) -> HardPlayer:
    """A hard player with `settings` ("name=value name=value") on the instance."""
    player = HardPlayer(seed, workers=workers)
    for setting in settings.split():
        name, _, value = setting.partition("=")
        kind = type(getattr(HardPlayer, name))  # AttributeError names a bad setting
        setattr(player, name, value == "True" if kind is bool else kind(value))
    return player


def study(seed: int, placed: int, game: Game, variants: list[str], workers: int
          ) -> dict[str, object]:
    row: dict[str, object] = {"seed": seed, "placed": placed}
    for number, settings in enumerate(variants):
        player = variant_player(settings, seed * 1000 + placed, workers)
        started = time.process_time()
        player.choose(game)
        stats = player.last_stats
        row[f"v{number}"] = {
            "cpu": round(time.process_time() - started, 3),
            "searched": int(stats.get("candidates", 1) > 1),
            "samples": int(stats.get("samples", 0)),
            "reached": int(stats.get("reached", 0)),
            "given_up": int(stats.get("given_up", 0)),
            "overruled": int(stats.get("chosen", 0) != 0),
            "answer_turns": int(stats.get("answer_turns", 0)),
        }
    return row


def summarise(rows: list[dict[str, object]], variants: list[str]) -> dict[str, object]:
    out: dict[str, object] = {"positions": len(rows)}
    for number, settings in enumerate(variants):
        mine = [r[f"v{number}"] for r in rows]
        searched = [m for m in mine if m["searched"]]  # type: ignore[index]
        reached = sum(m["reached"] for m in searched)  # type: ignore[index]
        low, high = wilson_interval(reached, len(searched)) if searched else (0.0, 0.0)
        out[settings or "product"] = {
            "searched": len(searched),
            "reached": reached, "reached_ci95": [round(low, 3), round(high, 3)],
            "given_up": sum(m["given_up"] for m in searched),  # type: ignore[index]
            "overruled": sum(m["overruled"] for m in searched),  # type: ignore[index]
            "samples_p50": statistics.median(m["samples"] for m in searched)  # type: ignore[index]
            if searched else None,
            "cpu_p50": statistics.median(m["cpu"] for m in searched)  # type: ignore[index]
            if searched else None,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expansions", default="all")
    parser.add_argument("--seeds", default="1-3")
    parser.add_argument("--stops", default="20,40,60,80,100")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variant", action="append", default=None,
                        help='"name=value ..." of HardPlayer; repeat for each variant')
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    variants = args.variant or [""]
    try:
        expansions, seeds, stops = position_settings(args.expansions, args.seeds, args.stops)
        for settings in variants:
            variant_player(settings, 0, 1)
    except (ValueError, KeyError, AttributeError) as error:
        print(f"search_reach: bad argument: {error}", file=sys.stderr)
        return 2
    use_cpu_clock(True)
    return run_study("search_reach", positions(expansions, seeds, stops, "medium"),
                     lambda seed, placed, game: study(seed, placed, game, variants, args.workers),
                     lambda rows: summarise(rows, variants), args.json)


if __name__ == "__main__":
    raise SystemExit(main())

"""`carcassonne selfplay`: computer players against each other on duplicate
deals, for measuring strength and speed.

Every deal (tile order from one seed) is played once per seat rotation, so
with two players both seat orders see exactly the same tiles: luck of the
draw cancels out and fewer games are needed. Bad arguments end with one line
on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carcassonne_desktop.ai.levels import LEVELS, create_player
from carcassonne_desktop.ai.stats import mean, mean_interval, percentile, wilson_interval
from carcassonne_desktop.engine import (
    EngineError,
    Game,
    GameRecord,
    GameSetup,
    PlayerSetup,
    Rules,
    registry,
)
from carcassonne_desktop.engine.actions import PlaceTile

COLORS = ("red", "blue", "green", "yellow", "black", "purple", "orange", "gray")


class SelfplayUsageError(ValueError):
    """An argument of `carcassonne selfplay` that makes no sense."""


@dataclass
class Tally:
    """Everything measured for one entrant (one position of --players)."""

    label: str
    level: str
    games: int = 0
    wins: int = 0
    ties: int = 0
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    place_times: list[float] = field(default_factory=list)

    def report(self) -> dict[str, Any]:
        rate = (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0
        low, high = wilson_interval(self.wins + 0.5 * self.ties, self.games)
        times = sorted(self.times)
        place = sorted(self.place_times)
        margin_low, margin_high = mean_interval(self.margins)
        return {
            "player": self.label,
            "level": self.level,
            "games": self.games,
            "wins": self.wins,
            "ties": self.ties,
            "win_rate": round(rate, 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(mean(self.scores), 2),
            "mean_margin": round(mean(self.margins), 2),
            "mean_margin_ci95": [round(margin_low, 2), round(margin_high, 2)],
            "decisions": len(times),
            "time_p50": round(percentile(times, 0.5), 4),
            "time_p95": round(percentile(times, 0.95), 4),
            "time_max": round(times[-1], 4) if times else 0.0,
            "place_time_p50": round(percentile(place, 0.5), 4),
            "place_time_p95": round(percentile(place, 0.95), 4),
        }


def parse_arguments(args: argparse.Namespace) -> tuple[list[str], tuple[str, ...], int, int]:
    """Checked (levels, expansions, games, seed); SelfplayUsageError otherwise."""
    levels = [p.strip() for p in str(args.players or "").split(",") if p.strip()]
    levels = [p[3:] if p.startswith("ai:") else p for p in levels]
    if not 2 <= len(levels) <= len(COLORS):
        raise SelfplayUsageError(f"--players needs 2 to {len(COLORS)} levels, e.g. medium,random")
    unknown = [p for p in levels if p not in LEVELS]
    if unknown:
        raise SelfplayUsageError(
            f"unknown level {unknown[0]!r} (known: {', '.join(LEVELS)})"
        )
    games = args.games
    if not isinstance(games, int) or games < 1:
        raise SelfplayUsageError(f"--games must be at least 1, got {games}")
    expansions = tuple(e.strip() for e in str(args.expansions or "base").split(",") if e.strip())
    known = registry()
    bad = [e for e in expansions if e not in known]
    if bad:
        raise SelfplayUsageError(
            f"unknown expansion {bad[0]!r} (known: {', '.join(known)})"
        )
    seed = args.seed if isinstance(args.seed, int) else 1
    return levels, expansions or ("base",), games, seed


def labels_for(levels: list[str]) -> list[str]:
    """Entrant names; a level entered twice becomes "medium#1", "medium#2"."""
    out = []
    for index, level in enumerate(levels):
        if levels.count(level) > 1:
            out.append(f"{level}#{levels[:index + 1].count(level)}")
        else:
            out.append(level)
    return out


def play_game(
    setup: GameSetup, rules: Rules, entrants: list[int], tallies: list[Tally], seeds: list[int]
) -> Game:
    """One game; seat s is played by entrant entrants[s]."""
    game = Game(setup, rules)
    players = [create_player(tallies[e].level, seed=seeds[s]) for s, e in enumerate(entrants)]
    clock = time.perf_counter
    while not game.is_over:
        seat = game.current
        placing = game.phase == "place_tile"
        start = clock()
        action = players[seat].choose(game)
        spent = clock() - start
        tally = tallies[entrants[seat]]
        tally.times.append(spent)
        if placing and isinstance(action, PlaceTile):
            tally.place_times.append(spent)
        game.apply(action)
    return game


def run(levels: list[str], expansions: tuple[str, ...], games: int, seed: int,
        records: Path | None, progress: bool) -> dict[str, Any]:
    labels = labels_for(levels)
    tallies = [Tally(label, level) for label, level in zip(labels, levels)]
    rules_box: list[Rules] = []
    started = time.perf_counter()
    played = 0
    try:
        for index in range(games):
            _play_one(index, levels, labels, tallies, expansions, seed, records, progress,
                      games, rules_box)
            played += 1
    except KeyboardInterrupt:  # Ctrl-C: report the games finished so far
        print(f"interrupted after {played} games", file=sys.stderr)
    return {
        "selfplay": {"players": levels, "games": played, "requested": games, "seed": seed,
                     "expansions": list(expansions),
                     "seconds": round(time.perf_counter() - started, 1)},
        "results": [t.report() for t in tallies],
    }


def _play_one(
    index: int, levels: list[str], labels: list[str], tallies: list[Tally],
    expansions: tuple[str, ...], seed: int, records: Path | None, progress: bool, games: int,
    rules_box: list[Rules],
) -> None:
    """Game number `index` of the series: its deal, its seat rotation, its tallies."""
    count = len(levels)
    deal, rotation = divmod(index, count)
    entrants = [(seat + rotation) % count for seat in range(count)]
    setup = GameSetup(
        players=tuple(
            PlayerSetup(f"{labels[e]} ({seat + 1})", COLORS[seat], f"ai:{levels[e]}")
            for seat, e in enumerate(entrants)
        ),
        expansions=expansions,
        seed=seed + deal,
    )
    if not rules_box:
        rules_box.append(Rules(setup))
    rules = rules_box[0]
    clock_before = [sum(t.place_times) for t in tallies]
    seeds = [(seed * 7_919 + index * 31 + seat) & 0xFFFFFFFF for seat in range(count)]
    game = play_game(setup, rules, entrants, tallies, seeds)
    best = max(game.scores)
    for seat, e in enumerate(entrants):
        tally = tallies[e]
        score = game.scores[seat]
        others = [s for i, s in enumerate(game.scores) if i != seat]
        tally.games += 1
        tally.scores.append(score)
        tally.margins.append(score - max(others))
        if score == best:
            if game.scores.count(best) > 1:
                tally.ties += 1
            else:
                tally.wins += 1
    if records is not None:
        path = records / f"game-{index + 1:04d}-seed{seed + deal}.json"
        path.write_text(GameRecord.from_game(game).dumps(), encoding="utf-8")
    if progress:
        seats = ", ".join(f"{labels[e]} {s}" for e, s in zip(entrants, game.scores))
        spent = ", ".join(
            f"{t.label} {sum(t.place_times) - before:.1f}s"
            for t, before in zip(tallies, clock_before)
        )
        print(f"game {index + 1}/{games} (seed {seed + deal}): {seats} "
              f"[placement time: {spent}; slowest so far: "
              + ", ".join(f"{t.label} {max(t.times, default=0):.2f}s" for t in tallies)
              + "]", file=sys.stderr, flush=True)


def format_text(result: dict[str, Any]) -> str:
    info = result["selfplay"]
    lines = [
        f"{info['games']} games, seed {info['seed']}, expansions {','.join(info['expansions'])}, "
        f"seats rotated on duplicate deals, {info['seconds']} s"
    ]
    for r in result["results"]:
        low, high = r["win_rate_ci95"]
        mlow, mhigh = r["mean_margin_ci95"]
        lines.append(
            f"  {r['player']:<10} wins {r['wins']:>4} ties {r['ties']:>3} "
            f"= {100 * r['win_rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)  "
            f"score {r['mean_score']:.1f}  margin {r['mean_margin']:+.1f} "
            f"({mlow:+.1f}..{mhigh:+.1f})  "
            f"time/decision p50 {r['time_p50']:.3f}s p95 {r['time_p95']:.3f}s "
            f"max {r['time_max']:.3f}s (placements p50 {r['place_time_p50']:.3f}s "
            f"p95 {r['place_time_p95']:.3f}s)"
        )
    return "\n".join(lines)


def run_selfplay(args: argparse.Namespace) -> int:
    """Entry point of `carcassonne selfplay`; returns the exit status."""
    try:
        levels, expansions, games, seed = parse_arguments(args)
    except SelfplayUsageError as exc:
        print(f"carcassonne selfplay: error: {exc}", file=sys.stderr)
        return 2
    records = Path(args.records) if getattr(args, "records", None) else None
    try:
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
        result = run(levels, expansions, games, seed, records,
                     progress=not getattr(args, "json", False))
    except (OSError, EngineError) as exc:
        print(f"carcassonne selfplay: error: {exc}", file=sys.stderr)
        return 1
    if getattr(args, "json", False):
        print(json.dumps(result, indent=1))
    else:
        print(format_text(result))
    return 0

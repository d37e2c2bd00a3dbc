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
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carcassonne_desktop.ai import parallel
from carcassonne_desktop.ai.deadline import cpu_clock, use_cpu_clock
from carcassonne_desktop.ai.deadline import now as deadline_clock
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
from carcassonne_desktop.engine.setup import PLAYER_COLOURS

COLORS = PLAYER_COLOURS  # the palette's: every record self-play writes can be loaded


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


def parse_budget(args: argparse.Namespace) -> float | None:
    """The --budget in seconds per decision (None: each level's own)."""
    budget = getattr(args, "budget", None)
    if budget is None:
        return None
    if not isinstance(budget, (int, float)) or not 0.01 <= budget <= 600:
        raise SelfplayUsageError(f"--budget must be between 0.01 and 600 seconds, got {budget}")
    return float(budget)


def parse_arguments(
    args: argparse.Namespace,
) -> tuple[list[str], tuple[str, ...], int, int, int]:
    """Checked (levels, expansions, games, seed, jobs); SelfplayUsageError otherwise."""
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
    jobs = getattr(args, "jobs", 1)
    if not isinstance(jobs, int) or not 1 <= jobs <= 64:
        raise SelfplayUsageError(f"--jobs must be between 1 and 64, got {jobs}")
    return levels, expansions or ("base",), games, seed, jobs


def labels_for(levels: list[str]) -> list[str]:
    """Entrant names; a level entered twice becomes "medium#1", "medium#2"."""
    out = []
    for index, level in enumerate(levels):
        if levels.count(level) > 1:
            out.append(f"{level}#{levels[:index + 1].count(level)}")
        else:
            out.append(level)
    return out


@dataclass(frozen=True)
class GameOutcome:
    """What one game of the series produced; plain data, so it can come back
    from a worker process."""

    index: int
    seed: int
    entrants: list[int]
    scores: list[int]
    #: Per entrant: seconds per decision, and per tile placement.
    times: list[list[float]]
    place_times: list[list[float]]
    record: str


def play_game(
    setup: GameSetup, rules: Rules, entrants: list[int], levels: list[str], seeds: list[int],
    budget: float | None = None,
) -> tuple[Game, list[list[float]], list[list[float]]]:
    """One game; seat s is played by entrant entrants[s], every decision with
    `budget` seconds (None: the level's own). Returns the final position and
    the decision times per entrant."""
    game = Game(setup, rules)
    players = [create_player(levels[e], seed=seeds[s]) for s, e in enumerate(entrants)]
    times: list[list[float]] = [[] for _ in levels]
    place_times: list[list[float]] = [[] for _ in levels]
    clock = deadline_clock  # CPU seconds with --cpu-clock: what an idle machine would take
    while not game.is_over:
        seat = game.deciding_player
        placing = game.pending_kind == "place_tile"
        start = clock()
        action = players[seat].choose(game, budget)
        spent = clock() - start
        times[entrants[seat]].append(spent)
        if placing and isinstance(action, PlaceTile):
            place_times[entrants[seat]].append(spent)
        game.apply(action)
    return game, times, place_times


_rules_cache: dict[tuple[str, ...], Rules] = {}


def play_indexed_game(
    index: int, levels: list[str], labels: list[str], expansions: tuple[str, ...], seed: int,
    budget: float | None = None,
) -> GameOutcome:
    """Game number `index` of the series: its deal (seed + index // players)
    and its seat rotation (index % players), so the same arguments always
    give the same games whichever process plays them."""
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
    rules = _rules_cache.get(expansions)
    if rules is None:
        rules = _rules_cache[expansions] = Rules(setup)
    seeds = [(seed * 7_919 + index * 31 + seat) & 0xFFFFFFFF for seat in range(count)]
    game, times, place_times = play_game(setup, rules, entrants, levels, seeds, budget)
    return GameOutcome(index, seed + deal, entrants, list(game.scores), times, place_times,
                       GameRecord.from_game(game).dumps())


def _single_core_worker() -> None:
    """Worker processes of `--jobs` share the cores between games, so a
    computer player inside one must not start helpers of its own. Ctrl-C is
    the main process's to handle (it stops the workers); a worker dying of
    it would print a traceback per process."""
    if not cpu_clock():  # with CPU budgets sharing the cores costs no strength
        os.environ[parallel.CORES_VARIABLE] = "1"
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _outcomes(
    levels: list[str], labels: list[str], expansions: tuple[str, ...], games: int, seed: int,
    jobs: int, budget: float | None = None,
) -> Iterator[GameOutcome]:
    if jobs <= 1:
        for index in range(games):
            yield play_indexed_game(index, levels, labels, expansions, seed, budget)
        return
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_single_core_worker)
    finished = False
    try:
        pending = [
            pool.submit(play_indexed_game, index, levels, labels, expansions, seed, budget)
            for index in range(games)
        ]
        for future in as_completed(pending):
            yield future.result()
        finished = True
    finally:
        if not finished:  # interrupted: games in progress are abandoned
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=finished, cancel_futures=True)


def run(levels: list[str], expansions: tuple[str, ...], games: int, seed: int,
        records: Path | None, progress: bool, jobs: int = 1,
        budget: float | None = None) -> dict[str, Any]:
    labels = labels_for(levels)
    tallies = [Tally(label, level) for label, level in zip(labels, levels)]
    # A level entered more than once is also tallied as one side (e.g.
    # hard,mcts,hard,mcts: a game is the side's when one of its seats wins).
    sides = (
        {level: Tally(f"{level} (all seats)", level) for level in levels}
        if 1 < len(set(levels)) < len(levels) else {}  # one level alone has no other side
    )
    started = time.perf_counter()
    played = 0
    try:
        for outcome in _outcomes(levels, labels, expansions, games, seed, jobs, budget):
            add_outcome(tallies, outcome, records)
            add_side_outcome(sides, levels, outcome)
            played += 1
            if progress:
                print(progress_line(outcome, labels, tallies, played, games),
                      file=sys.stderr, flush=True)
    except (KeyboardInterrupt, BrokenProcessPool):  # Ctrl-C: report the games finished so far
        print(f"interrupted after {played} games", file=sys.stderr)
    return {
        "selfplay": {"players": levels, "games": played, "requested": games, "seed": seed,
                     "expansions": list(expansions), "jobs": jobs, "budget": budget,
                     "clock": "cpu" if cpu_clock() else "wall",
                     "seconds": round(time.perf_counter() - started, 1)},
        "results": [t.report() for t in tallies],
        **({"sides": [t.report() for t in sides.values()]} if sides else {}),
    }


def add_outcome(tallies: list[Tally], outcome: GameOutcome, records: Path | None) -> None:
    """Count one finished game for every entrant (and keep its record)."""
    scores = outcome.scores
    best = max(scores)
    for seat, e in enumerate(outcome.entrants):
        tally = tallies[e]
        score = scores[seat]
        others = [s for i, s in enumerate(scores) if i != seat]
        tally.games += 1
        tally.scores.append(score)
        tally.margins.append(score - max(others))
        if score == best:
            if scores.count(best) > 1:
                tally.ties += 1
            else:
                tally.wins += 1
    for tally, times, place in zip(tallies, outcome.times, outcome.place_times):
        tally.times.extend(times)
        tally.place_times.extend(place)
    if records is not None:
        path = records / f"game-{outcome.index + 1:04d}-seed{outcome.seed}.json"
        path.write_text(outcome.record, encoding="utf-8")


def add_side_outcome(sides: dict[str, Tally], levels: list[str], outcome: GameOutcome) -> None:
    """Count one game for every side (all the seats of one level): its best
    score against the best score of the other sides."""
    if not sides:
        return
    best_by_side: dict[str, int] = {}
    for seat, e in enumerate(outcome.entrants):
        level = levels[e]
        best_by_side[level] = max(best_by_side.get(level, outcome.scores[seat]),
                                  outcome.scores[seat])
    top = max(best_by_side.values())
    leaders = [level for level, score in best_by_side.items() if score == top]
    for level, tally in sides.items():
        score = best_by_side[level]
        tally.games += 1
        tally.scores.append(score)
        tally.margins.append(score - max(v for k, v in best_by_side.items() if k != level))
        if level in leaders:
            if len(leaders) > 1:
                tally.ties += 1
            else:
                tally.wins += 1
    for e, (times, place) in enumerate(zip(outcome.times, outcome.place_times)):
        sides[levels[e]].times.extend(times)
        sides[levels[e]].place_times.extend(place)


def progress_line(
    outcome: GameOutcome, labels: list[str], tallies: list[Tally], played: int, games: int
) -> str:
    """One line per finished game, enough to rebuild the tally if the run is
    stopped before the end."""
    seats = ", ".join(f"{labels[e]} {s}" for e, s in zip(outcome.entrants, outcome.scores))
    spent = ", ".join(f"{t.label} {sum(p):.1f}s" for t, p in zip(tallies, outcome.place_times))
    standing = ", ".join(f"{t.label} {t.wins + 0.5 * t.ties:g}" for t in tallies)
    return (f"game {outcome.index + 1} ({played}/{games} done, seed {outcome.seed}): {seats} "
            f"[placement time: {spent}; wins so far: {standing}; slowest so far: "
            + ", ".join(f"{t.label} {max(t.times, default=0):.2f}s" for t in tallies) + "]")


def format_text(result: dict[str, Any]) -> str:
    info = result["selfplay"]
    lines = [
        f"{info['games']} games, seed {info['seed']}, expansions {','.join(info['expansions'])}, "
        f"seats rotated on duplicate deals, {info['jobs']} at a time, {info['seconds']} s"
        + (f", {info['budget']} s per decision" if info.get("budget") is not None else "")
        + (", budgets and times in CPU seconds" if info.get("clock") == "cpu" else "")
    ]
    rows = result["results"] + result.get("sides", [])
    for r in rows:
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


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run_selfplay(args: argparse.Namespace) -> int:
    """Entry point of `carcassonne selfplay`; returns the exit status."""
    try:
        levels, expansions, games, seed, jobs = parse_arguments(args)
        budget = parse_budget(args)
    except SelfplayUsageError as exc:
        print(f"carcassonne selfplay: error: {exc}", file=sys.stderr)
        return 2
    records = Path(args.records) if getattr(args, "records", None) else None
    use_cpu_clock(bool(getattr(args, "cpu_clock", False)))
    # A run started in the background ignores Ctrl-C: `kill PID` (SIGTERM)
    # then stops it the same way, with the report of the games finished.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
        result = run(levels, expansions, games, seed, records,
                     progress=not getattr(args, "quiet", False), jobs=jobs, budget=budget)
    except (OSError, EngineError) as exc:
        print(f"carcassonne selfplay: error: {exc}", file=sys.stderr)
        return 1
    if getattr(args, "json", False):
        print(json.dumps(result, indent=1))
    else:
        print(format_text(result))
    return 0

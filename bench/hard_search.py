"""How often `hard`'s look-ahead really counts: plays a few games hard
against medium (seats swapped every game) and reports, for hard's tile
placements in the middle of the game, the share whose search completed its
`min_rounds` sampled futures (fewer can only confirm the root's best turn,
the `medium` move: see `HardPlayer._choice`), with the decision times.

    python bench/hard_search.py [--games 2] [--seed 30]
        [--expansions base | all | id,id,...] [--margin 10] [--lines FILE]
        [--scores FILE] [--cpu-clock]
    python bench/hard_search.py --report FILE | --categories FILE [FILE ...]
        [name=value ...]

`all` is every registered expansion. The middle of the game is the tile
placements from the `--margin`-th to the `--margin`-th from the last (so
neither the opening, where the ranking is cheap, nor the end, where rounds
play to the end, flatters the share). `name=value` pairs set `HardPlayer`
attributes, as in bench/research/level_variant.py. Works on any revision
whose `HardPlayer.last_stats` counts its `samples` (run an old checkout with
PYTHONPATH=that checkout): that is how the BEFORE figures of bench/ai.md
were taken. `--lines FILE` appends one JSON line per hard decision, as it
comes (a run stopped mid-game still leaves a partial `--report FILE`).
`mid_shallow` counts the searches whose rounds looked fewer own turns ahead
than `HardPlayer.own_turns` (`shallow_when_short=True`). `--scores FILE`
appends one JSON line per finished game (deal, hard's seat, both scores,
both breakdowns by category and the game's record, to replay); `--categories FILE` reports from such a
FILE (or several, pooled) hard's wins with their 95% interval, its mean
margin over medium, and where that margin comes from: the mean difference
per scoring category with its 95% interval over the games.

On a shared machine compare shares and ratios, not seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from carcassonne_desktop.ai.deadline import now, use_cpu_clock
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.levels import create_player
from carcassonne_desktop.ai.stats import mean, mean_interval, percentile, wilson_interval
from carcassonne_desktop.engine import Game, GameSetup, PlayerSetup, Rules, registry
from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.record import GameRecord
from carcassonne_desktop.engine.setup import PLAYER_COLOURS

sys.path.insert(0, str(Path(__file__).resolve().parent / "research"))
from level_variant import apply_settings  # noqa: E402


@dataclass
class Decision:
    """One tile placement of hard: where in its game, what the search did."""

    game: int
    placement: int  # tile placements before it in its game
    seconds: float
    candidates: int
    samples: int
    given_up: bool
    reached: bool  # the search completed `min_rounds` futures
    chosen: int = 0  # the candidate played: 0 the root's best (older lines have none)
    own_turns: int | None = None  # the depth of the decision's rounds (older code: none)


@dataclass
class Series:
    decisions: list[Decision] = field(default_factory=list)
    placements: dict[int, int] = field(default_factory=dict)  # game -> placements in all
    hard_points: list[int] = field(default_factory=list)
    medium_points: list[int] = field(default_factory=list)


def expansions_of(text: str) -> tuple[str, ...]:
    known = registry()
    if text == "all":
        return tuple(known)
    ids = tuple(e.strip() for e in text.split(",") if e.strip())
    bad = [e for e in ids if e not in known]
    if bad:
        raise SystemExit(f"unknown expansion {bad[0]!r} (known: {', '.join(known)})")
    return ids


def play(index: int, expansions: tuple[str, ...], seed: int, series: Series,
         lines: Path | None = None, scores: Path | None = None) -> None:
    """Game `index`: deal seed + index // 2, hard in seat index % 2; each
    decision appended to `lines` as it comes, the game's scores to `scores`."""
    hard_seat = index % 2
    levels = ["hard", "medium"] if hard_seat == 0 else ["medium", "hard"]
    setup = GameSetup(
        players=tuple(PlayerSetup(f"{lv} ({s + 1})", PLAYER_COLOURS[s], f"ai:{lv}")
                      for s, lv in enumerate(levels)),
        expansions=expansions, seed=seed + index // 2,
    )
    game = Game(setup, Rules(setup))
    players = [create_player(lv, seed=seed * 31 + index * 2 + s) for s, lv in enumerate(levels)]
    hard = players[hard_seat]
    assert isinstance(hard, HardPlayer)
    placement = 0
    while not game.is_over:
        seat = game.deciding_player
        placing = game.pending_kind == "place_tile"
        hard.last_stats = {}
        start = now()
        action = players[seat].choose(game, None)
        spent = now() - start
        if seat == hard_seat and placing and isinstance(action, PlaceTile):
            stats = hard.last_stats
            samples = stats.get("samples", 0)
            series.decisions.append(Decision(
                index, placement, spent, stats.get("candidates", 1), samples,
                bool(stats.get("given_up", 0)), samples >= hard.min_rounds,
                stats.get("chosen", 0), stats.get("own_turns"),
            ))
            if lines is not None:
                with lines.open("a") as out:
                    out.write(json.dumps(series.decisions[-1].__dict__) + "\n")
        if placing and isinstance(action, PlaceTile):
            placement += 1
        game.apply(action)
    series.placements[index] = placement
    series.hard_points.append(game.scores[hard_seat])
    series.medium_points.append(game.scores[1 - hard_seat])
    if scores is not None:
        with scores.open("a") as out:
            out.write(json.dumps({
                "game": index, "deal": seed + index // 2, "hard_seat": hard_seat,
                "hard": game.scores[hard_seat], "medium": game.scores[1 - hard_seat],
                "hard_breakdown": game.breakdown[hard_seat],
                "medium_breakdown": game.breakdown[1 - hard_seat],
                # the whole game, to replay: who did what (the crown's
                # followers, the farmers...) is asked of the records later
                "record": GameRecord.from_game(game).to_json(),
            }) + "\n")


def categories(paths: list[Path]) -> dict[str, object]:
    """Hard against medium over the games of `--scores` FILEs (several
    series pooled): wins (a tie counts half) with their 95% interval, the
    mean margin, and the margin split by scoring category: per category
    the mean of (hard's points - medium's) and its 95% interval, largest
    mean gap first."""
    games = [json.loads(line) for path in paths
             for line in path.read_text().splitlines() if line.strip()]
    if not games:
        raise SystemExit(f"{', '.join(map(str, paths))}: no game in it")
    names = sorted({name for g in games for side in ("hard_breakdown", "medium_breakdown")
                    for name in g[side]})
    rows = {name: mean_and_interval([g["hard_breakdown"].get(name, 0)
                                  - g["medium_breakdown"].get(name, 0) for g in games])
            for name in names}
    wins = sum(1.0 if g["hard"] > g["medium"] else 0.5 if g["hard"] == g["medium"] else 0.0
               for g in games)
    low, high = wilson_interval(wins, len(games))
    return {"games": len(games), "hard_wins": wins,
            "hard_share": round(wins / len(games), 3), "ci95": [round(low, 3), round(high, 3)],
            "margin": mean_and_interval([g["hard"] - g["medium"] for g in games]),
            "categories": dict(sorted(rows.items(), key=lambda item: -abs(item[1]["mean"])))}


def mean_and_interval(values: list[int]) -> dict[str, object]:
    """The mean and its 95% interval (the mean twice for a single value)."""
    low, high = mean_interval(values)
    return {"mean": round(mean(values), 2), "ci95": [round(low, 2), round(high, 2)]}


def load_lines(path: Path) -> Series:
    """The decisions a run wrote with --lines (the games' lengths from their
    last placements: a game ends on hard's or the other player's; scores
    are not in the lines)."""
    series = Series()
    for line in path.read_text().splitlines():
        decision = Decision(**json.loads(line))
        series.decisions.append(decision)
        series.placements[decision.game] = max(series.placements.get(decision.game, 0),
                                               decision.placement + 2)
    return series


def middle(series: Series, margin: int) -> list[Decision]:
    return [d for d in series.decisions
            if margin <= d.placement < series.placements[d.game] - margin]


def report(series: Series, margin: int) -> dict[str, object]:
    mid = middle(series, margin)
    searched = [d for d in mid if d.candidates > 1]
    # rounds played shallower than the configured look-ahead (`shallow_when_short`)
    shallow = [d for d in searched
               if d.samples and d.own_turns is not None and d.own_turns < HardPlayer.own_turns]
    reached = sum(d.reached for d in searched)
    low, high = wilson_interval(reached, len(searched))
    times = sorted(d.seconds for d in series.decisions)
    mid_times = sorted(d.seconds for d in mid)
    wins = sum(h > m for h, m in zip(series.hard_points, series.medium_points))
    ties = sum(h == m for h, m in zip(series.hard_points, series.medium_points))
    return {
        "games": len(series.placements),
        "hard_wins": wins + 0.5 * ties,
        "mid_placements": len(mid),
        "mid_searched": len(searched),
        "mid_reached": reached,
        "mid_reached_share": round(reached / len(searched), 3) if searched else None,
        "mid_reached_ci95": [round(low, 3), round(high, 3)],
        "mid_given_up": sum(d.given_up for d in searched),
        # no round at all and not given up: the root ranking used the budget
        "mid_ranking_only": sum(d.samples == 0 and not d.given_up for d in searched),
        "mid_some_rounds": sum(d.samples > 0 for d in searched),
        # the look-ahead overruled the root's best turn (what medium would play)
        "mid_overruled": sum(d.chosen != 0 for d in searched),
        "mid_shallow": len(shallow),
        "mid_shallow_reached": sum(d.reached for d in shallow),
        "mid_shallow_overruled": sum(d.chosen != 0 for d in shallow),
        "mid_samples_p50": percentile(sorted(d.samples for d in searched), 0.5),
        "mid_candidates_p50": percentile(sorted(d.candidates for d in searched), 0.5),
        "place_p50": round(percentile(times, 0.5), 3),
        "place_p95": round(percentile(times, 0.95), 3),
        "mid_place_p50": round(percentile(mid_times, 0.5), 3),
        "mid_place_p95": round(percentile(mid_times, 0.95), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--expansions", default="base")
    parser.add_argument("--margin", type=int, default=10)
    parser.add_argument("--lines", type=Path)
    parser.add_argument("--report", type=Path, help="only report the --lines of FILE")
    parser.add_argument("--scores", type=Path, help="append each game's scores to FILE")
    parser.add_argument("--categories", type=Path, nargs="+", metavar="FILE",
                        help="only report hard's wins and gap by category from --scores FILEs")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="budgets in CPU seconds: a busy machine searches as an idle one")
    parser.add_argument("settings", nargs="*", help="name=value of HardPlayer")
    args = parser.parse_intermixed_args(argv)
    apply_settings(HardPlayer, args.settings)
    use_cpu_clock(args.cpu_clock)
    if args.report:
        print(json.dumps(report(load_lines(args.report), args.margin), indent=1))
        return 0
    if args.categories:
        print(json.dumps(categories(args.categories), indent=1))
        return 0
    expansions = expansions_of(args.expansions)
    series = Series()
    for index in range(args.games):
        play(index, expansions, args.seed, series, args.lines, args.scores)
        print(f"game {index + 1}/{args.games}: hard {series.hard_points[-1]} "
              f"medium {series.medium_points[-1]}", file=sys.stderr, flush=True)
    print(json.dumps(report(series, args.margin), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

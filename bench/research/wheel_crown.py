"""The crown's worth for `medium`, before and after 2026-11-24: how many
followers each keeps in supply with the Wheel of Fortune, and which is
stronger, on the same seat-swapped duplicate deals as `carcassonne selfplay`.

    python bench/research/wheel_crown.py play --games 100 --seed 900 --part 0/2 --out a.jsonl
    python bench/research/wheel_crown.py play --games 100 --seed 900 --part 1/2 --out b.jsonl
    python bench/research/wheel_crown.py report a.jsonl b.jsonl

`after` is today's `medium`; `before` is `medium` with the crown valued the
old way (the chance of a stop times the points plus a flat quarter of the
first follower in supply), swapped in for its own decisions only. `play`
writes a line per game (scores, seats, followers in supply at the player's
own turns 8, 16 and 24); `report` adds the lines up: wins with 95% intervals
(`carcassonne selfplay`'s statistics) and mean followers in supply.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.expansions import wheel_of_fortune as term
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.ai.levels import LEVELS, Level
from carcassonne_desktop.ai.selfplay import (
    GameOutcome,
    Tally,
    add_outcome,
    play_indexed_game,
)
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.expansions.wheel_of_fortune import WHEEL, crown_points, wheel_data

LEVEL_NAMES = ("after", "before")
TURNS = (8, 16, 24)
#: The old model: what a follower back from the crown was worth, as a share
#: of the first follower in supply, whatever the wait.
RETURN_SHARE = 0.25


def crown_before(evaluator: Evaluator, game: Game, start: int,
                 icons: tuple[int, int, int]) -> list[float]:
    """The crown as valued before 2026-11-24 (the baseline of the measure)."""
    data = wheel_data()
    hit, _ = term.pig_outlook(start, icons)
    back = RETURN_SHARE * evaluator.weights.follower
    worth = [0.0] * game.num_players
    for index, section in enumerate(data.sections):
        slots = data.crowns[section]
        present = [who for slot in slots for who in game.area_figures.get((WHEEL, slot), ())]
        for player, _ in present:
            worth[player] += hit[index] * (crown_points(len(slots), len(present)) + back)
    return worth


class Recorder(MediumPlayer):
    """`medium` that notes its followers in supply (and on the crown) at the
    start of its own turns 8, 16 and 24, with the crown valued by `model`."""

    made: list[Recorder] = []

    def __init__(self, seed: int | None, model: str) -> None:
        super().__init__(seed)
        self.model = model
        self.turns = 0
        self.seen_turn = -1
        self.trace: list[tuple[int, int, int]] = []
        Recorder.made.append(self)

    def choose(self, game: Game, budget: float | None = None, cancel: Any = None) -> Action:
        seat = game.deciding_player
        if game.pending_kind == "place_tile" and game.turn != self.seen_turn:
            self.seen_turn = game.turn
            self.turns += 1
            if self.turns in TURNS:
                crowned = sum(1 for (area, _), held in game.area_figures.items() if area == WHEEL
                              for player, _ in held if player == seat)
                self.trace.append((self.turns, game.supply[seat].get("follower", 0), crowned))
        return super().choose(game, budget, cancel)

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        if self.model == "after":
            return super().decide(game, legal, deadline)
        today = term.crown_worth
        term.crown_worth = crown_before  # type: ignore[assignment]
        try:
            return super().decide(game, legal, deadline)
        finally:
            term.crown_worth = today  # type: ignore[assignment]


def register() -> None:
    for name in LEVEL_NAMES:
        LEVELS[name] = Level(name, lambda seed, name=name: Recorder(seed, name),
                             {"fr": name, "en": name}, {"fr": "", "en": ""}, listed=False)


def play(args: argparse.Namespace) -> int:
    register()
    part, parts = (int(n) for n in args.part.split("/"))
    expansions = tuple(e for e in args.expansions.split(",") if e)
    levels = list(LEVEL_NAMES)
    with open(args.out, "a", encoding="utf-8") as out:
        for index in range(args.games):
            if index % parts != part:
                continue
            Recorder.made.clear()
            outcome = play_indexed_game(index, levels, levels, expansions, args.seed)
            line = {k: v for k, v in asdict(outcome).items() if k != "record"}
            line["supply"] = {p.model: p.trace for p in Recorder.made}
            out.write(json.dumps(line) + "\n")
            out.flush()
            print(f"game {index}: {dict(zip([levels[e] for e in outcome.entrants], outcome.scores))}"
                  f" supply {line['supply']}", file=sys.stderr, flush=True)
    return 0


def report(args: argparse.Namespace) -> int:
    tallies = [Tally(name, name) for name in LEVEL_NAMES]
    supply: dict[str, dict[int, list[tuple[int, int]]]] = {n: {t: [] for t in TURNS}
                                                           for n in LEVEL_NAMES}
    for path in args.files:
        for text in Path(path).read_text(encoding="utf-8").splitlines():
            line = json.loads(text)
            traces = line.pop("supply")
            add_outcome(tallies, GameOutcome(**line, record=""), None)
            for name, trace in traces.items():
                for turn, held, crowned in trace:
                    supply[name][turn].append((held, crowned))
    for tally in tallies:
        r = tally.report()
        low, high = r["win_rate_ci95"]
        mlow, mhigh = r["mean_margin_ci95"]
        print(f"{r['player']:<7} {r['games']} games, wins {r['wins']} ties {r['ties']} = "
              f"{100 * r['win_rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
              f"score {r['mean_score']:.1f}, margin {r['mean_margin']:+.1f} "
              f"({mlow:+.1f}..{mhigh:+.1f}), placements p50 {r['place_time_p50']:.3f}s")
    for name in LEVEL_NAMES:
        cells = []
        for turn in TURNS:
            seen = supply[name][turn]
            if seen:
                held = sum(h for h, _ in seen) / len(seen)
                crowned = sum(c for _, c in seen) / len(seen)
                empty = sum(1 for h, _ in seen if h == 0)
                cells.append(f"turn {turn}: {held:.2f} in supply, {crowned:.2f} on the crown, "
                             f"none left in {empty}/{len(seen)}")
        print(f"{name:<7} " + "; ".join(cells))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("play", help="play games, a JSON line each")
    run.add_argument("--games", type=int, default=100)
    run.add_argument("--seed", type=int, default=900)
    run.add_argument("--part", default="0/1", help="k/m: play the games whose index is k mod m")
    run.add_argument("--expansions", default="base,wheel_of_fortune")
    run.add_argument("--out", required=True)
    run.set_defaults(handler=play)
    tally = commands.add_parser("report", help="add up the lines of `play`")
    tally.add_argument("files", nargs="+")
    tally.set_defaults(handler=report)
    args = parser.parse_args(argv)
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())

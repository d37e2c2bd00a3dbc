"""The crown's worth for `medium` with the Wheel of Fortune: a variant of
the valuation against today's, on the same seat-swapped duplicate deals as
`carcassonne selfplay`, counting the followers each keeps in supply.

    python bench/research/wheel_crown.py play --variant share --games 100 --seed 900 \\
        --part 0/2 --out a.jsonl
    python bench/research/wheel_crown.py play --variant share --games 100 --seed 900 \\
        --part 1/2 --out b.jsonl
    python bench/research/wheel_crown.py report a.jsonl b.jsonl

`medium` is today's; `variant` is `medium` with `crown_worth` of
ai/expansions/wheel_of_fortune.py swapped, for its own decisions only, for
one of the valuations below. Since 2026-11-24 (session 8) today's crown
counts the wait itself, through the evaluator's `figures_away` hook (the
`wait` valuation, folded into the core's supply series); these variants
were measured against the flat return it replaced, and their `crown_worth`
adds the return on top of today's, so they now count it twice: compare
with `evaluation_duel.py ... --against wheel_crown_wait=0` instead. Both count the crown follower's points by the
chance the pig stops on its section before the end; they differ from today's
in what the follower coming back is worth:
- `wait`: its return counted in the core's supply terms (each further
  follower worth `supply_decay` times the previous, none beyond one per turn
  left), discounted by `locked_decay` per turn of its owner until the pig's
  first stop (the k-th icon of n comes after k (left + 1) / (n + 1) draws);
- `share`: the same, discounted instead by the share of the game left when
  it comes back, 1 - k / (n + 1);
- `full`: the same, not discounted (a follower back at any time counts as
  one in supply now, by its chance of coming back).
`play` writes a line per game (scores, seats, followers in supply and on the
crown at the player's own turns 8, 16 and 24); `report` adds the lines up:
wins with 95% intervals (`carcassonne selfplay`'s statistics) and the means.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.expansions import Outlook
from carcassonne_desktop.ai.expansions import wheel_of_fortune as term
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.ai.levels import LEVELS, Level
from carcassonne_desktop.ai.selfplay import GameOutcome, Tally, add_outcome, play_indexed_game
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.expansions.wheel_of_fortune import WHEEL, crown_points, wheel_data

first_stops = term.first_stops

VARIANT, MEDIUM = "variant", "medium#today"
TURNS = (8, 16, 24)
CrownWorth = Callable[[Evaluator, Game, int, tuple[int, int, int]], list[float]]


# ------------------------------------------------------------ the variants
def effective_supply(evaluator: Evaluator, game: Game) -> list[float]:
    """Per player, what the core evaluator counts as supply: the figures held
    and those on open features by their chance of coming back, discounted by
    `locked_decay` per cell their feature waits for."""
    weights = evaluator.weights
    worth = evaluator._figure_weight
    outlook = Outlook(evaluator, game)
    out = [sum(n * worth.get(name, weights.weak_figure) for name, n in held.items())
           for held in game.supply]
    for player, figure, node in game.figures_placed:
        root = game.find(node)
        feature = game.features[root]
        if feature is not None and feature.kind != "field":
            _, chance, cells = outlook.prospects(root, feature)
            out[player] += (chance * weights.locked_decay ** len(cells)
                            * worth.get(figure, weights.weak_figure))
    return out


def supply_gain(evaluator: Evaluator, turns_left: float, effective: float, extra: float) -> float:
    """What `extra` followers on top of an `effective` supply are worth to
    the core evaluator."""
    w = evaluator.weights
    cap = w.turn_cap * turns_left if w.turn_cap > 0.0 else float("inf")
    low, high = min(effective, cap), min(effective + extra, cap)
    if high <= low:
        return 0.0
    fade = min(1.0, turns_left / w.follower_horizon)
    return fade * w.follower * (w.supply_decay**low - w.supply_decay**high) / (1.0 - w.supply_decay)


def returning(discount: Callable[[Game, Evaluator, int, int], float]) -> CrownWorth:
    """A crown valuation: the points by the chance of a stop, and the return
    by the chance of a first stop at the k-th of n icons times `discount`."""
    def crown_worth(evaluator: Evaluator, game: Game, start: int,
                    icons: tuple[int, int, int]) -> list[float]:
        data = wheel_data()
        hit, _ = term.pig_outlook(start, icons)
        firsts = first_stops(start, icons)
        count = sum(icons)
        worth = [0.0] * game.num_players
        back = [0.0] * game.num_players
        for index, section in enumerate(data.sections):
            slots = data.crowns[section]
            present = [who for slot in slots for who in game.area_figures.get((WHEEL, slot), ())]
            if not present:
                continue
            share = sum(p * discount(game, evaluator, k, count)
                        for k, p in enumerate(firsts[index], 1))
            for player, _ in present:
                worth[player] += hit[index] * crown_points(len(slots), len(present))
                back[player] += share
        if any(back):
            effective = effective_supply(evaluator, game)
            turns_left = (game.tiles_left() + sum(len(h) for h in game.hands)) / game.num_players
            for player, extra in enumerate(back):
                if extra:
                    worth[player] += supply_gain(evaluator, turns_left, effective[player], extra)
        return worth

    return crown_worth


def _per_turn_away(game: Game, evaluator: Evaluator, k: int, count: int) -> float:
    left = game.tiles_left() + sum(len(h) for h in game.hands)
    turns = k * (left + 1) / (count + 1) / game.num_players
    return float(evaluator.weights.locked_decay ** turns)


def _share_of_the_game_left(game: Game, evaluator: Evaluator, k: int, count: int) -> float:
    return 1.0 - k / (count + 1)


def _no_discount(game: Game, evaluator: Evaluator, k: int, count: int) -> float:
    return 1.0


VARIANTS: dict[str, CrownWorth] = {
    "wait": returning(_per_turn_away),
    "share": returning(_share_of_the_game_left),
    "full": returning(_no_discount),
}


# ---------------------------------------------------------------- playing
class Recorder(MediumPlayer):
    """`medium` that notes its followers in supply and on the crown at the
    start of its own turns 8, 16 and 24, with the crown valued by `worth`
    (None: today's)."""

    made: list[Recorder] = []

    def __init__(self, seed: int | None, label: str, worth: CrownWorth | None) -> None:
        super().__init__(seed)
        self.label = label
        self.worth = worth
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
        if self.worth is None:
            return super().decide(game, legal, deadline)
        today = term.crown_worth
        term.crown_worth = self.worth  # type: ignore[assignment]
        try:
            return super().decide(game, legal, deadline)
        finally:
            term.crown_worth = today  # type: ignore[assignment]


def register(variant: str) -> None:
    for label, worth in ((VARIANT, VARIANTS[variant]), (MEDIUM, None)):
        LEVELS[label] = Level(label, lambda seed, label=label, worth=worth: Recorder(seed, label, worth),
                              {"fr": label, "en": label}, {"fr": "", "en": ""}, listed=False)


def play(args: argparse.Namespace) -> int:
    register(args.variant)
    part, parts = (int(n) for n in args.part.split("/"))
    expansions = tuple(e for e in args.expansions.split(",") if e)
    levels = [VARIANT, MEDIUM]
    with open(args.out, "a", encoding="utf-8") as out:
        for index in range(args.games):
            if index % parts != part:
                continue
            Recorder.made.clear()
            outcome = play_indexed_game(index, levels, levels, expansions, args.seed)
            line = {k: v for k, v in asdict(outcome).items() if k != "record"}
            line["variant"] = args.variant
            line["supply"] = {p.label: p.trace for p in Recorder.made}
            out.write(json.dumps(line) + "\n")
            out.flush()
            print(f"game {index}: {line['supply']}", file=sys.stderr, flush=True)
    return 0


def report(args: argparse.Namespace) -> int:
    tallies = [Tally(label, label) for label in (VARIANT, MEDIUM)]
    supply: dict[str, dict[int, list[tuple[int, int]]]] = {
        label: {t: [] for t in TURNS} for label in (VARIANT, MEDIUM)}
    for path in args.files:
        for text in Path(path).read_text(encoding="utf-8").splitlines():
            line = json.loads(text)
            traces = line.pop("supply")
            line.pop("variant", None)
            add_outcome(tallies, GameOutcome(**line, record=""), None)
            for label, trace in traces.items():
                for turn, held, crowned in trace:
                    supply[label][turn].append((held, crowned))
    for tally in tallies:
        r = tally.report()
        low, high = r["win_rate_ci95"]
        mlow, mhigh = r["mean_margin_ci95"]
        print(f"{r['player']:<13} {r['games']} games, wins {r['wins']} ties {r['ties']} = "
              f"{100 * r['win_rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
              f"score {r['mean_score']:.1f}, margin {r['mean_margin']:+.1f} "
              f"({mlow:+.1f}..{mhigh:+.1f}), placements p50 {r['place_time_p50']:.3f}s")
    for label in (VARIANT, MEDIUM):
        cells = []
        for turn in TURNS:
            seen = supply[label][turn]
            if seen:
                held = sum(h for h, _ in seen) / len(seen)
                crowned = sum(c for _, c in seen) / len(seen)
                empty = sum(1 for h, _ in seen if h == 0)
                cells.append(f"turn {turn}: {held:.2f} in supply, {crowned:.2f} on the crown, "
                             f"none left in {empty}/{len(seen)}")
        print(f"{label:<13} " + "; ".join(cells))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("play", help="play games, a JSON line each")
    run.add_argument("--variant", choices=sorted(VARIANTS), required=True)
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

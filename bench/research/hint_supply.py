"""Followers in supply when every seat of a hot-seat game follows the hint.

Issue 12 opened with: "following the hint, both hot-seat players had no
follower from turn 26 to the end". This plays that situation: every seat
plays exactly the whole turn `ai.advice.suggest_turn` offers (the function
behind the interface's hint button, same budget, same fixed sampling seed),
and measures the followers each seat has in supply at the start of its own
turns.

    python bench/research/hint_supply.py --games 20 --seed 1 --expansions base,river
    python bench/research/hint_supply.py --games 20 --seed 1 --weights reserve=0

`--weights name=value,...` replaces the evaluation weights the hint uses
(e.g. the economy before 2026-11-23: follower=3,supply_decay=0.7,
locked_decay=1,turn_cap=0,reserve=0). Prints the mean followers in supply at
own turns 8/16/24/32, the share of own turns from the game's turn 26 on that
a seat starts with no follower in supply, and the mean final score.
"""

from __future__ import annotations

import argparse
import sys

from carcassonne_desktop.ai import advice
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.engine import Game, GameRecord, GameSetup, PlayerSetup
from carcassonne_desktop.engine.actions import PlaceTile

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from evaluation_duel import parse_weights  # noqa: E402
from supply_turns import TURNS, supply_at_turns  # noqa: E402

#: The game turn from which issue 12's players had no follower left.
LATE_TURN = 26


def play_following_hints(expansions: tuple[str, ...], seed: int, seats: int
                         ) -> tuple[GameRecord, list[int], tuple[int, int]]:
    """One hot-seat game in which every seat plays the hint's whole turn:
    its record, its final scores, and (own turns started with no follower in
    supply, own turns started) counting the turns from the game's `LATE_TURN` on."""
    colours = ("red", "blue", "green", "yellow", "black")
    setup = GameSetup(
        players=tuple(PlayerSetup(f"hint ({s + 1})", colours[s], "human") for s in range(seats)),
        expansions=expansions, seed=seed,
    )
    game = Game(setup)
    placed = empty = started = 0
    while not game.is_over:
        turn = advice.suggest_turn(game)
        for action in turn:
            if game.is_over or action not in game.legal_actions():
                break  # the rest of the turn asks again (chance drawn mid-turn)
            if isinstance(action, PlaceTile):
                placed += 1
                if placed >= LATE_TURN:
                    started += 1
                    empty += game.supply[game.current].get("follower", 0) == 0
            game.apply(action)
    return GameRecord.from_game(game), list(game.scores), (empty, started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--expansions", default="base")
    parser.add_argument("--weights", default="", help="name=value,... for the hint's evaluation")
    args = parser.parse_args(argv)
    weights = parse_weights([pair for pair in args.weights.split(",") if pair])
    advice.Evaluator = lambda game: Evaluator(game, weights)  # type: ignore[assignment,misc]
    expansions = tuple(e for e in args.expansions.split(",") if e)
    sums = [[0.0, 0] for _ in TURNS]
    empty = started = 0
    total_score = 0
    for index in range(args.games):
        record, scores, (e, s) = play_following_hints(expansions, args.seed + index, args.players)
        for values in supply_at_turns(record):
            for k, value in enumerate(values):
                if value is not None:
                    sums[k][0] += value
                    sums[k][1] += 1
        empty, started = empty + e, started + s
        total_score += sum(scores)
        print(f"game {index + 1}: scores {scores}, late turns without a follower {e}/{s}",
              file=sys.stderr, flush=True)
    means = "/".join(f"{t / n:.2f}" if n else "-" for t, n in sums)
    print(f"{args.games} games, {args.players} seats, {','.join(expansions)}, weights "
          f"{args.weights or 'default'}")
    print(f"followers in supply at own turn {'/'.join(map(str, TURNS))}: {means}")
    print(f"own turns from game turn {LATE_TURN} started with no follower in supply: "
          f"{empty}/{started} = {empty / max(started, 1):.1%}")
    print(f"mean score per seat: {total_score / (args.games * args.players):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

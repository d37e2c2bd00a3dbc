"""How many followers each `medium` keeps in supply, move by move: the
check behind issue "Computer players that keep their followers" (the old
weights put four followers into fields during the river and had none left
by their tenth move).

    python bench/research/follower_supply.py --games 4 --seed 1 --expansions base,river \\
        --against follower=3,supply_decay=0.7,follower_horizon=10,locked_decay=1,turn_cap=0

plays `medium` with today's weights (or the name=value pairs given as
arguments) against `medium` with the `--against` weights, on seat-swapped
duplicate deals like `carcassonne selfplay`, and prints, for each of the
first `--moves` moves of each player, the followers it has in supply once
that move (tile and figure) is played, and how many of its followers lie in
fields; then the mean followers in supply at the start of its own turns
8/16/24/32 (bench/research/supply_turns.py).
"""

from __future__ import annotations

import argparse
import sys

from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.ai.weights import Weights
from carcassonne_desktop.engine import Game, GameRecord, GameSetup, PlayerSetup
from carcassonne_desktop.engine.actions import PlaceTile

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from evaluation_duel import parse_weights  # noqa: E402
from supply_turns import format_supply, mean_supply  # noqa: E402

LABELS = ("variant", "baseline")
#: The follower economy before 2026-11-23.
OLD_WEIGHTS = "follower=3,supply_decay=0.7,follower_horizon=10,locked_decay=1,turn_cap=0"


def farmers(game: Game, seat: int) -> int:
    return sum(
        1 for player, _, node in game.figures_placed
        if player == seat and game.features[game.find(node)].kind == "field"
    )


def play(weights: tuple[Weights, Weights], expansions: tuple[str, ...], seed: int, index: int,
         moves: int) -> tuple[list[int], list[list[tuple[int, int]]], list[int], GameRecord]:
    """Game `index` of the series: the entrants seated per its parity. Returns
    the seats' entrants, per entrant the (followers in supply, farmers) after
    each of its first `moves` moves, the final scores per entrant and the
    game's record."""
    deal, rotation = divmod(index, 2)
    entrants = [(seat + rotation) % 2 for seat in range(2)]
    setup = GameSetup(
        players=tuple(PlayerSetup(f"{LABELS[e]} ({s + 1})", ("red", "blue")[s], "ai:medium")
                      for s, e in enumerate(entrants)),
        expansions=expansions, seed=seed + deal,
    )
    game = Game(setup)
    players = [MediumPlayer((seed * 7_919 + index * 31 + s) & 0xFFFFFFFF, weights[e])
               for s, e in enumerate(entrants)]
    trace: list[list[tuple[int, int]]] = [[], []]
    placed = [0, 0]
    while not game.is_over:
        seat = game.current
        action = players[seat].choose(game)
        if isinstance(action, PlaceTile):
            # The seat's previous move is over: record it before this one.
            if 0 < placed[seat] <= moves:
                trace[entrants[seat]].append((game.supply[seat]["follower"], farmers(game, seat)))
            placed[seat] += 1
        game.apply(action)
    for seat in range(2):
        if placed[seat] <= moves:
            trace[entrants[seat]].append((game.supply[seat]["follower"], farmers(game, seat)))
    scores = [0, 0]
    for seat, e in enumerate(entrants):
        scores[e] = game.scores[seat]
    return entrants, trace, scores, GameRecord.from_game(game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", nargs="*", help="name=value pairs of Weights (default: today's)")
    parser.add_argument("--against", default=OLD_WEIGHTS,
                        help="the opponent's name=value pairs, comma-separated "
                        "(default: the weights before 2026-11-23)")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--expansions", default="base,river")
    args = parser.parse_args(argv)
    weights = (parse_weights(args.weights),
               parse_weights([p for p in args.against.split(",") if p]))
    expansions = tuple(e for e in args.expansions.split(",") if e)
    print(f"variant:  {weights[0]}\nbaseline: {weights[1]}\n"
          f"expansions {','.join(expansions)}, seed {args.seed}, {args.games} games; "
          "followers in supply / farmers placed after each move of the player")
    totals = [[[0, 0, 0] for _ in range(args.moves)] for _ in LABELS]
    records = []
    for index in range(args.games):
        entrants, trace, scores, record = play(weights, expansions, args.seed, index, args.moves)
        print(f"game {index + 1} (seed {args.seed + index // 2}, first player "
              f"{LABELS[entrants[0]]}): score variant {scores[0]}, baseline {scores[1]}")
        for e, label in enumerate(LABELS):
            cells = " ".join(f"{f}/{m}" for f, m in trace[e])
            print(f"  {label:<9} {cells}")
            for k, (f, m) in enumerate(trace[e]):
                totals[e][k][0] += f
                totals[e][k][1] += m
                totals[e][k][2] += 1
        records.append(record)
    print("mean over the games (move: followers in supply, farmers)")
    for e, label in enumerate(LABELS):
        cells = " ".join(f"{k + 1}:{f / n:.1f},{m / n:.1f}" for k, (f, m, n) in enumerate(totals[e])
                         if n)
        print(f"  {label:<9} {cells}")
    print(format_supply(mean_supply(records)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

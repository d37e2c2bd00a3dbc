"""What one round of `hard`'s search costs (issue 30): the median CPU
seconds of `search.play_round` (every candidate played in one sampled
future, each opponent answering with its best whole turn, the seat's own
next turn and the answer to it) over fixed mid-game positions, in the base
game and with every expansion, with answers uncapped (the product) and
capped (`cap_answers=True`: the first `--cap` whole turns from the
placements judged best alone).

    python bench/round_cost.py [--positions 4] [--rounds 2] [--cap 20]
        [--only base|all] [--profile FILE] [--own-turns N]

Positions: `bench/whole_turns.py`'s random-play games (2 players, seeds 1
and up) stopped at their 30th tile placement; candidates: the root's best
`HardPlayer.first_candidates` whole turns (what a search plays first).
Uses only APIs older than itself, so the same file measures an older
checkout: `PYTHONPATH=/that/checkout python bench/round_cost.py` (the first
line says which code ran). `--profile FILE` writes a cProfile of the rounds
(one row, the first of `--only`). `--own-turns N` plays rounds that
deep (default `HardPlayer.own_turns`; 0 is the shallow look-ahead of
`shallow_when_short`). CPU time: on a shared machine compare same-run
ratios, not seconds.
"""

from __future__ import annotations

import argparse
import cProfile
import random
import statistics
import time

from whole_turns import chosen_rows, random_position  # (bench/, the script's own folder)

import carcassonne_desktop
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.search import draw_schedule, play_round
from carcassonne_desktop.engine import Action, Game, Rules, quick_setup

PLACEMENTS = 30
SEED = 12345


def setups(expansions: tuple[str, ...], count: int) -> list[tuple[Game, list[tuple[Action, ...]]]]:
    """The positions with their candidates."""
    rules = Rules(quick_setup(2, expansions=expansions))
    out = []
    for seed in range(1, count + 1):
        game = random_position(seed, expansions, rules, PLACEMENTS)
        ranked = rank_turns(game, Evaluator(game), list(game.legal_actions()), None,
                            random.Random(seed))
        out.append((game, [actions for _, actions in ranked[: HardPlayer.first_candidates]]))
    return out


def round_seconds(game: Game, candidates: list[tuple[Action, ...]], rounds: int,
                  cap: int | None, own_turns: int = HardPlayer.own_turns) -> list[float]:
    """CPU seconds of each of `rounds` rounds at one position (one evaluator
    for them all, as in a search)."""
    evaluator = Evaluator(game)
    schedule = draw_schedule(game, SEED)
    seat = game.deciding_player
    playing = list(range(len(candidates)))
    out = []
    for index in range(rounds):
        start = time.process_time()
        play_round(game, candidates, playing, seat, evaluator, SEED, index, schedule, None,
                   own_turns, cap)
        out.append(time.process_time() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--cap", type=int, default=20)
    parser.add_argument("--only", choices=["base", "all"], default=None)
    parser.add_argument("--profile", default=None)
    parser.add_argument("--own-turns", type=int, default=HardPlayer.own_turns)
    args = parser.parse_args()
    print(f"code: {carcassonne_desktop.__file__}")
    for name, expansions in chosen_rows(args.only):
        positions = setups(expansions, args.positions)
        for label, cap in (("uncapped", None), (f"capped at {args.cap}", args.cap)):
            profile = cProfile.Profile() if args.profile else None
            if profile is not None:
                profile.enable()
            seconds = [s for game, candidates in positions
                       for s in round_seconds(game, candidates, args.rounds, cap,
                                              args.own_turns)]
            if profile is not None:
                profile.disable()
                profile.dump_stats(args.profile)
                args.profile = None
            print(f"{name} {label}, own turns {args.own_turns}: median {statistics.median(seconds):.3f} s a round "
                  f"({len(seconds)} rounds on {len(positions)} positions; "
                  f"total {sum(seconds):.2f} s)")


if __name__ == "__main__":
    main()

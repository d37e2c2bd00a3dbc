"""The look-ahead of the `hard` player: sampled expectimax over whole turns.

The root candidates are the best whole turns by the evaluation. Each round
draws one possible future from the unseen tiles (`knowledge.sampled_copy`,
never the real order), plays every candidate in that same future (common
random numbers: candidates are compared on the same draws, which removes most
of the sampling noise from the comparison), lets each opponent answer with its
own best whole turn, and evaluates the result for the searching seat. The
average over rounds estimates each candidate's expected value with the draw
treated as chance.

This module is pure computation, so the same code runs in the main process
and in a helper process (root parallelism: each process plays its own rounds
and the sums are added).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import Action, Game


def best_turn_after(game: Game, evaluator: Evaluator) -> Game:
    """The position after the seat to move plays its best whole turn."""
    seat = game.current
    best: tuple[float, Game] | None = None
    for turn in whole_turns(game):
        value = evaluator.evaluate(turn.after, seat)
        if best is None or value > best[0]:
            best = (value, turn.after)
    return best[1] if best is not None else game


def play_out(game: Game, seat: int, evaluator: Evaluator, own_turns: int = 0) -> float:
    """Let every opponent answer (and the seat itself `own_turns` more times),
    then evaluate for `seat`."""
    remaining_own = own_turns
    guard = game.num_players * (own_turns + 1) * 3
    while not game.is_over and guard > 0:
        guard -= 1
        if game.current == seat:
            if remaining_own == 0:
                break
            remaining_own -= 1
        game = best_turn_after(game, evaluator)
    return evaluator.evaluate(game, seat)


def round_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7_919) & 0xFFFFFFFF


def run_rounds(
    game: Game,
    candidates: Sequence[Sequence[Action]],
    seed: int,
    deadline: Deadline,
    first_round: int = 0,
    step: int = 1,
    own_turns: int = 0,
    max_rounds: int | None = None,
) -> tuple[list[float], list[int]]:
    """Rounds first_round, first_round + step, ... until the deadline (or
    after `max_rounds` rounds: a fixed amount of work gives reproducible
    decisions, for tests and analysis).

    Returns per-candidate sums and counts. A round stops half-way when time is
    up, so counts may differ by one between candidates.
    """
    seat = game.current
    evaluator = Evaluator(game)
    sums = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    index = first_round
    played = 0
    while not deadline.expired() and (max_rounds is None or played < max_rounds):
        played += 1
        world = sampled_copy(game, random.Random(round_seed(seed, index)))
        for i, actions in enumerate(candidates):
            if deadline.expired():
                break
            line = world.copy()
            for action in actions:
                line.apply(action)
            sums[i] += play_out(line, seat, evaluator, own_turns)
            counts[i] += 1
        index += step
    return sums, counts

"""The Flying Machines for the computer players: fly only when the flight's
expected value beats a normal deploy.

The generic whole-turn enumeration would judge a `fly` by the one die its
sampled copy happens to roll. This planner (for the tile placement and the
figure step of games with flier tiles) keeps every other turn as the
generic way values it, and values each `fly` by the mean over the die's
faces of the best landing there (the position after the same turn with a
pass, plus the follower on the landing spot; no landing: the pass itself).
A landing is only ever on an unfinished feature, so the scoring of the turn
does not depend on it and adding the follower afterwards is exact. The
landing itself, asked after the real roll, is judged the generic way: every
spot tried and the best position kept.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import turn_planner
from carcassonne_desktop.ai.turns import sampled_turns
from carcassonne_desktop.engine.actions import PASS
from carcassonne_desktop.engine.decisions import FIGURE, PLACE_TILE
from carcassonne_desktop.engine.expansions.flying_machines import (
    DIE_FACES,
    FLIER,
    FLYING_MACHINES,
    Fly,
    flier_direction,
    flight_target,
    landing_spots,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ai.deadline import Deadline
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Action, Game

Ranked = list[tuple[float, tuple["Action", ...]]]

#: A flight must beat the other turns, not tie with them: one that cannot
#: land anywhere is worth exactly a pass, and the follower would fly for nothing.
TIE = 1e-6


def _may_fly(game: Game, firsts: list[Action]) -> bool:
    if FLYING_MACHINES not in game.setup.expansions:
        return False
    if game.pending_kind == PLACE_TILE:
        catalogue = game.rules.catalogue
        return any(catalogue[t].flags.get(FLIER) for t in game.hands[game.turn_player])
    return any(isinstance(a, Fly) for a in firsts)


def flight_value(evaluator: Evaluator, passed: Game, seat: int, figure: str) -> float:
    """The expected evaluation of flying `figure` from the tile just placed,
    given `passed`, the position after the same turn without a figure."""
    assert passed.last_placed is not None
    x, y = passed.last_placed
    direction = flier_direction(passed, x, y)
    base = evaluator.evaluate(passed, seat)
    if direction is None:
        return base
    total = 0.0
    for distance in DIE_FACES:
        best = base
        for spot in landing_spots(passed, figure, *flight_target(x, y, direction, distance)):
            landed = passed.copy()
            landed.put_figure(seat, figure, (spot.x, spot.y, spot.port), [])
            best = max(best, evaluator.evaluate(landed, seat))
        total += best
    return total / len(DIE_FACES)


def plan_flights(evaluator: Evaluator, game: Game, firsts: list[Action],
                 rng: random.Random, deadline: Deadline | None = None) -> Ranked | None:
    """Every turn from `firsts` with its value, a `fly` valued over the die's
    faces; None (the generic way) when no flight is possible. When the
    deadline passes, the turns judged so far, and the flights not yet valued
    over the die's faces keep the value of the face the sample drew."""
    if not _may_fly(game, firsts):
        return None
    seat = game.deciding_player
    ranked: Ranked = []
    passed: dict[tuple[Action, ...], tuple[float, Game]] = {}
    # a flight as the sampled die had it: kept where the game ends with the
    # turn (final scoring leaves nothing to add a landed follower to)
    sampled: dict[tuple[Action, ...], float] = {}
    for turn in sampled_turns(game, rng, firsts, deadline):
        actions = turn.actions
        value = evaluator.evaluate(turn.after, seat)
        fly = next((i for i, a in enumerate(actions) if isinstance(a, Fly)), None)
        if fly is not None:
            key = actions[: fly + 1]
            sampled[key] = max(value, sampled.get(key, value))
            continue
        ranked.append((value, actions))
        if PASS in actions:
            key = actions[: actions.index(PASS)]
            if key not in passed or value > passed[key][0]:
                passed[key] = (value, turn.after)
    for key, value in sampled.items():
        found = passed.get(key[:-1])
        in_time = deadline is None or not deadline.expired()
        if found is not None and not found[1].is_over and in_time:
            figure = key[-1].figure  # type: ignore[attr-defined]
            value = flight_value(evaluator, found[1], seat, figure)
        ranked.append((value - TIE, key))
    return ranked


turn_planner(PLACE_TILE)(plan_flights)
turn_planner(FIGURE)(plan_flights)

"""The root's best whole turns judged again in several sampled worlds.

`rank_turns` plays every whole turn on one sampled copy, so whatever a turn
reveals is judged by the one outcome that copy holds: the sheep token a
shepherd draws, the message a dark square brings, the next tile the turn
ends by drawing (a wheel tile turns the Wheel of Fortune, and a follower on
the crown the wheel is about to score looks 11 points better than it is).
All the turns of a decision share that copy, so a whole class of them (every
shepherd, every follower on that crown) is judged lucky or unlucky together,
and the best-ranked turn may be the one the sample favoured. With every
expansion, on 130 positions of `medium`'s play, the ranking's best turn was
0.188 evaluation points a placement below the best expected turn among its
close rivals (13.6 and 7.0 in two positions, little elsewhere), and after 8
more worlds 0.018 (bench/research/chance_root.py, bench/ai.md session 11). The base game
reveals nothing in a turn: every world gives the ranking's values, and the
re-judging stops after its first world.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.ai.search import play_line
from carcassonne_desktop.engine import Action, Game

Ranked = list[tuple[float, tuple[Action, ...]]]

#: Values closer than this are the same value (float sums in another order).
SAME = 1e-9
#: The turns judged again (at most `POOL`, within `WINDOW` points of the
#: best) and the worlds each is judged in: what hard and the hint use.
POOL = 16
WINDOW = 10.0
WORLDS = 8


def rejudge_in_worlds(
    game: Game, evaluator: Evaluator, ranked: Ranked, rng: random.Random,
    deadline: Deadline | None, pool: int, window: float, worlds: int,
) -> Ranked:
    """`ranked` (best first) with its best `pool` turns within `window`
    points of the best valued instead by their mean over `worlds` fresh
    sampled worlds (the same worlds for every turn, so their differences
    are paired; a turn that draws half-way is finished the best way for each
    world's outcome, `search.play_line`). The first world that gives every
    turn its ranked value ends it: nothing in these turns is uncertain. Cut
    by the deadline, the worlds judged so far count (none: `ranked` as is)."""
    if worlds <= 0 or len(ranked) < 2:
        return ranked
    best = ranked[0][0]
    judged = [item for item in ranked[:pool] if item[0] >= best - window]
    if len(judged) < 2:
        return ranked
    seat = game.deciding_player
    sums = [0.0] * len(judged)
    done = 0
    for _ in range(worlds):
        if deadline is not None and deadline.expired():
            break
        values = values_in_world(game, evaluator, [actions for _, actions in judged], seat,
                                 rng, deadline)
        if values is None:
            break
        if done == 0 and all(abs(v - value) <= SAME for v, (value, _) in zip(values, judged)):
            return ranked
        sums = [s + v for s, v in zip(sums, values)]
        done += 1
    if done == 0:
        return ranked
    rejudged = [(total / done, actions) for total, (_, actions) in zip(sums, judged)]
    # stable: equal values keep the ranking's order. The turns not judged
    # again stay below: their values are the one sample's, and one of them
    # lifted by it would otherwise pass the turns judged in every world.
    rejudged.sort(key=lambda item: -item[0])
    return rejudged + ranked[len(judged):]


def values_in_world(
    game: Game, evaluator: Evaluator, turns: Sequence[tuple[Action, ...]],
    seat: int, rng: random.Random, deadline: Deadline | None,
) -> list[float] | None:
    """Each turn's value for `seat` in one new sampled world (None: the deadline passed)."""
    world = sampled_copy(game, random.Random(rng.getrandbits(64)))
    values = []
    for actions in turns:
        after = play_line(world, actions, evaluator, deadline)
        if after is None:
            return None
        values.append(evaluator.evaluate(after, seat))
    return values

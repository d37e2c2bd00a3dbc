"""The Wheel of Fortune for the computer players: where the pig will stop.

The unseen tiles tell how many icons of 1, 2 and 3 are still to come. From
the pig's section, a small walk over the six sections gives, for each
section, the chance the pig stops there at least once before the end (what
a follower on its crown hopes for) and the number of stops expected there
(how often its event will happen).

- Crown: a follower on a crown space is worth the chance of a stop times its
  points (3, or 6 alone on a two-space section, 3 each when shared), plus
  that chance times what a follower back in supply is worth; the core
  evaluator does not see followers off the tiles at all, so without this
  term a crown follower would look thrown away. Counting the wait for the
  pig against the follower (its return discounted per turn away, or by the
  share of the game left when it comes back) was measured on 2026-11-24 and
  not kept: `medium` then kept fewer followers in supply, not more (the
  followers the crown no longer took went onto the tiles), and was not
  clearly stronger; counting the return in full was weaker (bench/ai.md,
  "The Wheel of Fortune"; the variants are in bench/research/wheel_crown.py,
  which swaps `crown_worth` for them).
- Events: each section's event, as it would score now (knights, farmers,
  monks, followers in supply), times the stops expected there, discounted
  because the board will change before then (Fortune, which goes to whoever
  draws, is the same for everyone and left out).
- Plague victims need no policy of their own: the generic one tries each
  follower and keeps the position the evaluator likes best, i.e. it gives
  up the follower whose feature is worth the least.
"""

from __future__ import annotations

import weakref
from functools import cache
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term
from carcassonne_desktop.engine.expansions.wheel_of_fortune import (
    FORTUNE,
    ID,
    PLAGUE,
    WHEEL,
    crown_points,
    event_awards,
    pig_section,
    wheel_data,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game

#: Share of an event's present value expected at a future stop (the board
#: changes before the pig gets there).
EVENT_DISCOUNT = 0.6
#: What a follower coming back from the crown is worth, as a share of the
#: evaluator's first follower in supply.
RETURN_SHARE = 0.25

# Icon counts of the unseen tiles, per evaluator (one per decision).
_ICONS: weakref.WeakKeyDictionary[object, tuple[int, int, int]] = weakref.WeakKeyDictionary()


def icons_to_come(evaluator: Evaluator) -> tuple[int, int, int]:
    """How many unseen tiles carry the icon 1, 2 and 3."""
    known = _ICONS.get(evaluator)
    if known is None:
        counts = [0, 0, 0]
        for tile, n in evaluator._types:
            icon = int(tile.flags.get(WHEEL, 0) or 0)
            if 1 <= icon <= 3:
                counts[icon - 1] += n
        known = (counts[0], counts[1], counts[2])
        _ICONS[evaluator] = known
    return known


@cache
def pig_outlook(start: int, icons: tuple[int, int, int]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For each section: the chance the pig stops there at least once, and
    the number of stops expected there, over the icons still to come (each
    draw's step taken with the icons' frequencies). Cached: a search asks the
    same few questions thousands of times."""
    total = sum(icons)
    size = len(wheel_data().sections)
    hit = [0.0] * size
    stops = [0.0] * size
    if total == 0:
        return tuple(hit), tuple(stops)
    steps = [(i + 1, n / total) for i, n in enumerate(icons) if n]
    where = [0.0] * size
    where[start] = 1.0
    # not yet stopped on section t, by position: one walk per target
    alive = [[1.0 if p == start else 0.0 for p in range(size)] for _ in range(size)]
    for _ in range(total):
        moved = [0.0] * size
        for p, mass in enumerate(where):
            if mass:
                for step, share in steps:
                    moved[(p + step) % size] += mass * share
        where = moved
        for t in range(size):
            stops[t] += where[t]
            walk = [0.0] * size
            for p, mass in enumerate(alive[t]):
                if mass:
                    for step, share in steps:
                        walk[(p + step) % size] += mass * share
            hit[t] += walk[t]
            walk[t] = 0.0
            alive[t] = walk
    return tuple(hit), tuple(stops)


def crown_worth(evaluator: Evaluator, game: Game, start: int,
                icons: tuple[int, int, int]) -> list[float]:
    """Per player: what their followers on the crown are expected to bring
    (the pig's section `start`, the `icons` still to come)."""
    data = wheel_data()
    hit, _ = pig_outlook(start, icons)
    back = RETURN_SHARE * evaluator.weights.follower
    worth = [0.0] * game.num_players
    for index, section in enumerate(data.sections):
        slots = data.crowns[section]
        present = [who for slot in slots for who in game.area_figures.get((WHEEL, slot), ())]
        if present:
            points = crown_points(len(slots), len(present))
            for player, _ in present:
                worth[player] += hit[index] * (points + back)
    return worth


@evaluation_term(ID)
def wheel_prospects(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    sections = wheel_data().sections
    start = sections.index(pig_section(game))
    icons = icons_to_come(evaluator)
    _, stops = pig_outlook(start, icons)
    if not any(stops):
        return
    for player, worth in enumerate(crown_worth(evaluator, game, start, icons)):
        totals[player] += worth
    for index, section in enumerate(sections):
        # Fortune goes to whoever draws then: the same for everyone.
        if section not in (PLAGUE, FORTUNE) and stops[index]:
            for award in event_awards(game, section):
                totals[award.player] += EVENT_DISCOUNT * stops[index] * award.points

"""The Wheel of Fortune for the computer players: where the pig will stop.

The unseen tiles tell how many icons of 1, 2 and 3 are still to come. From
the pig's section, a small walk over the six sections gives, for each
section, the chance the pig first stops there at the k-th icon drawn (what a
follower on its crown waits for) and the number of stops expected there
(how often its event will happen).

- Crown: a follower on a crown space is worth its points (3, or 6 alone on
  a two-space section, 3 each when shared) times the chance of a stop before
  the end, plus the follower coming back. The core evaluator sees only the
  followers in supply and on the tiles, so without this term a crown
  follower would look thrown away; but a follower that waits on the crown
  for twenty turns is lost for twenty turns. So its return is counted the
  way the core counts a follower on an open feature: as part of the supply
  (the same diminishing worth per extra follower), discounted by
  `locked_decay` per turn of its owner it is expected to wait (the icon
  tiles are spread evenly among the tiles left, so the k-th icon comes after
  k * (left + 1) / (icons + 1) draws). The points are not discounted: they
  are won whenever the pig comes, and the end of the game is already in the
  chance. (Before 2026-11-24 the return was a flat quarter of the first
  follower in supply, whatever the wait and the supply: `medium` crowned
  followers until it had none left; bench/ai.md, "The Wheel of Fortune".)
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

from carcassonne_desktop.ai.expansions import Outlook, evaluation_term
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


def _step(where: list[float], steps: list[tuple[int, float]]) -> list[float]:
    """The pig's positions after one more icon, from positions `where`."""
    moved = [0.0] * len(where)
    for p, mass in enumerate(where):
        if mass:
            for step, share in steps:
                moved[(p + step) % len(where)] += mass * share
    return moved


@cache
def first_stops(start: int, icons: tuple[int, int, int]) -> tuple[tuple[float, ...], ...]:
    """For each section: the chance the pig first stops there at the 1st,
    2nd... icon still to come (each draw's step taken with the icons'
    frequencies). Cached: a search asks the same few questions thousands of
    times."""
    total = sum(icons)
    size = len(wheel_data().sections)
    if total == 0:
        return tuple(() for _ in range(size))
    steps = [(i + 1, n / total) for i, n in enumerate(icons) if n]
    out: list[tuple[float, ...]] = []
    for target in range(size):
        # not yet stopped on `target`, by position
        alive = [1.0 if p == start else 0.0 for p in range(size)]
        first: list[float] = []
        for _ in range(total):
            alive = _step(alive, steps)
            first.append(alive[target])
            alive[target] = 0.0
        out.append(tuple(first))
    return tuple(out)


@cache
def pig_outlook(start: int, icons: tuple[int, int, int]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For each section: the chance the pig stops there at least once, and
    the number of stops expected there, over the icons still to come."""
    size = len(wheel_data().sections)
    hit = tuple(sum(first) for first in first_stops(start, icons))
    total = sum(icons)
    stops = [0.0] * size
    if total:
        steps = [(i + 1, n / total) for i, n in enumerate(icons) if n]
        where = [1.0 if p == start else 0.0 for p in range(size)]
        for _ in range(total):
            where = _step(where, steps)
            for t in range(size):
                stops[t] += where[t]
    return hit, tuple(stops)


@cache
def crown_return(start: int, icons: tuple[int, int, int], left: int, players: int,
                 decay: float) -> tuple[float, ...]:
    """For each section: what a follower on its crown is expected to be worth
    once back, in followers in supply now: the chance of each first stop
    times `decay` per turn of its owner until that stop."""
    count = sum(icons)
    turns_per_icon = (left + 1) / (count + 1) / max(players, 1)
    return tuple(
        sum(chance * decay ** (k * turns_per_icon) for k, chance in enumerate(first, 1))
        for first in first_stops(start, icons)
    )


def effective_supply(evaluator: Evaluator, game: Game, outlook: Outlook) -> list[float]:
    """Per player, the followers the core evaluator counts as supply: those
    held, and those on open features by their chance of coming back,
    discounted per cell they wait for, each by its weight in majorities."""
    weights = evaluator.weights
    worth = evaluator._figure_weight
    out = [
        sum(count * worth.get(name, weights.weak_figure) for name, count in held.items())
        for held in game.supply
    ]
    for player, figure, node in game.figures_placed:
        root = game.find(node)
        feature = game.features[root]
        if feature is not None and feature.kind != "field":
            _, chance, cells = outlook.prospects(root, feature)
            out[player] += (chance * weights.locked_decay ** len(cells)
                            * worth.get(figure, weights.weak_figure))
    return out


def supply_gain(evaluator: Evaluator, turns_left: float, effective: float, extra: float) -> float:
    """What `extra` followers added to an `effective` supply are worth in
    the core's terms (each further follower worth `supply_decay` times the
    previous, nothing beyond one per turn left, fading near the end)."""
    w = evaluator.weights
    cap = w.turn_cap * turns_left if w.turn_cap > 0.0 else float("inf")
    low, high = min(effective, cap), min(effective + extra, cap)
    if high <= low:
        return 0.0
    fade = min(1.0, turns_left / w.follower_horizon)
    return fade * w.follower * (w.supply_decay**low - w.supply_decay**high) / (1.0 - w.supply_decay)


def crown_worth(evaluator: Evaluator, game: Game, start: int,
                icons: tuple[int, int, int]) -> list[float]:
    """Per player: the points of their crown followers, by the chance of a
    stop, and the worth of those followers' expected return."""
    data = wheel_data()
    worth = [0.0] * game.num_players
    back = [0.0] * game.num_players
    left = game.tiles_left() + sum(len(h) for h in game.hands)
    hit, _ = pig_outlook(start, icons)
    returns = crown_return(start, icons, left, game.num_players, evaluator.weights.locked_decay)
    for index, section in enumerate(data.sections):
        slots = data.crowns[section]
        present = [who for slot in slots for who in game.area_figures.get((WHEEL, slot), ())]
        if present:
            points = crown_points(len(slots), len(present))
            for player, _ in present:
                worth[player] += hit[index] * points
                back[player] += returns[index]
    if any(back):
        outlook = Outlook(evaluator, game)
        effective = effective_supply(evaluator, game, outlook)
        turns_left = left / game.num_players
        for player, extra in enumerate(back):
            if extra:
                worth[player] += supply_gain(evaluator, turns_left, effective[player], extra)
    return worth


@evaluation_term(ID)
def wheel_prospects(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    data = wheel_data()
    sections = data.sections
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

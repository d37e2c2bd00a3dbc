"""The Wheel of Fortune for the computer players: where the pig will stop.

The unseen tiles tell how many icons of 1, 2 and 3 are still to come. From
the pig's section, a small walk over the six sections gives, for each
section, the chance the pig stops there at least once before the end (what
a follower on its crown hopes for), the chance its first stop there comes
with the 1st, 2nd... icon still to come (when that follower comes home) and
the number of stops expected there (how often its event will happen).

- Crown: a follower on a crown space is worth the chance of a stop times its
  points (3, or 6 alone on a two-space section, 3 each when shared). Its
  way home goes to the core evaluator (`figures_away`): the chance it comes
  back, discounted by `locked_decay` per turn of its owner until the pig's
  first stop there, counted in the supply series like a follower on an open
  feature. With every expansion only about one tile in nine carries an icon,
  so a crown follower used to stay there about 20 of its owner's turns for
  3 points, while it was valued as if it came back at once (a flat quarter
  of the first follower in supply): `medium` parked four or five followers
  there and ran out (bench/ai.md, 2026-11-24, sessions 7 and 8). Weights
  carrying ``wheel_crown_wait = 0`` value the crown that old way, for the
  measurements (bench/research/wheel_crown.py).
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
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term, figures_away
from carcassonne_desktop.engine.expansions.wheel_of_fortune import (
    FORTUNE,
    ID,
    PLAGUE,
    WHEEL,
    crown_points,
    event_awards,
    is_partisan,
    pig_section,
    wheel_data,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game, Rules

#: Share of an event's present value expected at a future stop (the board
#: changes before the pig gets there).
EVENT_DISCOUNT = 0.6
#: What a follower coming back from the crown is worth, as a share of the
#: evaluator's first follower in supply, in the old valuation (switch off).
RETURN_SHARE = 0.25
#: The switch of the crown's valuation: weights carrying it at 0 count a
#: crown follower's return as `RETURN_SHARE` of a follower, whatever the wait.
SWITCH = "wheel_crown_wait"

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
    """Where the pig is after one more icon (each step by its frequency)."""
    size = len(where)
    moved = [0.0] * size
    for p, mass in enumerate(where):
        if mass:
            for step, share in steps:
                moved[(p + step) % size] += mass * share
    return moved


@cache
def pig_outlook(start: int, icons: tuple[int, int, int]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For each section: the chance the pig stops there at least once, and
    the number of stops expected there, over the icons still to come (each
    draw's step taken with the icons' frequencies). Cached: a search asks the
    same few questions thousands of times."""
    total = sum(icons)
    size = len(wheel_data().sections)
    stops = [0.0] * size
    if total:
        steps = [(i + 1, n / total) for i, n in enumerate(icons) if n]
        where = [1.0 if p == start else 0.0 for p in range(size)]
        for _ in range(total):
            where = _step(where, steps)
            for t in range(size):
                stops[t] += where[t]
    hit = tuple(sum(firsts) for firsts in first_stops(start, icons))
    return hit, tuple(stops)


@cache
def first_stops(start: int, icons: tuple[int, int, int]) -> tuple[tuple[float, ...], ...]:
    """For each section: the chance the pig first stops there with the 1st,
    2nd... icon still to come."""
    total = sum(icons)
    size = len(wheel_data().sections)
    steps = [(i + 1, n / total) for i, n in enumerate(icons) if n] if total else []
    out: list[tuple[float, ...]] = []
    for target in range(size):
        alive = [1.0 if p == start else 0.0 for p in range(size)]  # not yet stopped there
        first: list[float] = []
        for _ in range(total):
            moved = _step(alive, steps)
            first.append(moved[target])
            moved[target] = 0.0
            alive = moved
        out.append(tuple(first))
    return tuple(out)


@lru_cache(maxsize=4096)
def crown_returns(start: int, icons: tuple[int, int, int], left: int, players: int,
                  decay: float) -> tuple[float, ...]:
    """For each section: the chance a follower on its crown comes home,
    discounted by `decay` per turn of its owner until then (the k-th of n
    icons comes, on average, after k (left + 1) / (n + 1) of the `left`
    tiles). Cached: a search asks it for a few values of `left` only."""
    count = sum(icons)
    turns_per_icon = (left + 1) / (count + 1) / players
    return tuple(
        sum(chance * decay ** (k * turns_per_icon) for k, chance in enumerate(firsts, 1))
        for firsts in first_stops(start, icons)
    )


@cache
def _crown_keys() -> tuple[tuple[int, int, tuple[tuple[str, str], ...]], ...]:
    """(section index, spaces, the area keys of its crowns) of every section."""
    data = wheel_data()
    return tuple((index, len(data.crowns[section]),
                  tuple((WHEEL, slot) for slot in data.crowns[section]))
                 for index, section in enumerate(data.sections))


def _crown_followers(game: Game) -> list[tuple[int, int, list[tuple[int, str]]]]:
    """(section index, spaces, [(player, figure)]) of each section with
    figures on its crown."""
    get = game.area_figures.get
    out = []
    # (plain loops: a comprehension per section cost more than its look-ups)
    for index, spaces, keys in _crown_keys():
        present: list[tuple[int, str]] = []
        for key in keys:
            held = get(key)
            if held:
                present.extend(held)
        if present:
            out.append((index, spaces, present))
    return out


def _crowned(evaluator: Evaluator, game: Game) -> list[tuple[int, int, list[tuple[int, str]]]]:
    """`_crown_followers` of the position being evaluated, read once for the
    crown's term and the crown's way home (the outlook's memo)."""
    return evaluator.outlook(game).memo(_crowned, lambda: _crown_followers(game))  # type: ignore[no-any-return]


def _counts_the_wait(evaluator: Evaluator) -> bool:
    return bool(getattr(evaluator.weights, SWITCH, 1.0))


def crown_worth(evaluator: Evaluator, game: Game, start: int,
                icons: tuple[int, int, int]) -> list[float]:
    """Per player: the points their followers on the crown are expected to
    bring (the pig's section `start`, the `icons` still to come); with the
    switch off, their return too."""
    hit, _ = pig_outlook(start, icons)
    back = 0.0 if _counts_the_wait(evaluator) else RETURN_SHARE * evaluator.weights.follower
    worth = [0.0] * game.num_players
    for index, spaces, present in _crowned(evaluator, game):
        points = crown_points(spaces, len(present))
        for player, _ in present:
            worth[player] += hit[index] * (points + back)
    return worth


@figures_away(ID)
def crown_followers_home(evaluator: Evaluator, game: Game) -> list[tuple[int, str, float]]:
    """The followers on the crown, by their chance of coming home discounted
    for the wait (see the module's docstring)."""
    crowned = _crowned(evaluator, game)
    if not crowned or not _counts_the_wait(evaluator):
        return []
    start = wheel_data().sections.index(pig_section(game))
    left = evaluator.outlook(game).left  # (`tiles_to_play`, read once a position)
    returns = crown_returns(start, icons_to_come(evaluator), left, game.num_players,
                            evaluator.weights.locked_decay)
    return [(player, figure, returns[index])
            for index, _, present in crowned for player, figure in present]


@evaluation_term(ID)
def wheel_prospects(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    """The crown's points and each event's, times the stops expected on its
    section. Worked out once per decision for each `_wheel_key` (the
    evaluator's `carried`: the whole turns of one position mostly share it),
    then added in the same order as when it was worked out."""
    start = wheel_data().sections.index(pig_section(game))
    additions = evaluator.carried(_wheel_key(evaluator, game, start),
                                  lambda: _wheel_additions(evaluator, game, start))
    for player, points in additions:
        totals[player] += points


@lru_cache(maxsize=16)
def _partisan_names(rules: Rules) -> frozenset[str]:
    """The figures the events count (`is_partisan`), by name."""
    return frozenset(f.name for f in rules.figures if is_partisan(f))


def _wheel_key(evaluator: Evaluator, game: Game, start: int) -> tuple[object, ...]:
    """Everything `_wheel_additions` reads of the position besides what the
    evaluator holds for the whole decision (the icons to come, the weights):
    the pig's section, the crowns' occupants, the supply (the storm), every
    partisan on the tiles with the root, kind and shields of its feature
    (the taxes, the inquisition) and the completed cities of the fields (the
    famine): the events' points read nothing else of a feature
    (`event_awards`). Not the player to move: it orders the awards of one
    feature clockwise, one per player, so each player's own additions come
    in the same order whoever moves (the answers inside a search share the
    additions of the seat's turns)."""
    partisans = _partisan_names(game.rules)
    outlook = evaluator.outlook(game)
    completed_cities = outlook.completed_cities
    spots = []
    append = spots.append
    for player, name, root, feature in outlook.placed():
        if name not in partisans or feature is None:
            continue
        kind = feature.kind
        if kind == "field":
            append((player, root, kind, completed_cities(root, feature)))
        else:
            append((player, root, kind, feature.shields))
    crowned = tuple([(index, tuple(present)) for index, _, present in _crowned(evaluator, game)])
    return (ID, start, crowned, tuple(spots),
            tuple([tuple(supply.items()) for supply in game.supply]))


def _wheel_additions(evaluator: Evaluator, game: Game, start: int) -> list[tuple[int, float]]:
    """`wheel_prospects`' additions to the totals, in order: (player, points)."""
    sections = wheel_data().sections
    icons = icons_to_come(evaluator)
    _, stops = pig_outlook(start, icons)
    if not any(stops):
        return []
    out = list(enumerate(crown_worth(evaluator, game, start, icons)))
    for index, section in enumerate(sections):
        # Fortune goes to whoever draws then: the same for everyone.
        if section not in (PLAGUE, FORTUNE) and stops[index]:
            for award in event_awards(game, section):
                out.append((award.player, EVENT_DISCOUNT * stops[index] * award.points))
    return out

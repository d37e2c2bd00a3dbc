"""The boxes of the game, as data: the New game screen's presets, the
headings its expansion list is grouped under, and what each expansion adds
to a game's length.

This is the one place outside an expansion's own modules that names
expansions (it lives in ``expansions/`` for that reason); the setup screen
only reads these tables. Each box is what its rulebook in
``shared/seeds/`` holds, limited to the expansions this game has (see
docs/rulings.md, PS1-PS3, for what the rulebooks hold that the game does
not):

- ``big_box_2014`` (seed 000): the base game, Inns & Cathedrals, Traders &
  Builders, Hills & Sheep, the Wheel of Fortune and the River;
- ``big_box_2021`` (seed 001): the base game and eleven expansions, the River,
  the Abbot, Inns & Cathedrals, Traders & Builders and the seven minis
  (Flying Machines, Messages, Ferries, Gold Mines, Mage & Witch, Robbers, Crop
  Circles);
- ``count_king_robber`` (seed 003): the four minis of "Comte, Roi & Brigand",
  King & Robber Baron, Heretics & Shrines, the Count of Carcassonne and the
  River II;
- ``first_edition`` (seed 002): the first edition's rules (a two-tile city
  scores 2 points, farmers paid city by city) with the same four minis, which
  that binder holds as "Comte, Roi et Consorts", and the Catapult;
- ``everything``: every expansion the game has, whichever is added later.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

#: Stands for every registered expansion in a box's list.
EVERY_EXPANSION = "*"


@dataclass(frozen=True)
class Box:
    """A preset: the expansions it adds to the base game and the options it
    sets (the others keep their defaults). Worded by ``setup.box.<id>``."""

    id: str
    expansions: tuple[str, ...]
    options: Mapping[str, bool] = field(default_factory=dict)


@dataclass(frozen=True)
class Group:
    """A heading of the setup screen's expansion list and the expansions
    under it, each expansion under one heading only (the box it came in
    first). Worded by ``setup.group.<id>``."""

    id: str
    expansions: tuple[str, ...]


_COUNT_KING_ROBBER = ("king_robber_baron", "heretics_shrines", "count", "river_ii")

BOXES: tuple[Box, ...] = (
    Box("base", ()),
    Box("big_box_2014", ("river", "inns_cathedrals", "traders_builders", "hills_sheep",
                         "wheel_of_fortune")),
    Box("big_box_2021", ("river", "abbot", "inns_cathedrals", "traders_builders",
                         "flying_machines", "messages", "ferries", "gold_mines", "mage_witch",
                         "robbers", "crop_circles")),
    Box("count_king_robber", _COUNT_KING_ROBBER),
    Box("first_edition", (*_COUNT_KING_ROBBER, "catapult"),
        MappingProxyType({"small_city_2pts": True, "farmers_first_edition": True})),
    Box("everything", (EVERY_EXPANSION,)),
)

#: Ordered so that two columns come out even (the first two side by side,
#: the next under the shorter one): see `setup_choices.columns_of`.
GROUPS: tuple[Group, ...] = (
    Group("big_box_2014", ("river", "inns_cathedrals", "traders_builders", "hills_sheep",
                           "wheel_of_fortune")),
    Group("big_box_2021", ("abbot", "flying_machines", "messages", "ferries", "gold_mines",
                           "mage_witch", "robbers", "crop_circles")),
    Group("count_king_robber", _COUNT_KING_ROBBER),
    Group("sold_alone", ("catapult",)),
)

#: What a game with only the base game has, over random 2-player games with
#: farmers (``bench/research/game_length.py``): turns (tiles placed) and
#: decisions with a real choice (more than one answer).
BASE_PACE = (71.0, 94.6)

#: What each expansion adds to that, alone with the base game (the same
#: script, 20 games each): (turns, choices a turn). Added up for a set of
#: expansions, turns times choices a turn gives the set's choices (the
#: script compares the sum with the boxes and everything: docs/game-length.md).
PACE: Mapping[str, tuple[float, float]] = MappingProxyType({
    "river": (11.0, -0.103),
    "river_ii": (10.9, -0.089),
    "inns_cathedrals": (18.0, -0.059),
    "abbot": (0.0, 0.225),
    "catapult": (12.0, 0.135),
    "traders_builders": (24.0, -0.053),
    "mage_witch": (8.0, 0.077),
    "hills_sheep": (10.5, 0.068),
    "flying_machines": (8.0, -0.038),
    "gold_mines": (8.0, 0.042),
    "messages": (0.0, 0.006),
    "ferries": (8.0, 0.166),
    "robbers": (8.0, 0.041),
    "wheel_of_fortune": (12.0, 0.261),
    "count": (0.0, -0.004),
    "king_robber_baron": (5.0, -0.039),
    "heretics_shrines": (5.0, -0.045),
    "crop_circles": (6.0, 0.207),
})


#: Minutes a table of people spends on an expansion beyond its turns and its
#: choices, so that the expansion alone with the base game lasts what its
#: rulebook says (docs/game-length.md): the formula gave Inns & Cathedrals
#: +8 min (its rulebook: +15), the Wheel +11 (+20), the Flying Machines +3
#: (+10), the Messages +0 (+15).
TABLE_MINUTES: Mapping[str, float] = MappingProxyType({
    # an inn or a cathedral changes what a whole road or city is worth: players
    # weigh closing their own or loading another's (no extra choice is asked)
    "inns_cathedrals": 6.5,
    # each wheel tile turns the wheel: the section (taxes, plague, crowns...)
    # is resolved for every player, who counts and moves in turn
    "wheel_of_fortune": 12.0,
    # a flier's die is rolled and its landing looked for on the board
    "flying_machines": 6.5,
    # a message drawn is read out and its player weighs it against 2 points;
    # random play counts no choice there (it is rare and comes between turns)
    "messages": 15.0,
})


def box(box_id: str) -> Box | None:
    """The box called `box_id` (None for an unknown one, a remembered name
    from another version)."""
    return next((b for b in BOXES if b.id == box_id), None)


def box_expansions(chosen: Box, registered: Sequence[str]) -> list[str]:
    """The expansions `chosen` holds, the base game first, in the box's order
    (every one: in `registered` order, the ids the game has); one it names
    that the game does not have is left out."""
    listed = registered if EVERY_EXPANSION in chosen.expansions else chosen.expansions
    return ["base"] + [e for e in listed if e in registered and e != "base"]

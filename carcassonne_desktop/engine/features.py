"""Features on the board (roads, cities, fields, cloisters, ...) as union-find
roots carrying aggregates, and the registry of feature kinds.

Aggregates are updated on every union so that completion and scoring read a
few numbers instead of walking the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.score_terms import TIMES, ScoreTerm

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

Position = tuple[int, int]
# (player, figure name, node) of a figure standing on a feature.
FigureSpot = tuple[int, str, int]

EDGES = "edges"  # complete when no edge is left open (roads, cities)
NEIGHBOURHOOD = "neighbourhood"  # complete when the 8 surrounding cells are filled
NEVER = "never"  # fields, rivers


@dataclass(frozen=True, slots=True)
class FeatureKind:
    """How one kind of feature completes and what it is worth.

    `points(game, feature, completed)` gives the base value before expansion
    modifiers (inns, cathedrals, ...); fields are scored by the farmer rule.
    """

    name: str
    completion: str
    points: Callable[[Game, Feature, bool], int]
    order: int = 50  # final scoring order: roads, cities, cloisters, ... fields last


FEATURE_KINDS: dict[str, FeatureKind] = {}


def register_kind(kind: FeatureKind) -> FeatureKind:
    FEATURE_KINDS[kind.name] = kind
    return kind


def _road_points(game: Game, feature: Feature, completed: bool) -> int:
    terms = game.score_terms
    if terms is not None:
        terms.append(ScoreTerm("tile", len(feature.tiles)))
    return len(feature.tiles)


#: A completed city counts double (a constant: scorings build few objects).
COMPLETED_CITY = ScoreTerm("completed", 1, 2, TIMES)


def _city_points(game: Game, feature: Feature, completed: bool) -> int:
    value = len(feature.tiles) + feature.shields
    terms = game.score_terms
    if terms is not None:
        terms.append(ScoreTerm("tile", len(feature.tiles)))
        if feature.shields:
            terms.append(ScoreTerm("shield", feature.shields))
        if completed:
            terms.append(COMPLETED_CITY)
    return 2 * value if completed else value


def neighbourhood_points(game: Game, feature: Feature, completed: bool) -> int:
    """1 for the feature's own tile and 1 per filled neighbouring square
    (`open` counts the empty ones); the term names the kind (cloister, garden)."""
    terms = game.score_terms
    if terms is not None:
        terms += (ScoreTerm(feature.kind, 1), ScoreTerm("neighbour", 8 - feature.open))
    return 9 - feature.open


def no_points(game: Game, feature: Feature, completed: bool) -> int:
    return 0


register_kind(FeatureKind("road", EDGES, _road_points, order=10))
register_kind(FeatureKind("city", EDGES, _city_points, order=20))
register_kind(FeatureKind("cloister", NEIGHBOURHOOD, neighbourhood_points, order=30))
register_kind(FeatureKind("field", NEVER, no_points, order=90))

# Feature attributes that describe geometry or scoring inputs rather than
# symbols; every other truthy attribute (inn, cathedral, goods...) is a flag.
STRUCTURAL_ATTRS = frozenset({"shield", "cities", "placeable", "inner", "shared_edge"})


class Feature:
    """Aggregates of one connected feature; valid only on union-find roots.

    Copy-on-write: copies of a game share their Feature objects, and `owner`
    says which game may change one in place (the token of the game that
    created or cloned it; see `Board.writable_feature`). Whoever changes a
    feature of the board asks for it through `writable_feature`.
    """

    __slots__ = ("kind", "size", "tiles", "open", "shields", "flags", "figures", "cities",
                 "completed", "owner")

    def __init__(
        self,
        kind: str,
        tiles: set[Position],
        open_count: int,
        shields: int,
        flags: dict[str, int] | None,
        cities: set[int] | None,
        owner: object = None,
    ) -> None:
        self.kind = kind
        self.size = 1
        self.tiles = tiles
        self.open = open_count
        self.shields = shields
        self.flags = flags
        self.figures: tuple[FigureSpot, ...] = ()
        self.cities = cities
        self.completed = False
        self.owner = owner

    def clone(self, owner: object = None) -> Feature:
        """The same aggregates in new containers, changeable by `owner` only."""
        other = Feature.__new__(Feature)
        other.kind = self.kind
        other.size = self.size
        other.tiles = set(self.tiles)
        other.open = self.open
        other.shields = self.shields
        other.flags = dict(self.flags) if self.flags else None
        other.figures = self.figures
        other.cities = set(self.cities) if self.cities is not None else None
        other.completed = self.completed
        other.owner = owner
        return other

    def absorb(self, other: Feature) -> None:
        """Merge `other` into this root (the caller fixes `open`)."""
        self.size += other.size
        self.tiles |= other.tiles
        self.shields += other.shields
        if other.flags:
            if self.flags:
                for name, count in other.flags.items():
                    self.flags[name] = self.flags.get(name, 0) + count
            else:
                self.flags = dict(other.flags)
        if other.figures:
            self.figures = self.figures + other.figures
        if other.cities:
            if self.cities is None:
                self.cities = set(other.cities)
            else:
                self.cities |= other.cities

    def has_flag(self, name: str) -> bool:
        return bool(self.flags) and self.flags.get(name, 0) > 0  # type: ignore[union-attr]

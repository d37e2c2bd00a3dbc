"""The expansion capability: hooks into the turn flow, and the registry.

An expansion is a module under `engine/expansions/` defining a subclass of
`Expansion` decorated with `@register`. The core engine calls the hooks below
and never names an expansion; it only calls the hooks an expansion overrides,
so an unused hook costs nothing on the hot path.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne_desktop.engine.actions import Action
from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

Placement = tuple[int, int, int]  # (x, y, rot)


class Expansion:
    """Base of every expansion (the base game is one too).

    Per-game state an expansion needs lives in `game.extension_state[self.id]`
    and must be immutable (tuples, frozensets, numbers) so that copying a game
    stays cheap and exact.
    """

    id: ClassVar[str] = ""
    #: Titles and one-line descriptions for the setup screen, by language.
    title: ClassVar[Mapping[str, str]] = {}
    description: ClassVar[Mapping[str, str]] = {}
    #: The rules page shown in the in-game help, by language (paragraphs
    #: separated by blank lines; a line starting with "- " is a bullet).
    rules: ClassVar[Mapping[str, str]] = {}
    #: Tile data file under engine/data, if the expansion brings tiles.
    data_file: ClassVar[str | None] = None
    #: Options this expansion understands, with their defaults.
    options: ClassVar[Mapping[str, Any]] = {}
    #: Where the start tile comes from when several expansions bring one.
    start_priority: ClassVar[int] = 0
    #: Position in the registry order (hooks run in this order).
    order: ClassVar[int] = 100

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.game_options = options

    # --- setup ---------------------------------------------------------
    def tiles(self) -> tuple[TileType, ...]:
        from carcassonne_desktop.engine.catalogue import load_tile_file

        return load_tile_file(self.data_file, self.id) if self.data_file else ()

    def figures(self) -> Iterable[FigureType]:
        """Figure types this expansion gives every player."""
        return ()

    def extend_figure_kinds(self, figure: FigureType) -> frozenset[str]:
        """Feature kinds this expansion adds to another expansion's figure."""
        return figure.kinds

    def arrange_bag(self, game: Game, bag: list[str], rng: random.Random) -> list[str]:
        """Reorder the shuffled bag (first element drawn first)."""
        return bag

    # --- placement -----------------------------------------------------
    def filter_placements(
        self, game: Game, tile: TileType, placements: list[Placement]
    ) -> list[Placement]:
        """Remove placements the expansion forbids (edges already match)."""
        return placements

    def explain_placement(
        self, game: Game, tile: TileType, x: int, y: int, rot: int
    ) -> str | None:
        """Why `filter_placements` refuses this placement, for error messages."""
        return None

    def on_tile_placed(self, game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        """Update this expansion's state after a tile is put down."""

    # --- the figure step ---------------------------------------------------
    def may_deploy(self, game: Game, figure: FigureType, feature: Feature) -> bool:
        """Veto a deployment the core would allow (return False to forbid)."""
        return True

    def extra_actions(self, game: Game) -> Iterable[Action]:
        """Extra choices offered with deploy/pass (e.g. recalling the abbot)."""
        return ()

    def apply_action(self, game: Game, action: Action) -> list[Event] | None:
        """Perform an action of a type this expansion added; None if not ours."""
        return None

    # --- scoring -------------------------------------------------------
    def modify_points(self, game: Game, feature: Feature, points: int, completed: bool) -> int:
        """Adjust the value of a road, city, cloister, ... being scored."""
        return points

    def modify_field_points(self, game: Game, feature: Feature, points: int) -> int:
        return points

    def final_scoring(self, game: Game, events: list[Event]) -> None:
        """Extra end-of-game scoring, after the features."""


EXPANSIONS: dict[str, type[Expansion]] = {}


def register(cls: type[Expansion]) -> type[Expansion]:
    if not cls.id or cls.id in EXPANSIONS:
        raise ValueError(f"expansion id {cls.id!r} missing or registered twice")
    EXPANSIONS[cls.id] = cls
    return cls


def overrides(expansion: Expansion, hook: str) -> bool:
    return getattr(type(expansion), hook) is not getattr(Expansion, hook)


def registry() -> dict[str, type[Expansion]]:
    """Every registered expansion, discovered from the expansions package."""
    from carcassonne_desktop.engine import expansions

    expansions.discover()
    return dict(sorted(EXPANSIONS.items(), key=lambda item: (item[1].order, item[0])))

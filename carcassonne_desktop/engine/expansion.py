"""The expansion capability: hooks into the turn flow, and the registry.

An expansion is a module under `engine/expansions/` defining a subclass of
`Expansion` decorated with `@register`. The core engine calls the hooks below
and never names an expansion; it only calls the hooks an expansion overrides,
so an unused hook costs nothing on the hot path.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne_desktop.engine.actions import Action
from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.decisions import Decision, DecisionKind, Resolved
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.features import Feature, Position
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.legal import Placement
from carcassonne_desktop.engine.track import PawnMove
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

LaidTile = tuple[str, int, int, int]  # (tile id, x, y, rot) of a start layout


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
    #: Record setup fields this expansion reads, with what each means.
    setup_fields: ClassVar[Mapping[str, str]] = {}
    #: Option names whose setting appears with the first-edition rules on the
    #: setup screen (the others are shown with the expansion).
    first_edition_options: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.game_options = options

    # --- setup ---------------------------------------------------------
    def tiles(self) -> tuple[TileType, ...]:
        """This expansion's tile types; the same in every game (the engine
        asks once per process, through `tiles_of`)."""
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

    def start_layout(
        self, game: Game, laid: tuple[LaidTile, ...]
    ) -> list[LaidTile] | None:
        """Tiles laid before the game instead of the start tile, as
        (tile id, x, y, rot): a start board of several cells. Expansions are
        asked from the highest `start_priority` down, each with the cells
        already `laid` by those before it, so a second layout places itself
        against the first (the River's spring beside the Wheel's board). The
        first layout anchors at (0, 0). None (or nothing from every
        expansion) keeps the start tile."""
        return None

    def streams(self) -> Iterable[str]:
        """Names of the draw streams this expansion draws from (DESIGN 5b)."""
        return ()

    def decision_kinds(self) -> Iterable[DecisionKind]:
        """Kinds of decision this expansion asks, with their legal choices."""
        return ()

    def turn_work(self) -> Iterable[Work]:
        """Work attached to steps of the turn (see engine/turn.py)."""
        return ()

    # --- placement -----------------------------------------------------
    def filter_cells(
        self, game: Game, tile: TileType, cells: list[Position]
    ) -> list[Position]:
        """Remove the cells where the expansion forbids `tile` whatever its
        rotation (edges already match; keep the order). Return `cells` itself
        when the tile is not concerned. Cheaper than `filter_placements`:
        placements stay grouped by edge pattern."""
        return cells

    def filter_placements(
        self, game: Game, tile: TileType, placements: Sequence[Placement]
    ) -> Sequence[Placement]:
        """Remove placements the expansion forbids (edges already match; keep
        the order), for rules that depend on the rotation. Return `placements`
        itself when the tile is not concerned: the core then keeps its
        placements grouped (a list of what is kept splits them by cell)."""
        return placements

    def filters_tile(self, tile: TileType) -> bool:
        """Whether `filter_cells` or `filter_placements` may remove any
        placement of `tile` (judged on the tile type alone: the answer is kept
        for the whole game). False lets the core skip both filters for this
        tile, and build no list of cells or placements for them: with every
        expansion most tiles concern no filter."""
        return True

    def explain_placement(
        self, game: Game, tile: TileType, x: int, y: int, rot: int
    ) -> str | None:
        """Why `filter_placements` refuses this placement, for error messages."""
        return None

    def on_tile_placed(self, game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        """Update this expansion's state after a tile is put down."""

    def watches_tile(self, tile: TileType) -> bool:
        """Whether `on_tile_placed` may do anything when a tile of this type
        is put down (judged on the type alone: the answer is kept for the
        whole game). False lets the core skip the hook for this tile: with
        every expansion, most tiles are no river tile, no volcano."""
        return True

    # --- the figure step ---------------------------------------------------
    def may_deploy(self, game: Game, figure: FigureType, feature: Feature) -> bool:
        """Veto a deployment the core would allow (return False to forbid)."""
        return True

    def vetoes_tile(self, tile: TileType) -> bool:
        """Whether `may_deploy` may veto anything in the figure step of `tile`
        (judged on the tile type alone: the answer is kept for the whole
        game). False lets the core skip the veto for this tile's figure step,
        where it is otherwise asked for every figure and feature."""
        return True

    def extra_actions(self, game: Game) -> Iterable[Action]:
        """Extra choices offered with deploy/pass (e.g. recalling the abbot)."""
        return ()

    def apply_action(self, game: Game, action: Action) -> list[Event] | Resolved | None:
        """Perform an action of a type this expansion added; None if not ours.
        Return `Resolved(events, record)` when the record must keep another
        form of the action (with the outcome it revealed)."""
        return None

    # --- scoring -------------------------------------------------------
    def modify_points(self, game: Game, feature: Feature, points: int, completed: bool) -> int:
        """Adjust the value of a road, city, cloister, ... being scored."""
        return points

    def modify_field_points(self, game: Game, feature: Feature, points: int) -> int:
        return points

    def player_points(self, game: Game, feature: Feature, player: int, points: int) -> int:
        """What the feature is worth to one of its owners (the pig adds for
        its owner only)."""
        return points

    def break_tie(
        self, game: Game, feature: Feature, owners: tuple[int, ...]
    ) -> tuple[int, ...]:
        """Narrow a tied majority (hills: the tied players on a hill win)."""
        return owners

    def before_feature_scored(self, game: Game, root: int, events: list[Event]) -> Decision | None:
        """Pause the scoring of a completed feature for a decision (the Count's
        followers come out of the city); called again once it is resolved,
        until it returns None."""
        return None

    def on_feature_completed(self, game: Game, root: int, placer: int, events: list[Event]) -> None:
        """A feature was just completed by `placer`'s tile (goods, king...)."""

    def on_feature_scored(
        self, game: Game, root: int, owners: tuple[int, ...], events: list[Event]
    ) -> None:
        """A feature was scored; its figures are still on it."""

    def on_points_awarded(
        self, game: Game, players: tuple[int, ...], points: int, category: str,
        events: list[Event],
    ) -> None:
        """Points were awarded (robbers take their share)."""

    def on_features_joined(self, game: Game, kept: int, absorbed: int) -> None:
        """Two features became one (`absorbed` root now belongs to `kept`)."""

    # --- the score track (engine/track.py) -----------------------------
    def score_pawns(self) -> int:
        """How many scoring pawns each player has (Messages: 2); the game
        uses the largest number any expansion asks for."""
        return 1

    def settle_pawn(self, game: Game, move: PawnMove, ask: bool) -> Decision | int | None:
        """Which pawn makes the first queued move: a pawn index, a decision
        to ask (only when `ask`; its answer calls `game.settle_with`), or
        None to leave it to the other expansions (pawn 0 by default)."""
        return None

    def on_pawn_moved(self, game: Game, player: int, pawn: int, start: int, move: PawnMove,
                      events: list[Event]) -> None:
        """A pawn moved from `start` by `move.points` (a robber steals, a
        dark square waits for its message)."""

    def pawns_settled(self, game: Game, events: list[Event], ask: bool) -> Decision | None:
        """Every queued move is settled: what waited for all of them may
        happen now (a robber that watched two pawns leave its square
        chooses whose points it takes). It may award (the moves it queues
        settle next, then this is asked again) and, only when `ask`, return
        a decision; with `ask` False it must decide alone. Asked again before
        each step of the turn after a pawn moved (or a called run of steps
        began or ended) until every expansion answers None."""
        return None

    def tile_links(self, game: Game, x: int, y: int) -> Iterable[tuple[int, int]]:
        """Pairs of local features of the tile at (x, y) this expansion joins
        now beyond the catalogue's edges (a ferry's two road ends): what a
        relink (engine/relink.py) joins again when it rebuilds a feature.
        Every join an expansion makes with `join_features` on a feature that
        may be relinked must be reported here."""
        return ()

    def on_figure_returned(self, game: Game, player: int, figure: str,
                           events: list[Event]) -> None:
        """A player's figure left the board for its owner's supply, whatever sent
        it (a scoring, a knock-out, a message): what belonged to it while it
        stood there goes with it (a shepherd's flock back in the bag)."""

    def on_features_relinked(self, game: Game, roots: tuple[int, ...]) -> None:
        """Features were rebuilt by a relink; `roots` are the new ones (state
        kept by root must be found again from its segments)."""

    def next_player(self, game: Game, player: int) -> int | None:
        """Who plays after `player`; None keeps the usual order (the volcano
        gives the same player another turn)."""
        return None

    def before_final_scoring(self, game: Game, events: list[Event]) -> Decision | None:
        """Pause the end of the game, before any feature is scored, for a
        decision (the last moves of figures kept off the board); called again
        once it is resolved, until every expansion returns None."""
        return None

    def final_scoring(self, game: Game, events: list[Event]) -> None:
        """Extra end-of-game scoring, after the features."""

    def scores_at_end_itself(self, game: Game, feature: Feature) -> bool:
        """True when this expansion's `final_scoring` scores this unfinished
        feature (or field) instead of the core, which then leaves it alone (the
        first-edition farmers are scored city by city, not field by field)."""
        return False

    def supplied_city_points(
        self, game: Game, city: Feature, fields: tuple[Feature, ...], player: int, points: int
    ) -> int:
        """What a completed city is worth to one of the players who win it when
        farmers are scored city by city (`fields`: the fields touching it)."""
        return points

    def start_cities(self, game: Game) -> tuple[Feature, ...]:
        """Completed cities a start board brings that are no feature of the
        board (the City of Carcassonne): kind `city`, `completed`, `tiles` the
        cells of the board. Every field with a segment on those cells borders
        it; nobody completed it during the game (docs/rulings.md, 62-63)."""
        return ()

    # --- hidden information -------------------------------------------------
    def unseen_tiles(self, game: Game) -> Iterable[str]:
        """Tiles out of the bag that no player has seen (under hills)."""
        return ()

    def resample_hidden(self, game: Game, rng: random.Random, pool: list[str]) -> None:
        """Deal this expansion's hidden tiles again from `pool` (shuffled unseen
        tiles; take them from its end) for a computer player's sampled copy."""

    def next_draws(self, game: Game, unseen: Counter[str]) -> Counter[str] | None:
        """The unseen tiles that can be the next draw, when this expansion
        orders the bag (the river's tiles come first); None: any of them. A
        search that forces the next draw must force one the game can deal."""
        return None


EXPANSIONS: dict[str, type[Expansion]] = {}


def register(cls: type[Expansion]) -> type[Expansion]:
    if not cls.id or cls.id in EXPANSIONS:
        raise ValueError(f"expansion id {cls.id!r} missing or registered twice")
    EXPANSIONS[cls.id] = cls
    return cls


_TILES: dict[type[Expansion], tuple[TileType, ...]] = {}


def tiles_of(expansion: Expansion) -> tuple[TileType, ...]:
    """`expansion.tiles()`, built once per expansion class in a process. An
    expansion's tiles are data, the same in every game (options never change
    them), yet every game asked again (its rules, the start tile, a river's
    spring), and the Wheel of Fortune builds its icon copies of base tiles
    each time: most of the cost of building a game with every expansion."""
    cls = type(expansion)
    tiles = _TILES.get(cls)
    if tiles is None:
        tiles = _TILES[cls] = tuple(expansion.tiles())
    return tiles


def overrides(expansion: Expansion, hook: str) -> bool:
    return getattr(type(expansion), hook) is not getattr(Expansion, hook)


def registry() -> dict[str, type[Expansion]]:
    """Every registered expansion, discovered from the expansions package."""
    from carcassonne_desktop.engine import expansions

    expansions.discover()
    return dict(sorted(EXPANSIONS.items(), key=lambda item: (item[1].order, item[0])))

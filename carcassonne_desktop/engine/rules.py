"""The rules in force for one game: the chosen expansions, merged options,
figure types, the catalogue, and which hooks are live.

Built once per game and shared (read-only) by its copies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from carcassonne_desktop.engine.catalogue import Catalogue, TileType
from carcassonne_desktop.engine.decisions import DecisionKind
from carcassonne_desktop.engine.errors import SetupError
from carcassonne_desktop.engine.expansion import Expansion, overrides, registry, tiles_of
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.setup import GameSetup
from carcassonne_desktop.engine.turn import RunFn, Work, compile_plan

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

HOOKS = (
    "arrange_bag",
    "start_layout",
    "player_points",
    "break_tie",
    "before_feature_scored",
    "on_feature_completed",
    "on_feature_scored",
    "on_points_awarded",
    "on_features_joined",
    "tile_links",
    "settle_pawn",
    "on_pawn_moved",
    "pawns_settled",
    "on_features_relinked",
    "on_figure_returned",
    "next_player",
    "unseen_tiles",
    "resample_hidden",
    "next_draws",
    "filter_cells",
    "filter_placements",
    "explain_placement",
    "on_tile_placed",
    "may_deploy",
    "extra_actions",
    "apply_action",
    "modify_points",
    "modify_field_points",
    "before_final_scoring",
    "final_scoring",
    "scores_at_end_itself",
    "supplied_city_points",
    "start_cities",
)


class Rules:
    def __init__(self, setup: GameSetup) -> None:
        known = registry()
        ids = list(dict.fromkeys(setup.expansions))
        if "base" not in ids:
            ids.insert(0, "base")
        unknown = [e for e in ids if e not in known]
        if unknown:
            raise SetupError(
                f"unknown expansion(s): {', '.join(unknown)} (known: {', '.join(known)})"
            )
        ordered = [e for e in known if e in ids]
        self.options = self._merge_options(setup.options, [known[e] for e in ordered])
        self.expansions: tuple[Expansion, ...] = tuple(known[e](self.options) for e in ordered)
        self.expansion_ids = tuple(ordered)
        self.hooks: dict[str, tuple[Expansion, ...]] = {
            hook: tuple(e for e in self.expansions if overrides(e, hook)) for hook in HOOKS
        }
        tiles: list[TileType] = []
        for expansion in self.expansions:
            tiles.extend(tiles_of(expansion))
        self.catalogue = Catalogue(tiles)
        figures: list[FigureType] = []
        for expansion in self.expansions:
            figures.extend(expansion.figures())
        extended = []
        for figure in figures:
            kinds = figure.kinds
            for expansion in self.expansions:
                kinds = kinds | expansion.extend_figure_kinds(figure)
            extended.append(replace(figure, kinds=kinds))
        self.figures: tuple[FigureType, ...] = tuple(extended)
        self.figure_by_name = {f.name: f for f in self.figures}
        #: Every figure is a follower-like one that takes its feature: the
        #: figure step may use the base game's quick occupancy test.
        self.simple_occupancy = all(
            f.group == "follower" and not f.requires_own_follower for f in self.figures
        )
        #: `placement_filters` and `deploy_vetoes` by tile id.
        self.tile_filters: dict[str, tuple[tuple[Expansion, ...], tuple[Expansion, ...]]] = {}
        self.tile_vetoes: dict[str, tuple[Expansion, ...]] = {}
        #: `placed_hooks` by tile id.
        self.tile_placed: dict[str, tuple[Expansion, ...]] = {}
        #: Some figure stands only with its owner's follower (builder, pig).
        self.dependent_figures = any(f.requires_own_follower for f in self.figures)
        self.hand_size = 3 if self.options.get("hand_of_3") else 1
        #: Scoring pawns per player (engine/track.py).
        self.score_pawns = max(e.score_pawns() for e in self.expansions)
        #: Some expansion plays on the score track: awards queue pawn moves
        #: that the turn settles (and may ask about).
        self.track = (self.score_pawns > 1 or bool(self.hooks["settle_pawn"])
                      or bool(self.hooks["on_pawn_moved"]) or bool(self.hooks["pawns_settled"]))
        #: Settle before every work even with nothing queued: an answer that
        #: made the last queued move (which pawn moves) leaves something for
        #: `pawns_settled` to do (a robber's steal) with an empty queue.
        self.settle_always = bool(self.hooks["pawns_settled"])
        streams: set[str] = set()
        kinds_by_name: dict[str, DecisionKind] = {}
        attached: list[Work] = []
        for expansion in self.expansions:
            streams.update(expansion.streams())
            for kind in expansion.decision_kinds():
                if kind.name in kinds_by_name:
                    raise SetupError(f"decision kind {kind.name!r} declared twice")
                kinds_by_name[kind.name] = kind
            attached.extend(expansion.turn_work())
        self.stream_names = frozenset(streams)
        self.decision_kinds = kinds_by_name
        from carcassonne_desktop.engine.game import Game

        #: The works of a turn in order, compiled once for this game's expansions.
        self.plan: tuple[Work, ...] = compile_plan(Game.CORE_WORK, attached)
        self.plan_runs: tuple[RunFn | None, ...] = tuple(work.run for work in self.plan)
        #: `runs_after` by tile id.
        self.tile_runs: dict[str, tuple[RunFn | None, ...]] = {}
        #: No expansion attaches work to the turn or asks before the final
        #: scoring: the driver may take the core's straight path (same works,
        #: same order, and a game that ends ends at once).
        self.core_only = (not attached and not self.hooks["before_final_scoring"]
                          and not self.track)

    @staticmethod
    def _merge_options(
        given: Mapping[str, Any], expansions: list[type[Expansion]]
    ) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for expansion in expansions:
            merged.update(expansion.options)
        unknown = set(given) - set(merged)
        if unknown:
            raise SetupError(f"unknown option(s): {', '.join(sorted(unknown))}")
        for name, value in given.items():
            if type(value) is not type(merged[name]):
                raise SetupError(f"option {name!r} must be {type(merged[name]).__name__}")
            merged[name] = value
        return merged

    def _concerning(self, hook: str, concerns: Callable[[Expansion], bool]) -> tuple[Expansion, ...]:
        """The expansions of `hook` that a tile concerns (`concerns` asks one
        its `filters_tile`, `watches_tile`...); the per-tile-type caches below
        keep what it finds."""
        return tuple(e for e in self.hooks[hook] if concerns(e))

    def placement_filters(
        self, tile: TileType
    ) -> tuple[tuple[Expansion, ...], tuple[Expansion, ...]]:
        """The `filter_cells` and `filter_placements` expansions that concern
        `tile` (their `filters_tile`), found once per tile type: the placements
        of a tile no filter concerns are the edge matches alone."""
        filters = self.tile_filters.get(tile.id)
        if filters is None:
            filters = (self._concerning("filter_cells", lambda e: e.filters_tile(tile)),
                       self._concerning("filter_placements", lambda e: e.filters_tile(tile)))
            self.tile_filters[tile.id] = filters
        return filters

    def placed_hooks(self, tile: TileType) -> tuple[Expansion, ...]:
        """The `on_tile_placed` expansions that watch `tile` (their
        `watches_tile`), found once per tile type."""
        hooks = self.tile_placed.get(tile.id)
        if hooks is None:
            hooks = self.tile_placed[tile.id] = self._concerning("on_tile_placed",
                                                                   lambda e: e.watches_tile(tile))
        return hooks

    def deploy_vetoes(self, tile: TileType) -> tuple[Expansion, ...]:
        """The `may_deploy` expansions that may veto a figure in the figure
        step of `tile` (their `vetoes_tile`), found once per tile type."""
        vetoes = self.tile_vetoes.get(tile.id)
        if vetoes is None:
            vetoes = self.tile_vetoes[tile.id] = self._concerning("may_deploy",
                                                                  lambda e: e.vetoes_tile(tile))
        return vetoes

    def runs_after(self, tile: TileType) -> tuple[RunFn | None, ...]:
        """The runs of the plan once `tile` is the tile placed, found once per
        tile type: None for each work that names its tiles (`Work.tiles`)
        and not this one, which the driver then does not call (with every
        expansion, most tiles need no gold, robber, crop circle or fair)."""
        runs = self.tile_runs.get(tile.id)
        if runs is None:
            runs = self.tile_runs[tile.id] = tuple(
                None if work.tiles is not None and not work.tiles(tile) else work.run
                for work in self.plan)
        return runs

    def decision_kind(self, name: str) -> DecisionKind:
        kind = self.decision_kinds.get(name)
        if kind is None:
            raise SetupError(f"no expansion in this game answers a {name!r} decision")
        return kind

    def start_layout(self, game: Game) -> list[tuple[str, int, int, int]] | None:
        """The start board: every expansion's layout, from the highest start
        priority down, each placed against the cells laid before it."""
        laid: list[tuple[str, int, int, int]] = []
        for expansion in sorted(self.hooks["start_layout"], key=lambda e: -e.start_priority):
            cells = expansion.start_layout(game, tuple(laid))
            if cells:
                laid.extend(cells)
        return laid or None

    def start_tile(self) -> TileType:
        """The start tile of the expansion with the highest start priority."""
        best: tuple[int, TileType] | None = None
        for expansion in self.expansions:
            for tile in tiles_of(expansion):
                if tile.start and (best is None or expansion.start_priority > best[0]):
                    best = (expansion.start_priority, tile)
        if best is None:
            raise SetupError("no start tile among the chosen expansions")
        return best[1]

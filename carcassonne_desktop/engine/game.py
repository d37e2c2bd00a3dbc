"""The game state machine: one decision at a time, `legal_actions()` and
`apply(action) -> events`.

Hot paths (placement enumeration, `apply`) work on precomputed rotations, a
frontier of open cells and union-find features with aggregates, so nothing
here scans the whole board. The state is plain lists, dicts and small objects
so that `copy()` is cheap for search.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from carcassonne_desktop.engine.actions import PASS, Action, Deploy, Pass, PlaceTile
from carcassonne_desktop.engine.catalogue import RotatedTile, TileType, pattern_sides
from carcassonne_desktop.engine.errors import IllegalActionError, SetupError
from carcassonne_desktop.engine.events import (
    Event,
    FeatureCompleted,
    FigureDeployed,
    FigureReturned,
    GameOver,
    PointsScored,
    TileDiscarded,
    TileDrawn,
    TilePlaced,
)
from carcassonne_desktop.engine.features import (
    EDGES,
    FEATURE_KINDS,
    NEIGHBOURHOOD,
    STRUCTURAL_ATTRS,
    Feature,
    Position,
)
from carcassonne_desktop.engine.geometry import DELTAS
from carcassonne_desktop.engine.geometry import NEIGHBOURHOOD as AROUND
from carcassonne_desktop.engine.rules import Rules
from carcassonne_desktop.engine.setup import GameSetup

PLACE = "place_tile"
FIGURE = "figure"
OVER = "over"

# Bit offset, in the pattern of the cell beyond each edge, of the side facing it.
FACING_SHIFT = (6, 9, 0, 3)
_SIDES = tuple((d, DELTAS[d][0], DELTAS[d][1], FACING_SHIFT[d]) for d in range(4))
# (kind, completion, initial open count, shields, flags, local indexes of bordering cities)
Template = tuple[str, str, int, int, dict[str, int] | None, tuple[int, ...] | None]
_TEMPLATES: dict[str, tuple[Template, ...]] = {}


def _templates(tile: TileType) -> tuple[Template, ...]:
    cached = _TEMPLATES.get(tile.id)
    if cached is None:
        built = []
        for spec in tile.features:
            kind = FEATURE_KINDS.get(spec.kind)
            completion = kind.completion if kind else "never"
            open_count = len(spec.ports) if completion == EDGES else 8
            flags = {
                name: 1
                for name, value in spec.attrs.items()
                if name not in STRUCTURAL_ATTRS and value is True
            } or None
            cities = tuple(spec.attrs["cities"]) if spec.kind == "field" else None
            built.append(
                (spec.kind, completion, open_count, 1 if spec.flag("shield") else 0, flags, cities)
            )
        cached = tuple(built)
        _TEMPLATES[tile.id] = cached
    return cached


_DEPLOYS: dict[tuple[str, int, int, str], Deploy] = {}


def deploy_action(figure: str, x: int, y: int, port: str) -> Deploy:
    """Interned Deploy values: legal_actions() hands out the same objects turn
    after turn, so building and matching them is a dictionary lookup."""
    key = (figure, x, y, port)
    action = _DEPLOYS.get(key)
    if action is None:
        if len(_DEPLOYS) > 200_000:
            _DEPLOYS.clear()
        action = _DEPLOYS[key] = Deploy(figure, x, y, port)
    return action


@dataclass(frozen=True, slots=True)
class FigureOnBoard:
    player: int
    figure: str
    x: int
    y: int
    port: str
    feature: str  # the feature kind it stands on; "field" means a farmer, lying down
    feature_index: int = -1  # the feature's index in the tile's catalogue entry


@dataclass(frozen=True, slots=True)
class FeatureInfo:
    """What the interface needs to show about one feature."""

    kind: str
    tiles: tuple[Position, ...]
    segments: tuple[tuple[int, int, int], ...]  # (x, y, local feature index) of every part
    figures: tuple[FigureOnBoard, ...]
    owners: tuple[int, ...]  # players with the majority now
    completed: bool
    value: int  # what it would score now (completed value, or end-of-game value)


# Legal placements of one tile on cells sharing an edge pattern: every cell
# takes every rotation listed. Kept as groups so that counting and drawing one
# at random cost nothing per cell.
PlacementGroup = tuple[list[Position], tuple[int, ...], str]


class LegalActions(Sequence[Action]):
    """A lazy view of the legal actions (python-chess style): placements stay
    grouped by edge pattern and become action objects only when read."""

    __slots__ = ("_groups", "_others", "_count", "_set")

    def __init__(
        self, groups: list[PlacementGroup], others: list[Action], count: int | None = None
    ) -> None:
        self._groups = groups
        self._others = others
        if count is None:
            count = sum(len(cells) * len(rots) for cells, rots, _ in groups) if groups else 0
        self._count = count
        self._set: set[tuple[int, int, int, str]] | None = None

    def __len__(self) -> int:
        return self._count + len(self._others)

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index >= self._count:
            return self._others[index - self._count]
        for cells, rots, tile in self._groups:
            size = len(cells) * len(rots)
            if index < size:
                x, y = cells[index // len(rots)]
                return PlaceTile(x, y, rots[index % len(rots)], tile)
            index -= size
        raise IndexError(index)  # pragma: no cover - counts are consistent

    def __iter__(self) -> Iterator[Action]:
        for cells, rots, tile in self._groups:
            for x, y in cells:
                for rot in rots:
                    yield PlaceTile(x, y, rot, tile)
        yield from self._others

    def __contains__(self, action: object) -> bool:
        if isinstance(action, PlaceTile):
            if self._set is None:
                self._set = set(self.placements())
            return (action.x, action.y, action.rot, action.tile) in self._set
        return action in self._others

    def placements(self) -> list[tuple[int, int, int, str]]:
        """Every placement as (x, y, rot, tile), for callers that want no objects."""
        return [
            (x, y, rot, tile) for cells, rots, tile in self._groups for x, y in cells for rot in rots
        ]


_NO_GROUPS: list[PlacementGroup] = []


class Game:
    """A game in progress. Create with a `GameSetup`; drive with `apply`."""

    def __init__(self, setup: GameSetup, rules: Rules | None = None) -> None:
        setup.check_players()
        self.setup = setup
        self.rules = rules if rules is not None else Rules(setup)
        self.num_players = len(setup.players)
        self.rng = random.Random(setup.seed)
        self.scores = [0] * self.num_players
        self.breakdown: list[dict[str, int]] = [{} for _ in range(self.num_players)]
        self.supply: list[dict[str, int]] = [
            {f.name: f.per_player for f in self.rules.figures} for _ in range(self.num_players)
        ]
        self.board: dict[Position, tuple[RotatedTile, int]] = {}
        self.parent: list[int] = []
        self.features: list[Feature | None] = []
        self.node_pos: list[Position] = []
        self.node_local: list[int] = []
        # Open cells with the edge pattern they require (see catalogue.EDGE_CODES),
        # and the same cells indexed by pattern.
        self.frontier: dict[Position, int] = {}
        self.open_by_pattern: dict[int, dict[Position, None]] = {}
        self.waiting_cells: dict[Position, list[int]] = {}
        self.figures_placed: list[tuple[int, str, int]] = []
        self.hands: list[list[str]] = [[] for _ in range(self.num_players)]
        self.bag: list[str] = []  # drawn from the end; hidden information
        self.extension_state: dict[str, Any] = {}
        self.current = 0
        self.phase = PLACE
        self.turn = 0
        self.history: list[Action] = []
        self.last_placed: Position | None = None
        self._pending: list[int] = []
        self._placements: dict[str, list[PlacementGroup]] = {}
        self._placement_counts: dict[str, int] = {}
        self._figure_options: list[Action] | None = None
        self._setup_board()

    # ------------------------------------------------------------------ setup
    def _setup_board(self) -> None:
        catalogue = self.rules.catalogue
        setup = self.setup
        if setup.start_tile is not None:
            if setup.start_tile not in catalogue:
                raise SetupError(f"unknown start tile {setup.start_tile!r}")
            start = catalogue[setup.start_tile]
        else:
            start = self.rules.start_tile()
        if setup.tile_order is not None:
            unknown = [t for t in setup.tile_order if t not in catalogue]
            if unknown:
                raise SetupError(f"unknown tile(s) in tile_order: {', '.join(unknown[:5])}")
            drawn_first = list(setup.tile_order)
        else:
            drawn_first = []
            for tile in catalogue:
                copies = tile.count - tile.start
                if setup.start_tile is not None and tile is start and not tile.start:
                    copies -= 1
                drawn_first.extend([tile.id] * max(copies, 0))
            self.rng.shuffle(drawn_first)
            for expansion in self.rules.hooks["arrange_bag"]:
                drawn_first = expansion.arrange_bag(self, drawn_first, self.rng)
        self.bag = drawn_first[::-1]
        self._put_tile(start.rotations[setup.start_rot % 4], 0, 0)
        self._pending = []
        events: list[Event] = []
        if self.rules.hand_size > 1:
            for player in range(self.num_players):
                for _ in range(self.rules.hand_size):
                    if self.bag:
                        self.hands[player].append(self.bag.pop())
        self._begin_turn(events)
        self.opening_events = events

    # ------------------------------------------------------------ public view
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def hand(self) -> list[str]:
        """Tiles the current player may place (one, or up to three with hand_of_3)."""
        return self.hands[self.current]

    @property
    def current_tile(self) -> str | None:
        hand = self.hands[self.current]
        return hand[0] if hand and self.phase != OVER else None

    def tiles_left(self) -> int:
        return len(self.bag)

    def remaining_tile_counts(self) -> Counter[str]:
        """Tiles still to come, by type: public knowledge (their order is not)."""
        return Counter(self.bag)

    def players(self) -> list[str]:
        return [p.name for p in self.setup.players]

    def winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)

    def figures_on_board(self) -> list[FigureOnBoard]:
        out = []
        for player, figure, node in self.figures_placed:
            out.append(self._figure_view(player, figure, node))
        return out

    def _figure_view(self, player: int, figure: str, node: int) -> FigureOnBoard:
        x, y = self.node_pos[node]
        rotated = self.board[(x, y)][0]
        local = self.node_local[node]
        return FigureOnBoard(
            player, figure, x, y, rotated.canonical_ports[local],
            rotated.tile.features[local].kind, local,
        )

    def placed_tiles(self) -> dict[Position, tuple[str, int]]:
        return {pos: (rt.tile.id, rt.rot) for pos, (rt, _) in self.board.items()}

    def placements_for(self, tile_id: str) -> list[tuple[int, int, int, str]]:
        """Legal (x, y, rot, tile) for one tile of the hand during the place step."""
        if self.phase != PLACE or tile_id not in self._placements:
            return []
        return LegalActions(self._placements[tile_id], []).placements()

    def feature_at(self, x: int, y: int, port: str) -> FeatureInfo | None:
        placed = self.board.get((x, y))
        if placed is None:
            return None
        rotated, base = placed
        local = rotated.feature_at_port(port)
        if local < 0:
            return None
        return self.feature_info(base + local)

    def feature_info(self, node: int) -> FeatureInfo:
        root = self.find(node)
        feature = self.features[root]
        assert feature is not None
        segments = tuple(
            (*self.node_pos[n], self.node_local[n])
            for n in range(len(self.parent))
            if self.find(n) == root
        )
        figures = tuple(self._figure_view(p, f, n) for p, f, n in feature.figures)
        owners, _ = self._majority(feature)
        if feature.kind == "field":
            value = self._field_points(feature)
        else:
            value = self._feature_points(feature, feature.completed or self._is_complete(feature))
        return FeatureInfo(
            feature.kind,
            tuple(sorted(feature.tiles)),
            segments,
            figures,
            owners,
            feature.completed,
            value,
        )

    # ----------------------------------------------------------- union-find
    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def feature(self, node: int) -> Feature:
        feature = self.features[self.find(node)]
        assert feature is not None
        return feature

    def _union(self, a: int, b: int, closes_edge: bool) -> None:
        parent = self.parent
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        features = self.features
        if a == b:
            if closes_edge:
                features[a].open -= 2  # type: ignore[union-attr]
            return
        fa, fb = features[a], features[b]
        assert fa is not None and fb is not None
        if fa.size < fb.size:
            a, b, fa, fb = b, a, fb, fa
        parent[b] = a
        features[b] = None
        fa.absorb(fb)
        fa.open += fb.open - (2 if closes_edge else 0)

    # ------------------------------------------------------- legal actions
    def legal_actions(self) -> LegalActions:
        phase = self.phase
        if phase == PLACE:
            hand = self.hands[self.current]
            if len(hand) == 1:
                tile_id = hand[0]
                return LegalActions(
                    self._placements[tile_id], [], self._placement_counts[tile_id]
                )
            groups: list[PlacementGroup] = []
            for tile_id in dict.fromkeys(hand):
                groups.extend(self._placements[tile_id])
            return LegalActions(groups, [])
        if phase == FIGURE:
            return LegalActions(_NO_GROUPS, self._figure_actions(), 0)
        return LegalActions(_NO_GROUPS, [], 0)

    def _figure_actions(self) -> list[Action]:
        options = self._figure_options
        if options is None:
            options = []
            assert self.last_placed is not None
            x, y = self.last_placed
            rotated, base = self.board[(x, y)]
            supply = self.supply[self.current]
            figures = [f for f in self.rules.figures if supply[f.name] > 0]
            vetoes = self.rules.hooks["may_deploy"]
            if figures:
                for local, spec in enumerate(rotated.tile.features):
                    feature = self.features[self.find(base + local)]
                    assert feature is not None
                    if any(self.rules.figure_by_name[f].occupies for _, f, _ in feature.figures):
                        continue
                    for figure in figures:
                        if spec.kind in figure.kinds and all(
                            e.may_deploy(self, figure, feature) for e in vetoes
                        ):
                            options.append(
                                deploy_action(figure.name, x, y, rotated.canonical_ports[local])
                            )
            for expansion in self.rules.hooks["extra_actions"]:
                options.extend(expansion.extra_actions(self))
            options.append(PASS)
            self._figure_options = options
        return options

    # --------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
        """Perform one legal action; raises IllegalActionError and changes
        nothing if the action is not legal now."""
        phase = self.phase
        events: list[Event] = []
        if phase == PLACE:
            if type(action) is not PlaceTile:
                raise IllegalActionError(
                    f"expected a tile placement, got {action.type}", action
                )
            action = self._check_placement(action)
            self._apply_placement(action, events)
        elif phase == FIGURE:
            action = self._normalise_figure_action(action)
            if action not in self._figure_actions():
                raise IllegalActionError(self._explain_figure(action), action)
            if type(action) is Deploy:
                self._deploy(action, events)
            elif type(action) is not Pass:
                for expansion in self.rules.hooks["apply_action"]:
                    done = expansion.apply_action(self, action)
                    if done is not None:
                        events.extend(done)
                        break
                else:
                    raise IllegalActionError(f"no rule handles {action.type}", action)
            self.history.append(action)
            self._end_turn(events)
        else:
            raise IllegalActionError("the game is over", action)
        return events

    def _check_placement(self, action: PlaceTile) -> PlaceTile:
        hand = self.hands[self.current]
        tile = action.tile
        if tile is None:
            if len(set(hand)) != 1:
                raise IllegalActionError("say which tile of the hand to place", action)
            tile = hand[0]
            action = PlaceTile(action.x, action.y, action.rot, tile)
        elif tile not in hand:
            raise IllegalActionError(
                f"tile {tile} is not in hand (the tile to place is {', '.join(hand)})", action
            )
        if not self._is_legal_placement(action.x, action.y, action.rot, tile):
            raise IllegalActionError(self._explain_placement(action, tile), action)
        return action

    def _explain_placement(self, action: PlaceTile, tile_id: str) -> str:
        pos = (action.x, action.y)
        if pos in self.board:
            return f"({action.x}, {action.y}) already holds a tile"
        if pos not in self.frontier:
            return f"({action.x}, {action.y}) does not touch the placed tiles"
        rotated = self.rules.catalogue[tile_id].rotations[action.rot]
        pattern = pattern_sides(self.frontier[pos])
        for direction, need in enumerate(pattern):
            have = rotated.edges[direction]
            if need is not None and need != have:
                side = "NESW"[direction]
                return f"{tile_id} rot {action.rot}: edge {side} is {have}, the neighbour needs {need}"
        tile = self.rules.catalogue[tile_id]
        for expansion in self.rules.hooks["explain_placement"]:
            reason = expansion.explain_placement(self, tile, action.x, action.y, action.rot)
            if reason:
                return reason
        return f"{tile_id} rot {action.rot} at ({action.x}, {action.y}) is forbidden by the rules"

    def _figure_kinds(self, figure: str) -> frozenset[str] | None:
        figure_type = self.rules.figure_by_name.get(figure)
        return figure_type.kinds if figure_type is not None else None

    def _normalise_figure_action(self, action: Action) -> Action:
        """Any port of a feature names it; legal actions use the first one."""
        if type(action) is Deploy and (action.x, action.y) in self.board:
            rotated = self.board[(action.x, action.y)][0]
            local = rotated.feature_at_port(action.port, self._figure_kinds(action.figure))
            if local >= 0 and rotated.canonical_ports[local] != action.port:
                return Deploy(action.figure, action.x, action.y, rotated.canonical_ports[local])
        return action

    def _explain_figure(self, action: Action) -> str:
        if type(action) is PlaceTile:
            return "a tile was already placed this turn: deploy a figure or pass"
        if type(action) is Deploy:
            if (action.x, action.y) != self.last_placed:
                return "figures may only be deployed on the tile just placed"
            if action.figure not in self.rules.figure_by_name:
                return f"no figure {action.figure!r} in this game"
            if self.supply[self.current][action.figure] <= 0:
                return f"no {action.figure} left in supply"
            rotated = self.board[(action.x, action.y)][0]
            local = rotated.feature_at_port(action.port, self._figure_kinds(action.figure))
            if local < 0:
                return f"no feature at port {action.port}"
            kind = rotated.tile.features[local].kind
            if kind not in self.rules.figure_by_name[action.figure].kinds:
                return f"a {action.figure} cannot stand on a {kind}"
            return f"the {kind} at port {action.port} is already occupied"
        return f"{action.type} is not possible now"

    # ------------------------------------------------------------ placement
    def _put_tile(self, rotated: RotatedTile, x: int, y: int) -> None:
        """Add a tile to the board, merge its features and update the frontier."""
        pos = (x, y)
        parent = self.parent
        base = len(parent)
        features = self.features
        board = self.board
        find = self.find
        neighbours = (
            board.get((x, y - 1)),
            board.get((x + 1, y)),
            board.get((x, y + 1)),
            board.get((x - 1, y)),
        )
        templates = _TEMPLATES.get(rotated.tile.id) or _templates(rotated.tile)
        count = len(templates)
        self.node_pos.extend([pos] * count)
        self.node_local.extend(range(count))
        centre_nodes: list[int] = []
        edge_nodes: list[int] = []
        local_links = rotated.local_links
        for local, (kind, completion, open_count, shields, flags, cities) in enumerate(templates):
            node = base + local
            # A segment that touches an existing feature joins it directly
            # instead of becoming a feature of its own and being merged.
            attached = -1
            for direction, nport, closes_edge in local_links[local]:
                neighbour = neighbours[direction]
                if neighbour is None:
                    continue
                facing, nbase = neighbour
                nlocal = facing.port_feature[nport]
                if nlocal < 0:
                    continue
                if attached >= 0:
                    self._union(node, nbase + nlocal, closes_edge)
                    continue
                attached = find(nbase + nlocal)
                feature = features[attached]
                parent.append(attached)
                features.append(None)
                feature.size += 1  # type: ignore[union-attr]
                feature.tiles.add(pos)  # type: ignore[union-attr]
                feature.shields += shields  # type: ignore[union-attr]
                feature.open += open_count - 2 if closes_edge else open_count  # type: ignore[union-attr]
                if flags:
                    own = feature.flags  # type: ignore[union-attr]
                    if own is None:
                        feature.flags = dict(flags)  # type: ignore[union-attr]
                    else:
                        for name, value in flags.items():
                            own[name] = own.get(name, 0) + value
                if cities:
                    borders = {base + c for c in cities}
                    if feature.cities is None:  # type: ignore[union-attr]
                        feature.cities = borders  # type: ignore[union-attr]
                    else:
                        feature.cities |= borders  # type: ignore[union-attr]
            if attached < 0:
                parent.append(node)
                features.append(
                    Feature(
                        kind,
                        {pos},
                        open_count,
                        shields,
                        dict(flags) if flags else None,
                        {base + c for c in cities} if cities else None,
                    )
                )
            if completion == EDGES:
                edge_nodes.append(node)
            elif completion == NEIGHBOURHOOD:
                centre_nodes.append(node)
        board[pos] = (rotated, base)
        pending = self._pending
        for node in edge_nodes:
            root = self.find(node)
            feature = features[root]
            if feature.open == 0 and not feature.completed and root not in pending:  # type: ignore[union-attr]
                pending.append(root)
        # Cloister-like features wait for their 8 surrounding cells: each
        # empty cell lists the features it would bring closer to completion.
        waiting = self.waiting_cells
        nodes = waiting.pop(pos, None)
        if nodes:
            for node in nodes:
                feature = features[node]
                feature.open -= 1  # type: ignore[union-attr]
                if feature.open == 0:  # type: ignore[union-attr]
                    pending.append(node)
        if centre_nodes:
            filled = 0
            for dx, dy in AROUND:
                cell = (x + dx, y + dy)
                if cell in board:
                    filled += 1
                else:
                    waiting.setdefault(cell, []).extend(centre_nodes)
            for node in centre_nodes:
                feature = features[node]
                feature.open = 8 - filled  # type: ignore[union-attr]
                if feature.open == 0:  # type: ignore[union-attr]
                    pending.append(node)
        frontier = self.frontier
        by_pattern = self.open_by_pattern
        old = frontier.pop(pos, None)
        if old is not None:
            cells = by_pattern[old]
            del cells[pos]
            if not cells:
                del by_pattern[old]
        # Every empty cell next to a placed tile is in the frontier, so a cell
        # that was not there touches only this tile: patterns update by OR.
        edge_codes = rotated.edge_codes
        for direction, dx, dy, shift in _SIDES:
            if neighbours[direction] is not None:
                continue
            cell = (x + dx, y + dy)
            facing = edge_codes[direction] << shift
            old = frontier.get(cell)
            if old is not None:
                cells = by_pattern[old]
                del cells[cell]
                if not cells:
                    del by_pattern[old]
                pattern = old | facing
            else:
                pattern = facing
            frontier[cell] = pattern
            cells = by_pattern.get(pattern)
            if cells is None:
                by_pattern[pattern] = {cell: None}
            else:
                cells[cell] = None
        for expansion in self.rules.hooks["on_tile_placed"]:
            expansion.on_tile_placed(self, x, y, rotated)

    def _compute_placements(self, tile: TileType) -> tuple[list[PlacementGroup], int]:
        """Legal placements of `tile` grouped by edge pattern, and how many."""
        fits = tile._fits
        tile_id = tile.id
        groups: list[PlacementGroup] = []
        total = 0
        for pattern, cells in self.open_by_pattern.items():
            rots = fits[pattern]
            if rots is None:
                rots = tile.fitting_rotations(pattern)
            if rots:
                groups.append((list(cells), rots, tile_id))
                total += len(cells) * len(rots)
        filters = self.rules.hooks["filter_placements"]
        if filters and groups:
            triples = [(x, y, r) for cells, rots, _ in groups for x, y in cells for r in rots]
            for expansion in filters:
                triples = expansion.filter_placements(self, tile, triples)
            groups = [([(x, y)], (r,), tile_id) for x, y, r in triples]
            total = len(groups)
        return groups, total

    def _is_legal_placement(self, x: int, y: int, rot: int, tile_id: str) -> bool:
        if self.rules.hooks["filter_placements"]:
            return any(
                (x, y) in cells and rot in rots for cells, rots, _ in self._placements[tile_id]
            )
        pattern = self.frontier.get((x, y))
        return pattern is not None and rot in self.rules.catalogue[tile_id].fitting_rotations(
            pattern
        )

    def _apply_placement(self, action: PlaceTile, events: list[Event]) -> None:
        tile_id = action.tile
        assert tile_id is not None
        player = self.current
        rotated = self.rules.catalogue[tile_id].rotations[action.rot]
        self.hands[player].remove(tile_id)
        self._placements = {}
        self._put_tile(rotated, action.x, action.y)
        self.last_placed = (action.x, action.y)
        self.history.append(action)
        events.append(TilePlaced(player, tile_id, action.x, action.y, action.rot))
        self.phase = FIGURE
        self._figure_options = None

    def _deploy(self, action: Deploy, events: list[Event]) -> None:
        player = self.current
        rotated, base = self.board[(action.x, action.y)]
        node = base + rotated.feature_at_port(action.port, self._figure_kinds(action.figure))
        self.supply[player][action.figure] -= 1
        feature = self.feature(node)
        feature.figures = feature.figures + ((player, action.figure, node),)
        self.figures_placed.append((player, action.figure, node))
        events.append(FigureDeployed(player, action.figure, action.x, action.y, action.port))

    # -------------------------------------------------------------- scoring
    def _majority(self, feature: Feature) -> tuple[tuple[int, ...], int]:
        if not feature.figures:
            return (), 0
        strength = [0] * self.num_players
        figure_by_name = self.rules.figure_by_name
        for player, figure, _ in feature.figures:
            strength[player] += figure_by_name[figure].strength
        best = max(strength)
        if best <= 0:
            return (), 0
        return tuple(i for i, s in enumerate(strength) if s == best), best

    def _is_complete(self, feature: Feature) -> bool:
        kind = FEATURE_KINDS.get(feature.kind)
        return kind is not None and kind.completion != "never" and feature.open == 0

    def _feature_points(self, feature: Feature, completed: bool) -> int:
        kind = FEATURE_KINDS.get(feature.kind)
        points = kind.points(self, feature, completed) if kind else 0
        for expansion in self.rules.hooks["modify_points"]:
            points = expansion.modify_points(self, feature, points, completed)
        return points

    def _field_points(self, feature: Feature) -> int:
        cities = {self.find(c) for c in feature.cities or ()}
        completed = sum(1 for c in cities if self.features[c].completed)  # type: ignore[union-attr]
        points = 3 * completed
        for expansion in self.rules.hooks["modify_field_points"]:
            points = expansion.modify_field_points(self, feature, points)
        return points

    def award(
        self, players: Sequence[int], points: int, feature: Feature, reason: str,
        events: list[Event],
    ) -> None:
        """Give `points` to each of `players` for `feature` (also used by expansions)."""
        for player in players:
            self.scores[player] += points
            book = self.breakdown[player]
            book[feature.kind] = book.get(feature.kind, 0) + points
        events.append(
            PointsScored(tuple(players), points, feature.kind, tuple(sorted(feature.tiles)), reason)
        )

    def return_figure(self, player: int, figure: str, node: int, events: list[Event]) -> None:
        """Take a figure off the board back to its owner's supply."""
        view = self._figure_view(player, figure, node)
        self.supply[player][figure] += 1
        self.figures_placed.remove((player, figure, node))
        feature = self.feature(node)
        spots = list(feature.figures)
        spots.remove((player, figure, node))
        feature.figures = tuple(spots)
        events.append(FigureReturned(player, figure, view.x, view.y, view.port))

    def score_feature(
        self, root: int, completed: bool, reason: str, events: list[Event],
        return_figures: bool = True,
    ) -> None:
        """Score one feature for its majority and (optionally) send its figures home."""
        feature = self.features[root]
        assert feature is not None
        owners, _ = self._majority(feature)
        if owners:
            if feature.kind == "field":
                points = self._field_points(feature)
            else:
                points = self._feature_points(feature, completed)
            self.award(owners, points, feature, reason, events)
        if return_figures:
            for player, figure, node in list(feature.figures):
                self.return_figure(player, figure, node, events)

    def _score_completed(self, events: list[Event]) -> None:
        for root in self._pending:
            root = self.find(root)
            feature = self.features[root]
            assert feature is not None
            if feature.completed:
                continue
            feature.completed = True
            events.append(FeatureCompleted(feature.kind, tuple(sorted(feature.tiles))))
            self.score_feature(root, True, "completed", events)
        self._pending = []

    def _final_scoring(self, events: list[Event]) -> None:
        roots: dict[int, Feature] = {}
        for _, _, node in self.figures_placed:
            root = self.find(node)
            feature = self.features[root]
            assert feature is not None
            if not feature.completed:
                roots[root] = feature
        order = sorted(
            roots, key=lambda r: (FEATURE_KINDS[roots[r].kind].order
                                  if roots[r].kind in FEATURE_KINDS else 50, r)
        )
        for root in order:
            self.score_feature(root, False, "final", events, return_figures=False)
        for expansion in self.rules.hooks["final_scoring"]:
            expansion.final_scoring(self, events)
        events.append(GameOver(tuple(self.scores), self.winners()))

    # ----------------------------------------------------------- turn flow
    def _end_turn(self, events: list[Event]) -> None:
        self._score_completed(events)
        self._figure_options = None
        player = self.current
        if self.rules.hand_size > 1 and self.bag:
            self.hands[player].append(self.bag.pop())
        self.turn += 1
        self.current = (player + 1) % self.num_players
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event]) -> None:
        """Give the player to move something to place; skips players with empty
        hands (hand_of_3 endgame) and ends the game when nobody has a tile."""
        for _ in range(self.num_players):
            if self._deal(self.current, events):
                self.phase = PLACE
                return
            if not self.bag and not any(self.hands):
                break
            self.current = (self.current + 1) % self.num_players
        self.phase = OVER
        self._placements = {}
        self._final_scoring(events)

    def _deal(self, player: int, events: list[Event]) -> bool:
        """Fill the player's hand with placeable tiles; a tile that fits nowhere
        goes back in the box and is replaced (000 p.3). True if one can be played."""
        catalogue = self.rules.catalogue
        hand = self.hands[player]
        placements: dict[str, list[PlacementGroup]] = {}
        counts: dict[str, int] = {}
        if self.rules.hand_size == 1:
            while not hand and self.bag:
                tile_id = self.bag.pop()
                events.append(TileDrawn(player, tile_id))
                groups, total = self._compute_placements(catalogue[tile_id])
                if total:
                    hand.append(tile_id)
                    placements[tile_id] = groups
                    counts[tile_id] = total
                else:
                    events.append(TileDiscarded(player, tile_id))
        else:
            checked = False
            while not checked:
                checked = True
                for tile_id in list(hand):
                    if tile_id in placements:
                        continue
                    groups, total = self._compute_placements(catalogue[tile_id])
                    if total:
                        placements[tile_id] = groups
                        counts[tile_id] = total
                        continue
                    hand.remove(tile_id)
                    events.append(TileDiscarded(player, tile_id))
                    if self.bag:
                        drawn = self.bag.pop()
                        hand.append(drawn)
                        events.append(TileDrawn(player, drawn))
                        checked = False
        self._placements = placements
        self._placement_counts = counts
        return bool(hand)

    # ---------------------------------------------------------------- search
    def copy(self) -> Game:
        """An independent game in the same state (for search and previews)."""
        other = Game.__new__(Game)
        other.setup = self.setup
        other.rules = self.rules
        other.num_players = self.num_players
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scores = list(self.scores)
        other.breakdown = [dict(b) for b in self.breakdown]
        other.supply = [dict(s) for s in self.supply]
        other.board = dict(self.board)
        parent = self.parent
        other.parent = list(parent)
        other.features = [
            f.clone() if f is not None and parent[i] == i else None
            for i, f in enumerate(self.features)
        ]
        other.node_pos = list(self.node_pos)
        other.node_local = list(self.node_local)
        other.frontier = dict(self.frontier)
        other.open_by_pattern = {p: dict(c) for p, c in self.open_by_pattern.items()}
        other.waiting_cells = {pos: list(nodes) for pos, nodes in self.waiting_cells.items()}
        other.figures_placed = list(self.figures_placed)
        other.hands = [list(h) for h in self.hands]
        other.bag = list(self.bag)
        other.extension_state = dict(self.extension_state)
        other.current = self.current
        other.phase = self.phase
        other.turn = self.turn
        other.history = list(self.history)
        other.last_placed = self.last_placed
        other._pending = list(self._pending)
        other._placements = dict(self._placements)
        other._placement_counts = dict(self._placement_counts)
        other._figure_options = self._figure_options
        other.opening_events = self.opening_events
        return other

    def resample_hidden(self, rng: random.Random) -> None:
        """Shuffle the unseen tiles (bag and other players' hands) with `rng`,
        so that a search on a copy cannot exploit the real order."""
        hidden = list(self.bag)
        owners = []
        for player, hand in enumerate(self.hands):
            if player != self.current:
                owners.append((player, len(hand)))
                hidden.extend(hand)
        rng.shuffle(hidden)
        for player, count in owners:
            self.hands[player] = [hidden.pop() for _ in range(count)]
        self.bag = hidden

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, for equality checks in tests."""
        roots = tuple(
            (
                i, f.kind, f.size, tuple(sorted(f.tiles)), f.open, f.shields,
                tuple(sorted((f.flags or {}).items())), f.figures,
                tuple(sorted(self.find(c) for c in f.cities)) if f.cities is not None else None,
                f.completed,
            )
            for i, f in enumerate(self.features)
            if f is not None and self.parent[i] == i
        )
        return (
            tuple(self.scores),
            tuple(tuple(sorted(b.items())) for b in self.breakdown),
            tuple(tuple(sorted(s.items())) for s in self.supply),
            tuple(sorted((pos, rt.tile.id, rt.rot) for pos, (rt, _) in self.board.items())),
            roots,
            tuple(sorted(self.frontier.items())),
            tuple(self.figures_placed),
            tuple(tuple(h) for h in self.hands),
            tuple(self.bag),
            tuple(sorted(self.extension_state.items())),
            self.current,
            self.phase,
            self.turn,
            tuple(self.history),
            self.last_placed,
        )

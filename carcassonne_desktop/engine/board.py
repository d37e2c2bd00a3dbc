"""The board: tiles placed, the frontier of open cells, and features merged
with union-find as tiles go down.

Hot paths (placement enumeration, `_put_tile`) work on precomputed rotations,
a frontier of open cells indexed by edge pattern and union-find features
with aggregates, so nothing here scans the whole board. `Game` inherits
this; it is a separate module so the turn flow reads on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.catalogue import RotatedTile, TileType, pattern_sides
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
from carcassonne_desktop.engine.legal import (
    Placement,
    PlacementGroup,
    Placements,
    keep_cells,
    regroup,
)

if TYPE_CHECKING:
    from carcassonne_desktop.engine.rules import Rules

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
            # A true attribute is a flag of its own name (inn, cathedral); a
            # named one counts as "name:value" (goods:wine), so features
            # merge their symbols by counting, whatever the expansion.
            flags = {
                (name if value is True else f"{name}:{value}"): 1
                for name, value in spec.attrs.items()
                if name not in STRUCTURAL_ATTRS and (value is True or isinstance(value, str))
            } or None
            cities = tuple(spec.attrs["cities"]) if spec.kind == "field" else None
            built.append(
                (spec.kind, completion, open_count, 1 if spec.flag("shield") else 0, flags, cities)
            )
        cached = tuple(built)
        _TEMPLATES[tile.id] = cached
    return cached



def _leave(by_pattern: dict[int, tuple[Position, ...]], pattern: int, cell: Position) -> None:
    """Take `cell` out of its pattern's bucket, and the bucket out when empty.

    Buckets are tuples, replaced rather than changed: the placement listing
    hands them out as they are (no copy per group, and a listing kept after
    the board moved on still reads what it listed) and `Game.copy()` shares
    them. A bucket holds a few cells, so rebuilding one is cheap.
    """
    cells = by_pattern[pattern]
    if len(cells) == 1:
        del by_pattern[pattern]
    else:
        index = cells.index(cell)
        by_pattern[pattern] = cells[:index] + cells[index + 1:]


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



class Board:
    """Tiles, frontier and features of one game (a part of `Game`)."""

    __slots__ = ()

    rules: Rules
    board: dict[Position, tuple[RotatedTile, int]]
    parent: list[int]
    features: list[Feature | None]
    #: This game's token: the features it may change in place carry it
    #: (`writable_feature`); `copy` gives the original and the copy new ones.
    _owner: object
    #: Replaced, never changed, whenever the features' roots may change (a
    #: tile laid, two features joined, a road relinked); copies share it.
    #: Positions holding the same token have the same roots, each with the
    #: same kind, tiles and flags (goods), so a reader may keep what it
    #: derived from those across positions (the evaluator's `by_structure`,
    #: issue 30). Figures and completion are not part of it.
    structure: object
    node_pos: list[Position]
    node_local: list[int]
    frontier: dict[Position, int]
    open_by_pattern: dict[int, tuple[Position, ...]]
    waiting_cells: dict[Position, tuple[int, ...]]
    figures_placed: list[tuple[int, str, int]]
    _to_score: list[int]
    _placements: dict[str, list[PlacementGroup]]

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

    def figure_positions(self) -> list[tuple[FigureOnBoard, tuple[float, float]]]:
        """Every figure on the tiles with the point where it stands, in board
        tile units (tile centres at whole numbers): what the interface draws
        and what a landing point is judged against (engine/figure_geometry.py)."""
        from carcassonne_desktop.engine.figure_geometry import figure_positions

        return figure_positions(self)

    def placed_tiles(self) -> dict[Position, tuple[str, int]]:
        return {pos: (rt.tile.id, rt.rot) for pos, (rt, _) in self.board.items()}

    def placed_tile(self, x: int, y: int) -> tuple[str, int] | None:
        """The tile id and rotation at (x, y), or None: one lookup, for the
        interface's every-frame questions (placed_tiles() copies the board)."""
        placed = self.board.get((x, y))
        return None if placed is None else (placed[0].tile.id, placed[0].rot)

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
        owners, _ = self.majority(feature)
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

    def writable_feature(self, root: int) -> Feature:
        """The feature of `root`, ready to be changed by this game alone.

        Copies of a game share their Feature objects (a copy costs no
        feature: issue 30, they were 70% of a copy with every expansion), so
        every change of a feature goes through here: a feature this game
        does not own is cloned (once) and the clone replaces it here."""
        feature = self.features[root]
        assert feature is not None
        if feature.owner is not self._owner:
            feature = feature.clone(self._owner)
            self.features[root] = feature
        return feature

    def shares_feature(self, feature: Feature) -> bool:
        """Whether this game does not own `feature` (copy-on-write): then no
        game can change it any more (a change clones it first), so whoever
        keeps it across positions (the evaluator's carried prospects, issue
        30) may trust that the same object means the same content."""
        return feature.owner is not self._owner

    def join_features(self, a: int, b: int) -> int:
        """Join the features of nodes `a` and `b` (geometry the edge matching
        cannot see, such as an edge shared by two cities) and queue the
        result for scoring if it is now complete; returns the new root."""
        self._union(a, b, False)
        self.requeue_if_complete(self.find(a))
        return self.find(a)

    def requeue_if_complete(self, node: int) -> None:
        """After an expansion changed a feature's open count: a feature that
        is now complete and unscored waits for this turn's scoring (once)."""
        queue: dict[int, None] = {}
        for candidate in [*self._to_score, node]:
            root = self.find(candidate)
            feature = self.features[root]
            # a queued feature joined to an open one is no longer complete
            if feature is not None and feature.open == 0 and not feature.completed:
                queue[root] = None
        self._to_score[:] = list(queue)

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
                self.writable_feature(a).open -= 2
            return
        fa, fb = features[a], features[b]
        assert fa is not None and fb is not None
        self.structure = object()
        if fa.size < fb.size:
            a, b, fa, fb = b, a, fb, fa
        parent[b] = a
        features[b] = None
        if fa.owner is not self._owner:
            fa = features[a] = fa.clone(self._owner)
        fa.absorb(fb)
        fa.open += fb.open - (2 if closes_edge else 0)
        for expansion in self.rules.hooks["on_features_joined"]:
            expansion.on_features_joined(self, a, b)  # type: ignore[arg-type]


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


    # ------------------------------------------------------------ placement
    def _put_tile(self, rotated: RotatedTile, x: int, y: int) -> None:
        """Add a tile to the board, merge its features and update the frontier."""
        self.structure = object()
        pos = (x, y)
        parent = self.parent
        base = len(parent)
        features = self.features
        owner = self._owner
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
                if feature.owner is not owner:  # type: ignore[union-attr]
                    feature = features[attached] = feature.clone(owner)  # type: ignore[union-attr]
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
                        owner,
                    )
                )
            if completion == EDGES:
                edge_nodes.append(node)
            elif completion == NEIGHBOURHOOD:
                centre_nodes.append(node)
        board[pos] = (rotated, base)
        to_score = self._to_score
        for node in edge_nodes:
            root = self.find(node)
            feature = features[root]
            if feature.open == 0 and not feature.completed and root not in to_score:  # type: ignore[union-attr]
                to_score.append(root)
        # Cloister-like features wait for their 8 surrounding cells: each
        # empty cell lists the features it would bring closer to completion
        # (in a tuple, replaced not changed, so `Game.copy()` shares them).
        waiting = self.waiting_cells
        nodes = waiting.pop(pos, None)
        if nodes:
            for node in nodes:
                feature = self.writable_feature(node)
                feature.open -= 1
                if feature.open == 0:
                    to_score.append(node)
        if centre_nodes:
            filled = 0
            for dx, dy in AROUND:
                cell = (x + dx, y + dy)
                if cell in board:
                    filled += 1
                else:
                    waiting[cell] = (*waiting.get(cell, ()), *centre_nodes)
            for node in centre_nodes:
                feature = features[node]
                feature.open = 8 - filled  # type: ignore[union-attr]
                if feature.open == 0:  # type: ignore[union-attr]
                    to_score.append(node)
        frontier = self.frontier
        by_pattern = self.open_by_pattern
        old = frontier.pop(pos, None)
        if old is not None:
            _leave(by_pattern, old, pos)
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
                _leave(by_pattern, old, cell)
                pattern = old | facing
            else:
                pattern = facing
            frontier[cell] = pattern
            # a cell's pattern only gains sides: it was in no bucket of this one
            cells = by_pattern.get(pattern)
            by_pattern[pattern] = (cell,) if cells is None else (*cells, cell)
        for expansion in self.rules.placed_hooks(rotated.tile):
            expansion.on_tile_placed(self, x, y, rotated)

    def _compute_placements(self, tile: TileType) -> tuple[list[PlacementGroup], int]:
        """Legal placements of `tile` grouped by edge pattern, and how many."""
        fits = tile._fits
        tile_id = tile.id
        groups: list[PlacementGroup] = []
        total = 0
        for pattern, cells in self.open_by_pattern.items():
            if pattern in fits:  # (most patterns fit no rotation of the tile)
                rots = fits[pattern]
                groups.append((cells, rots, tile_id))
                total += len(cells) * len(rots)
        rules = self.rules
        cell_filters, placement_filters = rules.placement_filters(tile)
        if cell_filters and groups:
            # rules of the cell alone: the groups stay whole (no triples)
            cells = [cell for group_cells, _, _ in groups for cell in group_cells]
            kept = cells
            for expansion in cell_filters:
                kept = expansion.filter_cells(self, tile, kept)
            if len(kept) != len(cells):
                groups = keep_cells(groups, set(kept))
                total = sum(len(cells) * len(rots) for cells, rots, _ in groups)
        if placement_filters and groups:
            # Every filter keeps a subset in order and judges each placement
            # on the board alone, so cell filters first changes nothing.
            view = Placements(groups, total)
            placements: Sequence[Placement] = view
            for expansion in placement_filters:
                placements = expansion.filter_placements(self, tile, placements)
            if placements is not view:
                groups = regroup(placements, tile_id)
                total = len(placements)
        return groups, total

    def _is_legal_placement(self, x: int, y: int, rot: int, tile_id: str) -> bool:
        rules = self.rules
        tile = rules.catalogue[tile_id]
        cell_filters, placement_filters = rules.placement_filters(tile)
        if placement_filters or cell_filters:
            return any(
                (x, y) in cells and rot in rots for cells, rots, _ in self._placements[tile_id]
            )
        pattern = self.frontier.get((x, y))
        return pattern is not None and rot in tile.fitting_rotations(pattern)


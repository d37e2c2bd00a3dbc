"""Connectivity that can be relinked: rebuild a feature after a link inside a
tile changed (a ferry turned to two other road ends of its lake).

Union-find only merges, and placing a ferry is a merge (`join_features`).
Turning one may split a road and join another, so the components that hold
the ferry's segments are rebuilt locally: every segment of them becomes a
feature of its own again (its tile's template), segments are joined again
along the tile edges they share and along the links expansions report for
their tiles (`Expansion.tile_links`), and the figures go back onto the
component of the segment they stand on. Nothing outside those components is
touched, so a relink costs the size of the roads involved, not the board.

Completion after a relink (docs/rulings.md, "Relinked features"): a
component made only of segments of features already scored keeps its
`completed` mark while it is still closed (one holding a segment never
scored is a new completed road, scored this turn); one that is open again is no longer
completed (a ferry reopened it) and will be scored again when it closes; a
closed component that was never scored (a ferry closed it) waits for this
turn's scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.features import Feature, Position

if TYPE_CHECKING:
    from carcassonne_desktop.engine.catalogue import RotatedTile
    from carcassonne_desktop.engine.events import Event
    from carcassonne_desktop.engine.rules import Rules

#: Edge directions each shared edge is visited from (east and south), so a
#: rebuild closes each edge once.
_FORWARD = (1, 2)
_DELTAS = {1: (1, 0), 2: (0, 1)}


class Relinking:
    """Rebuild features around a changed link (a part of `Game`)."""

    __slots__ = ()

    rules: Rules
    board: dict[Position, tuple[RotatedTile, int]]
    parent: list[int]
    features: list[Feature | None]
    _owner: object
    structure: object
    node_pos: list[Position]
    node_local: list[int]
    _to_score: list[int]

    if TYPE_CHECKING:
        def find(self, node: int) -> int: ...
        def _union(self, a: int, b: int, closes_edge: bool) -> None: ...
        def requeue_if_complete(self, node: int) -> None: ...
        def writable_feature(self, root: int) -> Feature: ...

    def members(self, node: int) -> list[int]:
        """Every segment of the feature `node` belongs to."""
        return self._segments_of({self.find(node)})

    def _segments_of(self, roots: set[int]) -> list[int]:
        """Every segment of the features `roots`, in node order. Read on the
        features' own tiles (each segment's tile is in its feature's
        `tiles`), not over every node of the board: a ferry turned late in
        a game with every expansion asked `find` of some 1,500 nodes."""
        features = self.features
        board = self.board
        find = self.find
        tiles: set[Position] = set()
        for root in roots:
            feature = features[root]
            assert feature is not None
            tiles |= feature.tiles
        segments = []
        for pos in tiles:
            rotated, base = board[pos]
            for n in range(base, base + len(rotated.tile.features)):  # one node each
                if find(n) in roots:
                    segments.append(n)
        segments.sort()
        return segments

    def relink(self, nodes: Iterable[int], events: list[Event] | None = None) -> list[int]:
        """Rebuild the features holding `nodes` from their segments, the tile
        edges and the links the expansions report now; returns the new roots.
        Call it after changing what `tile_links` reports."""
        del events  # the relink itself is silent: its cause tells the players
        roots = {self.find(n) for n in nodes}
        old = {root: self.features[root] for root in roots}
        segments = self._segments_of(roots)
        was_completed = {n for n in segments if old[self.find(n)].completed}  # type: ignore[union-attr]
        figures = [spot for root in roots for spot in old[root].figures]  # type: ignore[union-attr]
        members = set(segments)
        self.structure = object()
        from carcassonne_desktop.engine.board import _templates

        for n in segments:
            x, y = self.node_pos[n]
            rotated, base = self.board[(x, y)]
            kind, _completion, open_count, shields, flags, cities = \
                _templates(rotated.tile)[self.node_local[n]]
            self.parent[n] = n
            self.features[n] = Feature(kind, {(x, y)}, open_count, shields,
                                       dict(flags) if flags else None,
                                       {base + c for c in cities} if cities else None,
                                       self._owner)
        for n in segments:
            x, y = self.node_pos[n]
            rotated, base = self.board[(x, y)]
            for direction, nport, closes_edge in rotated.local_links[self.node_local[n]]:
                if direction not in _FORWARD:
                    continue
                dx, dy = _DELTAS[direction]
                neighbour = self.board.get((x + dx, y + dy))
                if neighbour is None:
                    continue
                facing, nbase = neighbour
                nlocal = facing.port_feature[nport]
                if nlocal >= 0 and nbase + nlocal in members:
                    self._union(n, nbase + nlocal, closes_edge)
        linkers = self.rules.hooks["tile_links"]
        for pos in {self.node_pos[n] for n in segments}:
            base = self.board[pos][1]
            for expansion in linkers:
                for a, b in expansion.tile_links(self, *pos):  # type: ignore[arg-type]
                    if base + a in members and base + b in members:
                        self._union(base + a, base + b, False)
        new_roots = sorted({self.find(n) for n in segments})
        for spot in figures:
            feature = self.writable_feature(self.find(spot[2]))
            feature.figures = feature.figures + (spot,)
        for root in new_roots:
            feature = self.writable_feature(root)
            # a closed part of a scored road keeps its mark; joined to a part
            # never scored (a road the tile just closed, with its figures) it
            # is a new completed road, scored this turn (docs/rulings.md R3)
            scored = all(n in was_completed for n in segments if self.find(n) == root)
            feature.completed = scored and feature.open == 0
        # queued features of the old components now have other roots
        self._to_score[:] = [self.find(n) for n in self._to_score]
        for root in new_roots:
            self.requeue_if_complete(root)
        for expansion in self.rules.hooks["on_features_relinked"]:
            expansion.on_features_relinked(self, tuple(new_roots))  # type: ignore[arg-type]
        return new_roots

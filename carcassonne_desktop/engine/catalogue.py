"""The tile catalogue: tile types loaded from the data files, with their four
rotations precomputed once so that play never builds tile objects.

Tile types are loaded once per process and shared by every game, each with
the table of which rotations fit every edge pattern an open cell may have.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from carcassonne_desktop.engine.errors import CatalogueError
from carcassonne_desktop.engine.geometry import (
    CENTRE,
    EDGE_HALVES,
    FACING_HALF,
    OPPOSITE,
    PORT_INDEX,
    PORT_NAMES,
    rotate_port_index,
)

CATALOGUE_FORMAT = "carcassonne-catalogue/1"
FIELD = "field"
# Feature kinds whose ports are edges and that give the edge its type.
EDGE_KINDS = frozenset({"road", "city", "river"})

# Edge kinds are coded as small integers so that the pattern of edges an open
# cell requires is one int (3 bits per side, N lowest, 0 = no neighbour):
# hashing and indexing ints is what makes placement enumeration cheap.
EDGE_CODES: dict[str, int] = {"field": 1, "road": 2, "city": 3, "river": 4}
EDGE_NAMES: dict[int, str] = {code: name for name, code in EDGE_CODES.items()}
# Every set of sides a pattern may constrain, as a mask of their 3-bit codes.
_SIDE_MASKS = tuple(
    sum(7 << (3 * side) for side in range(4) if subset >> side & 1) for subset in range(16)
)


def edge_code(kind: str) -> int:
    code = EDGE_CODES.get(kind)
    if code is None:
        code = len(EDGE_CODES) + 1
        if code > 7:
            raise CatalogueError("too many edge kinds")
        EDGE_CODES[kind] = code
        EDGE_NAMES[code] = kind
    return code


def pattern_sides(pattern: int) -> tuple[str | None, ...]:
    """The edge kinds an open cell requires on N, E, S, W (None = anything)."""
    return tuple(EDGE_NAMES.get((pattern >> (3 * d)) & 7) for d in range(4))


def _fitting_patterns(words: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Every pattern some rotation fits, with those rotations in order.

    A rotation (its packed edge word) fits exactly the 16 patterns that keep
    its codes on some sides and leave the others open, so the table is
    complete from the start: with all nineteen (220 tile types) a game met
    some 300 new (tile, pattern) pairs, each tested when first asked, and a
    table of 4096 entries per tile was 7 MB that the listing's lookups
    missed in the processor's cache. Patterns absent here fit no rotation.
    """
    fits: dict[int, list[int]] = {}
    for rot, word in enumerate(words):
        for mask in _SIDE_MASKS:
            fits.setdefault(word & mask, []).append(rot)
    return {pattern: tuple(rots) for pattern, rots in fits.items()}


@dataclass(frozen=True, slots=True)
class FeatureSpec:
    """One feature of a tile in catalogue orientation."""

    kind: str
    ports: tuple[str, ...]
    attrs: Mapping[str, Any]

    def flag(self, name: str, default: Any = None) -> Any:
        return self.attrs.get(name, default)


class RotatedTile:
    """A tile type in one rotation, with everything placement needs precomputed."""

    __slots__ = (
        "tile",
        "rot",
        "edges",
        "edge_codes",
        "feature_ports",
        "port_feature",
        "links",
        "local_links",
        "canonical_ports",
        "figure_anchors",
    )

    def __init__(self, tile: TileType, rot: int) -> None:
        self.tile = tile
        self.rot = rot
        feature_ports: list[tuple[int, ...]] = []
        port_feature = [-1] * len(PORT_NAMES)
        for local, feature in enumerate(tile.features):
            rotated = tuple(rotate_port_index(PORT_INDEX[p], rot) for p in feature.ports)
            feature_ports.append(rotated)
            for port in rotated:
                port_feature[port] = local
        self.feature_ports: tuple[tuple[int, ...], ...] = tuple(feature_ports)
        self.port_feature: tuple[int, ...] = tuple(port_feature)
        edges: list[str] = []
        for direction in range(4):
            local = port_feature[direction]
            kind = tile.features[local].kind if local >= 0 else FIELD
            edges.append(kind if kind in EDGE_KINDS else FIELD)
        self.edges: tuple[str, ...] = tuple(edges)
        self.edge_codes: tuple[int, ...] = tuple(edge_code(e) for e in edges)
        # For each direction: (local feature, facing port on the neighbour,
        # whether the link closes an edge of a road/city/river).
        links: list[tuple[tuple[int, int, bool], ...]] = []
        for direction in range(4):
            pairs: list[tuple[int, int, bool]] = []
            local = port_feature[direction]
            if local >= 0:
                pairs.append((local, OPPOSITE[direction], True))
            for half in EDGE_HALVES[direction]:
                local = port_feature[half]
                if local >= 0:
                    pairs.append((local, FACING_HALF[half], False))
            links.append(tuple(pairs))
        self.links: tuple[tuple[tuple[int, int, bool], ...], ...] = tuple(links)
        # The same links grouped by local feature: (direction, facing port, closes edge).
        by_local: list[list[tuple[int, int, bool]]] = [[] for _ in tile.features]
        for direction, pairs in enumerate(links):
            for local, nport, closes_edge in pairs:
                by_local[local].append((direction, nport, closes_edge))
        self.local_links: tuple[tuple[tuple[int, int, bool], ...], ...] = tuple(
            tuple(pairs) for pairs in by_local
        )
        self.canonical_ports: tuple[str, ...] = tuple(
            PORT_NAMES[ports[0]] if ports else PORT_NAMES[CENTRE] for ports in feature_ports
        )
        #: Where a figure on each feature stands, by local index, filled as
        #: asked (`figure_geometry.figure_positions`: the Catapult's aim
        #: asks every figure's point for every whole turn it judges).
        self.figure_anchors: dict[int, tuple[float, float]] = {}

    def feature_at_port(self, port: str, kinds: frozenset[str] | None = None) -> int:
        """Local index of the feature named by `port` (board orientation), or -1.

        A feature that touches no edge (the inner field of ic/03) is named "C"
        like the centre feature, so on ic/03+garden "C" is both the garden and
        the field; `kinds` (what the figure may stand on) tells them apart.
        """
        index = PORT_INDEX.get(port)
        if index is None:
            return -1
        local = self.port_feature[index]
        if kinds is None or index != CENTRE or (local >= 0 and self.tile.features[local].kind in kinds):
            return local
        for other, name in enumerate(self.canonical_ports):
            if name == port and self.tile.features[other].kind in kinds:
                return other
        return local


class TileType:
    """A tile design from the catalogue."""

    __slots__ = (
        "id",
        "expansion",
        "count",
        "start",
        "name",
        "features",
        "feature_kinds",
        "flags",
        "raw",
        "rotations",
        "_fits",
        "_edge_words",
        "fitting_patterns",
    )

    def __init__(self, raw: Mapping[str, Any], expansion: str) -> None:
        try:
            self.id: str = raw["id"]
            self.count: int = int(raw.get("count", 0))
            self.start: int = int(raw.get("start", 0))
            self.name: str = raw.get("name", self.id)
            self.features: tuple[FeatureSpec, ...] = tuple(
                FeatureSpec(
                    kind=f["kind"],
                    ports=tuple(f["ports"]),
                    attrs={k: v for k, v in f.items() if k not in ("kind", "ports")},
                )
                for f in raw["features"]
            )
            self.flags: Mapping[str, Any] = dict(raw.get("flags", {}))
        except (KeyError, TypeError, ValueError) as exc:
            raise CatalogueError(f"bad tile entry {raw!r}: {exc}") from None
        for feature in self.features:
            for port in feature.ports:
                if port not in PORT_INDEX:
                    raise CatalogueError(f"tile {self.id}: unknown port {port!r}")
        #: Asked for every tile of the bag before each draw of the river
        #: phase (is it a river tile?): a scan of the features there was a
        #: quarter of hard's search time on river turns (bench/ai.md, session 10).
        self.feature_kinds: frozenset[str] = frozenset(f.kind for f in self.features)
        self.expansion = expansion
        self.raw = {**raw, "expansion": expansion}
        self.rotations: tuple[RotatedTile, ...] = tuple(RotatedTile(self, r) for r in range(4))
        # Each rotation's four edge codes packed like a cell's pattern (3 bits
        # a side), so one rotation is checked against a pattern in one test.
        self._edge_words: tuple[int, ...] = tuple(
            sum(code << (3 * d) for d, code in enumerate(rotated.edge_codes))
            for rotated in self.rotations
        )
        self._fits: dict[int, tuple[int, ...]] = _fitting_patterns(self._edge_words)
        #: The patterns some rotation fits (read only): `pattern in
        #: fitting_patterns` is `bool(fitting_rotations(pattern))` without a
        #: call, for whoever asks it of every tile type (the evaluation).
        self.fitting_patterns: Mapping[int, tuple[int, ...]] = self._fits

    def fitting_rotations(self, pattern: int) -> tuple[int, ...]:
        """Rotations whose edges match every edge an open cell requires."""
        return self._fits.get(pattern, ())

    def has_feature(self, kind: str) -> bool:
        return kind in self.feature_kinds

    def __repr__(self) -> str:
        return f"TileType({self.id!r})"


@cache
def load_tile_file(file_name: str, expansion: str) -> tuple[TileType, ...]:
    """Tile types of one data file under engine/data (loaded once per process)."""
    try:
        text = resources.files("carcassonne_desktop.engine.data").joinpath(file_name).read_text(
            encoding="utf-8"
        )
        doc = json.loads(text)
    except (OSError, json.JSONDecodeError) as exc:
        raise CatalogueError(f"cannot read tile data {file_name}: {exc}") from None
    if doc.get("format") != CATALOGUE_FORMAT:
        raise CatalogueError(f"{file_name}: unexpected format {doc.get('format')!r}")
    return tuple(TileType(raw, expansion) for raw in doc["tiles"])


class Catalogue:
    """The tile types available in one game, by id."""

    def __init__(self, tiles: Iterable[TileType]) -> None:
        self.tiles: dict[str, TileType] = {}
        for tile in tiles:
            if tile.id in self.tiles:
                raise CatalogueError(f"duplicate tile id {tile.id}")
            self.tiles[tile.id] = tile

    def __getitem__(self, tile_id: str) -> TileType:
        return self.tiles[tile_id]

    def __contains__(self, tile_id: object) -> bool:
        return tile_id in self.tiles

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.tiles.values())

    def to_json(self) -> dict[str, Any]:
        """The `carcassonne catalogue --json` document (DESIGN.md section 4)."""
        out = []
        for tile in self.tiles.values():
            entry: dict[str, Any] = {
                "id": tile.id,
                "expansion": tile.expansion,
                "count": tile.count,
            }
            if tile.start:
                entry["start"] = tile.start
            entry["name"] = tile.name
            entry["features"] = [
                {"kind": f.kind, "ports": list(f.ports), **dict(f.attrs)} for f in tile.features
            ]
            entry["flags"] = dict(tile.flags)
            out.append(entry)
        return {"format": CATALOGUE_FORMAT, "tiles": out}

"""Tile data of Traders & Builders and Hills & Sheep against the shared reference.

The engine modules for these expansions come later; these tests make sure the
data they will read is the reference's, loads, and rotates like any other tile.
"""

from __future__ import annotations

from collections import Counter

import pytest

from carcassonne_desktop.engine.catalogue import RotatedTile, TileType, load_tile_file
from carcassonne_desktop.engine.geometry import PORT_INDEX
from tests.test_catalogue import REFERENCE, assert_matches_reference, assert_tile_consistent

FILES = {"traders_builders.json": ("traders_builders", 24), "hills_sheep.json": ("hills_sheep", 18)}


def tiles_of(file_name: str) -> tuple[TileType, ...]:
    return load_tile_file(file_name, FILES[file_name][0])


def all_tiles() -> list[TileType]:
    return [tile for name in FILES for tile in tiles_of(name)]


@pytest.mark.parametrize("file_name", sorted(FILES))
def test_box_sizes(file_name):
    expansion, total = FILES[file_name]
    tiles = tiles_of(file_name)
    assert sum(t.count for t in tiles) == total
    assert all(t.expansion == expansion for t in tiles)
    prefix = {"traders_builders": "tb/", "hills_sheep": "hs/"}[expansion]
    assert all(t.id.startswith(prefix) for t in tiles)
    assert not any(t.start for t in tiles)


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference catalogue not beside repo")
@pytest.mark.parametrize("file_name", sorted(FILES))
def test_data_matches_reference(file_name):
    assert_matches_reference(file_name, file_name, FILES[file_name][0])


def test_goods_are_on_cities_nine_wine_six_grain_five_cloth():
    goods: Counter[str] = Counter()
    for tile in tiles_of("traders_builders.json"):
        carriers = [f for f in tile.features if f.flag("goods")]
        assert len(carriers) <= 1, tile.id
        for feature in carriers:
            assert feature.kind == "city"
            goods[feature.flag("goods")] += tile.count
    assert goods == {"wine": 9, "grain": 6, "cloth": 5}


def test_hills_and_vineyards_are_tile_flags_eight_each():
    flags: Counter[str] = Counter()
    for tile in tiles_of("hills_sheep.json"):
        for name, value in tile.flags.items():
            assert value is True
            flags[name] += tile.count
    assert flags == {"hill": 8, "vineyard": 8}
    cloisters = sum(t.count for t in tiles_of("hills_sheep.json") if t.has_feature("cloister"))
    assert cloisters == 2


@pytest.mark.parametrize("tile", all_tiles(), ids=lambda t: t.id)
def test_every_tile_loads_and_its_four_rotations_build(tile):
    assert_tile_consistent(tile)
    for rot in range(4):
        rotated = RotatedTile(tile, rot)
        assert rotated.edges == tile.rotations[rot].edges
        for side in range(4):
            assert rotated.edges[(side + rot) % 4] == tile.rotations[0].edges[side]
        # every port of the tile belongs to exactly one feature after the turn
        ports = [p for ports in rotated.feature_ports for p in ports]
        assert len(ports) == len(set(ports))
        for local, feature_ports in enumerate(rotated.feature_ports):
            for port in feature_ports:
                assert rotated.port_feature[port] == local


def test_bridge_roads_cross_without_sharing_a_port():
    """tb/24: the N-S road passes over the E-W road; they never join, whatever the turn,
    and the four fields between them stay apart."""
    tile = next(t for t in tiles_of("traders_builders.json") if t.flags.get("bridge"))
    assert tile.id == "tb/24"
    roads = [i for i, f in enumerate(tile.features) if f.kind == "road"]
    assert len(roads) == 2 and not tile.has_feature("city")
    for rotated in tile.rotations:
        a, b = (set(rotated.feature_ports[i]) for i in roads)
        assert not a & b
        assert {len(a), len(b)} == {2}
        n, e, s, w = (rotated.port_feature[PORT_INDEX[p]] for p in "NESW")
        assert n == s and e == w and n != e
        fields = [set(rotated.feature_ports[i]) for i, f in enumerate(tile.features) if f.kind == "field"]
        assert len(fields) == 4 and all(len(f) == 2 for f in fields)


def test_split_cities_keep_their_own_ports():
    """Cities beside each other on one tile (tb/03, tb/06, tb/14, hs/02 ...) are separate
    features; hs/02's second city names the edge it shares instead of owning its port."""
    for tile in all_tiles():
        cities = [f for f in tile.features if f.kind == "city"]
        for i, first in enumerate(cities):
            for second in cities[i + 1:]:
                assert not set(first.ports) & set(second.ports), tile.id
        for feature in cities:
            shared = feature.flag("shared_edge")
            if shared:
                assert tile.id == "hs/02"
                assert shared not in feature.ports
                owner = tile.rotations[0].port_feature[PORT_INDEX[shared]]
                assert tile.features[owner].kind == "city"

"""Tile data of King & Robber Baron and Heretics & Shrines against the shared
reference: 5 tiles each, the same features, ports and edges, with one
documented difference (kr/05's two inner fields are one field here)."""

from __future__ import annotations

import json

import pytest

from carcassonne_desktop.engine.catalogue import TileType, load_tile_file
from tests.test_catalogue import EDGE_PORTS, REFERENCE, assert_tile_consistent

FILES = {
    "king_robber_baron.json": ("king_robber_baron", "kr/", "count_with_gardens"),
    "heretics_shrines.json": ("heretics_shrines", "shrine/", "count"),
}


#: Our names for reference flags (kr/05's cities cross on a bridge, drawn
#: differently from the road bridge of tb/24).
RENAMED_FLAGS = {"bridge": "city_bridge"}


def tiles_of(file_name: str) -> tuple[TileType, ...]:
    return load_tile_file(file_name, FILES[file_name][0])


@pytest.mark.parametrize("file_name", sorted(FILES))
def test_five_tiles_each_none_a_start_tile(file_name):
    expansion, prefix, _ = FILES[file_name]
    tiles = tiles_of(file_name)
    assert sum(t.count for t in tiles) == 5
    assert all(t.expansion == expansion and t.id.startswith(prefix) for t in tiles)
    assert not any(t.start for t in tiles)
    for tile in tiles:
        assert_tile_consistent(tile)


def _merged_inner_fields(features: list[dict]) -> list[dict]:
    """The reference's features with every inner field after the first dropped."""
    out, seen_inner = [], False
    for feature in features:
        if feature.get("inner"):
            if seen_inner:
                continue
            seen_inner = True
        out.append(feature)
    return out


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference catalogue not beside repo")
@pytest.mark.parametrize("file_name", sorted(FILES))
def test_data_matches_reference(file_name):
    _, _, count_key = FILES[file_name]
    reference = json.loads((REFERENCE / file_name).read_text(encoding="utf-8"))
    expected = {t["id"]: t for t in reference["tiles"] if t.get(count_key, t["count"])}
    ours = {t.id: t for t in tiles_of(file_name)}
    assert set(ours) == set(expected)
    for tile_id, ref in expected.items():
        tile = ours[tile_id]
        assert tile.count == ref[count_key]
        features = _merged_inner_fields(ref["features"])
        assert [(f.kind, list(f.ports)) for f in tile.features] == [
            (f["kind"], f["ports"]) for f in features], tile_id
        for feature, ref_feature in zip(tile.features, features):
            for key in ("shield", "cities", "inner"):
                if key in ref_feature:
                    assert feature.attrs.get(key) == ref_feature[key], (tile_id, key)
        flags = {RENAMED_FLAGS.get(k, k): v for k, v in ref.get("flags", {}).items()}
        assert dict(tile.flags) == flags, tile_id
        assert list(tile.rotations[0].edges) == [ref["edges"][side] for side in EDGE_PORTS]


def test_the_bridge_tile_holds_two_cities_that_do_not_meet_and_one_inner_field():
    kr05 = next(t for t in tiles_of("king_robber_baron.json") if t.id == "kr/05")
    cities = [f for f in kr05.features if f.kind == "city"]
    assert [set(f.ports) for f in cities] == [{"E", "W"}, {"N", "S"}]
    fields = [f for f in kr05.features if f.kind == "field"]
    assert len(fields) == 1 and fields[0].attrs["inner"] and list(fields[0].attrs["cities"]) == [0, 1]


def test_every_shrine_tile_has_one_shrine_and_no_cloister():
    for tile in tiles_of("heretics_shrines.json"):
        assert [f.kind for f in tile.features].count("shrine") == 1
        assert not tile.has_feature("cloister")

"""The project's tile data against the shared reference catalogue."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from carcassonne_desktop.engine.catalogue import EDGE_CODES, TileType, load_tile_file
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.geometry import EDGE_PORTS, HALF_PORTS, rotate_port

SHARED_ENV = "CARCASSONNE_SHARED_DIR"


def reference_dir() -> Path:
    """The shared reference catalogue: ``$CARCASSONNE_SHARED_DIR`` when set (CI sets it
    to ``<clone>/../shared``), else ``shared/`` beside the clone, seen through the path
    as given and through the resolved one (a symlinked checkout has two parents)."""
    override = os.environ.get(SHARED_ENV)
    if override:
        return Path(override) / "reference" / "tiles"
    here = Path(__file__)
    for root in (here.absolute().parents[2], here.resolve().parents[2]):
        if (root / "shared" / "reference" / "tiles").is_dir():
            return root / "shared" / "reference" / "tiles"
    return here.resolve().parents[2] / "shared" / "reference" / "tiles"


REFERENCE = reference_dir()
REQUIRED = bool(os.environ.get(SHARED_ENV))
"""Set by CI: a missing reference is then a failure, never a silent skip."""
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"


def base_tiles():
    return load_tile_file("base.json", "base")


def test_base_box_has_72_tiles_lettered_a_to_x_with_start_d():
    tiles = base_tiles()
    assert sum(t.count for t in tiles) == 72
    letters = Counter()
    for tile in tiles:
        letters[tile.id.split("/")[1].split("+")[0]] += tile.count
    assert set(letters) == set(LETTERS)
    assert [t.id for t in tiles if t.start] == ["base/D"]
    assert letters["D"] == 4
    expected = dict(zip(LETTERS, [2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9,
                                  4, 1]))
    assert dict(letters) == expected


def test_eight_garden_tiles_in_the_2nd_3rd_edition_box():
    gardens = [t for t in base_tiles() if t.has_feature("garden")]
    assert sum(t.count for t in gardens) == 8
    for tile in gardens:
        assert tile.id.endswith("+garden")


def assert_matches_reference(data_file: str, reference_file: str, expansion: str = "x") -> None:
    """One of our data files against its reference file: the same tiles (2nd/3rd-edition
    box, so garden copies included), counts, features with their ports and flags (shield,
    goods, cities...), tile flags and edges. Shared by the per-expansion catalogue tests."""
    reference = json.loads((REFERENCE / reference_file).read_text(encoding="utf-8"))
    ours = {t.id: t for t in load_tile_file(data_file, expansion)}
    expected = {t["id"]: t for t in reference["tiles"] if t.get("count_with_gardens", t["count"])}
    assert set(ours) == set(expected)
    assert sum(t.count for t in ours.values()) == reference.get("total_with_gardens", reference["total"])
    for tile_id, ref in expected.items():
        tile = ours[tile_id]
        assert tile.count == ref.get("count_with_gardens", ref["count"])
        assert [f.kind for f in tile.features] == [f["kind"] for f in ref["features"]]
        assert [list(f.ports) for f in tile.features] == [f["ports"] for f in ref["features"]]
        for feature, ref_feature in zip(tile.features, ref["features"]):
            # the reference's half-edge names and notes are documentation, not data;
            # our only addition is "placeable": false (on gardens)
            wanted = {k: v for k, v in ref_feature.items() if k not in ("kind", "ports", "halves", "note")}
            extra = {k: v for k, v in feature.attrs.items() if k not in wanted}
            assert {k: feature.attrs.get(k) for k in wanted} == wanted, f"{tile_id} {feature.kind}"
            assert extra in ({}, {"placeable": False}), f"{tile_id} {feature.kind}: {extra}"
        assert dict(tile.flags) == ref.get("flags", {}), tile_id
        assert tile.raw.get("garden_variant_of") == ref.get("garden_variant_of"), tile_id
        edges = tile.rotations[0].edges
        ref_edges = [ref["edges"][side] for side in EDGE_PORTS]
        assert list(edges) == ["river" if e == "water" else e for e in ref_edges]


def assert_tile_consistent(tile: TileType) -> None:
    """No port used twice, fields only on half-edges and bordering real cities, and
    every non-city edge split into field halves."""
    ports = [p for f in tile.features for p in f.ports]
    assert len(ports) == len(set(ports)), f"{tile.id}: a port used twice"
    for feature in tile.features:
        if feature.kind == "field":
            assert all(p in HALF_PORTS for p in feature.ports)
            for city in feature.flag("cities"):
                assert tile.features[city].kind == "city"
    # edges inside a start board (the Count's city) never meet a tile
    internal = tile.raw.get("internal", ())
    for side, edge in zip(EDGE_PORTS, tile.rotations[0].edges):
        if side in internal:
            continue
        halves = {h for h in HALF_PORTS if h[0] == side}
        has_halves = any(set(f.ports) & halves for f in tile.features)
        # a city edge has no field halves; every other edge has both
        assert has_halves == (edge != "city"), f"{tile.id} edge {side}"


@pytest.mark.skipif(not REFERENCE.exists() and not REQUIRED,
                    reason=f"shared reference catalogue not beside the repository (or ${SHARED_ENV})")
@pytest.mark.parametrize(
    "data_file,reference_file",
    [("base.json", "base.json"), ("inns_cathedrals.json", "inns_cathedrals.json"),
     ("river.json", "river_i.json")],
)
def test_data_matches_reference(data_file, reference_file):
    assert_matches_reference(data_file, reference_file)


def test_every_tile_is_consistent():
    for expansion_cls in registry().values():
        for tile in expansion_cls({}).tiles():
            assert_tile_consistent(tile)


def test_has_feature_answers_from_the_tiles_own_features():
    """`has_feature` reads a set built once per tile (the river phase asks it
    for the whole bag before every draw): it must still agree with the
    features, for every kind any tile has and for one no tile has."""
    kinds = set()
    tiles = [t for cls in registry().values() for t in cls({}).tiles()]
    for tile in tiles:
        kinds.update(f.kind for f in tile.features)
    assert {"river", "city", "road", "field"} <= kinds
    for tile in tiles:
        for kind in (*sorted(kinds), "no-such-kind"):
            assert tile.has_feature(kind) == any(f.kind == kind for f in tile.features)


def test_rotation_maps_ports_as_the_contract_says():
    assert [rotate_port(p, 1) for p in "NESW"] == ["E", "S", "W", "N"]
    cycle = ["NW", "EN", "SE", "WS"]
    for a, b in zip(cycle, cycle[1:] + cycle[:1]):
        assert rotate_port(a, 1) == b
    cycle = ["NE", "ES", "SW", "WN"]
    for a, b in zip(cycle, cycle[1:] + cycle[:1]):
        assert rotate_port(a, 1) == b
    assert rotate_port("C", 3) == "C"


def test_rotated_edges_follow_the_rotation():
    for tile in base_tiles():
        for rot in range(4):
            edges = tile.rotations[rot].edges
            for side in range(4):
                assert edges[(side + rot) % 4] == tile.rotations[0].edges[side]


def test_fitting_rotations_match_every_side_a_cell_requires():
    """The packed test in `fitting_rotations` against its definition: every
    side the cell constrains (non-zero code) equals the rotation's edge,
    for every tile of every expansion and every pattern of known codes."""
    codes = range(len(EDGE_CODES) + 1)
    patterns = [n | e << 3 | s << 6 | w << 9 for n in codes for e in codes for s in codes for w in codes]
    for expansion_cls in registry().values():
        for tile in expansion_cls({}).tiles():
            for pattern in patterns:
                expected = tuple(
                    rot for rot, rotated in enumerate(tile.rotations)
                    if all((pattern >> (3 * side)) & 7 in (0, rotated.edge_codes[side]) for side in range(4))
                )
                assert tile.fitting_rotations(pattern) == expected, (tile.id, pattern)

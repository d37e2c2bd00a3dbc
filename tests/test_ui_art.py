"""Tile art and figure sprites: every catalogue tile renders, anchors are sensible, caches evict."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame
import pytest

from carcassonne_desktop.engine.tile_geometry import point_in_polygon, rotate_point, rotate_port
from carcassonne_desktop.engine.tile_layout import ROAD_HALF_WIDTH, tile_layout
from carcassonne_desktop.ui.art.meeples import (
    FIGURE_KINDS,
    MeepleCache,
    player_colour_names,
    player_mark,
    player_rgb,
    render_meeple,
)
from carcassonne_desktop.ui.art.tile_art import (
    TileArtCache,
    feature_anchor,
    feature_index_for_port,
    render_tile,
)

DATA = Path(__file__).resolve().parent.parent / "carcassonne_desktop" / "engine" / "data"
TILES = [t for name in ("base.json", "inns_cathedrals.json", "river.json")
         for t in json.loads((DATA / name).read_text(encoding="utf-8"))["tiles"]]
BY_ID = {t["id"]: t for t in TILES}

pygame.init()


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t["id"])
def test_every_tile_renders_at_every_size_and_rotation(tile):
    for size in (16, 33, 64, 256):
        for rot in range(4):
            surface = render_tile(tile, rot, size)
            assert surface.get_size() == (size, size)
    big = render_tile(tile, 0, 96)
    # not a blank square: the art has several colours
    colours = {tuple(big.get_at((x, y))) for x in range(0, 96, 6) for y in range(0, 96, 6)}
    assert len(colours) > 3


def _pixel(surface, point):
    size = surface.get_width()
    return surface.get_at((min(size - 1, int(point[0] * size)), min(size - 1, int(point[1] * size))))


def test_art_follows_rotation():
    """base/D has its city on the north edge: after a quarter turn it is on the east edge."""
    tile = BY_ID["base/D"]
    size = 128
    field = pygame.Color(*_pixel(render_tile(BY_ID["base/B"], 0, size), (0.9, 0.1)))
    plain = render_tile(tile, 0, size)
    turned = render_tile(tile, 1, size)
    assert _pixel(plain, (0.5, 0.06)) != field
    assert _pixel(turned, (0.94, 0.5)) != field
    assert _pixel(turned, (0.5, 0.06))[:3] != _pixel(plain, (0.5, 0.06))[:3]


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t["id"])
def test_anchors_rotate_with_the_tile(tile):
    """Anchors turn with the tile, but for the part that keeps a figure in
    front of a building drawn upright (the cathedral's: ruling UI3-1)."""
    shifts = tile_layout(tile).upright_shifts
    for index, _feature in enumerate(tile["features"]):
        base = feature_anchor(tile, 0, index)
        assert 0.0 < base[0] < 1.0 and 0.0 < base[1] < 1.0
        dx, dy = shifts.get(index, (0.0, 0.0))
        for rot in range(4):
            turned = rotate_point((base[0] - dx, base[1] - dy), rot)
            got = feature_anchor(tile, rot, index)
            assert got == pytest.approx((turned[0] + dx, turned[1] + dy))


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t["id"])
def test_anchors_stand_on_their_feature(tile):
    layout = tile_layout(tile)
    cities = {c.feature: c.polygon for c in layout.cities}
    strokes = [s for p in layout.paths for s in p.strokes]
    from carcassonne_desktop.engine.tile_geometry import dist_point_polyline

    for index, feature in enumerate(tile["features"]):
        anchor = layout.anchors[index]
        if feature["kind"] == "city":
            assert point_in_polygon(anchor, cities[index])
        elif feature["kind"] == "field":
            assert not any(point_in_polygon(anchor, poly) for poly in cities.values())
            assert all(dist_point_polyline(anchor, s) > ROAD_HALF_WIDTH for s in strokes)
        elif feature["kind"] == "road":
            own = [s for p in layout.paths if p.feature == index for s in p.strokes]
            assert min(dist_point_polyline(anchor, s) for s in own) < 1e-6


def test_field_anchor_is_on_the_side_of_its_ports():
    """base/U: road E-W; the field with NW/NE is north of the road, after any rotation."""
    tile = BY_ID["base/U"]
    north_field = next(i for i, f in enumerate(tile["features"]) if "NW" in f["ports"])
    for rot in range(4):
        x, y = feature_anchor(tile, rot, north_field)
        side = rotate_port("N", rot)
        assert {"N": y < 0.5, "S": y > 0.5, "E": x > 0.5, "W": x < 0.5}[side]


def test_feature_index_for_port():
    tile = BY_ID["base/D"]
    assert feature_index_for_port(tile, 0, "N") == 0
    assert feature_index_for_port(tile, 1, "E") == 0
    assert feature_index_for_port(tile, 1, "N") == 1
    with pytest.raises(KeyError):
        feature_index_for_port(BY_ID["base/B"], 0, "N")


def test_tile_cache_is_bounded_and_evicts_oldest():
    cache = TileArtCache(max_entries=3)
    tile = BY_ID["base/U"]
    first = cache.get(tile, 0, 32)
    assert cache.get(tile, 0, 32) is first
    cache.get(tile, 1, 32)
    cache.get(tile, 2, 32)
    cache.get(tile, 3, 32)
    assert len(cache) == 3
    assert cache.evictions == 1
    assert cache.peek("base/U", 0, 32) is None
    assert cache.peek("base/U", 3, 32) is not None


def test_eight_distinct_player_colours_with_distinct_marks():
    names = player_colour_names()
    assert len(names) == 8
    assert len({tuple(player_rgb(n)) for n in names}) == 8
    assert len({player_mark(n) for n in names}) == 8


@pytest.mark.parametrize("kind", FIGURE_KINDS)
def test_meeples_render(kind):
    standing = render_meeple(kind, "red", 40)
    lying = render_meeple(kind, "red", 40, lying=True)
    assert standing.get_width() >= 40
    assert lying.get_size() == standing.get_size()[::-1]
    # transparent corners, opaque body
    assert standing.get_at((0, 0)).a == 0
    w, h = standing.get_size()
    assert standing.get_at((w // 2, int(h * 0.75))).a == 255 or standing.get_at((w // 2, h // 2)).a == 255


def test_large_follower_is_bigger_and_marks_differ():
    assert render_meeple("large_follower", "blue", 40).get_width() > render_meeple("follower", "blue", 40).get_width()
    red = pygame.image.tobytes(render_meeple("follower", "red", 40), "RGBA")
    blue = pygame.image.tobytes(render_meeple("follower", "blue", 40), "RGBA")
    assert red != blue


def test_meeple_cache_reuses_sprites():
    cache = MeepleCache(max_entries=2)
    a = cache.get("follower", "red", 30)
    assert cache.get("follower", "red", 30) is a
    cache.get("abbot", "red", 30)
    cache.get("follower", "blue", 30)
    assert len(cache) == 2
    with pytest.raises(ValueError):
        render_meeple("dragon", "red", 30)

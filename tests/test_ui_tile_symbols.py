"""Expansion symbols on the tile art: goods, hills, vineyards and the bridge.

The painters live in ui/expansions and are found through the registry; these
tests render every Traders & Builders and Hills & Sheep tile, check that a symbol
changes the picture, and that tokens stay inside their city and off the roads.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import json
import re
from pathlib import Path

import pygame
import pytest

from carcassonne_desktop.engine.tile_geometry import point_in_polygon
from carcassonne_desktop.ui import expansions as ui_expansions
from carcassonne_desktop.ui.art.tile_art import render_tile
from carcassonne_desktop.ui.expansions import TileSymbol, register_tile_symbol, tile_symbols

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "carcassonne_desktop" / "engine" / "data"
NEW_TILES = [t for name in ("traders_builders.json", "hills_sheep.json")
             for t in json.loads((DATA / name).read_text(encoding="utf-8"))["tiles"]]
BY_ID = {t["id"]: t for t in NEW_TILES}
RIVER = {t["id"]: t for t in json.loads((DATA / "river.json").read_text(encoding="utf-8"))["tiles"]}

pygame.init()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _without(tile, feature_key=None, flag=None):
    """A copy of ``tile`` without one feature key (on every feature) or one tile flag."""
    copy = json.loads(json.dumps(tile))
    for feature in copy["features"]:
        feature.pop(feature_key, None)
    copy["flags"].pop(flag, None)
    return copy


def test_symbols_are_registered_by_the_expansion_modules():
    symbols = tile_symbols()
    assert {"goods", "hill", "vineyard", "bridge"} <= set(symbols)
    assert symbols["hill"].layer == "ground"
    assert symbols["goods"].layer == "top"
    modules = {p.stem for p in (ROOT / "carcassonne_desktop" / "ui" / "expansions").glob("*.py")}
    assert {"traders_builders", "hills_sheep"} <= modules


def test_a_symbol_name_has_one_painter():
    with pytest.raises(ValueError, match="already registered"):
        register_tile_symbol("goods", lambda ctx, feature, value: None)
    with pytest.raises(ValueError, match="unknown layer"):
        register_tile_symbol("something_new", lambda ctx, feature, value: None, layer="sky")


def test_tile_art_names_no_expansion_symbol():
    """The art core finds painters by the keys in the data; the expansions' symbols
    are named only in ui/expansions."""
    art = ROOT / "carcassonne_desktop" / "ui" / "art"
    layout = ROOT / "carcassonne_desktop" / "engine" / "tile_layout.py"
    for path in (art / "tile_art.py", art / "symbols.py", layout):
        code = re.sub(r'""".*?"""', "", path.read_text(encoding="utf-8"), flags=re.S)
        code = re.sub(r"#.*", "", code)
        for name in ("goods", "wine", "grain", "cloth", "hill", "vineyard", "bridge",
                     "traders_builders", "hills_sheep"):
            assert not re.search(rf"\b{name}\b", code), f"{path.name} names {name!r}"


@pytest.mark.parametrize("tile", NEW_TILES, ids=lambda t: t["id"])
def test_every_new_tile_renders_at_three_sizes_and_four_rotations(tile):
    for size in (24, 64, 128):
        for rot in range(4):
            surface = render_tile(tile, rot, size)
            assert surface.get_size() == (size, size)
    big = render_tile(tile, 0, 96)
    colours = {tuple(big.get_at((x, y))) for x in range(0, 96, 6) for y in range(0, 96, 6)}
    assert len(colours) > 3


@pytest.mark.parametrize("size", [24, 64, 128])
def test_goods_change_the_picture_and_each_good_looks_different(size):
    tile = BY_ID["tb/02"]  # city N-W with wine
    plain = _pixels(render_tile(_without(tile, feature_key="goods"), 0, size))
    pictures = set()
    for good in ("wine", "grain", "cloth"):
        copy = json.loads(json.dumps(tile))
        copy["features"][0]["goods"] = good
        pictures.add(_pixels(render_tile(copy, 0, size)))
    assert plain not in pictures
    assert len(pictures) == 3


@pytest.mark.parametrize("tile_id,flag", [("hs/03", "hill"), ("hs/05", "vineyard"), ("tb/24", "bridge")])
def test_tile_flags_change_the_picture(tile_id, flag):
    tile = BY_ID[tile_id]
    for size in (24, 128):
        assert _pixels(render_tile(tile, 1, size)) != _pixels(render_tile(_without(tile, flag=flag), 1, size))


def test_river_bridge_is_left_to_the_terrain():
    """river1/06 has the bridge flag too (road over river): the terrain already draws
    that bridge, so the River alone looks the same whether or not the painter exists."""
    tile = RIVER["river1/06"]
    assert tile["flags"].get("bridge")
    for rot in range(4):
        assert _pixels(render_tile(tile, rot, 64)) == _pixels(render_tile(_without(tile, flag="bridge"), rot, 64))


def test_river_tiles_carry_no_hills_and_sheep_symbols():
    """No source names the river tiles that show sheep or vineyards (see river.json
    notes), so the River draws exactly as before."""
    for tile in RIVER.values():
        assert not {"vineyard", "hill", "sheep"} & set(tile["flags"])


def test_goods_tokens_stay_inside_their_city_and_off_roads(monkeypatch):
    seen = []
    original = tile_symbols()["goods"]

    def recording(ctx, feature, value):
        original.painter(ctx, feature, value)
        seen.append((ctx, feature, ctx.taken[-1]))

    monkeypatch.setitem(ui_expansions._SYMBOLS, "goods", TileSymbol("goods", recording, "top"))
    for tile in NEW_TILES:
        if not any(f.get("goods") for f in tile["features"]):
            continue
        for rot in range(4):
            for size in (32, 128):
                seen.clear()
                render_tile(tile, rot, size)
                assert len(seen) == 1, tile["id"]
                ctx, feature, (spot, radius) = seen[0]
                city = ctx.city(feature)
                assert point_in_polygon(spot, city.polygon), tile["id"]
                assert ctx.wall_clearance(spot) >= radius, (tile["id"], rot)
                assert ctx.path_clearance(spot) >= radius, (tile["id"], rot)
                anchor = ctx.anchors[feature]
                assert (spot[0] - anchor[0]) ** 2 + (spot[1] - anchor[1]) ** 2 > radius ** 2


def test_vineyard_rows_keep_off_roads_and_cities(monkeypatch):
    """Every vine row point drawn by the painter is open field."""
    from carcassonne_desktop.ui.expansions import hills_sheep

    rows = []
    monkeypatch.setattr(hills_sheep, "_row", lambda ctx, run: rows.append((ctx, run)))
    for tile in NEW_TILES:
        if not tile["flags"].get("vineyard"):
            continue
        for rot in range(4):
            rows.clear()
            render_tile(tile, rot, 96)
            assert rows, tile["id"]
            for ctx, run in rows:
                for point in run:
                    assert not ctx.in_city(point)
                    assert ctx.path_clearance(point) > 0.03

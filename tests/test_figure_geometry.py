"""Where each figure stands is the engine's (issue 27, review 5.6): the
Catapult judges hits from a point, so the engine computes every figure's
place in board tile units (tile centres at whole numbers) from the catalogue
and the props the expansions place, and the interface draws figures there."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import random

import pytest

from carcassonne_desktop.engine import Deploy, Game
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.figure_geometry import board_point, feature_anchor
from carcassonne_desktop.engine.layout_props import prop_placement
from carcassonne_desktop.engine.setup import quick_setup
from carcassonne_desktop.engine.tile_layout import tile_layout
from carcassonne_desktop.ui.board_view import BoardRenderer, Camera, FigureSprite

ALL = tuple(sorted(registry()))
TILES = [tile for eid in ALL for tile in registry()[eid]({}).tiles()]


def _camera() -> Camera:
    import pygame

    return Camera(pygame.Rect(0, 0, 1000, 800), zoom=97)


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.id)
def test_the_interface_draws_every_figure_where_the_engine_says(tile):
    """Every feature of every tile of every expansion, in every rotation, on
    a tile away from the origin: the screen point where the renderer draws a
    figure is the engine's board point through the camera."""
    camera = _camera()
    renderer = BoardRenderer()
    x, y = 3, -2
    for rot in range(4):
        tiles = {(x, y): (tile.raw, rot)}
        for index in range(len(tile.features)):
            drawn = renderer.figure_position(camera, tiles, FigureSprite(x, y, "red", feature_index=index))
            px, py = board_point(x, y, tile.raw, rot, index)
            # board tile units: the tile's centre is (x, y), its corners x ± 0.5
            assert x - 0.5 <= px <= x + 0.5 and y - 0.5 <= py <= y + 0.5
            rect = camera.tile_rect(x, y)
            expected = (rect.x + (px - x + 0.5) * rect.width, rect.y + (py - y + 0.5) * rect.height)
            assert drawn == pytest.approx(expected, abs=1e-9), (tile.id, rot, index)


def test_anchors_turn_with_the_tile():
    tile = next(t for t in TILES if t.id == "base/D")
    for index in range(len(tile.features)):
        ax, ay = feature_anchor(tile.raw, 0, index)
        # a quarter turn clockwise about the centre: (x, y) -> (1 - y, x)
        assert feature_anchor(tile.raw, 1, index) == pytest.approx((1 - ay, ax))


def test_props_that_shift_a_figure_declare_it_in_engine_data():
    """The cathedral takes the city's figure spot and the figure stands in
    front of it; the shrine's figure stands before its door: the shifts are
    the engine's, so the engine knows where those figures stand."""
    assert prop_placement("cathedral").anchor_shift == (0.0, 0.24)
    assert prop_placement("shrine").anchor_shift == (0.0, 0.2)  # further down: the dome shows (issue 29)
    cathedral = next(t for t in TILES if any(f.attrs.get("cathedral") for f in t.features))
    layout = tile_layout(cathedral.raw)
    city = next(i for i, f in enumerate(cathedral.features) if f.attrs.get("cathedral"))
    prop = next(p for p in layout.props if p.kind == "cathedral")
    assert layout.anchors[city] != prop.pos  # the figure is not hidden under the building
    assert layout.anchors[city][1] > prop.pos[1]


def _random_game(seed: int) -> Game:
    """Random play with every expansion until many figures stand on the board."""
    rng = random.Random(seed)
    game = Game(quick_setup(players=4, seed=seed, expansions=ALL))
    for _ in range(160):
        if game.is_over:
            break
        legal = list(game.legal_actions())
        deploys = [a for a in legal if isinstance(a, Deploy)]
        game.apply(rng.choice(deploys) if deploys and rng.random() < 0.8 else rng.choice(legal))
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_figure_positions_agree_with_the_board_layer(seed):
    from carcassonne_desktop.ui.board_layer import BoardLayer

    game = _random_game(seed)
    placed = game.figure_positions()
    assert len(placed) >= 10
    drawn = [(s, wx, wy) for s, wx, wy in BoardLayer(BoardRenderer()).figure_points(game)
             if s.feature_index is not None]
    assert len(drawn) == len(placed)
    for (figure, (px, py)), (sprite, wx, wy) in zip(placed, drawn):
        assert (sprite.x, sprite.y, sprite.kind) == (figure.x, figure.y, figure.figure)
        # the layer's units: tile (x, y) spans x..x+1
        assert (wx - 0.5, wy - 0.5) == pytest.approx((px, py), abs=1e-12)


def test_a_farmer_on_a_field_inside_a_ring_of_cities_is_drawn_where_the_engine_says():
    """Regression: the layer found a figure's feature by its port, and a field
    walled in by cities has none of its own ("C" named the garden of
    ic/03+garden, nothing at all on kr/05): its farmer was drawn on the garden
    or not at all."""
    from carcassonne_desktop.ui.board_layer import BoardLayer

    game = Game(quick_setup(players=2, seed=1, expansions=("base", "king_robber_baron"),
                            tile_order=("kr/05",)))
    inner = next(i for i, f in enumerate(game.rules.catalogue["kr/05"].features)
                 if f.kind == "field" and not f.ports)
    game.apply(game.legal_actions()[0])
    # the engine names a feature without ports of its own by "C"
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Deploy) and a.port == "C"))
    [(figure, point)] = game.figure_positions()
    assert figure.feature_index == inner
    [(sprite, wx, wy)] = BoardLayer(BoardRenderer()).figure_points(game)
    assert (wx - 0.5, wy - 0.5) == pytest.approx(point)


def test_the_spot_for_a_farmer_inside_a_ring_of_cities_is_shown_on_its_field():
    """Regression: the spot where a follower may go was found by its port, and
    a field walled in by cities has none ("C" named nothing on kr/05): the
    spot was neither drawn nor clickable, so no farmer could go there."""
    from carcassonne_desktop.ui.board_layer import BoardLayer
    from carcassonne_desktop.ui.placement_controller import PlacementController

    game = Game(quick_setup(players=2, seed=1, expansions=("base", "king_robber_baron"),
                            tile_order=("kr/05",)))
    inner = next(i for i, f in enumerate(game.rules.catalogue["kr/05"].features)
                 if f.kind == "field" and not f.ports)
    c = PlacementController(game)
    x, y, rot, _ = game.placements_for("kr/05")[0]
    c.rotation = rot
    c.place((x, y))
    [spot] = [s for s in c.spots() if s.feature == inner]
    layer = BoardLayer(BoardRenderer())
    layer.sync(c.board_game)
    raw = game.rules.catalogue["kr/05"].raw
    assert layer.spot_anchor(spot) == feature_anchor(raw, rot, inner)


def test_the_garden_and_the_walled_in_field_of_ic_03_are_two_spots():
    """On ic/03+garden port "C" names the garden for the abbot and the field
    inside the cities for a follower: two spots, each drawn on its feature
    (one spot on the garden put the farmer there)."""
    from carcassonne_desktop.ui.placement_controller import PlacementController

    game = Game(quick_setup(players=2, seed=1, expansions=("base", "inns_cathedrals", "abbot"),
                            tile_order=("ic/03+garden",)))
    c = PlacementController(game)
    x, y, rot, _ = game.placements_for("ic/03+garden")[0]
    c.rotation = rot
    c.place((x, y))
    centre = {s.feature: s.figures for s in c.all_spots() if s.port == "C"}
    kinds = {i: f.kind for i, f in enumerate(game.rules.catalogue["ic/03+garden"].features)}
    assert sorted(kinds[i] for i in centre) == ["field", "garden"]
    garden = next(i for i in centre if kinds[i] == "garden")
    field = next(i for i in centre if kinds[i] == "field")
    assert centre[garden] == ("abbot",) and "follower" in centre[field]
    c.deploy(next(s for s in c.all_spots() if s.feature == field), "follower")
    [(figure, _)] = c.board_game.figure_positions()
    assert figure.feature_index == field


def test_regression_cathedral_follower_offset_turns_with_the_tile():
    """A building is drawn upright whatever the tile's turn, so the figure
    standing in front of it must too: a cathedral's follower was shifted in
    the tile's frame and stood beside the cathedral (or above it, on its
    spires) once the tile turned. Every prop that moves a figure off its
    spot, on every tile and in every rotation: the figure stands at the
    prop's drawn place plus the prop's shift, in board orientation."""
    from carcassonne_desktop.engine.tile_geometry import rotate_point

    checked = set()
    for tile in TILES:
        layout = tile_layout(tile.raw)
        for prop in layout.props:
            if prop.feature is None:
                continue
            try:
                dx, dy = prop_placement(prop.kind).anchor_shift
            except ValueError:  # a core prop (a shield, a house): it moves no figure
                continue
            if (dx, dy) == (0.0, 0.0):
                continue
            for rot in range(4):
                px, py = rotate_point(prop.pos, rot)  # where the art draws it, upright
                fx, fy = feature_anchor(tile.raw, rot, prop.feature)
                assert (fx - px, fy - py) == pytest.approx((dx, dy)), (tile.id, prop.kind, rot)
            checked.add(prop.kind)
    assert {"cathedral", "shrine"} <= checked

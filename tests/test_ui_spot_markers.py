"""Session 5's game: framing the wheel's crown spaces with a tile played far
from the wheel zoomed the view out until every spot was an 8 px mark, too
small to click. The view now frames the tile's spots at a clickable scale,
and a marker at the edge of the free area points to the crown spaces: a
click on it glides there, and a marker then points back to the tile.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import random

import pygame

from carcassonne_desktop.engine import Game, PlaceTile, quick_setup
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.ui.placement_controller import FIGURE, READY
from tests import test_ui_decisions
from tests.test_ui_figure_chip_view import family_window
from tests.test_ui_game_flow import _click_at, _steps
from tests.test_ui_newcomer_view import _screen_rect, _settle

app = test_ui_decisions.app


def _far_crown_turn() -> tuple[Game, PlaceTile]:
    """A two-human Wheel game at a tile step, and a placement far from the
    wheel after which a follower may go on a crown space."""
    game = Game(quick_setup(2, seed=11, expansions=("base", "wheel_of_fortune"),
                            controllers=("human", "human")))
    rng = random.Random(11)
    while not game.is_over:
        legal = game.legal_actions()
        if len(game.history) > 60 and game.pending.kind == PLACE_TILE:
            for x, y, rot, tile in sorted(game.placements_for(game.hand[0]),
                                          key=lambda p: -max(abs(p[0]), abs(p[1]))):
                if max(abs(x), abs(y)) < 5:
                    break
                after = game.copy()
                after.apply(PlaceTile(x, y, rot, tile))
                if any(isinstance(a, DeployToArea) for a in after.legal_actions()):
                    return game, PlaceTile(x, y, rot, tile)
        game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no far placement with a crown space in this game")


def _figure_step_far_from_the_wheel(app):  # type: ignore[no-untyped-def]
    """The game screen at the figure step of `_far_crown_turn`'s placement,
    in the family's window: (scene, the human's controller)."""
    from carcassonne_desktop.ui.game_scene import GameScene

    family_window(app)
    game, place = _far_crown_turn()
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    scene.banner.dismiss()
    c = scene.human_controller()
    c.select_tile(c.hand.index(place.tile))
    c.rotation = place.rot
    c.place((place.x, place.y))
    scene._after_tentative(c)
    _settle(app, scene)
    return scene, c


def test_far_crown_spaces_get_a_marker_regression_spots_framed_at_eight_pixels(app):
    scene, c = _figure_step_far_from_the_wheel(app)
    assert c.state == FIGURE
    needed = scene.layer.spot_scale_needed(c.spots())
    assert scene.camera.scale >= needed - 1  # the tile's spots at a clickable scale
    free = scene.free_rect().inflate(2, 2)
    for spot in c.spots():
        if not spot.area:
            assert free.collidepoint(scene.layer.spot_position(scene.camera, spot))
    (marker,) = scene.spot_markers()
    crown = [spot for spot in c.spots() if spot.area]
    assert len(marker.rects) == len(crown)
    assert free.contains(pygame.Rect(marker.centre[0] - 20, marker.centre[1] - 20, 40, 40))

    _click_at(app, marker.centre)  # a click on the marker, not on the board under it
    _settle(app, scene)
    assert c.state == FIGURE and scene.camera.scale >= needed - 1
    for rect in marker.rects:
        assert free.contains(_screen_rect(scene, rect))
    (back,) = scene.spot_markers()  # now the tile's spots are out of view
    assert list(back.rects) == scene.spot_rects([spot for spot in c.spots() if not spot.area])

    spot = crown[0]
    _click_at(app, scene.layer.spot_position(scene.camera, spot))
    assert c.state == READY and isinstance(c.figure_action, DeployToArea)


def test_crown_spaces_that_fit_are_framed_with_the_tile_and_get_no_marker(app):
    """Near the wheel the crown spaces still come into view with the tile's spots."""
    from carcassonne_desktop.ui.game_scene import GameScene

    game = Game(quick_setup(2, seed=3, expansions=("base", "wheel_of_fortune"),
                            controllers=("human", "human")))
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    scene.banner.dismiss()
    c = scene.human_controller()
    cell, rotations = next((cell, rots) for cell, rots in c.legal_cells().items())
    c.rotation = rotations[0]
    c.place(cell)
    scene._after_tentative(c)
    _settle(app, scene)
    assert c.state == FIGURE and any(spot.area for spot in c.spots())
    assert scene.spot_markers() == []
    free = scene.free_rect().inflate(2, 2)
    for spot in c.spots():
        assert free.collidepoint(scene.layer.spot_position(scene.camera, spot))


def test_a_crown_space_chosen_with_tab_comes_into_view(app):
    """Keyboard play: Tab through the spots reaches the far crown spaces,
    and the view follows the spot chosen."""
    from tests.test_ui_game_flow import _key

    scene, c = _figure_step_far_from_the_wheel(app)
    free = scene.free_rect().inflate(2, 2)
    for _ in range(len(c.spots())):
        _key(app, pygame.K_TAB)
        _settle(app, scene)
        spot = c.spots()[c.selected_spot]
        assert free.collidepoint(scene.layer.spot_position(scene.camera, spot)), spot
    assert any(spot.area for spot in c.spots())

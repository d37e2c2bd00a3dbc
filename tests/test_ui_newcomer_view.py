"""Issue 29, item 5: every automatic view change keeps what matters inside
the free area (under the toolbar and the pill, above the bottom row, off
the side panel).

A newcomer saw the figure step zoom in and slide the tile under the panel
and the pill, half the board off screen at the start of turns in longer
games, and the computer's last tile and the wheel's crown spaces under the
pill. These tests play random games in the real scene (dummy video driver)
and check, each time the view has settled, that every square and spot the
player must see or click is whole inside `GameScene.free_rect()`.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import random

import pygame
import pytest

from carcassonne_desktop.engine import PASS, Game, PlaceTile, quick_setup
from carcassonne_desktop.ui.board_view import board_bounds
from carcassonne_desktop.ui.game_constants import PLACE_FIT_MIN_ZOOM
from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE, PLACE, READY
from tests import test_ui_decisions
from tests.test_ui_game_flow import _steps

app = test_ui_decisions.app

#: The newcomer's game, and the Count's.
GAMES = [("base", "traders_builders", "hills_sheep", "wheel_of_fortune"), ("base", "count")]


def _settle(app, scene, limit: int = 400) -> None:
    """Frames until the view stops moving (the camera glides)."""
    for _ in range(limit):
        app.step(1 / 30)
        if not scene.camera.animating:
            app.step(1 / 30)  # the scene may frame again once the pill is measured
            if not scene.camera.animating:
                return
    raise AssertionError("the view never settled")


def _screen_rect(scene, rect):
    cam = scene.camera
    x0, y0 = cam.world_to_screen(rect[0], rect[1])
    x1, y1 = cam.world_to_screen(rect[2], rect[3])
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def _check_in_view(scene, what: str) -> None:
    free = scene.free_rect().inflate(2, 2)  # a pixel of rounding either side
    for rect in scene.matters():
        shown = _screen_rect(scene, rect)
        assert free.contains(shown), (what, rect, shown, free, scene.camera.scale)
    c = scene.shown_controller()
    last = scene.game.last_placed
    squares = [(x, y, x + 1, y + 1) for x, y in (c.legal_cells() if c is not None else ())]
    if c is not None and c.state == PLACE and squares and not scene._place_fits(
            squares + ([(last[0], last[1], last[0] + 1, last[1] + 1)] if last else [])):
        # a big board: at a playable scale, and the board (with its open
        # squares) fills the free area rather than half of it
        assert scene.camera.scale >= PLACE_FIT_MIN_ZOOM - 1
        x0, y0, x1, y1 = board_bounds(scene.layer_tiles())
        board = _screen_rect(scene, (x0 - 1, y0 - 1, x1 + 2, y1 + 2))
        free = scene.free_rect()
        for lo, hi, b_lo, b_hi in ((free.left, free.right, board.left, board.right),
                                   (free.top, free.bottom, board.top, board.bottom)):
            if b_hi - b_lo >= hi - lo:
                assert b_lo <= lo + 2 and b_hi >= hi - 2, (what, board, free, scene.camera.scale)
            else:
                assert b_lo >= lo - 2 and b_hi <= hi + 2, (what, board, free)


def _play_human_step(scene, rng) -> None:
    c = scene.human_controller()
    if c.state == PLACE:
        cells = list(c.legal_cells())
        cell = rng.choice(cells)
        c.rotation = rng.choice(c.legal_cells()[cell])
        c.place(cell)
    elif c.state == FIGURE:
        kinds = c.figure_kinds()
        if kinds and rng.random() < 0.5:
            c.choose_figure_kind(rng.choice(kinds))  # the view follows the chosen figure's spots
            scene.update(0)
            _settle(scene.app, scene)
            _check_in_view(scene, "figure kind chosen")
        spots = c.spots()
        if spots and rng.random() < 0.7:
            c.deploy(rng.choice(spots))
        else:
            c.pass_turn()
    elif c.state == DECIDE:
        c.choose(rng.choice(c.choices()))
    elif c.state == READY:
        scene.confirm_turn()
        return
    scene._after_tentative(c)


@pytest.mark.parametrize(("expansions", "seed"), [(g, s) for g in GAMES for s in (1, 2, 5)])
def test_what_matters_stays_in_the_free_area_through_random_games_regression_view_jumps(
        app, expansions, seed):
    from carcassonne_desktop.ui.game_scene import GameScene

    app.settings.ai_speed = "fast"
    game = Game(quick_setup(2, seed=seed, expansions=expansions, controllers=("human", "ai:random")))
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    rng = random.Random(seed)
    checked = {PLACE: 0, FIGURE: 0, "computer": 0}
    for _ in range(400 if seed == 1 else 160):
        if scene.game.is_over:
            break
        if scene.banner.visible:
            scene.banner.dismiss()
        _settle(app, scene)
        c = scene.human_controller()
        if c is None:  # the computer's turn: its tile glides into view
            if scene.driver.action is not None and isinstance(scene.driver.action, PlaceTile):
                action = scene.driver.action
                rect = _screen_rect(scene, (action.x, action.y, action.x + 1, action.y + 1))
                assert scene.free_rect().inflate(2, 2).contains(rect), ("computer", rect)
                checked["computer"] += 1
            app.step(0.2)
            continue
        _settle(app, scene)  # the turn's controller was just made: the scene frames it next frame
        _check_in_view(scene, c.state)
        checked[c.state] = checked.get(c.state, 0) + 1
        _play_human_step(scene, rng)
    assert checked[PLACE] >= 5 and checked[FIGURE] >= 3, checked


def test_the_crown_spaces_come_into_view_with_the_tiles_spots(app):
    """The wheel's crown spaces are figure spots: framed with the tile's."""
    from carcassonne_desktop.ui.game_scene import GameScene

    game = Game(quick_setup(2, seed=3, expansions=("base", "wheel_of_fortune")))
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    scene.banner.dismiss()
    c = scene.human_controller()
    far = max(c.legal_cells(), key=lambda cell: abs(cell[0]) + abs(cell[1]))
    c.rotation = c.legal_cells()[far][0]
    c.place(far)
    _settle(app, scene)
    assert c.state == FIGURE
    assert any(spot.area for spot in c.spots())
    _check_in_view(scene, "crown")
    c.pass_turn()
    scene._after_tentative(c)
    _settle(app, scene)
    _check_in_view(scene, "after the figure step")
    assert c.state == READY and PASS in c.actions()

"""Family table (issue 15), part A: the hint stays until the player acts,
the view fits the free part of the board, figure spots stay clickable, and
the smallest window still shows everything.

Every test drives the real scene with pygame events (dummy video driver).
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import time

import pygame

from tests import test_ui_game_flow as flow
from tests.test_ui_game_flow import _click, _key, _start_game, _steps

app = flow.app  # the same window and game factory as the whole-game test


def _move(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    _steps(app, 2)


def _wait_for_advice(scene, app):
    _click(app, scene.buttons["hint"])
    deadline = time.monotonic() + 30  # the advice thread needs real time, not frames
    while not scene.hint.actions and time.monotonic() < deadline:
        app.step(0.02)
        time.sleep(0.01)
    assert scene.hint.actions


def test_hint_stays_while_the_mouse_wanders_and_enter_follows_it(app):
    from carcassonne_desktop.engine import Deploy

    scene = _start_game(app)
    _wait_for_advice(scene, app)
    place, *rest = scene.hint.actions
    c = scene.controller
    panel = scene._panel_layout()["log"]
    _move(app, panel.center)  # over the side panel
    view = scene.camera.viewport
    _move(app, (view.left + 5, view.bottom - 80))  # an empty corner of the board
    assert scene.hint.message == "hud.hint_place"
    assert c.hover == (place.x, place.y) and c.rotation == place.rot
    _key(app, pygame.K_RETURN)
    assert c.place_action == place
    _steps(app, 2)
    _move(app, panel.center)
    _move(app, (view.left + 5, view.bottom - 80))
    if rest and isinstance(rest[0], Deploy):
        assert scene.hint.message == "hud.hint_figure"
        _key(app, pygame.K_RETURN)
        assert c.figure_action == rest[0]
    else:
        assert scene.hint.message == "hud.hint_pass"


def test_turning_the_tile_sets_the_hint_aside(app):
    scene = _start_game(app)
    _wait_for_advice(scene, app)
    _key(app, pygame.K_r)
    assert scene.hint.message is None and scene.hint.cell is None

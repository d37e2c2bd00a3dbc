"""Issue 28: in the figure step, choosing a figure chip (follower, large
follower, shepherd, abbot...) moved the view, so a click where a spot's
marker was a moment ago missed.

Why it moved: the figure step framed the view again for every chosen kind,
at the scale that kind's spots need (spots close together on one tile need
a larger scale): choosing the shepherd zoomed from 23 to 85 pixels a tile
although its spot was already on screen. A chip now leaves the view alone
while the chosen kind's spots are in view.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import random

import pygame

from carcassonne_desktop.engine import Game, quick_setup, registry
from carcassonne_desktop.ui.placement_controller import FIGURE, PLACE, READY
from tests import test_ui_decisions
from tests.test_ui_game_flow import _click_at, _steps
from tests.test_ui_newcomer_view import _settle

app = test_ui_decisions.app


def family_window(window) -> None:  # type: ignore[no-untyped-def]
    """The window made the family's 960x640, as a player resizes it."""
    window.process_event(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=640))
    window.step(1 / 60)
    assert window.screen.get_size() == (960, 640)


def _view(scene) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    cam = scene.camera
    return (cam.zoom, cam.centre_x, cam.centre_y)


def test_choosing_a_figure_chip_moved_the_view_regression_chip_click_misses(app) -> None:  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui.game_scene import GameScene

    family_window(app)
    game = Game(quick_setup(2, seed=3, expansions=tuple(registry()), controllers=("human", "ai:random")))
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    rng = random.Random(3)
    stayed = 0
    for _ in range(80):
        if scene.banner.visible:
            scene.banner.dismiss()
        _settle(app, scene)
        c = scene.human_controller()
        if c is None:
            app.step(0.2)
            continue
        if c.state == PLACE:
            cell = rng.choice(list(c.legal_cells()))
            c.rotation = c.legal_cells()[cell][0]
            c.place(cell)
            scene._after_tentative(c)
            continue
        if c.state == READY:
            scene.confirm_turn()
            continue
        if c.state != FIGURE:
            c.choose(c.choices()[0])
            scene._after_tentative(c)
            continue
        for kind, rect in list(scene.figure_chip_rects(c)):
            if kind == c.figure_kind:
                continue
            in_view = scene.camera.shows(scene.spot_rects(
                [spot for spot in c.all_spots() if kind in spot.figures]))
            before = _view(scene)
            _click_at(app, rect.center)  # the chip, as a player clicks it
            assert c.figure_kind == kind
            _settle(app, scene)
            if in_view:
                assert _view(scene) == before, (kind, before, _view(scene))
                stayed += 1
        if stayed >= 3:
            return
        c.pass_turn()
        scene._after_tentative(c)
    raise AssertionError(f"only {stayed} chips chosen with their spots in view")

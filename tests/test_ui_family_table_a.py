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


def test_a_square_chosen_with_tab_wins_over_the_hint(app):
    scene = _start_game(app)
    _wait_for_advice(scene, app)
    advised = scene.hint.cell
    c = scene.controller
    _key(app, pygame.K_TAB)
    if c.hover == advised:
        _key(app, pygame.K_TAB)
    chosen = c.hover
    assert chosen != advised and scene.hint.message is None
    _key(app, pygame.K_RETURN)
    assert (c.place_action.x, c.place_action.y) == chosen


def _game_with_tiles(placed: int, seed: int = 5):
    """A two-human game with ``placed`` tiles down (the first legal action every time)."""
    import random

    from carcassonne_desktop.engine import Game, quick_setup

    game = Game(quick_setup(2, seed=seed))
    rng = random.Random(seed)
    while len(game.board) < placed + 1:
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def _open(app, game):
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app, 2)
    return scene


def _covered_rects(scene):
    """What lies over the board: the toolbar, the instruction pill, the bottom buttons."""
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.hud import status_rect

    said = status(scene.game, scene.controller, final_running=False, thinking=False)
    pill = status_rect(scene.camera.viewport, said.title, said.hint, said.colour, scene.status_top())
    names = [name for name, _key, _tip in scene.TOOLBAR] + ["recentre", "last_tile"]
    return [scene.buttons[name].get_abs_rect() for name in names] + [pill]


def _board_cells(scene):
    return list(scene.game.board) + list(scene.game.frontier)


def _assert_uncovered(scene, cells):
    covered = _covered_rects(scene)
    for cell in cells:
        rect = scene.camera.tile_rect(*cell)
        assert scene.camera.viewport.contains(rect), cell
        assert not any(rect.colliderect(c) for c in covered), cell


def test_a_loaded_game_and_recentre_fit_the_free_area(app):
    scene = _open(app, _game_with_tiles(30))
    _assert_uncovered(scene, _board_cells(scene))
    scene.camera.pan_pixels(300, 250)
    scene.camera.zoom_at(None, 2.0, immediate=True)
    _key(app, pygame.K_c)
    _steps(app, 120)
    _assert_uncovered(scene, _board_cells(scene))


def test_every_square_for_the_tile_comes_into_view_when_the_turn_starts(app):
    """A grown board with the view zoomed in elsewhere: when a human's turn
    asks where the tile goes, every highlighted square shows, clear of the
    toolbar, the pill and the bottom buttons; the view is not fitted again
    during that turn (the player may zoom in)."""
    from carcassonne_desktop.engine import PASS
    from carcassonne_desktop.ui.placement_controller import PLACE

    game = _game_with_tiles(20)
    if game.pending_kind != "place_tile":
        game.apply(PASS)
    scene = _open(app, game)
    c = scene.human_controller()
    assert c.state == PLACE
    scene.camera.zoom_at(None, 2.5, immediate=True)
    scene.camera.pan_pixels(400, -300)
    scene._choices_view_for = None  # as if the turn started now
    _steps(app, 120)
    _assert_uncovered(scene, list(c.legal_cells()))
    scene.camera.zoom_at(None, 2.0, immediate=True)
    zoom = scene.camera.target_zoom
    _steps(app, 5)
    assert scene.camera.target_zoom == zoom


def test_a_big_board_is_not_shrunk_below_a_playable_scale_for_the_tile(app):
    from carcassonne_desktop.engine import PASS
    from carcassonne_desktop.ui.game_constants import PLACE_FIT_MIN_ZOOM

    game = _game_with_tiles(70)
    if game.pending_kind != "place_tile":
        game.apply(PASS)
    scene = _open(app, game)
    c = scene.human_controller()
    cells = list(c.legal_cells())
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    assert scene.camera.fit_zoom((min(xs), min(ys), max(xs), max(ys)), 0.5) < PLACE_FIT_MIN_ZOOM
    scene.camera.zoom_at(None, 3.0, immediate=True)
    zoom = scene.camera.target_zoom
    scene._choices_view_for = None  # as if the turn started now
    _steps(app, 5)
    assert scene.camera.target_zoom == zoom  # the player scrolls to the squares instead


def test_a_resized_window_fits_the_board_again(app):
    scene = _open(app, _game_with_tiles(30))
    for size in ((960, 640), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        _steps(app, 2)
        assert app.screen_size == size
        _assert_uncovered(scene, _board_cells(scene))
        board = scene.camera.viewport  # the toolbar and the pill stay on the board, off the panel
        assert all(board.contains(rect) for rect in _covered_rects(scene)), size


def test_undo_and_the_computer_tile_stay_clear_of_the_toolbar(app):
    scene = _open(app, _game_with_tiles(30))
    game = scene.game
    top_cell = min(game.board, key=lambda cell: cell[1])
    rect = scene.camera.tile_rect(*top_cell)
    scene.camera.pan_pixels(0, scene.camera.viewport.top + 20 - rect.top)  # under the toolbar
    scene._keep_in_view(top_cell)
    _steps(app, 120)
    _assert_uncovered(scene, [top_cell])


def test_the_seat_menus_show_whole_labels_in_the_smallest_window(app):
    from carcassonne_desktop.ui.app import MIN_WINDOW

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=MIN_WINDOW[0], h=MIN_WINDOW[1], size=MIN_WINDOW))
    _steps(app, 2)
    _click(app, app.stack.top.buttons["new_game"])
    setup = app.stack.top
    labels = {"controller": [setup.controller_label(c) for c in setup.controllers],
              "colour": [menu_label for menu_label, _ in setup._seat_widgets[0]["colour"].options_list]}
    for widgets in setup._seat_widgets:
        for kind, texts in labels.items():
            menu = widgets[kind]
            shown = menu.current_state.selected_option_button
            room = menu.rect.width - 36  # the arrow and the padding
            assert all(shown.font.size(t)[0] <= room for t in texts), (kind, texts, room)
            assert menu.rect.right <= setup.panel.rect.right
    for box in setup._option_boxes:  # the options' labels wrap instead of running off the panel
        assert box.text_label.rect.right <= setup.panel.rect.right


def test_the_language_can_follow_the_system_and_the_choice_round_trips(app, monkeypatch):
    import pygame_gui

    from carcassonne_desktop.persistence.settings import Settings, load_settings, settings_path
    from carcassonne_desktop.ui.settings_scene import SettingsScene

    assert Settings().language is None  # a new install follows the system
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    app.set_language("en")
    scene = SettingsScene(app)
    app.stack.push(scene)
    _steps(app, 2)
    assert scene.language_menu.selected_option[1] == "en"
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.language_menu,
                                         selected_option_id="system", text=""))
    _steps(app, 2)
    assert app.settings.language is None
    from carcassonne_desktop import i18n

    assert i18n.current_language() == "fr"
    assert load_settings(settings_path()).language is None
    app.stack.pop()
    again = SettingsScene(app)
    app.stack.push(again)
    _steps(app, 2)
    assert again.language_menu.selected_option[1] == "system"


def test_leaving_a_finished_game_promises_no_resume(app):
    scene = _open(app, _game_with_tiles(3))
    scene.ask_leave()
    assert scene.dialog is not None
    assert scene.dialog.confirmation_text.html_text == "carcassonne.dialog.quit_body"  # "vous pourrez la reprendre"
    scene._close_dialog()
    game = scene.game
    while not game.is_over:
        game.apply(next(iter(game.legal_actions())))
    scene.ask_leave()
    assert scene.dialog.confirmation_text.html_text == "carcassonne.dialog.quit_body_over"


def test_one_word_for_the_follower_and_icons_inside_their_frames(app):
    import json
    import re
    from pathlib import Path

    from carcassonne_desktop.ui.art.meeples import MeepleCache
    from carcassonne_desktop.ui.hud import chip_icon, fit_icon

    data = Path(__file__).parents[1] / "carcassonne_desktop/i18n/data/carcassonne.fr.json"
    text = json.dumps(json.loads(data.read_text(encoding="utf-8")), ensure_ascii=False).lower()
    # "pion" never names the follower; the scoring marker is the rulebooks' « pion Score »
    assert re.findall(r"\bpions?\b(?! score)", text) == []
    frame = pygame.Rect(10, 10, 150, 54)  # a figure chip of the game screen
    icon = MeepleCache(4).get("large_follower", "red", frame.height - 18)  # drawn larger than asked
    assert max(fit_icon(icon, 40).get_size()) <= 40
    fitted, pos = chip_icon(frame, icon)
    drawn = fitted.get_bounding_rect().move(pos)  # the figure itself, not its transparent margin
    assert frame.inflate(-6, -6).contains(drawn), (drawn, frame)  # inside the 3-pixel border


def test_spots_keep_a_clickable_size_and_a_shape_per_kind_when_zoomed_out(app):
    from carcassonne_desktop.ui.art.spot_shapes import shape_for
    from carcassonne_desktop.ui.board_layer import MIN_SPOT_RADIUS

    scene = _start_game(app)
    c = scene.controller
    cell = sorted(c.legal_cells())[0]
    scene.camera.focus(*cell, immediate=True, zoom=24)  # zoomed far out
    _steps(app, 2)
    before = scene.camera.scale
    c.place(cell)
    _steps(app, 90)  # the view glides in on the tile
    spots = c.spots()
    assert len(spots) >= 3
    scene.layer.sync(c.board_game)
    discs = scene.layer.spot_discs(scene.camera, spots)
    assert all(radius >= MIN_SPOT_RADIUS for _, _, radius in discs)
    for i, (_, a, ra) in enumerate(discs):
        for _, b, rb in discs[i + 1:]:
            assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 > ra + rb  # apart, each clickable
    for spot, centre, _ in discs:
        assert scene.layer.spot_under(scene.camera, spots, (round(centre[0]), round(centre[1]))) == spot
    kinds = {c.board_game.feature_kind_for(c.spot_figure(s), s.x, s.y, s.port) for s in spots}
    assert len({shape_for(kind) for kind in kinds}) == len(kinds)  # road, field... by shape too
    c.undo()  # the figure step is over: the view goes back
    _steps(app, 90)
    assert scene.camera.scale == before


def test_an_expansion_kind_gets_its_spot_shape_through_the_registry(monkeypatch):
    import pytest

    from carcassonne_desktop.ui import expansions
    from carcassonne_desktop.ui.art.spot_shapes import CORE_SHAPES, shape_for
    from carcassonne_desktop.ui.expansions import art_registry, register_spot_shape, spot_shapes

    expansions.discover()
    # the toy kind stays here (the table lives in the art's registry)
    monkeypatch.setattr(art_registry, "_SPOT_SHAPES", dict(art_registry._SPOT_SHAPES))
    assert shape_for("toy_kind_never_registered") == "circle"
    register_spot_shape("toy_kind_for_test", "pentagon")
    assert shape_for("toy_kind_for_test") == "pentagon"
    with pytest.raises(ValueError):
        register_spot_shape("toy_kind_for_test", "hexagon")
    with pytest.raises(ValueError):
        register_spot_shape("another_toy_kind", "blob")
    expansion_shapes = {kind: shape for kind, shape in spot_shapes().items() if kind != "toy_kind_for_test"}
    assert expansion_shapes and not set(expansion_shapes.values()) & set(CORE_SHAPES.values())


def test_the_tooltip_stays_off_the_tile_whose_spots_are_offered():
    from carcassonne_desktop.ui.hud import tooltip_box

    bounds = pygame.Rect(0, 0, 900, 800)
    tile = pygame.Rect(400, 300, 120, 120)
    for mouse in ((410, 310), (460, 360), (515, 415), (405, 415)):
        box = tooltip_box((260, 50), mouse, bounds, tile)
        assert bounds.contains(box) and not box.colliderect(tile), mouse

"""The whole game with real pygame events: menu -> setup -> start -> place,
deploy, pass, take back, confirm ... -> final scoring -> end screen -> menu.

A short forced tile order keeps it quick (the setup screen never sets one, so
the test's game factory adds it to the setup the screen produces).
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame
import pytest

from carcassonne_desktop import i18n

SHORT_GAME = ["base/V", "base/D", "base/U", "base/E", "base/B", "base/K"]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    from carcassonne_desktop.ui.app import App
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.launcher import build_hooks

    hooks = build_hooks()
    store = None

    def factory(app_, setup):
        forced = dict(setup, tile_order=SHORT_GAME, seed=3)
        return GameScene.from_setup(app_, forced, store=store)

    hooks.game_factory = factory
    application = App(hooks, size=(1280, 800))
    application.set_language("fr")
    application.settings.ai_speed = "instant"
    application.settings.last_setup = {
        "players": [{"name": "Marie", "color": "red", "controller": "human"},
                    {"name": "Paul", "color": "blue", "controller": "human"}],
        "expansions": ["base"], "options": {"farmers": True}}
    application.start()
    yield application
    application.stack.clear()
    i18n.unregister_manager(application.manager)
    i18n.set_language("en")
    pygame.quit()


def _steps(app, n=3, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


def _click_at(app, pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    _steps(app)


def _click(app, element):
    _click_at(app, element.get_abs_rect().center)


def _key(app, key, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    _steps(app)


def _start_game(app, dismiss_banner=True):
    """Main menu -> new game -> start with the remembered players; the game scene."""
    _click(app, app.stack.top.buttons["new_game"])
    _click(app, app.stack.top.start_button)
    scene = app.stack.top
    if dismiss_banner:
        _dismiss_banner(scene, app)
    return scene


def _dismiss_banner(scene, app):
    if scene.banner.visible:
        app.step(0.4)
        _click_at(app, scene.camera.viewport.center)
    assert not scene.banner.visible


def _place_somewhere(scene, app):
    c = scene.controller
    cell = sorted(c.legal_cells())[0]
    scene.camera.focus(*cell, immediate=True)
    _click_at(app, scene.camera.tile_rect(*cell).center)
    assert c.state == "figure", "a click on a legal square places the tile"
    return cell


def test_hot_seat_game_with_the_mouse_to_the_end(app):
    from carcassonne_desktop.ui.end_scene import EndScene
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.menu_scene import MainMenuScene

    scene = _start_game(app, dismiss_banner=False)
    assert isinstance(scene, GameScene)
    assert scene.game.setup.players[0].name == "Marie"

    # turn 1: no hand-over screen (nothing private in this game: family table #3),
    # then place, take back, place again, deploy, confirm
    app.step(0.5)
    assert not scene.banner.visible
    c = scene.controller
    assert c.state == "place" and c.legal_cells()
    cell = _place_somewhere(scene, app)
    _key(app, pygame.K_BACKSPACE)
    assert c.state == "place" and scene.game.placed_tiles().get(cell) is None
    _place_somewhere(scene, app)
    spots = c.spots()
    assert spots
    scene.layer.sync(c.board_game)
    _click_at(app, scene.layer.spot_position(scene.camera, spots[0]))
    assert c.state == "ready"
    assert len(scene.game.history) == 0, "nothing reaches the real game before confirming"
    _click(app, scene.buttons["confirm"])
    assert len(scene.game.history) == 2
    assert sum(scene.game.supply[0].values()) < sum(scene.game.supply[1].values())

    # the other turns: banner, place, pass (Space) and confirm (Enter) until the end
    for _ in range(20):
        if scene.game.is_over:
            break
        _dismiss_banner(scene, app)
        c = scene.controller
        before = len(scene.game.history)
        _place_somewhere(scene, app)
        _key(app, pygame.K_SPACE)
        assert c.state == "ready"
        _key(app, pygame.K_RETURN)
        assert len(scene.game.history) == before + 2
    assert scene.game.is_over
    for _ in range(40):  # final scoring, one feature at a time
        app.step(0.1)
        if isinstance(app.stack.top, EndScene):
            break
    end = app.stack.top
    assert isinstance(end, EndScene)
    assert scene.log.lines(), "the log tells what happened"
    _click(app, end.buttons["board"])
    assert app.stack.top is scene
    _click(app, scene.buttons["scores"])
    end = app.stack.top
    assert isinstance(end, EndScene)
    _click(app, end.buttons["menu"])
    assert isinstance(app.stack.top, MainMenuScene)


def test_rotation_gestures_and_buttons_do_not_reach_the_board(app):
    from carcassonne_desktop.ui.game_scene import GameScene

    _click(app, app.stack.top.buttons["new_game"])
    _click(app, app.stack.top.start_button)
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    _dismiss_banner(scene, app)
    c = scene.controller
    start = c.rotation
    _key(app, pygame.K_r)
    assert c.rotation != start or len(set(r for rots in c.legal_cells().values() for r in rots)) == 1
    r = c.rotation
    _click_at(app, scene.camera.viewport.center, button=3)
    assert c.rotation == (r + 1) % 4
    _click(app, scene.buttons["rotate_right"])
    assert c.rotation == (r + 2) % 4
    assert c.state == "place", "clicking a button never places the tile under it"
    # zoom with +/- and recentre
    zoom = scene.camera.target_zoom
    _key(app, pygame.K_PLUS)
    assert scene.camera.target_zoom > zoom
    _click(app, scene.buttons["recentre"])
    # leave through the menu dialog
    _key(app, pygame.K_ESCAPE)
    assert scene.dialog is not None
    # roomy answers, side by side inside the window, clear of the question
    window = scene.dialog.rect
    yes, no = scene.dialog.confirm_button.rect, scene.dialog.cancel_button.rect
    assert yes.height >= 40 and no.height >= 40 and yes.width >= 120 and no.width >= 120
    assert window.contains(yes) and window.contains(no) and yes.right <= no.left
    assert not scene.dialog.confirmation_text.rect.colliderect(yes)
    _click(app, scene.dialog.cancel_button)
    assert scene.dialog is None
    _key(app, pygame.K_ESCAPE)
    assert scene.dialog is not None
    _key(app, pygame.K_ESCAPE)  # Escape answers "no"
    assert scene.dialog is None
    _key(app, pygame.K_ESCAPE)
    c = scene.human_controller()
    cell = c.hover
    _key(app, pygame.K_TAB)  # the board behind the question does not move
    assert c.hover == cell
    _key(app, pygame.K_RETURN)  # Enter answers "yes"
    from carcassonne_desktop.ui.menu_scene import MainMenuScene

    assert isinstance(app.stack.top, MainMenuScene)


def test_log_survives_loading_and_follows_undo(app):
    """Regression: a continued game showed an empty log, and an undone turn
    stayed in the log."""
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = _start_game(app, dismiss_banner=False)
    for _ in range(2):  # two turns, each with a follower
        _dismiss_banner(scene, app)
        c = scene.controller
        _place_somewhere(scene, app)
        spots = c.spots()
        scene.layer.sync(c.board_game)
        _click_at(app, scene.layer.spot_position(scene.camera, spots[0]))
        _key(app, pygame.K_RETURN)
    lines = scene.log.lines()
    assert any("Marie" in line for line in lines) and any("Paul" in line for line in lines)

    reloaded = GameScene(app, scene.game.copy())
    assert reloaded.log.lines() == lines

    scene.undo_turn(agreed=True)  # Paul's turn, Marie on screen: asked first (ruling UI1)
    assert len(scene.game.history) == 2
    assert not any("Paul" in line for line in scene.log.lines())


def test_placing_rings_and_the_sound_setting_silences_it(app):
    scene = _start_game(app)
    _place_somewhere(scene, app)
    assert app.sounds.history[-1] == "tile"
    _key(app, pygame.K_SPACE)
    _key(app, pygame.K_RETURN)
    _dismiss_banner(scene, app)
    assert "turn" in app.sounds.history  # the next player is called

    app.settings.sound = False
    app.sounds.set_enabled(False)
    heard = list(app.sounds.history)
    _place_somewhere(scene, app)
    assert app.sounds.history == heard


def test_keyboard_choice_under_the_instruction_pill_brings_it_into_view(app):
    """Regression: Tab could choose a square hidden under the pill at the top."""
    scene = _start_game(app)
    cell = (0, -1)
    view = scene.camera.viewport
    rect = scene.camera.tile_rect(*cell)
    scene.camera.pan_pixels(0, (view.top + 70) - rect.top)  # the square now sits under the pill
    _steps(app, 30)
    assert not scene._in_clear_view(cell)
    scene._keep_in_view(cell)
    _steps(app, 120)
    assert scene._in_clear_view(cell)


def test_tab_right_after_a_mouse_move_keeps_the_keyboard_choice(app):
    """Regression: a mouse move and Tab in the same frame (with the view
    scrolling to the chosen square) left no square chosen, so Enter did
    nothing."""
    scene = _start_game(app)
    view = scene.camera.viewport
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(view.left + 30, view.bottom - 30),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    _key(app, pygame.K_TAB)
    chosen = scene.controller.hover
    assert chosen is not None
    _steps(app, 90)  # the view may glide; the mouse stays still
    assert scene.controller.hover == chosen
    _key(app, pygame.K_RETURN)
    assert scene.controller.state == "figure"


def test_feature_tooltip_waits_for_the_mouse_to_rest(app):
    """Sweeping the mouse over the board no longer flashes a tooltip over
    every field it crosses; resting on a feature explains it."""
    scene = _start_game(app)
    rect = scene.camera.tile_rect(0, 0)  # the start tile
    pos = (rect.centerx, rect.bottom - 8)  # its southern field
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    _steps(app, 1)
    assert scene.hover_feature is not None and not scene._explaining()
    _steps(app, 40)  # two thirds of a second without moving
    assert scene._explaining()


def test_hint_shows_the_computer_turn_and_enter_follows_it(app):
    from carcassonne_desktop.ai.advice import suggest_turn
    from carcassonne_desktop.engine import Deploy, PlaceTile

    scene = _start_game(app)
    expected = suggest_turn(scene.game)
    _click(app, scene.buttons["hint"])
    import time

    deadline = time.monotonic() + 30  # the advice thread needs real time, not frames
    while not scene.hint.actions and time.monotonic() < deadline:
        app.step(0.02)
        time.sleep(0.01)
    assert scene.hint.actions == expected
    place = expected[0]
    assert isinstance(place, PlaceTile)
    c = scene.controller
    assert c.hover == (place.x, place.y) and c.rotation == place.rot
    _key(app, pygame.K_RETURN)  # follow the advice: the tile goes there
    assert c.place_action == place
    _steps(app, 2)
    if isinstance(expected[1], Deploy):
        assert scene.hint.message == "hud.hint_figure"
        _key(app, pygame.K_RETURN)
        assert c.figure_action == expected[1]
    else:
        assert scene.hint.message == "hud.hint_pass"
    while c.state != "place":  # taking the tile back voids the advice
        _key(app, pygame.K_BACKSPACE)
    _steps(app, 2)
    assert scene.hint.message is None and scene.hint.cell is None


def test_a_new_game_can_be_continued_before_its_first_turn(app):
    from carcassonne_desktop.ui.game_session import make_store

    scene = _start_game(app, dismiss_banner=False)
    assert not scene.game.history
    loaded = make_store().continue_game()
    assert loaded is not None and loaded.game.setup.players[0].name == "Marie"
    assert not loaded.game.history


def test_a_thinking_computer_gets_the_cpu_the_screen_does_not_need(app):
    import carcassonne_desktop.ui.app as app_module
    from carcassonne_desktop.ui.computer_turns import IDLE, THINKING
    from carcassonne_desktop.ui.game_scene import THINKING_FPS

    scene = _start_game(app)
    _steps(app, 90)  # let the view settle
    scene.driver.state = THINKING  # as while a computer seat decides
    app.last_input_ms = pygame.time.get_ticks() - 10_000
    assert scene.in_motion() and app.frame_rate() == THINKING_FPS
    app.last_input_ms = pygame.time.get_ticks()  # the player moves the mouse: full rate
    assert app.frame_rate() == app_module.FPS
    app.last_input_ms = pygame.time.get_ticks() - 10_000
    scene.camera.focus(5, 5)  # something glides: full rate
    assert app.frame_rate() == app_module.FPS
    scene.driver.state = IDLE


def test_hand_over_screen_only_with_private_tiles_or_when_asked(app):
    """Family table #3: the hand-over screen came every turn of a hot-seat game
    (70 clicks a game) with nothing to hide. It comes with a hand of 3 tiles, or
    when the setting asks for it, and after the score animation."""
    from carcassonne_desktop.ui.game_scene import GameScene

    app.settings.handoff_screen = True
    scene = GameScene.from_setup(app, {
        "players": [{"name": "Marie", "color": "red", "controller": "human"},
                    {"name": "Paul", "color": "blue", "controller": "human"}],
        "expansions": ["base"], "options": {"farmers": True}})
    app.stack.push(scene)
    _steps(app, 30)
    assert scene.banner.visible
    app.settings.handoff_screen = False
    hand = GameScene.from_setup(app, {
        "players": [{"name": "Marie", "color": "red", "controller": "human"},
                    {"name": "Paul", "color": "blue", "controller": "human"}],
        "expansions": ["base"], "options": {"farmers": True, "hand_of_3": True}})
    app.stack.push(hand)
    _steps(app, 30)
    assert hand.banner.visible


def test_panel_counts_a_follower_as_soon_as_it_is_put_down_not_on_confirm(app):
    """The panel's figures left follow the tried-out turn, like the board;
    taking the follower back gives it back to the count."""
    scene = _start_game(app)
    c = scene.controller
    seat = c.seat
    _place_somewhere(scene, app)
    before = scene.player_rows(c)[seat].figures["follower"]
    spot = next(s for s in c.spots() if c.spot_figure(s) == "follower")
    scene.layer.sync(c.board_game)
    _click_at(app, scene.layer.spot_position(scene.camera, spot))
    assert c.state == "ready" and len(scene.game.history) == 0
    assert scene.player_rows(c)[seat].figures["follower"] == before - 1
    assert scene.game.supply[seat]["follower"] == before, "the real game waits for the confirmation"
    _key(app, pygame.K_BACKSPACE)
    assert scene.player_rows(c)[seat].figures["follower"] == before

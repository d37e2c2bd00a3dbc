"""The side panel in a short window (issue 28): at 960x640 with six players
and every expansion's counters (followers, special figures, goods, notes)
the players' rows pushed Rotate, Take back, Pass and Confirm out of the
window. The rows go compact when room is short, and scroll when even
compact rows do not fit (eight players): every action button stays in sight."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from functools import cache

import pygame
import pytest

from carcassonne_desktop.engine import Game

COLOURS = ("red", "blue", "green", "yellow", "black", "purple", "orange", "white")
#: The buttons a player needs in a turn, in the panel and over the board.
ACTIONS = ("rotate_left", "rotate_right", "take_back", "pass", "confirm", "menu", "save", "undo_turn",
           "redo_turn", "hint", "recentre", "last_tile")


@cache
def game_with_everything(players: int) -> Game:
    """Forty actions into a random game with every expansion: every counter in the rows."""
    import tests.test_ui_end_table_layout as tables

    names = tuple(f"Joueur {i + 1}" for i in range(players))
    tables_colours, tables.COLOURS = tables.COLOURS, COLOURS
    try:
        return tables.every_expansion_game(names, 1, moves=40)
    finally:
        tables.COLOURS = tables_colours


def shown_scene(tmp_path, monkeypatch, size, game):  # type: ignore[no-untyped-def]
    """The game scene drawn once in a window of ``size`` (the long names' helper)."""
    from tests.test_ui_long_player_names import drawn_panel

    return drawn_panel(tmp_path, monkeypatch, size, game)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_regression_players_panel_pushed_the_action_buttons_out_of_the_window(
        tmp_path, monkeypatch, size, players) -> None:  # type: ignore[no-untyped-def]
    from tests.test_setup_presets import close

    app, scene = shown_scene(tmp_path, monkeypatch, size, game_with_everything(players))
    try:
        window = pygame.Rect((0, 0), size)
        for name in ACTIONS:
            widget = scene.buttons[name]
            assert window.contains(widget.rect), (name, widget.rect)
        layout = scene._panel_layout()
        # nothing of the panel overlaps the next part down
        order = ("players", "tiles_left", "card", "row_b", "row_c", "row_d")
        for upper, lower in zip(order, order[1:]):
            assert layout[upper].bottom <= layout[lower].top, (upper, lower)
        # the log is whole in the window or not drawn at all
        assert layout["log"].height == 0 or layout["log"].bottom <= size[1]
        # every row's name drawn, and the current player's row in sight
        assert len(scene.players_view.drawn_names) == players
        seen = {seat for _, seat in scene.players_view.row_rects}
        assert scene.game.turn_player in seen
    finally:
        close(app)


def test_full_rows_where_they_fit(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A tall window keeps the full rows and the log (compact only when short)."""
    from tests.test_setup_presets import close

    app, scene = shown_scene(tmp_path, monkeypatch, (1920, 1080), game_with_everything(6))
    try:
        assert scene.players_fit()[1] is False
        assert scene._panel_layout()["log"].height >= 40
    finally:
        close(app)
    app, scene = shown_scene(tmp_path, monkeypatch, (960, 640), game_with_everything(6))
    try:
        assert scene.players_fit()[1] is True
    finally:
        close(app)


def test_eight_players_scroll_to_the_current_player_and_by_the_wheel(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Rows taller than their room scroll: the wheel over them shows the others."""
    from tests.test_setup_presets import close

    app, scene = shown_scene(tmp_path, monkeypatch, (960, 640), game_with_everything(8))
    try:
        view = scene.players_view.view
        assert view.max_offset > 0
        rows = scene._panel_layout()["players"]
        scene.mouse = rows.center
        before = view.offset
        step = 1 if before == 0 else -1
        assert scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": -step, "flipped": False}))
        assert view.offset != before
    finally:
        close(app)


@pytest.mark.parametrize("size", [(960, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_regression_answer_tooltip_covered_the_pass_button(tmp_path, monkeypatch, size) -> None:  # type: ignore[no-untyped-def]
    """pygame-gui opens a button's tooltip under it: an answer's (in the
    rotation row) opened over Take back and Pass, the buttons needed next."""
    from carcassonne_desktop.engine import PASS
    from tests.test_setup_presets import close

    app, scene = shown_scene(tmp_path, monkeypatch, size, game_with_everything(3))
    try:
        answers = [a for a in scene.game.legal_actions() if a != PASS][:2]
        scene._sync_choices(answers)  # two answer buttons in the rotation row (no frame: it would resync)
        needed = [scene.buttons[n] for n in ("take_back", "pass", "confirm")]
        assert all(w.visible for w in needed)
        for name in ("choice:0", "choice:1", "rotate_left", "take_back"):
            widget = scene.buttons[name]
            tip = app.manager.create_tool_tip(
                text="Une réponse assez longue pour un grand cadre d’aide", position=widget.rect.midbottom,
                hover_distance=(0, widget.rect.height // 2), parent_element=widget, object_id=None)
            try:
                for other in needed:
                    assert not tip.rect.colliderect(other.rect), (name, other.rect, tip.rect)
                assert not tip.rect.colliderect(scene.pill_rect())
            finally:
                tip.kill()
    finally:
        close(app)


def test_regression_toolbar_button_showed_the_tooltip_of_the_feature_under_it(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The board runs under the toolbar: pointing at "Conseil" explained a
    shrine hidden under the button, in a second tooltip beside the button's."""
    from tests.test_setup_presets import close

    app, scene = shown_scene(tmp_path, monkeypatch, (960, 640), game_with_everything(3))
    try:
        button = scene.buttons["hint"].rect
        x, y = scene.game.last_placed
        scene.camera.focus(x, y, immediate=True, zoom=128)  # a tile wider than the button is tall
        tile = scene.camera.tile_rect(x, y)
        # bring the last tile under the button
        scene.camera.pan_pixels(button.centerx - tile.centerx, button.centery - tile.centery)
        scene._last_view = None
        scene.mouse = button.center
        scene._update_hover()
        assert scene.hover_feature is None
        # just beside the button, the same tile is explained (the board is there)
        beside = (button.centerx, button.bottom + 2)
        assert scene.camera.tile_rect(x, y).collidepoint(beside)
        scene.mouse = beside
        scene._update_hover()
        assert scene.hover_feature is not None
    finally:
        close(app)


def test_regression_board_tooltip_showed_under_the_quit_dialog(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The quit question's Quitter button stood over a city: the city's
    tooltip ("Ville : 4 points…") was drawn across the dialog."""
    from tests.test_setup_presets import close

    app, scene = shown_scene(tmp_path, monkeypatch, (960, 640), game_with_everything(3))
    try:
        x, y = scene.game.last_placed
        scene.camera.focus(x, y, immediate=True, zoom=128)
        scene.mouse = scene.camera.tile_rect(x, y).center
        scene._last_view = None
        scene._update_hover()
        assert scene.hover_feature is not None  # the board explains what the mouse is over
        scene.ask_leave()
        assert scene.dialog is not None
        scene._last_view = None
        scene._update_hover()
        assert scene.hover_feature is None
    finally:
        close(app)

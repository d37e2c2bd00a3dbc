"""Long player names in the players panel (issue 28): with every expansion a
name over about sixteen characters was cut to "Mar…" beside the notes
("Catapulte : 4", the flock, the pawns). When a name cannot share its line,
the notes go on a line of their own under every name, if the window's height
leaves the rest of the panel its room."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from functools import cache

import pytest

from carcassonne_desktop.engine import Game, GameSetup, PlayerSetup

NAMES = ("Marie-Christine Delacroi", "Jean-Baptiste Poquelin", "Bérénice-Eugénie Dupont",
         "Wolfgang Amadeus Mozart", "Hildegarde von Bingen", "Ordinateur (difficile)")
COLOURS = ("red", "blue", "green", "yellow", "black", "purple")


@cache
def game_with_everything(players: int) -> Game:
    """Forty actions into a game with every expansion (notes beside every name)."""
    from tests.test_ui_end_table_layout import every_expansion_game

    return every_expansion_game(NAMES[:players], 1, moves=40)


def drawn_panel(tmp_path, monkeypatch, size, game):  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui.game_scene import GameScene
    from tests.test_setup_presets import make_app

    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path / "settings.json", size=size)
    scene = GameScene(app, game, show_end_screen=False)
    app.stack.push(scene)
    app.step(1 / 60)
    scene.draw(app.screen)
    return app, scene


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_regression_long_player_names_cut_beside_notes(tmp_path, monkeypatch, size, players) -> None:  # type: ignore[no-untyped-def]
    from tests.test_setup_presets import close

    game = game_with_everything(players)
    app, scene = drawn_panel(tmp_path, monkeypatch, size, game)
    try:
        drawn = scene.players_view.drawn_names
        layout = scene._panel_layout()
        assert [name for name, _ in drawn] == list(NAMES[:players])  # whole, never "Mar…"
        if scene.notes_line():  # every note on its line under the name
            assert all(any(note.startswith("Catapulte\u00a0: ") for note in notes) for _, notes in drawn)
            assert [notes for _, notes in drawn] == [list(row.notes) for row in scene.player_rows(None)]
            # the notes' line never pushes the buttons or the log out of the window
            assert layout["log"].bottom <= size[1], layout["log"]
        else:  # a window too short for the line: the rows keep their height, the notes squeeze
            assert (size == (960, 640) and players >= 3) or (size == (1280, 800) and players >= 5)
    finally:
        close(app)


def test_short_names_keep_their_notes_beside_them(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """"Joueur 1" shares its line with the notes as before: no line is added."""
    from carcassonne_desktop.ui.players_view import wants_notes_line
    from tests.test_setup_presets import close

    assert not wants_notes_line(["Joueur 1", "Joueur 2", "Ada"], True)
    assert not wants_notes_line(list(NAMES), False)  # no expansion with notes
    game = game_with_everything(3)
    short = Game(GameSetup(players=tuple(PlayerSetup(f"Joueur {i + 1}", COLOURS[i]) for i in range(3)),
                           expansions=game.setup.expansions, seed=1))
    app, scene = drawn_panel(tmp_path, monkeypatch, (1280, 800), short)
    try:
        assert not scene.notes_line()
        assert [name for name, _ in scene.players_view.drawn_names] == ["Joueur 1", "Joueur 2", "Joueur 3"]
    finally:
        close(app)


def test_regression_player_tooltip_stayed_open_after_a_scene_on_top(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Under Xvfb, after a Catapult hurl the tooltip of the player row the
    mouse had last pointed at stayed over the panel: the game scene kept the
    mouse's place from before the hurl. On coming back it asks where it is."""
    import pygame

    from carcassonne_desktop.ui.scene import Scene
    from tests.test_setup_presets import close

    app, scene = drawn_panel(tmp_path, monkeypatch, (1280, 800), game_with_everything(2))
    try:
        row = scene._panel_layout()["players"]
        scene.mouse = (row.centerx, row.top + 30)
        assert scene.player_words_at(scene.mouse)  # the tooltip over the first row
        app.stack.push(Scene(app))
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (200, 300))
        monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
        app.stack.pop()
        assert scene.mouse == (200, 300) and not scene.player_words_at(scene.mouse)
    finally:
        close(app)

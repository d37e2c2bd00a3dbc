"""Family table, second round (issue 29, minors): the players panel's
figures and the figures' looks (headless: SDL's dummy driver)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from carcassonne_desktop.ui.art.meeples import render_meeple
from carcassonne_desktop.ui.expansions import figure_style
from carcassonne_desktop.ui.players_view import PlayerRow, PlayersView
from tests import test_ui_decisions

app = test_ui_decisions.app  # the app in French, as the family plays it

#: Every kind of figure a player owns, with the expansions of the newcomer's games.
FIGURES = {"follower": 4, "large_follower": 1, "abbot": 1, "builder": 1, "pig": 1, "shepherd": 1}


@pytest.fixture
def screen():  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui.resources import reset_font_cache

    pygame.init()
    reset_font_cache()  # fonts of an earlier test's pygame session are dead
    yield pygame.display.set_mode((1280, 800))


def _rows() -> list[PlayerRow]:
    return [PlayerRow("Ada", "red", 12, dict(FIGURES), False, notes=("Troupeau : 3",)),
            PlayerRow("Ordinateur", "blue", 9, dict(FIGURES), True)]


def test_regression_reflechit_drawn_over_the_figure_counts(screen) -> None:  # type: ignore[no-untyped-def]
    """ "réfléchit…" was drawn at the end of the figures' line, over the last
    counts: it now goes on the name's line, and the figures' line is the same
    pixels whether the computer thinks or not."""
    rect = pygame.Rect(920, 10, 350, 300)
    view = PlayersView()

    def figures_line(thinking: bool) -> bytes:
        screen.fill((0, 0, 0))
        view.draw(screen, rect, _rows(), 1, thinking, 0.4)
        spots = [area for area, row, _ in view.figure_spots if row == 1]
        line = spots[0].unionall(spots[1:])
        line.width = rect.right - line.x
        return pygame.image.tobytes(screen.subsurface(line), "RGB")

    quiet, thinking = figures_line(False), figures_line(True)
    assert len(view.figure_spots) == 2 * len(FIGURES)
    assert quiet == thinking


def test_regression_figure_icons_without_a_name_on_pointing(app) -> None:  # type: ignore[no-untyped-def]
    from carcassonne_desktop.engine import Game, quick_setup
    from carcassonne_desktop.ui.game_scene import GameScene

    game = Game(quick_setup(2, seed=2, expansions=("base", "traders_builders", "abbot")))
    scene = GameScene(app, game)
    app.stack.push(scene)
    scene.banner.dismiss()
    app.step(1 / 60)
    spots = scene.players_view.figure_spots
    kinds = {kind for _, row, kind in spots if row == 0}
    assert {"follower", "builder", "pig", "abbot"} <= kinds
    said = {}
    for area, row, kind in spots:
        if row == 0:
            said[kind] = scene.player_words_at(area.center)
    assert said["builder"] == ["P1", "Bâtisseur\u00a0: 1 en réserve"]
    assert said["follower"] == ["P1", "Partisan\u00a0: 7 en réserve"]
    assert said["abbot"] == ["P1", "Abbé\u00a0: 1 en réserve"]


def _mask(kind: str, size: int = 22) -> pygame.mask.Mask:
    surface = render_meeple(kind, "red", size)
    out = pygame.mask.Mask((48, 48))
    out.draw(pygame.mask.from_surface(surface, 127),
             ((48 - surface.get_width()) // 2, (48 - surface.get_height()) // 2))
    return out


def test_regression_a_builder_looks_like_a_follower_every_figure_kind_has_its_own_outline() -> None:
    """At the board's usual size (22 px) a player's figures differ by their
    outline, not by a detail: at least a sixth of the two shapes' pixels
    belong to one only. (The mage and the witch wear their own colours.)"""
    from carcassonne_desktop.ui.art.meeples import FIGURE_KINDS

    owned = [k for k in FIGURE_KINDS if (figure_style(k) is None or figure_style(k).colour is None)]
    assert {"follower", "builder", "abbot", "shepherd", "pig", "large_follower"} <= set(owned)
    for i, first in enumerate(owned):
        for second in owned[i + 1:]:
            a, b = _mask(first), _mask(second)
            common = a.overlap_area(b, (0, 0))
            union = a.count() + b.count() - common
            assert 1 - common / union >= 0.17, (first, second, 1 - common / union)


@pytest.mark.parametrize("rot", [0, 1, 2, 3])
def test_regression_a_heretic_figure_hides_the_shrine_at_every_turn_of_the_tile(rot: int) -> None:
    """The shrine is drawn upright, but the heretic's place before its door
    turned with the tile: on a turned tile it stood on the dome or beside it
    and hid it. It now stands below the building whatever the turn."""
    from carcassonne_desktop.engine.figure_geometry import feature_anchor
    from carcassonne_desktop.engine.tile_geometry import rotate_point
    from carcassonne_desktop.engine.tile_layout import tile_layout
    from tests.test_ui_king_heretics import TILES

    shrines = [t for t in TILES if t.startswith("shrine/")]
    assert shrines
    for tile_id in shrines:
        layout = tile_layout(TILES[tile_id])
        shrine = next(p for p in layout.props if p.kind == "shrine")
        bx, by = rotate_point(shrine.pos, rot)  # where the building is drawn, upright
        fx, fy = feature_anchor(TILES[tile_id], rot, shrine.feature)
        assert abs(fx - bx) < 1e-9, (tile_id, rot)
        assert fy >= by + 0.18, (tile_id, rot, fy, by)  # before the door, the dome in sight
        assert fy <= 0.9, (tile_id, rot)  # still on the tile


def test_a_short_name_stays_whole_beside_a_note_regression_joueu_troupeau(screen):  # type: ignore[no-untyped-def]
    """Under Xvfb, "Joueur 1" showed as "Joueu…" beside its flock's note
    ("Troupeau : 1"): the note now shrinks first."""
    from carcassonne_desktop.ui.players_view import name_beside_notes

    name, size, name_px = name_beside_notes("Joueur 1", ["Troupeau : 1"], 180)
    assert name == "Joueur 1" and size in (11, 12, 14) and name_px == 18
    # a very long name still gives way to the note, down to 60 px
    long_name, _, _ = name_beside_notes("Bérénice-Anastasie de Montfort", ["Troupeau : 1"], 180)
    assert long_name.endswith("…")


def test_a_short_name_stays_whole_beside_many_notes_regression_joue_jetons(screen):  # type: ignore[no-untyped-def]
    """Under Xvfb with every expansion in a game of three, "Joueur 3" showed
    as "Joue…" beside "Jetons ×4" and "Pions 0 · 0" (232 px of room at
    1280x800): the name's type now gives a little before the name is cut."""
    from carcassonne_desktop.ui.players_view import name_beside_notes

    notes = ["Jetons ×4", "Pions 0 · 0"]
    name, size, name_px = name_beside_notes("Joueur 3", notes, 232)
    assert name == "Joueur 3" and size == 11 and name_px == 16
    assert name_beside_notes("Joueur 3", notes, 300)[2] == 18  # room enough: full size


def test_every_figure_kind_fits_beside_a_three_digit_score_regression_112(screen):  # type: ignore[no-untyped-def]
    """Under Xvfb with every expansion, "★1" ran under a score of 112: the
    figures' line now takes a tighter style until it fits beside the score."""
    from carcassonne_desktop.ui.players_view import FIGURE_STYLES, _figures_width, figures_style

    figures = {kind: 1 for kind in ("follower", "large_follower", "builder", "pig", "abbot",
                                    "shepherd", "barn", "phantom")}
    room = 200  # 1280x800: from the name's left to the score "112"
    assert _figures_width(figures, *FIGURE_STYLES[1]) > room  # the old tightest style
    assert _figures_width(figures, *figures_style(figures, room)) <= room
    assert figures_style({"follower": 7}, room) == FIGURE_STYLES[0]


def test_notes_that_do_not_fit_beside_the_name_end_the_goods_line_regression_bru(screen):  # type: ignore[no-untyped-def]
    """Under Xvfb with every expansion in a game of three, "Bruno" showed as
    "Bru…" beside "Jetons ×4" and "Troupeau : 6" even with the name's type
    smaller: the notes that do not fit beside the whole name now end the
    goods' line, which had room to spare."""
    from carcassonne_desktop.ui.players_view import name_beside_notes, notes_over_two_lines

    notes = ["Jetons ×4", "Troupeau : 6"]
    goods = ["vin 0", "blé 0", "★ tissu 1"]
    assert name_beside_notes("Bruno", notes, 150)[0].endswith("…")  # the cut seen
    split = notes_over_two_lines("Bruno", notes, 150, goods, 256)
    assert split is not None
    beside, below, size, name_px = split
    assert beside + below == notes and below and size in (11, 12) and name_px == 18
    assert notes_over_two_lines("Bruno", notes, 150, [], 256) is None  # no goods' line
    assert notes_over_two_lines("Bruno", notes, 150, goods, 150) is None  # no room there


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_regression_jetons_said_little_and_names_stay_whole_with_everything(app, players):  # type: ignore[no-untyped-def]
    """"Jetons ×4" beside a name did not say which tokens: the note names the
    Catapult ("Catapulte : 4"), its words on pointing list them; and with
    every expansion (the tokens, the flock, the pawns) "Joueur 1" showed as
    "Jou…" in a game of four: the notes go down to the goods' line and the
    name's line runs over the score's corner, the names stay whole."""
    import random

    from carcassonne_desktop.engine import Game, GameSetup, PlayerSetup
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.launcher import build_hooks

    every = ("base", *(e["id"] for e in build_hooks().expansions if e["id"] != "base"))
    colours = ("red", "blue", "green", "yellow", "black", "purple")
    setup = GameSetup(players=tuple(PlayerSetup(f"Joueur {i + 1}", colours[i]) for i in range(players)),
                      expansions=every, seed=1)
    game = Game(setup)
    rng = random.Random(1)
    for _ in range(30):
        game.apply(rng.choice(list(game.legal_actions())))
    scene = GameScene(app, game, show_end_screen=False)
    app.stack.push(scene)
    app.step(1 / 60)
    scene.draw(app.screen)
    drawn = scene.players_view.drawn_names
    assert [name for name, _ in drawn] == [p.name for p in setup.players]
    assert all(any(note.startswith("Catapulte\u00a0: ") for note in notes) for _, notes in drawn)
    assert any(len(notes) >= 3 for _, notes in drawn) or players < 4  # the crowded case was met
    words = " ".join(scene.player_words_at(scene._panel_layout()["players"].move(0, 30).topleft))
    assert "Jetons de catapulte" in words

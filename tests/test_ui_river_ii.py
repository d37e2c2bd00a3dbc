"""The River II on the tile art: every tile renders, and the fork, the volcano
and the pigsty each change the picture (painters in ui/expansions/river_ii.py)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame
import pytest

from carcassonne_desktop.engine.tile_layout import build_layout
from carcassonne_desktop.ui.art.tile_art import render_tile
from carcassonne_desktop.ui.expansions import tile_symbols
from tests.test_ui_decisions import app  # noqa: F401  (the window fixture, shared)

DATA = Path(__file__).resolve().parent.parent / "carcassonne_desktop" / "engine" / "data"
TILES = {t["id"]: t for t in json.loads((DATA / "river_ii.json").read_text(encoding="utf-8"))["tiles"]}

pygame.init()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _without(tile: dict, flag: str) -> dict:
    copy = json.loads(json.dumps(tile))
    copy["flags"].pop(flag, None)
    for feature in copy["features"]:
        feature.pop(flag, None)
    return copy


@pytest.mark.parametrize("tile", TILES.values(), ids=lambda t: t["id"])
def test_every_river_ii_tile_renders_at_three_sizes_and_four_rotations(tile):
    for size in (24, 64, 128):
        for rot in range(4):
            assert render_tile(tile, rot, size).get_size() == (size, size)


def test_the_new_symbols_are_registered():
    assert {"volcano", "pigsty", "river_fork"} <= set(tile_symbols())


@pytest.mark.parametrize("tile_id,flag", [("river2/03", "volcano"), ("river2/11", "pigsty"),
                                          ("river2/04", "river_fork")])
def test_each_symbol_changes_the_picture(tile_id, flag):
    tile = TILES[tile_id]
    for size in (24, 128):
        for rot in (0, 1):
            assert _pixels(render_tile(tile, rot, size)) != _pixels(
                render_tile(_without(tile, flag), rot, size))


def test_the_fork_is_a_pool_not_a_crossroads_hamlet():
    assert [prop.kind for prop in build_layout(TILES["river2/04"]).props] == []


def test_the_volcano_stands_in_its_lake_and_a_city_end_keeps_the_lake():
    assert [p.kind for p in build_layout(TILES["river2/03"]).props] == ["lake"]
    assert [p.kind for p in build_layout(TILES["river2/02"]).props] == ["lake"]


def test_the_log_tells_of_the_extra_turn_in_both_languages():
    from carcassonne_desktop import i18n
    from carcassonne_desktop.engine.events import ExtraTurn
    from carcassonne_desktop.ui.game_log import describe

    before = i18n.current_language()
    try:
        i18n.set_language("fr")
        assert describe(ExtraTurn(1), ["Rouge", "Bleu"]) == "Bleu rejoue aussitôt un tour complet."
        i18n.set_language("en")
        assert describe(ExtraTurn(0), ["Red", "Blue"]) == "Red plays another whole turn at once."
    finally:
        i18n.set_language(before)


def test_river_ii_has_a_rules_page_in_both_languages():
    from carcassonne_desktop.ui.rules_scene import expansion_pages

    pages = {page_id: (title, rules) for page_id, title, rules in expansion_pages()}
    title, rules = pages["river_ii"]
    assert title == {"fr": "La Rivière II", "en": "The River II"}
    assert "volcan" in rules["fr"] and "porcherie" in rules["fr"]
    assert "volcano" in rules["en"] and "pigsty" in rules["en"]


def test_a_human_lays_the_volcano_in_the_window_and_plays_again(app):  # noqa: F811
    game_app = app
    """The figure step after the volcano passes by itself; once the turn is
    confirmed the same human places the next tile, and the log says why."""
    from carcassonne_desktop.ui.game_scene import GameScene

    setup = {"players": [{"name": "Marie", "color": "red", "controller": "human"},
                         {"name": "Paul", "color": "blue", "controller": "human"}],
             "expansions": ["base", "river_ii"], "options": {"farmers": True}, "seed": 3,
             "tile_order": ["river2/03", "base/U", "base/U"]}
    scene = GameScene.from_setup(game_app, setup)
    game_app.stack.push(scene)
    game_app.step(0.016)
    c = scene.human_controller()
    assert c is not None and c.legal_cells() == {(1, 0): (0,)}
    c.set_hover((1, 0))
    c.place((1, 0))
    assert c.state == "ready" and c.auto_passed  # nothing may go on the volcano
    scene.confirm_turn()
    game_app.step(0.016)
    assert scene.game.turn_player == 0 and scene.game.pending.kind == "place_tile"
    assert "Marie rejoue aussitôt un tour complet." in scene.log.lines()

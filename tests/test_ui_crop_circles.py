"""Crop Circles in the window: the circle and its symbol on the tiles, the
placer's question with two buttons in French, the screen handed over to the
other player for their answer, the answers as spots of their own followers
(a chip per figure when the large follower could go too), the pill saying
which followers the circle concerns, and the log's line."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from carcassonne_desktop import i18n  # noqa: E402
from carcassonne_desktop.engine import Deploy, GameRecord  # noqa: E402
from carcassonne_desktop.engine.expansions.crop_circles import (  # noqa: E402
    CropCircleChosen,
    CropCirclePassed,
)
from carcassonne_desktop.ui.art.tile_art import render_tile  # noqa: E402
from carcassonne_desktop.ui.game_log import describe  # noqa: E402
from tests.test_ui_decisions import app  # noqa: E402, F401  (the French window, shared)
from tests.test_ui_game_flow import _click, _click_at, _dismiss_banner, _steps  # noqa: E402

GOLDEN = Path(__file__).parent / "golden_expansions"
DATA = Path(__file__).resolve().parent.parent / "carcassonne_desktop" / "engine" / "data"
TILES = {t["id"]: t for t in json.loads((DATA / "crop_circles.json").read_text("utf-8"))["tiles"]}


def _record(name: str, upto: int) -> dict:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return {**record, "actions": record["actions"][:upto]}


@pytest.mark.parametrize("tile_id", sorted(TILES))
def test_crop_circle_tiles_show_the_circle_and_its_symbol(tile_id):
    pygame.init()
    tile = TILES[tile_id]
    drawn = pygame.image.tobytes(render_tile(tile, 0, 96), "RGB")
    plain = dict(tile, flags={"crop_circle": tile["flags"]["crop_circle"]})
    assert drawn != pygame.image.tobytes(render_tile(plain, 0, 96), "RGB")  # the symbol


def _symbol_ink(tile: dict, size: int = 256) -> tuple[int, int, int]:
    """The pixels the symbol changes on its tile, and their extent across and down."""
    drawn = render_tile(tile, 0, size)
    plain = render_tile(dict(tile, flags={"crop_circle": tile["flags"]["crop_circle"]}), 0, size)
    inked = [(x, y) for x in range(size) for y in range(size) if drawn.get_at((x, y)) != plain.get_at((x, y))]
    xs, ys = [x for x, _ in inked], [y for _, y in inked]
    return len(inked), max(xs) - min(xs), max(ys) - min(ys)


def test_regression_crop_circle_club_symbol_drawn_small():
    """The club (a thin stick with a knob) had under a third of the shield's
    ink: the three symbols now weigh alike, about as much ink and as large."""
    pygame.init()
    symbols: dict[str, tuple[int, int, int]] = {}
    for tile in TILES.values():
        symbol = tile["flags"].get("crop_circle_symbol")
        if symbol not in symbols:
            symbols[symbol] = _symbol_ink(tile)
    assert set(symbols) == {"shield", "club", "pitchfork"}
    heaviest = max(ink for ink, _, _ in symbols.values())
    for symbol, (ink, across, down) in symbols.items():
        assert ink >= 0.65 * heaviest, (symbol, symbols)
        assert max(across, down) >= 0.8 * max(max(a, d) for _, a, d in symbols.values()), (symbol, symbols)


@pytest.mark.parametrize(("language", "line"), [
    ("fr", "Rouge choisit pour l’agroglyphe\u00a0: chacun peut poser un chevalier à côté d’un des "
           "siens."),
    ("en", "Rouge chooses for the crop circle: each player may deploy a knight beside one "
           "of theirs."),
])
def test_crop_circle_log_says_the_choice(language, line):
    before = i18n.current_language()
    i18n.set_language(language)
    try:
        assert describe(CropCircleChosen(0, 0, -2, "city", "deploy"), ("Rouge", "Bleu")) == line
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize(("language", "line"), [
    ("fr", "Bleu passe\u00a0: pas de paysan en plus pour l’agroglyphe."),
    ("en", "Bleu passes: no extra farmer for the crop circle."),
])
def test_crop_circle_pass_has_a_log_line(language, line):
    """A player who passed in a deploy round left no trace in the log."""
    before = i18n.current_language()
    i18n.set_language(language)
    try:
        assert describe(CropCirclePassed(1, "field"), ("Rouge", "Bleu")) == line
    finally:
        i18n.set_language(before)


def test_crop_circle_question_buttons_then_hand_over_and_spots(app):  # noqa: F811
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.placement_controller import DECIDE

    game = GameRecord.from_json(_record("cc_city_deploy_both_add_a_knight", 6)).replay().game
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    assert c.state == DECIDE and c.decision.kind == "crop_circle" and c.seat == 0
    said = status(scene.game, c, final_running=False, thinking=False)
    assert said.title == "Agroglyphe\u00a0: que font tous les joueurs\u00a0?"
    assert "chevaliers" in said.hint
    buttons = {b.text: b for name, b in scene.buttons.items() if name.startswith("choice:")}
    assert set(buttons) == {"Chacun en pose un", "Chacun en reprend un"}
    _click(app, buttons["Chacun en pose un"])
    if scene.human_controller() is c:
        _click(app, scene.buttons["confirm"])
    app.step(1.0)
    _steps(app)
    assert scene.banner.visible and scene.banner.name == "Bleu" and scene.banner.question
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    assert c.seat == 1 and c.decision.kind == "crop_circle_deploy"
    said = status(scene.game, c, final_running=False, thinking=False)
    assert said.title == "Bleu, à vous\u00a0: Agroglyphe\u00a0: poser un partisan\u00a0?"
    spots = c.spots()
    assert [(s.x, s.y) for s in spots] == [(-1, -1)]  # beside his own knight only
    scene.layer.sync(c.board_game)
    _click_at(app, scene.layer.spot_position(scene.camera, spots[0]))
    if scene.human_controller() is c and "confirm" in scene.buttons:
        _click(app, scene.buttons["confirm"])
    app.step(1.0)
    _steps(app)
    assert Deploy("follower", -1, -1, "N") in scene.game.history
    scene.draw(app.screen)  # two knights on one spot, the circle on its tile: nothing raises

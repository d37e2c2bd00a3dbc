"""The Gold Mines in the interface: the mine on its tiles, ingots drawn where
they lie, the tiles around a new mine as the answers of a click, the hoard
after the player's name, and the log's lines."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from carcassonne_desktop import i18n  # noqa: E402
from carcassonne_desktop.engine import GameRecord  # noqa: E402
from carcassonne_desktop.engine.expansions.gold_mines import GOLD, PlaceGold  # noqa: E402
from carcassonne_desktop.ui.art.tile_art import render_tile  # noqa: E402
from carcassonne_desktop.ui.camera import Camera  # noqa: E402
from carcassonne_desktop.ui.expansions import (  # noqa: E402
    board_choices,
    expansion_choice_label,
    noted_tokens,
    player_note_words,
    player_notes,
)
from carcassonne_desktop.ui.expansions.gold_mines import ingot_points, paint_ingots  # noqa: E402
from carcassonne_desktop.ui.game_log import describe  # noqa: E402
from carcassonne_desktop.ui.resources import colour  # noqa: E402

GOLDEN = Path(__file__).parent / "golden_expansions"
DATA = Path(__file__).resolve().parent.parent / "carcassonne_desktop" / "engine" / "data"
TILES = {t["id"]: t for t in json.loads((DATA / "gold_mines.json").read_text("utf-8"))["tiles"]}

pygame.init()


@pytest.fixture(autouse=True)
def french():
    before = i18n.current_language()
    i18n.set_language("fr")
    yield
    i18n.set_language(before)


def _replay(upto: int | None = None):
    record = json.loads((GOLDEN / "gm_road_tie_rouge_two_bleu_one.json")
                        .read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json(record).replay(upto)


def test_a_gold_tile_shows_its_mine() -> None:
    plain = dict(TILES["gold/05"], flags={})
    with_mine = pygame.image.tobytes(render_tile(TILES["gold/05"], 0, 96), "RGB")
    assert with_mine != pygame.image.tobytes(render_tile(plain, 0, 96), "RGB")


def test_the_tiles_around_the_mine_answer_the_decision_with_words_from_the_mine() -> None:
    game = _replay(upto=10).game
    assert game.pending is not None and game.pending.kind == GOLD
    choices = board_choices(game, game.pending)
    assert choices == {(0, 0): PlaceGold(0, 0), (0, -1): PlaceGold(0, -1),
                       (-1, -1): PlaceGold(-1, -1)}
    assert expansion_choice_label(GOLD, game, PlaceGold(0, -1)) == "Tuile au nord-est"
    assert expansion_choice_label(GOLD, game, PlaceGold(0, 0)) == "Tuile à l’est"


def test_the_hoard_follows_the_name_and_is_said_in_full() -> None:
    game = _replay().game
    assert player_notes(game, 0) == ("Or ×2",)
    assert player_note_words(game, 1) == (
        "Lingots d’or\u00a0: 1, 1 point(s) chacun à la fin de la partie",)
    assert GOLD in noted_tokens()


def test_the_log_tells_every_ingot() -> None:
    replay = _replay()
    names = ("Rouge", "Bleu")
    lines = [describe(e, names) for _, e in replay.events
             if e.kind in ("gold_placed", "gold_collected", "gold_lost", "token_gained")]
    assert lines == [
        "Rouge pose un lingot d’or sur sa mine.",
        "Rouge pose le second lingot sur une tuile voisine.",
        "Rouge pose un lingot d’or sur sa mine.",
        "Rouge pose le second lingot sur une tuile voisine.",
        "Rouge ramasse un lingot d’or.", None,
        "Bleu ramasse un lingot d’or.", None,
        "Rouge ramasse un lingot d’or.", None,
        "1 lingot d’or resté sur le plateau est perdu.",
    ]


def test_ingots_are_drawn_on_their_tile() -> None:
    game = _replay(upto=10).game  # ingots on (1, 0), (0, 0) and (-1, 0)
    surface = pygame.Surface((640, 480))
    surface.fill((0, 0, 0))
    camera = Camera(pygame.Rect(0, 0, 640, 480), zoom=96, centre=(0.5, 0.5))
    paint_ingots(surface, camera, game)
    wx, wy = ingot_points(1, 0, 1)[0]
    sx, sy = camera.world_to_screen(wx, wy)
    assert surface.get_at((round(sx) + 4, round(sy) - 3))[:3] == tuple(colour(GOLD, "ingot"))[:3]
    assert len(ingot_points(0, 0, 4)) == 4 and len(set(ingot_points(0, 0, 6))) == 6

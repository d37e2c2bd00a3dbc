"""Mage & Witch in the window: the decision is answered by clicking spots on
the board with chips that choose the mage or the witch (no buttons), the
figures are drawn with their halo, the log and the score explanation name
them in French, a road's tooltip says who stands on it."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import GameRecord
from carcassonne_desktop.engine.events import FigureMoved, PointsScored
from carcassonne_desktop.engine.expansions.mage_witch import Enchanted
from tests.test_ui_decisions import app  # noqa: F401  (the French window, shared)
from tests.test_ui_game_flow import _click_at, _dismiss_banner, _steps

GOLDEN = Path(__file__).parent / "golden_expansions"


def _record(name: str, upto: int) -> dict:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return {**record, "actions": record["actions"][:upto]}


def test_the_decision_is_clicked_on_the_board_with_a_chip_for_each_figure(app):  # noqa: F811
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE

    game = GameRecord.from_json(_record("mw_witch_road_5_mage_road_3", 0)).replay().game
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    c.set_hover((1, 0))
    c.rotation = 0
    c.place()
    _steps(app)
    assert c.state == DECIDE and c.decision.kind == "mage_witch"
    assert c.figure_kinds() == ["mage", "witch"]
    assert not [n for n in scene.buttons if n.startswith("choice:")]  # spots, not buttons
    chips = scene.figure_chip_rects(c)
    assert [kind for kind, _ in chips] == ["mage", "witch"]
    assert "Magie" in status(scene.game, c, final_running=False, thinking=False).title
    _click_at(app, dict(chips)["witch"].center)
    assert c.figure_kind == "witch" and {s.figures for s in c.spots()} == {("witch",)}
    spot = next(s for s in c.spots() if (s.x, s.y) == (0, 0))
    scene.layer.sync(c.board_game)
    _click_at(app, scene.layer.spot_position(scene.camera, spot))
    assert c.state == FIGURE
    assert c.tentative.neutral_figures == {"witch": spot.answer.target}
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)  # the witch is drawn with her halo, nothing raises


def test_the_log_names_the_figure_and_whose_feature_it_joins():
    from carcassonne_desktop.ui.game_log import describe

    i18n.set_language("fr")
    names = ["Rouge", "Bleu"]
    assert describe(Enchanted(0, "mage", "city", (1,)), names) == \
        "Rouge envoie le mage sur une ville tenue par Bleu."
    assert describe(Enchanted(1, "witch", "road", ()), names) == \
        "Bleu envoie la sorcière sur une route libre."
    assert describe(FigureMoved(-1, "mage", {"x": 0, "y": 0, "port": "E"}, None), names) == \
        "Le mage quitte le jeu."
    assert describe(FigureMoved(-1, "witch", None, {"x": 0, "y": 0, "port": "E"}), names) is None
    i18n.set_language("en")
    assert describe(Enchanted(0, "mage", "city", (1,)), names) == \
        "Rouge sends the mage to Bleu’s city."


def test_the_score_explanation_subtracts_what_the_witch_takes():
    from carcassonne_desktop.ui.score_text import expression

    i18n.set_language("fr")
    replay = GameRecord.from_json(_record("mw_witch_after_cathedral_15_to_8", 99)).replay()
    event = next(e for _, e in replay.events if isinstance(e, PointsScored) and e.points)
    text = expression(event.terms)
    assert text.endswith("= 15 − 7 (sorcière\u00a0: la moitié, arrondie au-dessus) = 8"), text
    replay = GameRecord.from_json(_record("mw_mage_city_8_tiles_28_each", 99)).replay()
    event = next(e for _, e in replay.events if isinstance(e, PointsScored) and e.points)
    assert expression(event.terms).endswith("× 2 (ville achevée) + 8 (mage\u00a0: 1 par tuile) = 28")
    i18n.set_language("en")


def test_a_road_tooltip_says_the_mage_stands_there():
    from carcassonne_desktop.ui.expansions import feature_notes

    i18n.set_language("fr")
    game = GameRecord.from_json(_record("mw_witch_road_5_mage_road_3", 3)).replay().game
    info = game.feature_at(1, 0, "W")
    assert any("Le mage est ici" in (note or "") for note in feature_notes(game, info))
    i18n.set_language("en")


def test_the_magic_tiles_draw_with_their_symbol():
    from carcassonne_desktop.engine import Game, quick_setup
    from carcassonne_desktop.ui.art.tile_art import render_tile

    game = Game(quick_setup(2, expansions=("base", "mage_witch")))
    for tile_id in ("mage/05", "mage/06", "mage/08+garden"):
        raw = game.rules.catalogue[tile_id].raw
        plain = dict(raw, flags={k: v for k, v in raw["flags"].items() if k != "magic"})
        with_symbol = pygame.image.tobytes(render_tile(raw, 0, 96), "RGB")
        without = pygame.image.tobytes(render_tile(plain, 0, 96), "RGB")
        assert with_symbol != without, tile_id


def test_log_line_never_writes_de_before_a_name_starting_with_a_vowel():
    """Played by hand: "Ordi envoie le mage sur la route de Ordi." The owner's
    name now follows "tenue par"."""
    from carcassonne_desktop.ui.game_log import describe

    i18n.set_language("fr")
    assert describe(Enchanted(1, "mage", "road", (1,)), ["Camille", "Ordi"]) == \
        "Ordi envoie le mage sur une route tenue par Ordi."
    i18n.set_language("en")


def test_figure_stands_on_its_own_segment_and_beside_a_follower_there():
    """Played by hand: the witch on a junction's south road was drawn shifted
    toward its east road (where a follower stood), as if she were there."""
    from carcassonne_desktop.ui.art.tile_art import feature_anchor, feature_index_for_port
    from carcassonne_desktop.ui.expansions.mage_witch import figure_point

    game = GameRecord.from_json(_record("mw_witch_road_5_mage_road_3", 1)).replay().game
    game.apply(game.legal_actions()[0])  # the mage comes into play, no follower with him
    x, y, port = game.neutral_figures["mage"]
    tile_id, rot = game.placed_tiles()[(x, y)]
    raw = game.rules.catalogue[tile_id].raw
    ax, ay = feature_anchor(raw, rot, feature_index_for_port(raw, rot, port))
    assert figure_point(game, "mage") == (x + ax, y + ay)
    game.put_figure(0, "follower", (x, y, port), [])
    moved = figure_point(game, "mage")
    assert moved != (x + ax, y + ay) and abs(moved[0] - x - ax) < 0.3

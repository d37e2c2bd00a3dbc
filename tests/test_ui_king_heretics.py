"""King & Robber Baron, Heretics & Shrines and the first-edition farmers in the
interface: tile art, the titles in the players panel, the log of a lost
challenge and the setup option."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from carcassonne_desktop import i18n  # noqa: E402
from carcassonne_desktop.engine import Game, GameRecord  # noqa: E402
from carcassonne_desktop.engine.expansions.heretics_shrines import ChallengeLost  # noqa: E402
from carcassonne_desktop.engine.tile_layout import tile_layout  # noqa: E402
from carcassonne_desktop.ui.art.tile_art import render_tile  # noqa: E402
from carcassonne_desktop.ui.expansions import noted_tokens, player_note_words, player_notes  # noqa: E402
from carcassonne_desktop.ui.game_log import describe  # noqa: E402
from carcassonne_desktop.ui.setup_scene import SetupModel, option_names  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "carcassonne_desktop" / "engine" / "data"
GOLDEN = Path(__file__).parent / "golden_expansions"
TILES = {t["id"]: t for name in ("king_robber_baron.json", "heretics_shrines.json", "base.json")
         for t in json.loads((DATA / name).read_text(encoding="utf-8"))["tiles"]}

pygame.init()

from tests import test_ui_decisions  # noqa: E402

#: The window, in French.
app = test_ui_decisions.app


@pytest.fixture(autouse=True)
def french():
    before = i18n.current_language()
    i18n.set_language("fr")
    yield
    i18n.set_language(before)


def pixels(tile: dict, rot: int, size: int) -> bytes:
    return pygame.image.tobytes(render_tile(tile, rot, size), "RGB")


@pytest.mark.parametrize("tile_id", [t for t in TILES if t.startswith(("kr/", "shrine/"))])
def test_every_new_tile_renders_at_three_sizes_and_four_rotations(tile_id):
    for size in (24, 64, 128):
        for rot in range(4):
            assert render_tile(TILES[tile_id], rot, size).get_size() == (size, size)


def test_a_shrine_does_not_look_like_a_cloister():
    shrine = dict(TILES["shrine/01"])
    as_cloister = json.loads(json.dumps(shrine))
    as_cloister["features"][0]["kind"] = "cloister"
    for size in (24, 96):
        assert pixels(shrine, 0, size) != pixels(as_cloister, 0, size)


def test_a_road_that_stops_on_a_shrine_runs_to_it_not_to_a_hamlet():
    layout = tile_layout(TILES["shrine/03"])
    assert [p.kind for p in layout.props] == ["shrine"]
    shrine = layout.props[0]
    road = layout.roads()[0]
    end = road.strokes[0][-1]
    assert end == shrine.pos


@pytest.mark.parametrize("tile_id", [t for t in TILES if t.startswith("shrine/")])
def test_a_follower_on_a_shrine_stands_before_it_and_leaves_the_dome_in_sight(tile_id):
    """The rotunda is lower than a figure: a follower on its middle hid it
    whole (a shrine with a follower looked like a bare field with one)."""
    layout = tile_layout(TILES[tile_id])
    shrine = next(p for p in layout.props if p.kind == "shrine")
    x, y = layout.anchors[shrine.feature]
    assert x == shrine.pos[0]
    assert y >= shrine.pos[1] + 0.12, "the figure stands in front, below the dome"
    assert y <= 0.85, "and still on the tile"


def test_the_crossing_cities_are_drawn_with_a_bridge():
    tile = TILES["kr/05"]
    plain = json.loads(json.dumps(tile))
    plain["flags"] = {}
    for rot in (0, 1):
        assert pixels(tile, rot, 96) != pixels(plain, rot, 96)
    surface = render_tile(tile, 0, 96)
    field = render_tile(TILES["base/B"], 0, 96).get_at((4, 4))
    assert surface.get_at((6, 6)) == field  # a corner is field again


def _golden_game(name: str, upto: int) -> Game:
    record = GameRecord.from_json(json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))["record"])
    game = Game(record.setup)
    for action in record.actions[:upto]:
        game.apply(action)
    return game


def test_the_holder_of_each_title_shows_it_with_the_record_size():
    game = _golden_game("kr_king_changes_hands", 12)  # Bleu holds the king, record 3
    assert player_notes(game, 1) == ("♚ 3",)
    assert player_notes(game, 0) == ()
    game = _golden_game("kr_robber_baron_longest_road", 8)
    assert player_notes(game, 0) == ("⚔ 3",)
    assert player_notes(game, 1) == ("♚ 2",)
    assert {"king", "robber_baron"} <= noted_tokens()


def test_the_kings_sentence_counts_the_city_of_carcassonne():
    """Issue 29: the panel's sentence says what the king would score now, the
    City of Carcassonne included (ruling 63): 1 city completed + the City."""
    game = _golden_game("kr_count_city_of_carcassonne_in_the_kings_tally", 2)
    assert player_notes(game, 0) == ("♚ 2",)
    assert player_note_words(game, 0) == (
        "♚ Roi\u00a0: la plus grande ville achevée (2 tuiles). En fin de partie, 1 point par "
        "ville achevée (2 jusqu’ici).",)


def test_the_log_says_who_lost_a_challenge():
    line = describe(ChallengeLost(1, "shrine", 1, 1, 0, 1), ["Rouge", "Bleu"])
    assert line == "Bleu perd le défi\u00a0: son hérétique quitte le lieu de culte sans marquer de points."
    i18n.set_language("en")
    line = describe(ChallengeLost(0, "cloister", 0, 1, 1, 1), ["Red", "Blue"])
    assert line == "Red loses the challenge: the monk leaves the cloister without scoring."


def test_the_log_names_the_abbot_when_an_abbot_loses_a_challenge():
    i18n.set_language("fr")
    line = describe(ChallengeLost(0, "cloister", 0, 1, 1, 1, "abbot"), ["Rouge", "Bleu"])
    assert line == "Rouge perd le défi\u00a0: son abbé quitte l’abbaye sans marquer de points."
    i18n.set_language("en")
    line = describe(ChallengeLost(1, "shrine", 1, 1, 0, 1, "abbot"), ["Red", "Blue"])
    assert line == "Blue loses the challenge: the abbot leaves the shrine without scoring."


def test_a_lost_challenge_is_said_once_not_again_as_a_follower_coming_back():
    """Regression: "Bleu récupère un partisan" used to follow the challenge line."""
    from carcassonne_desktop.ui.game_log import GameLog

    record = GameRecord.from_json(json.loads(
        (GOLDEN / "hs_challenge_monk_wins.json").read_text("utf-8"))["record"])
    replay = record.replay()
    log = GameLog(replay.game.players(), ["red", "blue"])
    log.add(event for _, event in replay.events)
    lines = log.lines()
    lost = [i for i, line in enumerate(lines) if "perd le défi" in line]
    assert len(lost) == 1
    assert lines[lost[0]].startswith("Bleu perd le défi")
    assert "Bleu récupère un partisan." not in lines[lost[0]:]
    assert "Rouge récupère un partisan." in lines[lost[0]:]  # the winner's monk, scored


def test_tiles_that_fit_nowhere_in_a_row_make_one_line():
    from carcassonne_desktop.engine.events import TileDiscarded, TileDrawn
    from carcassonne_desktop.ui.game_log import GameLog

    log = GameLog(["Rouge", "Bleu"], ["red", "blue"])
    log.add([TileDrawn(0, "base/B"), TileDiscarded(0, "base/B"), TileDrawn(0, "base/B"),
             TileDiscarded(0, "base/B"), TileDrawn(0, "base/B"), TileDiscarded(0, "base/B"),
             TileDrawn(1, "base/B"), TileDiscarded(1, "base/B")])
    assert log.lines() == [
        "Rouge a pioché 3 tuiles qui ne vont nulle part\u00a0: elles retournent dans la boîte.",
        "Bleu a pioché une tuile qui ne va nulle part\u00a0: elle retourne dans la boîte.",
    ]


def test_the_setup_offers_the_first_edition_farmers_beside_the_other_first_edition_option():
    names = option_names()
    assert names.index("farmers_first_edition") == names.index("small_city_2pts") + 1
    model = SetupModel.from_setup({"options": {"farmers_first_edition": True}}, ["human"], ["base"])
    assert model.options["farmers_first_edition"] is True
    assert model.to_setup()["options"]["farmers_first_edition"] is True
    for language in ("fr", "en"):
        i18n.set_language(language)
        for key in ("setup.farmers_first_edition", "setup.farmers_first_edition_tip",
                    "score.king", "score.robber_baron", "score.shrine"):
            assert i18n.tr(key) != i18n.key(key), (language, key)


def test_the_log_says_who_takes_a_title_and_keeps_goods_as_they_were():
    from carcassonne_desktop.engine.events import TokenGained

    names = ["Rouge", "Bleu"]
    assert describe(TokenGained(1, "king", 1), names) == "Bleu prend le roi."
    assert describe(TokenGained(0, "king", -1), names) is None
    assert describe(TokenGained(0, "robber_baron", 1), names) == "Rouge prend le chevalier-brigand."
    assert describe(TokenGained(0, "wine", 2), names) == "Rouge reçoit 2 × vin."


def test_two_roads_into_one_city_do_not_cross():
    from carcassonne_desktop.engine.tile_room import segments_cross

    roads = tile_layout(TILES["kr/04"]).roads()
    assert len(roads) == 2
    (a, b), (c, d) = (r.strokes[0] for r in roads)
    assert not segments_cross(a, b, c, d)


def test_the_panel_makes_room_for_every_note_and_every_figure():
    from carcassonne_desktop.ui.players_view import _figures_width, _note_size, _notes_width

    notes = ["Troupeau : 3", "♚ 6", "⚔ 5"]
    wide = _notes_width(notes, 14)
    size = _note_size(notes, wide - 10)
    assert size < 14 and _notes_width(notes, size) <= wide - 10
    figures = dict.fromkeys(("follower", "large_follower", "abbot", "builder", "pig", "shepherd"), 1)
    assert _figures_width(figures, 14, 13, "", 7) < 0.8 * _figures_width(figures, 18, 15, "×", 12)


def test_the_tooltip_of_a_challenged_cloister_names_the_rival():
    from carcassonne_desktop.ui.game_texts import feature_lines

    game = _golden_game("hs_challenge_unresolved_at_the_end", 4)  # monk and heretic placed
    lines = feature_lines(game, game.feature_at(0, 1, "C"))
    assert len(lines) == 3 and "lieu de culte" in lines[2] and "Bleu" in lines[2]
    shrine = feature_lines(game, game.feature_at(1, 1, "C"))
    assert shrine[2].startswith("Défi avec l’abbaye voisine (Rouge)")
    alone = _golden_game("hs_challenge_unresolved_at_the_end", 2)  # no heretic yet
    assert len(feature_lines(alone, alone.feature_at(0, 1, "C"))) == 2


def test_the_titles_are_said_in_full_over_the_holders_row(app):
    from tests.test_ui_count import _scene_of

    game = _golden_game("kr_robber_baron_longest_road", 8)
    assert player_note_words(game, 1) == (
        "♚ Roi\u00a0: la plus grande ville achevée (2 tuiles). En fin de partie, 1 point par ville "
        "achevée (1 jusqu’ici).",)
    scene = _scene_of(app, "kr_robber_baron_longest_road", 8)
    rows = scene._panel_layout()["players"]
    first, second = (rows.centerx, rows.y + rows.height // 4), (rows.centerx, rows.bottom - rows.height // 4)
    said = scene.player_words_at(second)
    assert said[0] == scene.game.setup.players[1].name and "".join(said[1:]).startswith("♚ Roi")
    assert scene.player_words_at(first)[0] == scene.game.setup.players[0].name
    assert scene.player_words_at((rows.x - 5, rows.y)) == []  # off the rows
    scene.mouse = second
    scene.draw(app.screen)


def test_score_table_headings_shrink_or_wrap_rather_than_run_together():
    from carcassonne_desktop.ui.end_headings import HEADER_SIZES, header_lines
    from carcassonne_desktop.ui.resources import font

    wide = font(HEADER_SIZES[0], bold=True).size("Lieux de culte")[0]
    lines = header_lines("Lieux de culte", wide - 6)
    assert len(lines) == 1 and lines[0].get_width() <= wide - 6  # a slightly smaller type
    # then two lines in the usual type rather than one in a small type (issue 29:
    # the table's headings now share one size, which should stay readable)
    lines = header_lines("Lieux de culte", wide - 20)
    assert len(lines) == 2 and all(line.get_width() <= wide - 20 for line in lines)
    lines = header_lines("Lieux de culte", 70)
    assert len(lines) == 2 and all(line.get_width() <= 70 for line in lines)
    big = font(HEADER_SIZES[0], bold=True).render("Routes", True, (0, 0, 0))
    assert header_lines("Routes", 200)[0].get_size() == big.get_size()  # room: the usual type

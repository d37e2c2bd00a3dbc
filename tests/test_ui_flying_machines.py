"""The Flying Machines in the window: the machine drawn with its arrow, the
fly as an answer button of the figure step, the roll committing the turn,
the landing chosen by clicking a spot on the target tile, the flight drawn
over the board and told in the log."""

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import GameRecord
from carcassonne_desktop.engine.expansions.flying_machines import Fly
from tests.test_ui_decisions import app  # noqa: F401  (the fixture)
from tests.test_ui_game_flow import _click_at, _dismiss_banner, _steps

CITY = "tests/golden_expansions/fm_die_2_lands_beside_bleu_in_the_city.json"
OFF_BOARD = "tests/golden_expansions/fm_die_3_off_the_board.json"


def _record(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)["record"]


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_the_machine_is_drawn_and_its_arrow_turns_with_the_tile():
    from carcassonne_desktop.engine import Game, quick_setup
    from carcassonne_desktop.ui.art.tile_art import render_tile

    pygame.init()
    tile = dict(Game(quick_setup(2, expansions=("base", "flying_machines"))).rules.catalogue[
        "flier/02"].raw)
    plain = dict(tile, flags={})
    assert _pixels(render_tile(tile, 0, 96)) != _pixels(render_tile(plain, 0, 96))
    # a plain field tile looks the same turned; the machine does not
    assert _pixels(render_tile(tile, 0, 96)) != _pixels(render_tile(tile, 1, 96))


def test_fly_is_a_button_then_the_landing_is_a_spot_on_the_target_tile(app):  # noqa: F811
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE

    i18n.set_language("fr")
    record = _record(CITY)
    record["actions"] = record["actions"][:6]
    scene = GameScene(app, GameRecord.from_json(record).replay().game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    c.set_hover((2, 0))
    while c.rotation != 0:
        c.rotate()
    c.place()
    assert c.state == FIGURE and Fly("follower") in c.other_actions()
    _steps(app)
    named = {getattr(b, "text", ""): b for b in scene.buttons.values()}
    assert "Faire voler un partisan" in named, sorted(scene.buttons)
    scene._on_button(named["Faire voler un partisan"])
    _steps(app)
    # the roll made the turn final: the landing is asked on the real game
    assert scene.game.pending_kind == "fly_landing"
    c = scene.human_controller()
    assert c.state == DECIDE and not c.can_undo
    assert [(s.x, s.y, s.port) for s in c.spots()] == [(0, 0, "N")]
    said = status(scene.game, c, final_running=False, thinking=False)
    assert "atterrit" in said.title
    assert "ne peut plus être repris" in said.hint  # the player is told the roll was final
    scene.camera.focus(0, 0, immediate=True)
    _steps(app)
    pos = scene.layer.spot_position(scene.camera, c.spots()[0])
    assert pos is not None
    _click_at(app, pos)
    scene.confirm_turn()
    _steps(app)
    assert scene.game.is_over  # the record's last tile: final scoring
    assert scene.game.breakdown[0]["city"] == 2 and scene.game.breakdown[1]["city"] == 2
    lines = scene.log.lines()
    assert "Rouge lance le dé\u00a0: 2" in lines, lines
    assert "Le partisan de Rouge s’envole de 2 tuiles vers l’ouest." in lines, lines


def test_the_flight_is_drawn_over_the_board_until_the_next_turn(app):  # noqa: F811
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.resources import colour

    record = _record(CITY)
    record["actions"] = record["actions"][:8]  # flown, the landing asked
    game = GameRecord.from_json(record).replay().game
    scene = GameScene(app, game)
    app.stack.push(scene)
    scene.camera.focus(1, 0, immediate=True)
    _steps(app, 5)
    surface = pygame.display.get_surface()
    scene.draw(surface)
    # the dashed line runs along the middle of the row from the machine to the target
    sx, sy = scene.camera.world_to_screen(1.5, 0.5)
    want = tuple(colour("flying_machines", "flight"))[:3]
    row = [tuple(surface.get_at((round(sx) + dx, round(sy) + dy)))[:3]
           for dx in range(-12, 13) for dy in (-1, 0, 1)]
    assert want in row


def test_the_log_says_when_there_is_nowhere_to_land():
    from carcassonne_desktop.ui.game_log import GameLog

    replay = GameRecord.from_json(_record(OFF_BOARD)).replay()
    log = GameLog(replay.game.players(), ["red", "blue"])
    log.add(event for _, event in replay.events)
    i18n.set_language("fr")
    assert ("Le partisan de Rouge s’envole de 3 tuiles vers le nord-est, mais ne trouve nulle "
            "part où atterrir\u00a0: il retourne dans la réserve.") in log.lines()
    i18n.set_language("en")
    assert ("Rouge's follower flies 3 tiles north-east but finds nowhere to land: it goes back "
            "to the supply.") in log.lines()
    assert "Rouge rolls the die: 3" in log.lines()


def test_two_followers_on_one_spot_are_drawn_side_by_side_regression_hidden_flier(app):  # noqa: F811
    """A flier that landed on a cloister its owner already held was drawn
    exactly over the monk there: the landing looked as if nothing happened."""
    from dataclasses import replace

    from carcassonne_desktop.engine import Game, PlaceTile, quick_setup
    from carcassonne_desktop.engine.actions import Deploy
    from carcassonne_desktop.ui.game_scene import GameScene

    setup = quick_setup(2, expansions=("base", "flying_machines"),
                        tile_order=("base/B", "flier/02", "base/D"), draws={"die": [1]})
    game = Game(replace(setup, start_tile="base/D"))
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    game.apply(Deploy("follower", 0, 1, "C"))  # Rouge's monk
    game.apply(PlaceTile(0, 2, 1, "flier/02"))  # Bleu, the machine points N
    game.apply(Fly("follower"))
    game.apply(Deploy("follower", 0, 1, "C"))  # Bleu lands beside the monk
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    scene.layer.sync(game)
    points = sorted((round(x, 2), round(y, 2)) for s, x, y in scene.layer._figure_points
                    if s.kind == "follower")
    assert len(points) == 2 and points[0][1] == points[1][1]
    assert abs(points[0][0] - points[1][0]) >= 0.15  # side by side, not on top


def test_advice_to_fly_is_an_answer_not_keep_your_figures_regression_hint_said_pass():
    """The hint told a player advised to fly to keep their figures (the
    figure step's advice was either a spot or a pass)."""
    from carcassonne_desktop.ui.hint import ANSWER, HintAdvisor
    from carcassonne_desktop.ui.placement_controller import FIGURE, PlacementController

    record = _record(CITY)
    record["actions"] = record["actions"][:6]
    c = PlacementController(GameRecord.from_json(record).replay().game)
    c.set_hover((2, 0))
    while c.rotation != 0:
        c.rotate()
    c.place()
    assert c.state == FIGURE
    advisor = HintAdvisor()
    advisor.actions, advisor._shown_for = (Fly("follower"),), c.serial
    advisor._preselect(c, Fly("follower"))
    assert advisor.message == ANSWER
    assert advisor.follow(c) and c.must_commit  # Enter flies: the roll makes the turn final


def test_a_label_longer_than_a_row_takes_the_compact_type_regression_grand_partis(app):  # noqa: F811
    """Under Xvfb with every expansion, the answer "Faire voler le grand
    partisan" read "Faire voler le grand partis" (one button per row and
    still too long): such buttons take the theme's compact class."""
    from carcassonne_desktop.engine import Game, quick_setup
    from carcassonne_desktop.ui.game_panel import CHOICE_FONT_PX, CHOICE_PADDING, choice_object_id
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.resources import font, load_theme

    i18n.set_language("fr")
    scene = GameScene(app, Game(quick_setup(2, expansions=("base", "flying_machines"))))
    app.stack.push(scene)
    _steps(app)
    row = scene._panel_layout()["row_b"]
    label = i18n.tr("action.fly.large_follower")
    assert font(CHOICE_FONT_PX, bold=True).size(label)[0] + CHOICE_PADDING > row.width  # was cut
    compact = load_theme()[choice_object_id(True, True)]
    assert font(int(compact["font"]["size"]), bold=True).size(label)[0] + CHOICE_PADDING <= row.width
    assert choice_object_id(True, False) == "#primary_button"
    assert int(load_theme()[choice_object_id(False, True)]["font"]["size"]) < 20
    app.stack.pop()


def test_answer_buttons_stand_above_the_figure_chips_regression_abbe_over_chips(app):  # noqa: F811
    """Under Xvfb with every expansion, "Reprendre l’abbé" covered the chips
    that choose the follower, the large follower or the shepherd: with chips
    shown, the answers stand above them."""
    from carcassonne_desktop.engine import PASS, Deploy, Game, PlaceTile, quick_setup
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.placement_controller import FIGURE

    i18n.set_language("fr")
    game = Game(quick_setup(2, expansions=("base", "abbot", "inns_cathedrals"),
                            tile_order=("base/B", "base/U", "base/B", "base/U")))
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    game.apply(Deploy("abbot", 0, 1, "C"))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(PASS)
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    c.set_hover((-1, 1))
    c.place()
    _steps(app)
    assert c.state == FIGURE
    chips = [rect for _, rect in scene.figure_chip_rects(c)]
    assert len(chips) >= 2  # the follower and the large follower
    answers = [b for name, b in scene.buttons.items() if name.startswith("choice:")]
    assert answers and any("abbé" in b.text for b in answers)
    for button in answers:
        assert not any(button.get_relative_rect().colliderect(r) for r in chips), button.text
    app.stack.pop()

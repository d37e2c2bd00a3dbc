"""The Wheel of Fortune in the window: the wheel drawn over its board with
the pig, a crown space clicked in the figure step (the follower then stands
on it), the plague answered by clicking one's own follower, the events in
the log, and the `wheel`/`crown` columns of the final table."""

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import GameRecord, PlaceTile
from carcassonne_desktop.engine.actions import DeployToArea
from tests.test_ui_decisions import app  # noqa: F401  (the fixture)
from tests.test_ui_game_flow import _click_at, _dismiss_banner, _steps

PLAGUE = "tests/golden_expansions/wof_plague_each_player_in_turn.json"


def _record(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)["record"]


def _place_in_plague_game(app, actions: int, cell: tuple[int, int]):  # noqa: F811
    """The plague record's game after `actions` actions, in the window, with
    the next tile (a base/B) placed at `cell`: the scene and the turn."""
    from carcassonne_desktop.ui.game_scene import GameScene

    record = _record(PLAGUE)
    record["actions"] = record["actions"][:actions]
    scene = GameScene(app, GameRecord.from_json(record).replay().game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    c.set_hover(cell)
    c.place()
    _steps(app)
    return scene, c


def test_crown_space_is_a_spot_and_the_follower_stands_on_it(app):  # noqa: F811
    from carcassonne_desktop.ui.placement_controller import FIGURE, READY

    scene, c = _place_in_plague_game(app, 6, (3, 1))
    assert c.state == FIGURE
    crowns = [s for s in c.spots() if s.area == "wheel"]
    assert len(crowns) == 9
    assert not any(name.startswith("choice:") for name in scene.buttons)  # spots, not buttons
    scene.camera.focus(0, 0, immediate=True)
    _steps(app)
    spot = next(s for s in crowns if s.slot == "crown_8")
    pos = scene.layer.spot_position(scene.camera, spot)
    assert pos is not None and scene.camera.viewport.collidepoint(pos)
    _click_at(app, pos)
    assert c.state == READY and c.figure_action == DeployToArea("follower", "wheel", "crown_8")
    from carcassonne_desktop.ui.game_texts import status

    assert status(scene.game, c, final_running=False, thinking=False).title.startswith("Partisan posé")
    scene.confirm_turn()
    _steps(app)
    assert scene.game.area_figures == {("wheel", "crown_8"): ((0, "follower"),)}
    points = [(s.kind, round(x, 2), round(y, 2)) for s, x, y in scene.layer._figure_points
              if s.kind == "follower" and abs(y + 0.4) < 0.01]
    assert points == [("follower", -1.43, -0.4)]  # drawn on crown_8


def test_plague_is_answered_by_clicking_a_follower_and_logged(app):  # noqa: F811
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.placement_controller import DECIDE

    scene, c = _place_in_plague_game(app, 13, (3, 2))
    c.deploy(next(s for s in c.spots() if s.slot == "crown_9"))
    scene.confirm_turn()  # Rouge draws the icon 3: Famine -> Plague
    _steps(app)
    lines = scene.log.lines()
    assert any("Peste" in line and "Rouge" in line for line in lines), lines
    c = scene.human_controller()
    _dismiss_banner(scene, app)
    assert c.state == DECIDE and c.decision.kind == "plague" and c.seat == 1
    said = status(scene.game, c, final_running=False, thinking=False)
    assert "Peste" in said.title
    assert {(s.x, s.y, s.port) for s in c.spots()} == {(-3, -1, "E"), (-3, 0, "C")}
    assert not any(name.startswith("choice:") for name in scene.buttons)
    scene.camera.focus(-3, 0, immediate=True)
    _steps(app)
    pos = scene.layer.spot_position(scene.camera, next(s for s in c.spots() if s.port == "E"))
    _click_at(app, pos)
    scene.confirm_turn()
    _steps(app)
    c = scene.human_controller()
    assert c.decision.kind == "plague" and c.seat == 0  # Vert has nobody on the land
    _steps(app, 30)
    assert scene.banner.visible  # hot seat: the screen goes to Bleu, asked out of turn
    said = status(scene.game, c, final_running=False, thinking=False)
    assert said.title.startswith("Bleu, à vous\u00a0: Peste")
    _dismiss_banner(scene, app)
    c.deploy(c.spots()[0])
    scene.confirm_turn()
    _steps(app)
    lines = scene.log.lines()
    assert sum("Couronne (Peste)" in line for line in lines) == 2, lines
    assert scene.game.pending_kind == "place_tile" and scene.game.turn_player == 1


def test_wheel_is_drawn_with_its_pig_and_the_end_table_has_wheel_and_crown(app):  # noqa: F811
    from carcassonne_desktop.ui.end_scene import categories, category_label
    from carcassonne_desktop.ui.expansions.wheel_of_fortune import pig_bearing
    from carcassonne_desktop.ui.game_scene import GameScene

    record = _record(PLAGUE)
    record["actions"] = record["actions"][:14]  # the game goes on (an ended one is dimmed)
    game = GameRecord.from_json(record).replay().game
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app, 5)
    scene.camera.focus(0, 0, immediate=True)  # after the turn's own framing: the wheel in the middle
    surface = app.screen if hasattr(app, "screen") else pygame.display.get_surface()
    scene.draw(surface)
    cx, cy = scene.camera.world_to_screen(0.0, 0.0)
    s = scene.camera.scale
    # inside the Fortune section (the top, bearing 0) the wheel's colour shows
    # (above the section's name, which sits at 0.7 tile at every scale)
    fortune = surface.get_at((round(cx), round(cy - 0.95 * s)))
    from carcassonne_desktop.ui.resources import colour

    want = tuple(colour("wheel", "fortune"))[:3]
    assert all(abs(a - b) <= 16 for a, b in zip(fortune[:3], want)), (fortune, want)
    assert 0 <= pig_bearing(game) < 360
    game = GameRecord.from_json(_record(PLAGUE)).replay().game
    assert {"wheel", "crown"} & set(categories(game))
    i18n.set_language("fr")
    assert category_label("crown") == "Couronne" and category_label("wheel") == "Roue"
    i18n.set_language("en")
    assert category_label("crown") == "Crown"
    assert PlaceTile  # the record's tiles are placed through the engine only


def test_the_hint_points_at_a_crown_space_when_the_advice_is_the_crown():
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.ui.hint import FIGURE_HERE, HintAdvisor
    from carcassonne_desktop.ui.placement_controller import PlacementController

    record = _record(PLAGUE)
    record["actions"] = record["actions"][:6]
    game: Game = GameRecord.from_json(record).replay().game
    c = PlacementController(game)
    c.set_hover((3, 1))
    c.place()
    advisor = HintAdvisor()
    advice = DeployToArea("follower", "wheel", "crown_8")
    advisor.actions, advisor._shown_for = (advice,), c.serial
    advisor._preselect(c, advice)
    assert advisor.message == FIGURE_HERE
    assert c.spots()[c.selected_spot].slot == "crown_8"


def test_the_log_says_who_scored_what_and_why():
    from carcassonne_desktop.ui.game_log import GameLog

    replay = GameRecord.from_json(_record("tests/golden_expansions/wof_taxes_rulebook_example.json")
                                  ).replay()
    log = GameLog(replay.game.players(), ["blue", "red"])
    log.add(event for _, event in replay.events)
    i18n.set_language("fr")
    lines = log.lines()
    assert "Taxes\u00a0: Bleu marque 8 points (2 chevaliers dans une ville à 2 blasons)." in lines
    assert "Taxes\u00a0: Rouge marque 3 points (1 chevalier dans une ville à 2 blasons)." in lines
    assert not any(line.startswith("Bleu marque 8 points") for line in lines)  # said once
    i18n.set_language("en")
    assert "Taxes: Bleu scores 8 points (2 knights in a city with 2 shields)." in log.lines()

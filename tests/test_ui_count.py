"""The Count of Carcassonne in the window: the city's quarters are painted
and labelled, followers kept in the city and the Count are drawn over them,
a click on a quarter answers the city and Count decisions, a click on the
framed feature brings a follower out, and the answer buttons say it in
French."""

import json
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import GameRecord
from carcassonne_desktop.engine.actions import DeployToArea, MoveFigure
from tests import test_ui_decisions
from tests.test_ui_game_flow import _click, _click_at, _dismiss_banner, _steps

#: The window, in French (the fixture of the flock decision's tests).
app = test_ui_decisions.app

GOLDEN = Path(__file__).parent / "golden_expansions" / "count_castle_follower_joins_city.json"


def _record(upto: int) -> dict:
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))["record"]
    return {**record, "actions": record["actions"][:upto]}


def _scene_of(app, name: str, upto: int):
    """The game screen on a golden record's position after `upto` actions."""
    from carcassonne_desktop.ui.game_scene import GameScene

    path = GOLDEN.parent / f"{name}.json"
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    game = GameRecord.from_json({**record, "actions": record["actions"][:upto]}).replay().game
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    return scene


def _scene_at(app, upto: int):
    scene = _scene_of(app, GOLDEN.stem, upto)
    scene.camera.focus(0, 0, immediate=True)
    _steps(app)
    return scene


def _cell_centre(scene, cell):
    return scene.camera.tile_rect(*cell).center


def test_quarters_are_found_from_the_tiles_and_painted():
    from carcassonne_desktop.ui.art.tile_art import render_tile
    from carcassonne_desktop.ui.expansions.count import quarter_cells

    game = GameRecord.from_json(_record(0)).replay().game
    assert quarter_cells(game) == {"castle": (0, -1), "market": (0, 0), "forge": (0, 1),
                                   "cathedral": (-1, 0)}
    plain = dict(game.rules.catalogue["count/03"].raw, flags={})
    painted = render_tile(game.rules.catalogue["count/03"].raw, 0, 96)
    assert painted.get_size() == (96, 96)
    assert pygame.image.tobytes(painted, "RGBA") != pygame.image.tobytes(
        render_tile(plain, 0, 96), "RGBA")


def test_click_a_quarter_then_move_the_count_by_clicking_another(app):
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.placement_controller import DECIDE

    scene = _scene_at(app, 6)
    c = scene.human_controller()
    assert c.state == DECIDE and c.decision.kind == "count_city"
    said = status(scene.game, c, final_running=False, thinking=False)
    assert said.title == "Un partisan pour la cité\u00a0?"
    labels = {b.text for name, b in scene.buttons.items() if name.startswith("choice:")}
    assert "Partisan → Château ⚠" in labels and "Partisan → Marché" in labels
    scene.draw(app.screen)  # quarters framed, labels and the Count drawn
    _click_at(app, _cell_centre(scene, (0, 0)))  # the market
    c = scene.human_controller()
    assert c.state == DECIDE and c.decision.kind == "count_move"
    assert c.actions()[-1] == DeployToArea("follower", "count", "market")
    _click_at(app, _cell_centre(scene, (-1, 0)))  # the cathedral
    if scene.human_controller() is c:
        _click(app, scene.buttons["confirm"])
    history = [a.to_json() for a in scene.game.history]
    assert history[-2:] == [
        DeployToArea("follower", "count", "market").to_json(),
        MoveFigure("count", ("count", "castle"), ("count", "cathedral")).to_json()]
    assert scene.game.area_figures[("count", "market")] == ((0, "follower"),)
    scene.draw(app.screen)  # the market follower and the Count on the cathedral


def test_click_the_feature_to_bring_a_follower_out(app):
    from carcassonne_desktop.ui.placement_controller import DECIDE

    scene = _scene_at(app, 12)
    c = scene.human_controller()
    assert c.state == DECIDE and c.decision.kind == "count_reinforce"
    labels = {b.text for name, b in scene.buttons.items() if name.startswith("choice:")}
    assert labels == {"Partisan → ville"}  # no board coordinates
    scene.draw(app.screen)
    scene.camera.focus(-2, 3, immediate=True)
    _steps(app)
    _click_at(app, _cell_centre(scene, (-2, 3)))
    if scene.human_controller() is c:
        _click(app, scene.buttons["confirm"])
    assert scene.game.scores == [6, 12]
    assert scene.game.history[-1] == MoveFigure("follower", ("count", "castle"), (-2, 3, "N"))


def test_players_panel_says_how_many_followers_are_in_the_city():
    from carcassonne_desktop.ui.expansions import player_notes

    i18n.set_language("fr")
    game = GameRecord.from_json(_record(7)).replay().game
    assert player_notes(game, 0) == ("Dans la cité\u00a0: 1",)
    assert player_notes(game, 1) == ()
    i18n.set_language("en")


def test_a_question_out_of_turn_hands_the_screen_over_and_names_the_player(app):
    """Rouge's tile closes Bleu's city and both keep a follower in the castle;
    Rouge chooses to go last, so Bleu is asked in the middle of Rouge's turn:
    the hand-over banner comes, the pill names Bleu, then the screen goes
    back to Rouge with a banner again."""
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.placement_controller import DECIDE

    scene = _scene_of(app, "count_placer_goes_last", 19)
    c = scene.human_controller()
    assert c.state == DECIDE and c.seat == 0
    buttons = {b.text: b for name, b in scene.buttons.items() if name.startswith("choice:")}
    _click(app, buttons["Jouer en dernier"])
    if scene.human_controller() is c:
        _click(app, scene.buttons["confirm"])
    app.step(1.0)
    _steps(app)
    assert scene.banner.visible  # the screen goes to Bleu in the middle of Rouge's turn
    # ...as a question for Bleu, not "it is Bleu's turn"
    assert scene.banner.name == "Bleu" and scene.banner.question
    scene.draw(app.screen)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    assert c.state == DECIDE and c.seat == 1
    said = status(scene.game, c, final_running=False, thinking=False)
    assert said.title == "Bleu, à vous\u00a0: Sortir des partisans de la cité\u00a0?"
    _click(app, scene.buttons["pass"])
    if scene.human_controller() is c:
        _click(app, scene.buttons["confirm"])
    app.step(1.0)
    _steps(app)
    assert scene.banner.visible  # and back to Rouge, whose turn it is
    assert scene.banner.name == "Rouge" and not scene.banner.question
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    assert c.seat == 0 and c.decision.kind == "count_reinforce"


@pytest.mark.parametrize(("language", "lines"), [
    ("fr", ["Rouge met un partisan au château.", "Le Comte se rend à la forge.",
            "Rouge sort un partisan du château."]),
    ("en", ["Rouge puts a follower in the castle.", "The Count goes to the forge.",
            "Rouge brings a follower out of the castle."]),
])
def test_the_log_tells_the_city_and_the_count(language, lines):
    from carcassonne_desktop.ui.game_log import describe

    i18n.set_language(language)
    replay = GameRecord.from_json(_record(13)).replay()
    names = replay.game.players()
    told = [describe(e, names) for _, e in replay.events if e.kind == "figure_moved"]
    assert told == lines
    i18n.set_language("en")


def test_at_the_end_a_click_on_a_field_brings_the_market_follower_onto_it(app):
    """The market round: no frames (every field is a target), a click on
    any part of the field east of the city answers; the game then ends."""
    from carcassonne_desktop.ui.expansions import board_choices

    scene = _scene_of(app, "count_market_follower_to_field_at_end", 8)
    c = scene.human_controller()
    assert c.decision.kind == "count_reinforce" and not board_choices(c.tentative, c.decision)
    scene.camera.focus(1, 1, immediate=True)
    _steps(app)
    rect = scene.camera.tile_rect(1, 1)  # count/12: a city exit east, the field elsewhere
    _click_at(app, (rect.x + rect.width * 0.25, rect.y + rect.height * 0.5))
    if scene.human_controller() is c:
        _click(app, scene.buttons["confirm"])
    assert scene.game.is_over
    assert scene.game.history[-1] == MoveFigure("follower", ("count", "market"), (0, 1, "ES"))
    assert scene.game.scores == [6, 6]  # its field borders count/12's city and the City


def test_answer_buttons_are_wide_enough_for_their_labels_regression_cut_quarter_names(app):
    """Seen under Xvfb: four answers two by two read "Partisan → C" twice
    (castle? cathedral?). Long answers now take a row each."""
    from carcassonne_desktop.ui.game_panel import CHOICE_FONT_PX
    from carcassonne_desktop.ui.resources import font

    scene = _scene_at(app, 6)
    buttons = [b for name, b in scene.buttons.items() if name.startswith("choice:")]
    assert len(buttons) >= 4
    for button in buttons:
        needed = font(CHOICE_FONT_PX, bold=True).size(button.text)[0]
        assert button.get_relative_rect().width >= needed + 8, button.text
    tops = {b.get_relative_rect().top for b in buttons}
    assert len(tops) == len(buttons)  # one per row


def test_space_passes_an_optional_question_regression_stuck_on_count_city(app):
    """Seen under Xvfb: at "Un partisan pour la cité ?" Space did nothing
    (it passed only the figure step), so a keyboard player was stuck."""
    from carcassonne_desktop.engine import PASS
    from carcassonne_desktop.ui.placement_controller import DECIDE

    scene = _scene_at(app, 6)
    c = scene.human_controller()
    assert c.state == DECIDE and c.decision.kind == "count_city"
    assert PASS in c.tentative.legal_actions()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=44))
    _steps(app)
    after = scene.human_controller()
    assert after is None or after.decision is None or after.decision.kind != "count_city"


def test_the_hint_answers_an_expansions_question_and_enter_follows_it(app):
    """Seen under Xvfb: "Conseil" was greyed out at the Count's question and
    at the plague, so the hint could not help with any expansion's question."""
    from tests.test_ui_family_table_a import _wait_for_advice
    from tests.test_ui_game_flow import _key

    scene = _scene_at(app, 6)
    c = scene.human_controller()
    assert c.decision.kind == "count_city"
    assert scene.buttons["hint"].is_enabled
    _wait_for_advice(scene, app)
    assert scene.hint.message == "hud.hint_answer"
    advised = scene.hint.actions[0]
    assert advised in c.tentative.legal_actions()
    _key(app, pygame.K_RETURN)
    assert c.actions()[-1] == advised


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_every_quarter_to_click_comes_into_view_under_the_pill(app, size):
    """The decision arrives with the view elsewhere: the camera brings every
    quarter to click into the free area, below the pill however many lines
    its hint takes (the small window wraps it)."""
    from carcassonne_desktop.ui.expansions.count import quarter_cells

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    _steps(app)
    scene = _scene_at(app, 6)
    assert scene.human_controller().decision.kind == "count_city"
    scene.camera.focus(9, -7, immediate=True)
    scene._choices_view_for = None  # as if the question came now
    _steps(app, 90)
    pill = scene.pill_rect()
    cells = list(quarter_cells(scene.game).values())
    for cell in cells:
        rect = scene.camera.tile_rect(*cell)
        assert scene.free_rect().contains(rect), (cell, size)
        assert not rect.colliderect(pill), (cell, size)


def test_before_confirming_the_count_shows_where_he_went_and_the_pill_says_what_was_done(app):
    """The family table: after a follower went to the market and the Count to
    the cathedral, the board still showed him on the castle and the pill said
    "No figure"."""
    from carcassonne_desktop.engine.expansions.count import count_quarter
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.placement_controller import READY

    i18n.set_language("en")
    scene = _scene_at(app, 6)
    c = scene.human_controller()
    _click_at(app, _cell_centre(scene, (0, 0)))  # a follower to the market
    _click_at(app, _cell_centre(scene, (-1, 0)))  # the Count to the cathedral
    assert c.state == READY and len(scene.game.history) == 6  # not confirmed yet
    assert count_quarter(scene.display_game()) == "cathedral"
    said = status(scene.game, c, final_running=False, thinking=False)
    assert said.title == "Follower placed. Confirm or take it back."


def test_bringing_a_follower_out_is_said_as_a_choice_made_not_as_no_figure(app):
    from carcassonne_desktop.ui.game_texts import status
    from carcassonne_desktop.ui.placement_controller import READY

    i18n.set_language("en")
    scene = _scene_at(app, 12)
    c = scene.human_controller()
    assert c.decision.kind == "count_reinforce"
    c.choose(next(a for a in c.choices() if isinstance(a, MoveFigure)))
    assert c.state == READY
    said = status(scene.game, c, final_running=False, thinking=False)
    assert said.title == "Your choices are made. Confirm or take them back."


def test_the_market_round_asks_with_its_own_words_and_fields_to_click(app):
    """At the end every field is a target: no wall of buttons over the panel
    (one per field, labels cut), the pill says to click a field, and the
    field under the mouse is outlined and explained at once."""
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.game_texts import status
    from tests.test_ai_count import _market_with

    i18n.set_language("en")
    game = _market_with(1, 3)
    targets = [a for a in game.legal_actions() if isinstance(a, MoveFigure)]
    assert len(targets) > 12
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    said = status(scene.game, c, final_running=False, thinking=False)
    assert said.title.endswith("Farmers from the market?")
    assert said.hint.startswith("The game is over: each of your followers in the market")
    assert not [name for name in scene.buttons if name.startswith("choice:")]
    assert scene.buttons["pass"].is_enabled
    x, y, port = targets[0].target
    scene.camera.focus(x, y, immediate=True)
    _steps(app)
    scene.layer.sync(scene.game)
    pos = next(p for p in ((cx, cy) for cx in range(0, 900, 6) for cy in range(0, 800, 6))
               if scene.layer.feature_port_under(scene.camera, p) == (x, y, port))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    _steps(app)
    assert scene.hover_answers and scene._explaining()
    _click_at(app, pos)
    assert c.answers and isinstance(c.answers[0], MoveFigure)


def test_the_log_says_a_market_follower_went_into_a_field():
    from carcassonne_desktop.engine.events import FigureMoved
    from carcassonne_desktop.ui.game_log import describe

    event = FigureMoved(0, "follower", {"area": "count", "slot": "market"}, {"x": 1, "y": 2, "port": "NE"})
    i18n.set_language("fr")
    assert describe(event, ["Rouge", "Bleu"]) == "Rouge envoie un paysan du marché dans un pré."
    i18n.set_language("en")
    assert describe(event, ["Red", "Blue"]) == "Red sends a farmer from the market into a field."

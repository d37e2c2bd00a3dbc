"""Issue 29, item 3: the pill over the board always states the question on
screen and what Enter does, whatever the step and whatever the expansion.

A newcomer saw the tile step's advice over the flock's and the Count's
questions, and "Posez un partisan" after choosing a builder, a pig or a
shepherd. Every test drives the real scene (dummy video driver) or reads
the pure texts.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from types import SimpleNamespace

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import PASS, Game, PlaceTile, Rules, quick_setup, registry
from carcassonne_desktop.engine.decisions import Decision
from carcassonne_desktop.ui import game_texts as texts
from carcassonne_desktop.ui.game_log import figure_name
from carcassonne_desktop.ui.game_texts import EnterEffect, status
from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE, PlacementController
from tests import test_ui_decisions
from tests.test_ui_game_flow import _click_at, _dismiss_banner, _key, _steps

#: The window in French, the flock's position (test_ui_decisions).
app = test_ui_decisions.app


def _registered_decision_kinds() -> dict[str, str]:
    """Every decision kind any registered expansion asks, with the expansion."""
    kinds: dict[str, str] = {}
    for eid in registry():
        rules = Rules(quick_setup(2, expansions=tuple(dict.fromkeys(("base", eid)))))
        kinds.update({kind: eid for kind in rules.decision_kinds})
    return kinds


def _own(key: str) -> bool:
    return i18n.tr(key) != i18n.key(key)


def test_every_decision_kind_states_its_question_and_what_enter_does_regression_stale_banner():
    kinds = _registered_decision_kinds()
    assert {"flock", "plague", "count_city"} <= set(kinds)  # the registry was read
    game = Game(quick_setup(2))
    for language in ("fr", "en"):
        i18n.set_language(language)
        try:
            for kind, eid in kinds.items():
                assert _own(f"decision.{kind}.title") and _own(f"decision.{kind}.hint"), (language, eid, kind)
                c = SimpleNamespace(state=DECIDE, decision=Decision(kind, 0, True), seat=0,
                                    tentative=game, figure_kind="follower")
                for effect, action in ((texts.PICK_ANSWER, None), (texts.ANSWER, PASS), (texts.FOLLOW, PASS)):
                    said = status(game, c, final_running=False, thinking=False,
                                  enter=EnterEffect(effect, action))
                    assert said.title == i18n.tr(f"decision.{kind}.title"), (language, kind)
                    assert said.hint.startswith(i18n.tr(f"decision.{kind}.hint")), (language, kind)
                    assert "Entrée" in said.enter or "Enter" in said.enter, (language, kind, said.enter)
                    assert not said.enter.endswith((" votre", " your")), said.enter  # no figure in a question
                    if action is not None:  # the answer Enter gives is named
                        assert i18n.tr("hud.pass") in said.enter or "pass" in said.enter.lower()
        finally:
            i18n.set_language("en")


def test_every_step_says_what_enter_does_in_both_languages():
    game = Game(quick_setup(2))
    c = PlacementController(game)
    for language in ("fr", "en"):
        i18n.set_language(language)
        try:
            for effect in (texts.FOLLOW, texts.PLACE_TILE_HERE, texts.PICK_CELL, texts.DEPLOY, texts.PICK_SPOT, texts.PICK_ANSWER, texts.CONFIRM):
                text = status(game, c, final_running=False, thinking=False, enter=EnterEffect(effect)).enter
                assert text and "%{" not in text, (language, effect)
        finally:
            i18n.set_language("en")


def test_the_chosen_figure_is_named_in_the_pill_regression_posez_un_partisan():
    """After choosing a builder, a pig or a shepherd the pill still said
    "Posez un partisan": it names whichever figure the panel has chosen."""
    every = tuple(registry())
    figures = {f.name for eid in every
               for f in Rules(quick_setup(2, expansions=tuple(dict.fromkeys(("base", eid))))).figures}
    assert {"builder", "pig", "shepherd", "abbot"} <= figures
    game = Game(quick_setup(2, tile_order=("base/U", "base/U")))
    c = PlacementController(game)
    c.place(next(iter(c.legal_cells())))
    assert c.state == FIGURE
    i18n.set_language("fr")
    try:
        for figure in figures:
            c.figure_kind = figure
            said = status(game, c, final_running=False, thinking=False, enter=EnterEffect(texts.PICK_SPOT))
            name = figure_name(figure)
            assert name in said.title and name in said.hint and name in said.enter, figure
            assert "Posez un partisan" not in said.title
    finally:
        i18n.set_language("en")


def _flock_scene(app):
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, test_ui_decisions._game_before_the_flock_choice())
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    return scene


def _pill(scene):
    return scene._status_now(scene.shown_controller())


def test_the_flock_question_never_shows_the_tile_steps_advice_regression_stale_banner(app):
    """The advice of the tile step stayed in the pill over the flock's question."""
    scene = _flock_scene(app)
    c = scene.human_controller()
    place = PlaceTile(2, 0, 1, "base/A")
    scene.hint._show(c, (place,))  # advice for the tile only, as the hint gives it
    assert _pill(scene).hint == i18n.tr("hud.hint_place")
    assert _pill(scene).enter == i18n.tr("enter.follow")
    _key(app, pygame.K_RETURN)  # follows it: the tile goes down, the flock's question comes
    assert c.state == DECIDE and c.decision.kind == "flock"
    said = _pill(scene)
    assert said.title == i18n.tr("decision.flock.title")
    assert said.hint == i18n.tr("decision.flock.hint")
    assert said.enter == i18n.tr("enter.pick_answer")


def test_advice_that_goes_on_to_the_question_says_the_advised_answer(app):
    scene = _flock_scene(app)
    c = scene.human_controller()
    scene.hint._show(c, (PlaceTile(2, 0, 1, "base/A"),))
    _key(app, pygame.K_RETURN)
    grow = next(a for a in c.choices() if a.to_json().get("choice") == "grow")
    c.undo()
    scene.hint._show(c, (PlaceTile(2, 0, 1, "base/A"), grow))
    _key(app, pygame.K_RETURN)
    assert c.state == DECIDE
    said = _pill(scene)
    assert said.hint == i18n.tr("hud.hint_answer")
    assert said.enter == i18n.tr("enter.follow_answer", answer="Agrandir le troupeau")
    _key(app, pygame.K_RETURN)
    assert scene.game.history[-1].to_json()["choice"] == "grow"


def test_tab_chooses_an_answer_button_and_enter_gives_it(app):
    scene = _flock_scene(app)
    c = scene.human_controller()
    c.rotation = 1
    c.place((2, 0))
    _steps(app)
    assert c.state == DECIDE
    _key(app, pygame.K_TAB)
    buttons = [scene.buttons[f"choice:{i}"] for i in range(2)]
    chosen = [b for b in buttons if b.is_selected]
    assert len(chosen) == 1
    said = _pill(scene)
    assert said.enter == i18n.tr("enter.answer", answer=chosen[0].text)
    _key(app, pygame.K_RETURN)
    assert scene.game.history[-1].type == "flock"


def test_choosing_the_shepherd_in_the_panel_changes_the_pill(app):
    from carcassonne_desktop.ui.game_scene import GameScene

    figure = "shepherd"
    game = Game(quick_setup(2, expansions=("base", "hills_sheep"), tile_order=("base/U", "base/U")))
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    c.place(next(iter(c.legal_cells())))
    _steps(app)
    assert c.state == FIGURE and figure in c.figure_kinds()
    chip = next(rect for kind, rect in scene.figure_chip_rects(c) if kind == figure)
    _click_at(app, chip.center)
    assert c.figure_kind == figure
    said = _pill(scene)
    assert figure_name(figure) in said.title and figure_name(figure) in said.enter
    assert "partisan" not in said.title


def test_asking_for_advice_drops_the_answer_chosen_with_tab(app):
    """Seen under Xvfb: the answer chosen with Tab stayed lit while Enter
    followed the advice, which named the other answer."""
    scene = _flock_scene(app)
    c = scene.human_controller()
    c.rotation = 1
    c.place((2, 0))
    _steps(app)
    _key(app, pygame.K_TAB)
    assert scene.answer_index is not None
    scene.ask_hint()
    scene.hint.cancel()  # the advice itself is not needed here
    assert scene.answer_index is None
    _steps(app)
    assert not any(b.is_selected for name, b in scene.buttons.items() if name.startswith("choice:"))

"""Issue 29, item 4: a follower put into the Count's quarter is frozen
there, and nothing said so until the next step. Now, before the choice, the
pill says where the Count stands and what that means, the answer for his
quarter says it is blocked, and the board names his quarter.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.actions import DeployToArea, MoveFigure
from carcassonne_desktop.engine.expansions.count import count_quarter
from carcassonne_desktop.ui.expansions.count import quarter_cells
from carcassonne_desktop.ui.placement_controller import DECIDE
from tests import test_ui_count
from tests.test_ui_game_flow import _click, _click_at

app = test_ui_count.app


def _pill(scene):
    return scene._status_now(scene.shown_controller())


def test_before_putting_a_follower_in_the_city_the_pill_says_where_the_count_blocks_regression_frozen(
        app, monkeypatch):
    scene = test_ui_count._scene_at(app, 6)
    c = scene.human_controller()
    assert c.state == DECIDE and c.decision.kind == "count_city"
    here = count_quarter(scene.game)
    assert here == "castle"
    said = _pill(scene)
    assert "Le Comte est au château" in said.hint and "n’en sortira pas" in said.hint
    labels = {b.text: name for name, b in scene.buttons.items() if name.startswith("choice:")}
    assert "Partisan → Château ⚠" in labels
    assert "Partisan → Marché" in labels  # the other quarters are not blocked
    # the board names the Count's quarter beside the Count himself
    from carcassonne_desktop.ui.expansions import count as count_ui

    drawn = []
    real = count_ui._draw_label
    monkeypatch.setattr(count_ui, "_draw_label",
                        lambda surface, camera, cell, text: drawn.append(text) or real(surface, camera, cell, text))
    scene.camera.zoom = scene.camera.target_zoom = 96
    scene.draw(app.screen)
    assert "Château · Comte" in drawn and "Marché" in drawn
    # the player puts the follower in the castle anyway: it is blocked there,
    # and the next question says how to free it
    _click(app, scene.buttons[labels["Partisan → Château ⚠"]])
    c = scene.human_controller()
    assert c.actions()[-1] == DeployToArea("follower", "count", "castle")
    assert c.decision.kind == "count_move"
    assert "Le Comte est au château" in _pill(scene).hint
    _click_at(app, scene.camera.tile_rect(*quarter_cells(scene.game)["forge"]).center)
    assert any(a == MoveFigure("count", ("count", "castle"), ("count", "forge")) for a in c.actions())


def test_every_count_question_names_where_the_count_stands_in_both_languages(app):
    scene = test_ui_count._scene_at(app, 6)
    c = scene.human_controller()
    for language, word in (("fr", "Comte"), ("en", "Count")):
        i18n.set_language(language)
        try:
            for kind in ("count_city", "count_move", "count_reinforce"):
                decision = c.decision._replace(kind=kind)
                from carcassonne_desktop.ui.expansions import decision_notes

                notes = decision_notes(c.tentative, decision)
                assert len(notes) == 1 and word in notes[0], (language, kind, notes)
                assert i18n.tr(f"count.at.{count_quarter(c.tentative)}") in notes[0]
        finally:
            i18n.set_language("fr")

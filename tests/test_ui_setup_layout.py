"""The setup screen shows every expansion at once in the usual window (the
family table saw two of ten rows), and the room the seats leave tells what
the option or expansion under the mouse adds (headless: SDL's dummy driver)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from carcassonne_desktop import i18n  # noqa: E402
from tests.test_setup_names_and_settings import open_setup as _open_setup  # noqa: E402


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui.app import App, AppHooks
    from carcassonne_desktop.ui.launcher import expansion_choices
    from carcassonne_desktop.ui.scene import Scene

    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path))
    hooks = AppHooks(game_factory=lambda a, s: Scene(a), ai_levels=["random", "medium"],
                     expansions=expansion_choices())
    application = App(hooks, settings_file=tmp_path / "settings.json", size=(1280, 800))
    application.set_language("fr")
    application.start()
    application.step(1 / 60)
    yield application
    application.set_language("en")
    application.stack.clear()
    application.close()


def _visible_rows(scene) -> list[str]:  # type: ignore[no-untyped-def]
    shown = scene.expansion_list.get_abs_rect()
    return [exp for box, exp in scene._expansion_boxes.items() if shown.contains(box.get_abs_rect())]


def test_every_expansion_shows_at_once_in_the_usual_window(app):
    scene = _open_setup(app)
    assert len(scene._expansion_boxes) >= 10
    assert sorted(_visible_rows(scene)) == sorted(scene._expansion_boxes.values())
    # and with the most seats the table allows, the list keeps its room
    for _ in range(6):
        scene.model.add_seat()
    scene.rebuild_ui()
    app.step(1 / 60)
    assert len(scene.model.seats) == 8
    assert sorted(_visible_rows(scene)) == sorted(scene._expansion_boxes.values())


def test_pointing_at_a_choice_says_what_it_adds(app):
    scene = _open_setup(app)
    assert scene.about_box is not None
    assert scene.pointed_about((1, 1)) == ""
    box = next(b for b, exp in scene._expansion_boxes.items() if exp == "king_robber_baron")
    said = scene.pointed_about(box.get_abs_rect().center)
    assert said.startswith("5 tuiles, un roi pour qui achève la plus grande ville")
    label = box.text_label.get_abs_rect()
    assert scene.pointed_about((label.right - 2, label.centery)) == said  # the name counts too
    option = next(b for b, name in scene._option_boxes.items() if name == "hand_of_3")
    assert scene.pointed_about(option.get_abs_rect().center) == i18n.tr("setup.hand_of_3_tip")
    # the box follows the mouse, and says how to use it otherwise
    pygame.mouse.set_pos(box.get_abs_rect().center)
    scene.update(1 / 60)
    assert scene._about_shown == said
    pygame.mouse.set_pos((1, 1))
    scene.update(1 / 60)
    assert scene._about_shown == i18n.tr("setup.about_hint")


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_with_eight_seats_the_description_floats_over_the_seats_whole_and_unscrolled(app, size):
    """Regression: with 8 seats no room was left under them, and each
    expansion's tooltip opened as a narrow column off the left of the screen.
    In the usual window the room under the seats now holds the longest text
    (no greyed "add a player" button takes it); in the smallest window the
    description floats over the lowest seats."""
    from carcassonne_desktop.ui.app import MIN_WINDOW

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
    app.step(1 / 60)
    scene = _open_setup(app)
    for _ in range(6):
        scene.model.add_seat()
    scene.rebuild_ui()
    app.step(1 / 60)
    assert scene.about_box is not None
    # no greyed "add a player" button left to peek out from under the box
    assert scene.add_button is None
    pygame.mouse.set_pos((1, 1))
    scene.update(1 / 60)
    assert scene.about_floats == (size == MIN_WINDOW)
    if scene.about_floats:
        assert not scene.about_box.visible  # nothing pointed at: the seats are not covered
    panel = scene.about_box.ui_container.get_abs_rect()
    in_view = scene.expansion_list.get_abs_rect()  # the smallest window scrolls the list
    for box in list(scene._expansion_boxes) + list(scene._option_boxes):
        assert box.tool_tip_text is None  # no tooltip squeezed into a corner
        if box in scene._expansion_boxes and not in_view.contains(box.get_abs_rect()):
            continue
        pygame.mouse.set_pos(box.get_abs_rect().center)
        scene.update(1 / 60)
        app.step(1 / 60)
        assert scene.about_box.visible
        assert scene._about_shown == scene.pointed_about(box.get_abs_rect().center) != ""
        shown = scene.about_box.get_abs_rect()
        assert panel.contains(shown)
        assert not shown.colliderect(scene.expansion_list.get_abs_rect())
        assert scene.about_box.scroll_bar is None, scene._about_shown  # the whole text shows


def test_names_go_in_two_columns_regression_twelfth_expansion_under_the_fold(app):
    """With the Flying Machines the names alone no longer fitted one column in
    the usual window: the last one hid under the fold. Two columns, and no
    name runs into the other column."""
    scene = _open_setup(app)
    lefts = sorted({box.get_abs_rect().x for box in scene._expansion_boxes})
    assert len(lefts) == 2
    for box in scene._expansion_boxes:
        if box.get_abs_rect().x == lefts[0]:
            label = box.text_label
            assert label.get_abs_rect().x + label.font.size(box.text)[0] < lefts[1], box.text


def test_regression_hint_vanished_with_three_seats_at_960x640(app):
    """In the smallest window three seats leave too little room for the
    longest description, so the box floats: it hid when nothing was pointed
    at, and "Passez la souris sur une option…" went with it. The hint now
    rests in the room under the seats, and the box still floats, whole, over
    them for a pointed choice."""
    from carcassonne_desktop.ui.app import MIN_WINDOW

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=MIN_WINDOW[0], h=MIN_WINDOW[1]))
    app.step(1 / 60)
    scene = _open_setup(app)
    scene.model.add_seat()
    scene.rebuild_ui()
    app.step(1 / 60)
    assert scene.about_floats and len(scene.model.seats) == 3
    pygame.mouse.set_pos((1, 1))
    scene.update(1 / 60)
    assert scene.about_box.visible and scene._about_shown == i18n.tr("setup.about_hint")
    resting = scene.about_box.get_abs_rect()
    assert not resting.colliderect(scene.add_button.get_abs_rect())  # under the seats, covering none
    assert scene.about_box.scroll_bar is None
    box = next(iter(scene._expansion_boxes))
    pygame.mouse.set_pos(box.get_abs_rect().center)
    scene.update(1 / 60)
    app.step(1 / 60)
    assert scene.about_box.visible and scene._about_shown == scene.pointed_about(box.get_abs_rect().center)
    assert scene.about_box.scroll_bar is None  # the whole text shows

"""The rules help offers one page per expansion, from the registry."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from carcassonne_desktop import i18n  # noqa: E402
from carcassonne_desktop.ui.rules_scene import RulesScene, expansion_pages, rules_html  # noqa: E402


@pytest.fixture
def app(tmp_path):
    from carcassonne_desktop.persistence.settings import Settings
    from carcassonne_desktop.ui.app import App

    application = App(settings=Settings(), settings_file=tmp_path / "settings.json",
                      size=(1280, 860))
    application.start()
    yield application
    application.close()


def test_every_expansion_with_rules_has_a_page_in_both_languages():
    ids = {page_id for page_id, _, _ in expansion_pages()}
    assert {"inns_cathedrals", "river", "abbot"} <= ids
    for _, title, rules in expansion_pages():
        assert title["fr"] and title["en"] and rules["fr"] and rules["en"]


def test_rules_text_becomes_escaped_html_with_bullets():
    out = rules_html("Intro & more.\n\n- one\n- <two>", "Title")
    assert out == "<b>Title</b><br><br>Intro &amp; more.<br><br>• one<br>• &lt;two&gt;"


def test_clicking_a_tab_shows_that_expansion_in_french(app):
    app.set_language("fr")
    scene = RulesScene(app)
    app.stack.push(scene)
    app.step(0.016)
    tab = next(button for button, page in scene.tabs.items() if page == "abbot")
    rect = tab.get_abs_rect()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process_event(pygame.event.Event(kind, pos=rect.center, button=1))
    app.step(0.016)
    assert scene.page == "abbot"
    assert "abbé" in scene.page_text()
    assert isinstance(scene.text_box, pygame_gui.elements.UITextBox)
    assert i18n.current_language() == "fr"


@pytest.mark.parametrize(("language", "words"), [("fr", ("Conseil", "Tab", "Échap")),
                                                 ("en", ("Hint", "Tab", "Escape"))])
def test_controls_page_follows_the_base_rules(app, language: str, words: tuple[str, ...]):
    app.set_language(language)
    scene = RulesScene(app)
    app.stack.push(scene)
    app.step(0.016)
    assert scene.pages()[1][0] == "controls"
    scene.show_page("controls")
    app.step(0.016)
    text = scene.page_text()
    assert all(word in text for word in words)
    app.set_language("en")


def test_tabs_are_wide_enough_for_their_titles(app):
    """Regression: "Auberges & Cathédrales" was cut once the Controls tab came."""
    from carcassonne_desktop.ui.resources import font
    from carcassonne_desktop.ui.rules_scene import TAB_FONT_SIZE

    app.set_language("fr")
    scene = RulesScene(app)
    app.stack.push(scene)
    app.step(0.016)
    for button in scene.tabs:
        assert font(TAB_FONT_SIZE, bold=True).size(button.text)[0] + 8 <= button.rect.width, button.text
    app.set_language("en")

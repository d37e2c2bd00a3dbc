"""Translations: same keys in every language, placeholders agree, one store with pygame-gui."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import re

import pygame
import pygame_gui

from carcassonne_desktop import i18n


def _leaves(code):
    out = {}

    def walk(prefix, node):
        for k, v in node.items():
            key = f"{prefix}.{k}" if prefix else k
            if isinstance(v, dict):
                walk(key, v)
            else:
                out[key] = v

    walk("", i18n.raw_table(code))
    return out


def test_french_and_english_have_identical_keys():
    assert set(i18n.available_languages()) >= {"fr", "en"}
    assert i18n.flat_keys("fr") == i18n.flat_keys("en")


def test_placeholders_match_between_languages():
    fr, en = _leaves("fr"), _leaves("en")
    pattern = re.compile(r"%\{(\w+)\}")
    for key in fr:
        assert set(pattern.findall(fr[key])) == set(pattern.findall(en[key])), key
        assert fr[key].strip(), key


def test_tr_switches_language_and_fills_placeholders():
    i18n.set_language("fr")
    # "À ... de jouer": no elision to get wrong ("au tour de Alice").
    assert i18n.tr("hud.turn", name="Alice", color=i18n.tr("colour.red")) == "À Alice de jouer (rouge)"
    assert i18n.tr("score.cloister") == "Abbayes"
    i18n.set_language("en")
    assert i18n.tr("score.cloister") == "Cloisters"
    assert i18n.tr("carcassonne.score.field") == "Fields"
    assert i18n.set_language("xx") == "en"


def test_default_language_follows_the_locale(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.detect_default_language() == "fr"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.detect_default_language() == "en"


def test_widgets_and_tr_share_one_mechanism():
    pygame.init()
    pygame.display.set_mode((400, 300))
    manager = pygame_gui.UIManager((400, 300), starting_language="en",
                                   translation_directory_paths=i18n.translation_paths())
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), i18n.key("menu.quit"), manager)
    assert pygame_gui.core.utility.translate(button.text) == "Quit"
    i18n.set_language("fr", manager)
    assert manager.get_locale() == "fr"
    assert pygame_gui.core.utility.translate(button.text) == "Quitter"
    assert i18n.tr("menu.quit") == "Quitter"
    i18n.set_language("en")
    assert manager.get_locale() == "en"
    i18n.unregister_manager(manager)


def test_log_lines_use_the_right_article_in_both_languages():
    """Regression: the log said "Player 2 placed a abbot."."""
    from carcassonne_desktop.engine.events import FigureDeployed, FigureReturned
    from carcassonne_desktop.ui.game_log import describe

    names = ["Alice", "Bruno"]
    abbot = FigureDeployed(1, "abbot", 0, 0, "C")
    farmer = FigureDeployed(0, "follower", 0, 0, "NW")
    i18n.set_language("en")
    assert describe(abbot, names) == "Bruno placed an abbot."
    assert describe(farmer, names) == "Alice placed a farmer."
    assert describe(FigureReturned(0, "large_follower", 0, 0, "N"), names) == \
        "Alice got a large follower back."
    i18n.set_language("fr")
    assert describe(abbot, names) == "Bruno pose un abbé."
    assert describe(farmer, names) == "Alice pose un paysan."

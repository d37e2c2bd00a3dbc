"""French ties the space inside « » and before : ; ! ? to its mark, so a
wrapped line never ends on « or starts with » or a colon (seen under Xvfb:
"Partie enregistrée sous «" alone on a line, the name on the next)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import registry
from carcassonne_desktop.i18n.typography import NO_BREAK_SPACE, french_spacing, typeset
from carcassonne_desktop.ui.game_log import wrap
from carcassonne_desktop.ui.rules_scene import RulesScene

MARKS_AFTER = ("»", ":", ";", "!", "?")


def _leaves(node, prefix=""):
    for k, v in node.items():
        if isinstance(v, dict):
            yield from _leaves(v, f"{prefix}{k}.")
        else:
            yield f"{prefix}{k}", v


def test_french_spacing_ties_marks_and_leaves_english_alone():
    assert french_spacing("« Passer » : oui ? non ! fin ;") == (
        f"«{NO_BREAK_SPACE}Passer{NO_BREAK_SPACE}»{NO_BREAK_SPACE}: oui{NO_BREAK_SPACE}? "
        f"non{NO_BREAK_SPACE}! fin{NO_BREAK_SPACE};")
    assert french_spacing(french_spacing("a : « b »")) == french_spacing("a : « b »")
    assert typeset("Score : 3", "en") == "Score : 3"
    assert french_spacing("08:30, a?b") == "08:30, a?b"  # no space, nothing to tie


def test_every_french_text_is_typeset():
    """The text files and the saves' own table; texts written in Python
    (expansions' rules and descriptions) are typeset where shown."""
    from carcassonne_desktop.persistence.strings import FALLBACK

    texts = [*_leaves(i18n.raw_table("fr")), *FALLBACK["fr"].items()]
    wrong = [key for key, value in texts
             if isinstance(value, str) and french_spacing(value) != value]
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("key, params", [
    ("saves.saved", {"name": "Partie du dimanche avec les enfants"}),
    ("saves.overwrite_confirm", {"name": "Partie du dimanche"}),
    ("setup.error_same_names", {"name": "Jean-Baptiste"}),
])
def test_regression_a_wrapped_line_never_ends_on_an_opening_guillemet(key, params):
    pygame.font.init()
    previous = i18n.current_language()
    i18n.set_language("fr")
    try:
        text = i18n.tr(key, **params)
    finally:
        i18n.set_language(previous)
    assert "«" in text and params["name"] in text, text
    fnt = pygame.font.Font(None, 20)
    for width in range(60, fnt.size(text)[0] + 20, 4):
        for line in wrap(text, fnt, width):
            assert not line.endswith("«"), (width, line)
            assert not line.startswith(MARKS_AFTER), (width, line)
        assert " ".join(wrap(text, fnt, width)) == text  # nothing lost or changed


def test_the_expansion_rules_pages_are_typeset_in_french_only():
    pygame.init()
    previous = i18n.current_language()
    scene = RulesScene.__new__(RulesScene)
    scene.expansion_ids = None
    try:
        for language in ("fr", "en"):
            i18n.set_language(language)
            for cls in registry().values():
                if cls.id == "base" or not cls.rules:
                    continue
                scene.page = cls.id
                shown = scene.page_text()
                if language == "fr":
                    assert " :" not in shown and "« " not in shown, cls.id
                    assert NO_BREAK_SPACE in shown, cls.id
                else:
                    assert NO_BREAK_SPACE not in shown, cls.id
    finally:
        i18n.set_language(previous)

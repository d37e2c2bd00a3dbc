"""Family table, second round (issue 29, minors): the French texts and the
setup screen a newcomer read (headless: SDL's dummy driver)."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from carcassonne_desktop import i18n  # noqa: E402
from tests import test_ui_setup_layout  # noqa: E402
from tests.test_setup_names_and_settings import open_setup  # noqa: E402

app = test_ui_setup_layout.app  # the setup screen in French, in the usual window

#: The keys the French texts name ("Entrée", "Échap"…).
KEY_NAMES = ("Entrée", "Échap", "Espace", "Suppr", "Tab", "Retour arrière")


def _leaves(prefix: str, node: Any) -> list[tuple[str, str]]:
    if isinstance(node, dict):
        return [leaf for k, v in node.items() for leaf in _leaves(f"{prefix}.{k}" if prefix else k, v)]
    return [(prefix, str(node))]


def every_french_text() -> list[tuple[str, str]]:
    """Every French string a player can read: the i18n tables, the saves'
    fallback table, each expansion's name, description and rules, the
    computer levels and the base game's line on the setup screen."""
    from carcassonne_desktop.ai.levels import available_levels
    from carcassonne_desktop.engine import registry
    from carcassonne_desktop.persistence.strings import FALLBACK
    from carcassonne_desktop.ui.app import DEFAULT_EXPANSIONS

    texts = _leaves("", i18n.raw_table("fr"))
    texts += [(f"saves fallback {k}", v) for k, v in FALLBACK["fr"].items()]
    for exp_id, cls in registry().items():
        for part in ("title", "description", "rules"):
            value = getattr(cls, part, None)
            if isinstance(value, dict) and "fr" in value:
                texts.append((f"{exp_id}.{part}", value["fr"]))
    for level in available_levels("fr"):
        texts += [(f"level {level['name']}", level["title"]), (f"level {level['name']}", level["description"])]
    for info in DEFAULT_EXPANSIONS:
        texts += [(f"{info['id']} {part}", info[part]["fr"]) for part in ("name", "description")]
    return texts


def test_regression_mixed_apostrophes_every_french_text_uses_the_typographic_one() -> None:
    texts = every_french_text()
    assert len(texts) > 500
    straight = [(where, text[:60]) for where, text in texts if "'" in text]
    assert not straight, straight
    assert sum("’" in text for _, text in texts) > 50  # the test reads the real texts


def test_regression_entree_la_pose_a_key_is_never_the_subject_of_a_verb() -> None:
    """ "Entrée la pose.", "Entrée y pose votre partisan.", "Entrée enregistrer":
    a key name in French is a label ("Entrée : …"), in brackets, or a key one
    presses ("appuyez sur Entrée", "avec Tab", "la touche Entrée")."""
    allowed_before = re.compile(r"(sur|avec|touche|touches|\(|ou|/|puis la touche|la touche)\s*$")
    bad = []
    for where, text in every_french_text():
        for name in KEY_NAMES:
            for match in re.finditer(rf"(?<![\w+]){re.escape(name)}(?![\w+])", text):
                before = text[:match.start()].rstrip()[-20:]
                after = text[match.end():match.end() + 6]
                if after.startswith((" :", "\u00a0:", ")", " ou ", " / ", " pour ")) or allowed_before.search(before):
                    continue
                bad.append((where, text[max(0, match.start() - 30):match.end() + 30]))
    assert not bad, bad
    for key in ("enter.pick_cell", "enter.pick_spot", "enter.pick_answer", "saves.hint_save"):
        assert i18n.raw_table("fr")[key.split(".")[0]][key.split(".")[1]]  # still there


def test_regression_one_line_descriptions_the_count_and_the_heretics_say_what_they_do() -> None:
    from carcassonne_desktop.ui.launcher import expansion_choices

    choices = {c["id"]: c for c in expansion_choices()}
    for exp_id in ("count", "heretics_shrines"):
        for lang in ("fr", "en"):
            text = choices[exp_id]["description"][lang]
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
            assert len(sentences) >= 2, (exp_id, lang, text)
            assert len(text) >= 150, (exp_id, lang, text)
    # the setup screen shows each expansion's whole description, not its first sentence
    from carcassonne_desktop.engine import registry

    for exp_id, choice in choices.items():
        assert choice["description"] == dict(registry()[exp_id].description)


@pytest.mark.parametrize("seats", [7, 8])
def test_regression_no_room_for_the_description_with_7_8_seats(app, seats: int) -> None:
    """The longest description now fills six lines: 7 or 8 seats take
    tighter rows so that it shows under them, whole, covering no seat."""
    scene = open_setup(app)
    while len(scene.model.seats) < seats:
        scene.model.add_seat()
    scene.rebuild_ui()
    app.step(1 / 60)
    assert not scene.about_floats
    last_seat = scene._seat_widgets[-1]["name"].get_abs_rect()
    count = next(b for b, e in scene._expansion_boxes.items() if e == "count")
    pygame.mouse.set_pos(count.get_abs_rect().center)
    scene.update(1 / 60)
    app.step(1 / 60)
    assert scene._about_shown.startswith("La cité de Carcassonne")
    shown = scene.about_box.get_abs_rect()
    assert shown.top > last_seat.bottom
    assert scene.about_box.scroll_bar is None  # the whole text shows


def test_regression_ticked_boxes_show_a_tick_not_a_square_root(app) -> None:
    scene = open_setup(app)
    box = next(b for b, name in scene._option_boxes.items() if name == "farmers")
    assert box.is_checked
    assert box.check_symbol == "✔"
    # drawn in a font that has the glyph (pygame-gui's symbol font drew "√")
    assert box.font.get_rect("✔").width > 0
    assert "dejavu" in str(box.font).lower() or box.font is not \
        box.ui_theme.get_font_dictionary().get_default_symbol_font()


def test_regression_joueur_3_kept_as_a_name_with_two_players(app) -> None:
    scene = open_setup(app)
    scene.model.add_seat()
    scene.model.seats[0].name = "Ada"
    assert [s.name for s in scene.model.seats] == ["Ada", "Joueur 2", "Joueur 3"]
    scene.model.remove_seat(1)
    assert [s.name for s in scene.model.seats] == ["Ada", "Joueur 2"]
    # a remembered setup too (and an English default name follows the language)
    from carcassonne_desktop.ui.setup_scene import SetupModel

    remembered = {"players": [{"name": "Player 3", "color": "red", "controller": "human"},
                              {"name": "Joueur 5", "color": "blue", "controller": "human"},
                              {"name": "Joueur 5b", "color": "green", "controller": "human"}]}
    model = SetupModel.from_setup(remembered, ["human"], ["base"])
    assert [s.name for s in model.seats] == ["Joueur 1", "Joueur 2", "Joueur 5b"]


def test_regression_meeple_in_messages_the_follower_has_one_french_name() -> None:
    """The Messages texts said "meeple" (the 2021 rulebook's word) where every
    other French text, and the game's own words, say « partisan »; the
    rulebook's « meeplette » (the second score pawn) stays."""
    bad = [(where, text[:60]) for where, text in every_french_text()
           if re.search(r"\bmeeples?\b", text, re.IGNORECASE)]
    assert not bad, bad
    assert any("meeplette" in text for _, text in every_french_text())  # it reads Messages

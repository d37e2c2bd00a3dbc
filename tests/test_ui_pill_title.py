"""The instruction pill's title in the smallest window (960x640): "Vos
choix sont faits. Validez ou reprenez-les." was shortened to "… reprene…"
(seen under Xvfb with every expansion). A title too long for its line
takes a smaller type, then wraps; it is cut only for a single word wider
than the pill."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.ui import hud
from carcassonne_desktop.ui.game_panel import GamePanel
from tests.test_ui_figure_chips import language  # noqa: F401  (the fixture: French, then English)

#: Titles of the pill once a turn is ready, and of long questions.
KEYS = ("hud.answered", "hud.declined", "hud.passed")


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize("size", [(960, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_regression_pill_title_cut_in_the_smallest_window(monkeypatch, size) -> None:  # type: ignore[no-untyped-def]
    board = GamePanel.board_rect(size)
    drawn: list[str] = []
    real = hud.text

    def recording(value: str, px: int, bold: bool, group: str, name: str) -> pygame.Surface:
        if name == "title":
            drawn.append(value)
        return real(value, px, bold, group, name)

    monkeypatch.setattr(hud, "text", recording)
    titles = [i18n.tr(key) for key in KEYS]
    titles.append(i18n.tr("hud.figure_placed", figure=i18n.tr("figure.large_follower").capitalize()))
    for title in titles:
        drawn.clear()
        hud._status_pill.cache_clear()
        rect = hud.status_rect(board, title, "Le tour est prêt.", "red", 70, "Entrée : valider le tour")
        assert " ".join(drawn) == title  # every word, never "reprene…"
        assert board.contains(rect)

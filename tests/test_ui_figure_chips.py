"""The figure chips under the tile card (which figure a click puts down):
with every expansion a tile offers four kinds or more (follower, large
follower, abbot, shepherd...), and beside a full-size picture their names
were cut ("partisa", "grand partis", seen under Xvfb at 960x640). A narrow
chip writes the name across its top, the figure and the count under it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.art.meeples import MeepleCache
from carcassonne_desktop.ui.game_log import figure_name
from carcassonne_desktop.ui.hud import draw_figure_chip

KINDS = ("follower", "large_follower", "abbot", "shepherd", "builder", "pig", "mage", "witch")
#: The panel's row width and the gap between chips (`GameDrawing.figure_chip_rects`).
ROW_W, GAP = 340, 8


@pytest.fixture(params=["fr", "en"])
def language(request):  # type: ignore[no-untyped-def]
    # no pygame.init(): the font cache re-initialises itself after another
    # test's pygame.quit(), and an init here left it holding dead fonts
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("chips", [2, 3, 4, 5])
@pytest.mark.parametrize("selected", [True, False])
def test_regression_figure_chip_names_cut_with_four_kinds(language, chips, selected) -> None:  # type: ignore[no-untyped-def]
    width = (ROW_W - GAP * (chips - 1)) // chips
    rect = pygame.Rect(10, 10, width, 54)  # the chips' height in the panel (a button row + 8)
    icon = MeepleCache(64).get("follower", "red", 42)
    for kind in KINDS:
        label = figure_name(kind)
        surface = pygame.Surface((width + 20, 80))
        drawn = draw_figure_chip(surface, rect, icon, label, selected, 3)
        assert " ".join(line for line, _ in drawn) == label, (label, width)  # whole, never "partisa"
        for line, place in drawn:
            assert rect.inflate(-4, -4).contains(place), (line, place, rect)

"""The game's theme finds the same theming ids as pygame-gui's own, through a
cache whose key costs nothing to build (regression: pygame-gui's key joined
strings character by character, a few milliseconds for every widget, most of
what opening the New game screen cost)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme  # noqa: E402

from carcassonne_desktop.ui.theme_ids import QuickIdTheme  # noqa: E402

CASES = [
    (None, None, None, None),
    ([None], ["button"], [None], ["#primary_button"]),
    ([None, None], ["panel", "check_box"], [None, None], ["#flat_panel", None]),
    ([None, None, None], ["panel", "scrolling_container", "label"], [None, "@x", None],
     ["#flat_panel", None, "#group_heading"]),
    (["window", None], ["file_dialog", "button"], ["@a", "@b"], ["#one", "#two"]),
    ([None] * 4, ["panel", "scrolling_container", "check_box", "label"], [None] * 4,
     [None, None, None, "#option_more"]),
]


def test_regression_slow_theming_ids_same_ids_as_pygame_gui():
    pygame.init()
    from carcassonne_desktop.ui.app import App

    app = App(size=(960, 640))
    try:
        theme = app.manager.get_theme()
        assert isinstance(theme, QuickIdTheme)  # every window uses it
        plain = UIAppearanceTheme(app.manager.resource_loader, app.manager._locale)
        for case in CASES:
            assert theme.build_all_combined_ids(*case) == plain.build_all_combined_ids(*case)
            assert theme.build_all_combined_ids(*case) == plain.build_all_combined_ids(*case)
        # two lists that print alike stay apart
        assert theme.build_all_combined_ids([None], ["a.b"], [None], [None]) != \
            theme.build_all_combined_ids([None], ["a"], [None], [None])
    finally:
        app.close()

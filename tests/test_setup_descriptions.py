"""What the setup screen says of each expansion when pointed at is more than
a tile count (regression: Mage & Witch showed "8 magic tiles.", the first
sentence of its description)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from carcassonne_desktop.ui.launcher import expansion_choices  # noqa: E402


def test_every_expansion_says_what_it_adds_on_the_setup_screen_regression_8_magic_tiles():
    for choice in expansion_choices():
        for language in ("fr", "en"):
            shown = choice["description"].get(language, "")
            assert len(shown.split()) >= 8, (choice["id"], language, shown)

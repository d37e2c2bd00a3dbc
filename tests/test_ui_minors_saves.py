"""Family table, second round (issue 29, minors): the Load screen says who
played, each player whole (headless: SDL's dummy driver)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from carcassonne_desktop.persistence.store import SaveStore  # noqa: E402
from tests.test_persistence_saves import random_game  # noqa: E402
from tests.test_saves_scene import app  # noqa: E402, F401
from tests.test_saves_store import EXAMPLES  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_regression_ordinateur_cut_on_the_load_screen(app, tmp_path, size) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from carcassonne_desktop.ui.save_load_scene import load_scene

    app.set_language("fr")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
    app.step(0.016)
    store = SaveStore(tmp_path / "data", examples=EXAMPLES)
    game = random_game(3, 12, players=5, controllers=("human", "ai:medium", "ai:hard", "ai:easy", "human"))
    store.save(game, "Partie du dimanche")
    scene = load_scene(app, store, lambda loaded: None)
    app.stack.push(scene)
    app.step(0.016)
    view = scene.browser.current
    lines = view.player_lines
    assert len(lines) == 5
    assert lines[1] == f"P2 {game.scores[1]}\u00a0(ordinateur)"
    shown = scene.detail.html_text
    for line in lines:  # each player on a line of their own, whole
        assert f"<br>{line}" in shown
    if size == (1280, 800):  # the usual window holds every line (the smallest scrolls them)
        assert scene.detail.scroll_bar is None
    app.set_language("en")

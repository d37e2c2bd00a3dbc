"""The main menu at once (issue 28, start-up): the backdrop's tile art (their
layouts above all, ~0.7 s of CPU) was drawn before the first menu frame. The
first frame now draws none; the art comes a few tiles a frame, and the
landscape fades in once every tile is ready."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame


def test_regression_menu_waited_for_every_tile_layout_before_its_first_frame() -> None:
    from carcassonne_desktop.ui.backdrop import FADE_IN_S, MenuBackdrop
    from carcassonne_desktop.ui.board_view import bucket_for
    from carcassonne_desktop.ui.resources import colour

    # no pygame.init(): after another test's pygame.quit() the font cache
    # re-initialises itself, an init here would leave it holding dead fonts
    surface = pygame.Surface((960, 640))
    backdrop = MenuBackdrop(seed=11)
    tiles = list(backdrop.unready)
    assert len(tiles) > 20

    def drawn() -> int:
        return sum(backdrop.renderer.art.peek(str(t["id"]), rot, bucket_for(112)) is not None for t, rot in tiles)

    backdrop.draw(surface, title=False)
    assert drawn() == 0, "no tile art before the first frame"
    plain = surface.get_at((480, 320))
    backdrop.update(1 / 60)
    backdrop.draw(surface, title=False)
    assert 1 <= drawn() < len(tiles), "a few tiles a frame, not all at once"
    assert surface.get_at((480, 320)) == plain, "no half landscape"
    frames = 2
    while backdrop.unready:
        backdrop.update(1 / 60)
        backdrop.draw(surface, title=False)
        frames += 1
        assert frames < 2000
    assert drawn() == len(tiles) and backdrop.ready_at is not None
    for _ in range(int(FADE_IN_S * 60) + 2):
        backdrop.update(1 / 60)
        backdrop.draw(surface, title=False)
    # the landscape shows: the picture is no longer one plain colour
    colours = {tuple(surface.get_at((x, y))) for x in range(0, 960, 60) for y in range(0, 640, 60)}
    assert len(colours) > 5
    assert tuple(colour("ui", "menu_background"))[:3] != tuple(surface.get_at((480, 320)))[:3]

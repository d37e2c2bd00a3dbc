"""Camera transforms and zoom, board renderer culling, caching and speed."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import random

import pygame
import pytest

from carcassonne_desktop.ui.board_view import BoardRenderer, Camera, FigureSprite, board_bounds
from carcassonne_desktop.ui.camera import MAX_ZOOM, MIN_ZOOM
from carcassonne_desktop.ui.landscape import data_tiles, edge_kinds, random_board

pygame.init()


def _event(kind, **attrs):
    return pygame.event.Event(kind, attrs)


def test_world_screen_round_trip():
    cam = Camera((0, 0, 800, 600), zoom=64, centre=(2.25, -1.5))
    for point in ((0, 0), (3.5, -2.25), (-7, 9)):
        sx, sy = cam.world_to_screen(*point)
        assert cam.screen_to_world(sx, sy) == pytest.approx(point)
    assert cam.cell_at(*cam.world_to_screen(3.5, -2.25)) == (3, -3)
    rect = cam.tile_rect(1, 0)
    assert rect.size == (64, 64)
    assert cam.tile_rect(2, 0).left == rect.right  # tiles meet exactly


@pytest.mark.parametrize("factor", [1.25, 1.25 ** 3, 0.5, 0.2])
def test_zoom_keeps_the_point_under_the_cursor(factor):
    cam = Camera((0, 0, 1280, 720), zoom=80, centre=(0.3, 0.7))
    cursor = (1000.0, 150.0)
    world = cam.screen_to_world(*cursor)
    cam.zoom_at(cursor, factor)
    for _ in range(120):
        cam.update(1 / 60)
        # fixed during the whole animation, not only at the end
        assert cam.world_to_screen(*world) == pytest.approx(cursor, abs=0.01)
    assert cam.zoom == pytest.approx(max(MIN_ZOOM, min(MAX_ZOOM, 80 * factor)))


def test_zoom_is_clamped():
    cam = Camera((0, 0, 400, 400), zoom=100)
    cam.zoom_at(None, 1000, immediate=True)
    assert cam.zoom == MAX_ZOOM
    cam.zoom_at(None, 1e-6, immediate=True)
    assert cam.zoom == MIN_ZOOM


def test_drag_pans_and_is_reported_as_drag(monkeypatch):
    cam = Camera((0, 0, 400, 400), zoom=50, centre=(0, 0))
    before = cam.screen_to_world(200, 200)
    assert cam.handle_event(_event(pygame.MOUSEBUTTONDOWN, button=1, pos=(200, 200))) is False
    cam.handle_event(_event(pygame.MOUSEMOTION, pos=(260, 200), rel=(60, 0), buttons=(1, 0, 0)))
    assert cam.handle_event(_event(pygame.MOUSEBUTTONUP, button=1, pos=(260, 200))) is True
    assert cam.last_press_was_drag
    # the content followed the mouse: what was under (200, 200) is now under (260, 200)
    assert cam.world_to_screen(*before) == pytest.approx((260, 200))
    # a simple click is not a drag
    cam.handle_event(_event(pygame.MOUSEBUTTONDOWN, button=1, pos=(100, 100)))
    assert cam.handle_event(_event(pygame.MOUSEBUTTONUP, button=1, pos=(101, 100))) is False
    assert not cam.last_press_was_drag


def test_keys_pan_and_zoom():
    cam = Camera((0, 0, 400, 400), zoom=50, centre=(0, 0))
    assert cam.handle_event(_event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    cam.update(0.5)
    assert cam.centre_x > 0
    cam.handle_event(_event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0))
    x = cam.centre_x
    cam.update(0.5)
    assert cam.centre_x == x
    cam.handle_event(_event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+"))
    assert cam.target_zoom > 50


def test_recentre_fits_bounds():
    cam = Camera((0, 0, 1000, 500), zoom=200)
    cam.recentre((-5, -2, 4, 1), immediate=True)
    x0, y0 = cam.world_to_screen(-5, -2)
    x1, y1 = cam.world_to_screen(5, 2)
    assert x0 >= 0 and x1 <= 1000 and y0 >= 0 and y1 <= 500
    cam.focus(10, 10)
    for _ in range(200):
        cam.update(1 / 60)
    assert (cam.centre_x, cam.centre_y) == pytest.approx((10.5, 10.5))


def test_random_board_edges_match():
    board = random_board(data_tiles(("base.json",)), 60, random.Random(1))
    assert len(board) == 60
    opposite = {"N": ("S", 0, -1), "E": ("W", 1, 0)}
    for (x, y), (tile, rot) in board.items():
        mine = edge_kinds(tile, rot)
        for edge, (other_edge, dx, dy) in opposite.items():
            neighbour = board.get((x + dx, y + dy))
            if neighbour:
                assert edge_kinds(*neighbour)[other_edge] == mine[edge]


def _board_and_figures(n):
    board = random_board(data_tiles(("base.json", "inns_cathedrals.json")), n, random.Random(5))
    figures = []
    for i, ((x, y), (tile, _rot)) in enumerate(board.items()):
        if i % 4 == 0:
            index = i % len(tile["features"])
            figures.append(FigureSprite(x, y, "blue", "follower", index,
                                        lying=tile["features"][index]["kind"] == "field"))
    return board, figures


def test_renderer_draws_tiles_where_the_camera_says():
    screen = pygame.Surface((640, 480))
    tile = data_tiles(("base.json",))[1]  # base/B, cloister: field green on the border
    board = {(0, 0): (tile, 0)}
    cam = Camera(screen.get_rect(), zoom=64, centre=(0.5, 0.5))
    renderer = BoardRenderer()
    renderer.draw(screen, cam, board)
    inside = cam.tile_rect(0, 0).move(6, 6).topleft
    outside = cam.tile_rect(2, 2).center
    assert screen.get_at(inside) != screen.get_at(outside)
    figure = FigureSprite(0, 0, "red", "follower", 0)
    pos = renderer.figure_position(cam, board, figure)
    assert pos == pytest.approx(cam.tile_rect(0, 0).center, abs=1)
    assert renderer.figure_position(cam, board, FigureSprite(5, 5, "red")) is None


def test_big_board_still_frames_only_blit():
    """A still 300-tile frame renders no new art (speed itself is `carcassonne bench render`'s job)."""
    screen = pygame.Surface((1920, 1080))
    board, figures = _board_and_figures(300)
    cam = Camera(screen.get_rect(), zoom=48)
    cam.recentre(board_bounds(board), immediate=True)
    cam.zoom = cam.target_zoom = 48
    renderer = BoardRenderer()
    renderer.draw(screen, cam, board, figures)
    while renderer.incomplete:
        renderer.draw(screen, cam, board, figures)
    rendered = len(renderer.art)
    for _ in range(3):
        renderer.draw(screen, cam, board, figures)
        assert not renderer.incomplete
    assert len(renderer.art) == rendered


def test_instruction_pill_fades_under_the_mouse() -> None:
    """Regression: the pill at the top hid the legal squares under it."""
    from carcassonne_desktop.ui.hud import draw_status, status_rect

    board = pygame.Rect(0, 0, 900, 800)
    args = ("Your turn", "Click a highlighted square.", "red")
    box = status_rect(board, *args)
    probe = (box.centerx, box.bottom - 6)  # under the hint text's line, inside the pill

    def pixel(mouse: tuple[int, int] | None) -> pygame.Color:
        surface = pygame.Surface(board.size)
        surface.fill((255, 255, 255))
        draw_status(surface, board, *args, mouse=mouse)
        return surface.get_at(probe)

    away, over = pixel((5, 700)), pixel(box.center)
    assert pixel(None) == away
    assert sum(over[:3]) > sum(away[:3]) + 300  # mostly the white board shows through


@pytest.mark.parametrize("tile", ["base/S", "base/T", "base/L", "ic/10", "ic/05", "base/R+garden"])
def test_figure_spots_on_crowded_tiles_do_not_overlap(tile: str) -> None:
    """Regression: on tiles where a road runs close to a field spot the two
    circles overlapped, and the one underneath was hard to hit."""
    import math

    from carcassonne_desktop.engine import Game, Rules, quick_setup
    from carcassonne_desktop.ui.board_layer import BoardLayer
    from carcassonne_desktop.ui.placement_controller import PlacementController

    setup = quick_setup(2, expansions=("base", "inns_cathedrals", "abbot"), tile_order=(tile,))
    game = Game(setup, Rules(setup))
    controller = PlacementController(game)
    cell = next(iter(controller.legal_cells()))
    controller.place(cell)
    spots = controller.all_spots()  # every figure's spots: the geometry of the whole tile
    assert len(spots) >= 3
    layer = BoardLayer()
    layer.sync(controller.board_game)
    camera = Camera((0, 0, 900, 800), zoom=96)
    camera.focus(*cell, immediate=True)
    discs = layer.spot_discs(camera, spots)
    assert len(discs) == len(spots)
    for i, (_, a, ra) in enumerate(discs):
        for _, b, rb in discs[i + 1:]:
            assert (ra + rb) * 1.08 <= math.dist(a, b) + 1, (tile, a, b, ra, rb)
        hit = layer.spot_under(camera, spots, (round(a[0]), round(a[1])))
        assert hit is not None and layer.spot_position(camera, hit) == a


def test_long_figure_names_split_in_two_lines() -> None:
    from carcassonne_desktop.ui.hud import two_lines

    assert two_lines("grand partisan") == ("grand", "partisan")
    assert two_lines("large follower") == ("large", "follower")
    assert two_lines("abbé") == ("abbé",)


def test_fonts_survive_the_font_module_being_shut_down() -> None:
    """Regression: a font cached before pygame.quit() was handed out after it
    ("Invalid font"), when a test or a second window came later in the process."""
    from carcassonne_desktop.ui.resources import font

    font(17).render("avant", True, (0, 0, 0))
    pygame.font.quit()
    assert font(17).render("après", True, (0, 0, 0)).get_width() > 0

"""A small picture of the board for the save screen (PNG bytes)."""

from __future__ import annotations

import io

import pygame

from carcassonne_desktop.engine import Game
from carcassonne_desktop.ui.board_layer import BoardLayer
from carcassonne_desktop.ui.board_view import BoardRenderer, Camera, board_bounds

THUMB_SIZE = (300, 200)


def board_thumbnail(game: Game, renderer: BoardRenderer | None = None,
                    size: tuple[int, int] = THUMB_SIZE) -> bytes | None:
    """The whole board fitted in ``size``; None if it cannot be drawn."""
    try:
        layer = BoardLayer(renderer)
        layer.sync(game)
        surface = pygame.Surface(size)
        camera = Camera(surface.get_rect(), zoom=32)
        camera.recentre(board_bounds(layer.tiles), immediate=True, margin_tiles=0.3)
        layer.draw(surface, camera, game)
        buffer = io.BytesIO()
        pygame.image.save(surface, buffer, "thumbnail.png")
        return buffer.getvalue()
    except (pygame.error, ValueError, OSError):
        return None

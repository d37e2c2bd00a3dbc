"""Short-lived animations over the board: points floating up from a feature.

Effects live in board (world) coordinates, so they stay on their feature
while the player pans or zooms.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from carcassonne_desktop.ui.art.meeples import player_rgb
from carcassonne_desktop.ui.board_view import Camera
from carcassonne_desktop.ui.resources import font, palette_data

FLOAT_SECONDS = 1.8


@dataclass
class FloatingPoints:
    text: str
    colour_id: str
    wx: float
    wy: float
    delay: float = 0.0
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age - self.delay >= FLOAT_SECONDS


class Effects:
    """The running effects; ``update`` ages them, ``draw`` only reads them."""

    def __init__(self) -> None:
        self.items: list[FloatingPoints] = []

    def float_points(self, points: int, colour_id: str, tiles: tuple[tuple[int, int], ...],
                     delay: float = 0.0) -> None:
        if not tiles:
            return
        wx = sum(x for x, _ in tiles) / len(tiles) + 0.5
        wy = sum(y for _, y in tiles) / len(tiles) + 0.5
        stacked = sum(1 for i in self.items if abs(i.wx - wx) < 0.3 and abs(i.wy - wy) < 0.3)
        self.items.append(FloatingPoints(f"+{points}", colour_id, wx, wy + 0.35 * stacked, delay))

    def float_text(self, text: str, colour_id: str, cell: tuple[int, int], delay: float = 0.0) -> None:
        """A word rising from a tile (an expansion's event: the wolf)."""
        self.items.append(FloatingPoints(text, colour_id, cell[0] + 0.5, cell[1] + 0.5, delay))

    def update(self, dt: float) -> None:
        for item in self.items:
            item.age += dt
        self.items = [i for i in self.items if not i.done]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        size = max(22, min(52, camera.scale // 2))
        fnt = font(size, bold=True)
        for item in self.items:
            t = item.age - item.delay
            if t < 0:
                continue
            progress = t / FLOAT_SECONDS
            sx, sy = camera.world_to_screen(item.wx, item.wy)
            sy -= progress * camera.scale * 0.9
            alpha = 255 if progress < 0.6 else int(255 * (1 - progress) / 0.4)
            fill = fnt.render(item.text, True, player_rgb(item.colour_id))
            edge = fnt.render(item.text, True, pygame.Color(*_outline()))
            label = pygame.Surface((fill.get_width() + 4, fill.get_height() + 4), pygame.SRCALPHA)
            for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
                label.blit(edge, (dx, dy))
            label.blit(fill, (2, 2))
            label.set_alpha(max(0, alpha))
            surface.blit(label, (sx - label.get_width() / 2, sy - label.get_height() / 2))


def _outline() -> tuple[int, int, int]:
    r, g, b = palette_data()["outline"]
    return (r, g, b)

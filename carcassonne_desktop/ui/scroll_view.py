"""Vertical scrolling of drawn content taller than its box: the wheel, a
drag of the content itself, or a drag of the scrollbar's thumb. A press and
release that did not move is a click, handed back to the owner in content
coordinates.

The view sticks to the bottom while it is there (a log shows what just
happened) and stays where the reader left it otherwise.
"""

from __future__ import annotations

import pygame

from carcassonne_desktop.ui.resources import colour

WHEEL_STEP = 48  # pixels per wheel notch
BAR_W = 8
DRAG_SLOP = 4  # a press that moves less than this is a click


class ScrollView:
    """The scrolling state of one box; the owner draws its content with `offset`."""

    def __init__(self, stick_to_bottom: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0  # pixels of content hidden above the box
        self.stick_to_bottom = stick_to_bottom
        self._at_bottom = stick_to_bottom
        self._drag: tuple[str, int, int] | None = None  # (what, press y, offset then)
        self._moved = False
        self._click: tuple[int, int] | None = None

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.rect.height)

    def layout(self, rect: pygame.Rect, content_height: int) -> None:
        """The box and the content's height for this frame."""
        self.rect = pygame.Rect(rect)
        self.content_height = max(0, content_height)
        if self._at_bottom and self._drag is None:
            self.offset = self.max_offset
        self.offset = max(0, min(self.offset, self.max_offset))

    def scroll(self, pixels: int) -> None:
        self.offset = max(0, min(self.offset + pixels, self.max_offset))
        self._at_bottom = self.stick_to_bottom and self.offset >= self.max_offset

    def thumb_rect(self) -> pygame.Rect | None:
        """The scrollbar's thumb (None when everything fits)."""
        if self.max_offset <= 0 or self.rect.height <= 0:
            return None
        height = max(24, self.rect.height * self.rect.height // max(1, self.content_height))
        height = min(height, self.rect.height)
        y = self.rect.y + (self.rect.height - height) * self.offset // self.max_offset
        return pygame.Rect(self.rect.right - BAR_W, y, BAR_W, height)

    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """Scroll or drag; True when the event was for this box. A click
        (press and release without moving) is kept for `take_click`."""
        if event.type == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(mouse):
                return False
            self.scroll(-int(event.y) * WHEEL_STEP)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            pos = getattr(event, "pos", mouse)
            if not self.rect.collidepoint(pos):
                return False
            thumb = self.thumb_rect()
            on_bar = thumb is not None and pos[0] >= self.rect.right - BAR_W - 4
            if on_bar and thumb is not None and not thumb.collidepoint(pos):
                # a press on the track jumps a page toward it
                self.scroll(self.rect.height if pos[1] > thumb.centery else -self.rect.height)
            self._drag = ("thumb" if on_bar else "content", pos[1], self.offset)
            self._moved = on_bar
            return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            what, start_y, start_offset = self._drag
            dy = getattr(event, "pos", mouse)[1] - start_y
            if abs(dy) >= DRAG_SLOP:
                self._moved = True
            if self._moved:
                if what == "thumb":
                    thumb = self.thumb_rect()
                    track = self.rect.height - (thumb.height if thumb is not None else 0)
                    self.offset = start_offset + dy * self.max_offset // max(1, track)
                else:
                    self.offset = start_offset - dy
                self.scroll(0)
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and self._drag is not None:
            self._drag = None
            if not self._moved:
                pos = getattr(event, "pos", mouse)
                self._click = (pos[0] - self.rect.x, pos[1] - self.rect.y + self.offset)
            return True
        return False

    def take_click(self) -> tuple[int, int] | None:
        """Where the last click landed, in content coordinates (once)."""
        click, self._click = self._click, None
        return click

    def release(self) -> None:
        """Forget a drag in progress (the window lost the mouse)."""
        self._drag = None

    def draw_bar(self, surface: pygame.Surface) -> None:
        thumb = self.thumb_rect()
        if thumb is None:
            return
        track = pygame.Rect(thumb.x, self.rect.y, BAR_W, self.rect.height)
        pygame.draw.rect(surface, colour("ui", "menu_veil"), track, border_radius=4)
        pygame.draw.rect(surface, colour("ui", "text_dim"), thumb, border_radius=4)

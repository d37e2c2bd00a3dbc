"""pygame-gui's tooltips, made to fit what they say and where they go.

Its tooltips are a fixed 170 px wide, which cut words of a French sentence
across lines ("l’ordinat-", "-eur"), and open under their button whatever
lies there (the toolbar's opened over the instruction pill). Here a tooltip
is as wide as its text needs, never narrower than its longest word; and it
stays off the rectangles the scene on top asks to keep clear
(``Scene.tooltip_avoid``), going beside them when it can.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITooltip

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.resources import font

#: The tooltip text's font size and the box's padding (theme "tool_tip.text_box").
TEXT_PX, PAD_X = 17, 10
#: What the text box adds to the text's width (padding, border, a pixel of slack).
CHROME_W = 2 * PAD_X + 24
#: The widest a tooltip grows before it wraps (and the least it is).
MAX_W, MIN_W = 440, 60
#: Gap between a tooltip and what it keeps clear of.
GAP = 8

AvoidRects = Callable[[], Sequence[pygame.Rect]]


def tooltip_width(text: str) -> int:
    """The width a tooltip needs for `text` (already translated): on one line
    when it fits ``MAX_W``, else wrapped at ``MAX_W``; never narrower than
    its longest word, which pygame-gui would cut in two."""
    plain = re.sub(r"<[^>]+>", "", text)
    fnt = font(TEXT_PX)
    whole = max((fnt.size(line)[0] for line in plain.splitlines() or [""]), default=0)
    longest = max((fnt.size(word)[0] for word in plain.split()), default=0)
    return max(MIN_W, min(MAX_W, whole + CHROME_W), longest + CHROME_W)


def _said(text: str, text_kwargs: dict[str, str] | None) -> str:
    """The words a tooltip shows: a key translated (the text box will)."""
    if text.startswith(i18n.NAMESPACE + "."):
        return i18n.tr(text, **(text_kwargs or {}))
    return text


def clear_position(box: pygame.Rect, target: pygame.Rect, avoid: Sequence[pygame.Rect],
                   window: pygame.Rect) -> pygame.Rect:
    """`box` moved off every rectangle of `avoid` (beside its `target`, the
    element it speaks of, then past each rectangle's sides), inside `window`;
    unmoved when it is clear already or nowhere is."""
    blocking = [r for r in avoid if r.colliderect(box)]
    if not blocking:
        return box
    x, y = target.center
    candidates = [box.move(0, 0),
                  pygame.Rect(target.right + GAP, y - box.height // 2, box.width, box.height),
                  pygame.Rect(target.left - GAP - box.width, y - box.height // 2, box.width, box.height)]
    for rect in blocking:
        candidates += [
            pygame.Rect(rect.right + GAP, y - box.height // 2, box.width, box.height),
            pygame.Rect(rect.left - GAP - box.width, y - box.height // 2, box.width, box.height),
            pygame.Rect(x - box.width // 2, rect.bottom + GAP, box.width, box.height),
            pygame.Rect(x + GAP, box.y, box.width, box.height),
        ]
    for candidate in candidates[1:]:
        placed = candidate.clamp(window)
        if not any(r.colliderect(placed) for r in avoid):
            return placed
    return box


class ClearTooltip(UITooltip):  # type: ignore[misc]
    """A tooltip that keeps off the rectangles its manager is told to."""

    avoid: AvoidRects = staticmethod(lambda: ())  # type: ignore[assignment]

    def find_valid_position(self, position: Any) -> bool:
        found = bool(super().find_valid_position(position))
        window = self.ui_manager.get_root_container().get_rect()
        parent = getattr(self, "parent_element", None)
        target = parent.get_abs_rect() if parent is not None else \
            pygame.Rect(int(position[0]), int(position[1]), 1, 1)
        moved = clear_position(self.rect.copy(), target, self.avoid(), window)
        if moved != self.rect:
            self.rect.topleft = moved.topleft
            self.relative_rect = self.rect.copy()
            if self.text_block is not None:
                self.text_block.set_position(self.rect.topleft)
        return found


class TidyUIManager(pygame_gui.UIManager):  # type: ignore[misc]
    """pygame-gui's manager, with tooltips that fit their words and keep
    off what the scene on top needs seen (``avoid`` returns its rectangles)."""

    def __init__(self, *args: Any, avoid: AvoidRects = lambda: (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tooltip_avoid = avoid

    def create_new_theme(self, theme_path: Any = None) -> Any:
        """pygame-gui's theme with a cheap look-up of theming ids (ui/theme_ids.py)."""
        from carcassonne_desktop.ui.theme_ids import QuickIdTheme

        theme = QuickIdTheme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme

    def create_tool_tip(self, text: str, position: tuple[int, int], hover_distance: tuple[int, int],
                        parent_element: Any, object_id: Any, *, wrap_width: int | None = None,
                        text_kwargs: dict[str, str] | None = None) -> Any:
        width = wrap_width if wrap_width is not None else tooltip_width(_said(text, text_kwargs))
        tool_tip = ClearTooltip(text, hover_distance, self, text_kwargs=text_kwargs,
                                parent_element=parent_element, object_id=object_id, wrap_width=width)
        tool_tip.avoid = self.tooltip_avoid
        tool_tip.find_valid_position(pygame.math.Vector2(position[0], position[1]))
        return tool_tip

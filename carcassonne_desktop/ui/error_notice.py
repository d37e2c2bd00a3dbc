"""The window that tells the family a screen failed and the game went back to
the main menu (``App.recover``), and whether their game was saved first.

The error is shown on one short line (its kind and message, control
characters escaped, cut to :data:`MAX_DETAIL` characters): enough to report
it, never a traceback; the log has the whole of it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.errors import one_line
from carcassonne_desktop.ui.dialogs import message_window

MAX_DETAIL = 160
SIZE = (560, 300)


def describe(error: BaseException) -> str:
    """The error on one printable line of at most :data:`MAX_DETAIL` characters."""
    words = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return one_line(words, MAX_DETAIL)


def notice_text(error: BaseException, saved: Sequence[bool]) -> str:
    """What the window says: the error, then what became of the games on screen
    (``saved``: one answer per game the app tried to save, none when no game
    was open)."""
    lines = [i18n.tr("app.error.body", error=describe(error))]
    if saved:
        lines.append(i18n.tr("app.error.saved" if all(saved) else "app.error.not_saved"))
    return " ".join(lines)


def show_error_notice(manager: pygame_gui.UIManager, screen_size: tuple[int, int],
                      error: BaseException,
                      saved: Sequence[bool]) -> pygame_gui.windows.UIMessageWindow:
    """Open the window in the middle of the screen (closed by its button)."""
    rect = pygame.Rect(0, 0, min(SIZE[0], screen_size[0] - 40), min(SIZE[1], screen_size[1] - 40))
    rect.center = (screen_size[0] // 2, screen_size[1] // 2)
    return message_window(manager, rect, html.escape(notice_text(error, saved), quote=False),
                          i18n.tr("app.error.title"))

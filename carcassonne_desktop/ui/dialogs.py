"""Yes/no questions in a window, with buttons a child can hit.

pygame-gui's confirmation dialog sizes its buttons to their text at 30
pixels high, squeezed into the corner; for a family game (and touch-pads)
the two answers get the size of the game's other buttons and a margin."""

from __future__ import annotations

import pygame
import pygame_gui

BUTTON_HEIGHT = 44
MIN_BUTTON_WIDTH = 140
MARGIN = 12
TEXT_PADDING = 36


def confirmation_dialog(
    manager: pygame_gui.UIManager, rect: pygame.Rect, body: str, title: str, confirm: str
) -> pygame_gui.windows.UIConfirmationDialog:
    """A blocking-free confirmation dialog with roomy buttons (texts are
    translation keys or plain text, as pygame-gui accepts)."""
    dialog = pygame_gui.windows.UIConfirmationDialog(
        rect, body, manager, window_title=title, action_short_name=confirm)
    enlarge_buttons(dialog)
    return dialog


def enlarge_buttons(dialog: pygame_gui.windows.UIConfirmationDialog) -> None:
    cancel, confirm = dialog.cancel_button, dialog.confirm_button
    widths = [max(button.rect.width + TEXT_PADDING, MIN_BUTTON_WIDTH) for button in (cancel, confirm)]
    for button, width in zip((cancel, confirm), widths):
        button.set_dimensions((width, BUTTON_HEIGHT))
        # Anchored to the bottom-right corner (the confirm button to the
        # cancel button's left edge): offsets count leftwards and upwards.
        button.set_relative_position((-MARGIN - width, -MARGIN - BUTTON_HEIGHT))
    inner_width, inner_height = dialog.get_container().get_size()
    dialog.confirmation_text.set_dimensions(
        (inner_width - 10, inner_height - BUTTON_HEIGHT - 2 * MARGIN - 5))

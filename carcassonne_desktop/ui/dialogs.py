"""Yes/no questions and messages in a window, with buttons a child can hit.

pygame-gui's confirmation dialog sizes its buttons to their text at 30
pixels high, squeezed into the corner; for a family game (and touch-pads)
the two answers get the size of the game's other buttons and a margin."""

from __future__ import annotations

import pygame
import pygame_gui

from carcassonne_desktop import i18n

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
    for button in (dialog.cancel_button, dialog.confirm_button):
        _roomy(button)
    inner_width, inner_height = dialog.get_container().get_size()
    dialog.confirmation_text.set_dimensions(
        (inner_width - 10, inner_height - BUTTON_HEIGHT - 2 * MARGIN - 5))


def message_window(manager: pygame_gui.UIManager, rect: pygame.Rect, body: str,
                   title: str) -> pygame_gui.windows.UIMessageWindow:
    """A message (HTML body) with one roomy button, the game's own "Close":
    pygame-gui's is small and its "Dismiss" tooltip is English only."""
    window = pygame_gui.windows.UIMessageWindow(rect, body, manager, window_title=title,
                                                always_on_top=True)
    button = window.dismiss_button
    button.set_text(i18n.key("common.close"))
    button.tool_tip_text = None
    _roomy(button)
    inner_width, inner_height = window.get_container().get_size()
    window.text_block.set_dimensions((inner_width, inner_height - BUTTON_HEIGHT - 2 * MARGIN))
    return window


def _roomy(button: pygame_gui.elements.UIButton) -> None:
    """The game's button size for a button anchored to a window's bottom-right
    corner (or to another button's left edge): offsets count leftwards and upwards."""
    width = max(button.rect.width + TEXT_PADDING, MIN_BUTTON_WIDTH)
    button.set_dimensions((width, BUTTON_HEIGHT))
    button.set_relative_position((-MARGIN - width, -MARGIN - BUTTON_HEIGHT))

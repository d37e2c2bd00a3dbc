"""Settings: language, computer-turn speed, auto-confirm, full screen.

Every change applies at once and is saved at once: there is no "Apply" button
to forget.
"""

from __future__ import annotations

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.persistence.settings import AI_SPEEDS, FOLLOW_SYSTEM
from carcassonne_desktop.ui.panel_scene import PanelScene

ROW_H = 56
LABEL_W = 330


class SettingsScene(PanelScene):
    title_key = "settings.title"
    panel_size = (760, 596)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.language_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self.speed_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self.auto_confirm_box: pygame_gui.elements.UICheckBox | None = None
        self.handoff_box: pygame_gui.elements.UICheckBox | None = None
        self.suggestions_box: pygame_gui.elements.UICheckBox | None = None
        self.fullscreen_box: pygame_gui.elements.UICheckBox | None = None
        self.sound_box: pygame_gui.elements.UICheckBox | None = None

    def build_panel(self, panel: pygame_gui.elements.UIPanel, area: pygame.Rect) -> None:
        assert self.app is not None
        settings = self.app.settings
        x, y = area.x, area.y + 8
        field_w = area.width - LABEL_W

        def label(key: str, row_y: int) -> None:
            pygame_gui.elements.UILabel(pygame.Rect(x, row_y, LABEL_W - 10, 44), i18n.key(key),
                                        self.manager, container=panel)

        label("settings.language", y)
        system = i18n.tr("settings.language_system",
                         name=i18n.language_name(i18n.detect_default_language()))
        # "system" first: a new install follows the computer's language
        languages = [(system, FOLLOW_SYSTEM)] + [(i18n.language_name(c), c) for c in i18n.available_languages()]
        current = settings.language or FOLLOW_SYSTEM
        start = next((opt for opt in languages if opt[1] == current), languages[0])
        self.language_menu = pygame_gui.elements.UIDropDownMenu(
            languages, start, pygame.Rect(x + LABEL_W, y, field_w, 44), self.manager, container=panel)
        y += ROW_H
        label("settings.ai_speed", y)
        speeds = [(i18n.tr(f"settings.speed_{s}"), s) for s in AI_SPEEDS]
        start = next((opt for opt in speeds if opt[1] == settings.ai_speed), speeds[1])
        self.speed_menu = pygame_gui.elements.UIDropDownMenu(
            speeds, start, pygame.Rect(x + LABEL_W, y, field_w, 44), self.manager, container=panel)
        y += ROW_H + 8
        # the check boxes share what is left above the "saved" line: a short
        # window tightens their rows rather than pushing that line onto Back
        check_h = max(38, min(ROW_H, (area.bottom - y - 40) // 6))
        self.auto_confirm_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(x, y + 8, 28, 28), i18n.key("settings.auto_confirm"), self.manager, container=panel,
            initial_state=settings.auto_confirm, tool_tip_text=i18n.key("settings.auto_confirm_tip"))
        y += check_h
        self.suggestions_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(x, y + 8, 28, 28), i18n.key("settings.follow_suggestions"), self.manager,
            container=panel, initial_state=settings.follow_suggestions,
            tool_tip_text=i18n.key("settings.follow_suggestions_tip"))
        y += check_h
        self.steady_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(x, y + 8, 28, 28), i18n.key("settings.steady_hand"), self.manager,
            container=panel, initial_state=settings.steady_hand,
            tool_tip_text=i18n.key("settings.steady_hand_tip"))
        y += check_h
        self.handoff_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(x, y + 8, 28, 28), i18n.key("settings.handoff_screen"), self.manager,
            container=panel, initial_state=settings.handoff_screen,
            tool_tip_text=i18n.key("settings.handoff_screen_tip"))
        y += check_h
        self.fullscreen_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(x, y + 8, 28, 28), i18n.key("settings.fullscreen"), self.manager, container=panel,
            initial_state=self.app.fullscreen)
        y += check_h
        self.sound_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(x, y + 8, 28, 28), i18n.key("settings.sound"), self.manager, container=panel,
            initial_state=settings.sound)
        y += check_h
        self.saved_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, area.width, 32), i18n.key("settings.saved"),
            self.manager, container=panel, object_id="#hint")

    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.language_menu:
                choice = event.selected_option_id
                self.app.set_language(None if choice == FOLLOW_SYSTEM else choice)
                return True
            if event.ui_element is self.speed_menu:
                self.app.settings.ai_speed = event.selected_option_id
                self.app.save_settings()
                return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if event.ui_element is self.auto_confirm_box:
                self.app.settings.auto_confirm = checked
            elif event.ui_element is self.suggestions_box:
                self.app.settings.follow_suggestions = checked
                self.app.save_settings()
                return True
            elif event.ui_element is self.steady_box:
                self.app.settings.steady_hand = checked
                self.app.save_settings()
                return True
            elif event.ui_element is self.handoff_box:
                self.app.settings.handoff_screen = checked
                self.app.save_settings()
                return True
            if event.ui_element is self.fullscreen_box:
                self.app.set_fullscreen(checked)
                return True
            if event.ui_element is self.sound_box:
                self.app.settings.sound = checked
                self.app.sounds.set_enabled(checked)
                self.app.save_settings()
                if checked:
                    self.app.sounds.play("figure")  # let them hear it is on
                return True
        return super().handle_event(event)

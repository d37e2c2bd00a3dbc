"""New-game setup: 2 to 8 seats (name, colour, human or computer), a box to
start from, options, expansions grouped by box, and the expected length.

The screen edits a plain model (:class:`SetupModel`, ``ui/setup_model.py``)
and rebuilds its widgets from it, so resizing the window or switching language
never loses what the player typed; the box menu and the list of options and
expansions are built by ``ui/setup_choices.py``. Starting calls
``on_start(setup)`` with the "setup" part of a game record (DESIGN.md section
5); the choices are remembered through the settings, on leaving too.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.art.meeples import player_colour_names, render_meeple
from carcassonne_desktop.ui.game_length import expected_minutes, pace
from carcassonne_desktop.ui.game_log import wrap
from carcassonne_desktop.ui.panel_scene import MARGIN, PanelScene
from carcassonne_desktop.ui.resources import font
from carcassonne_desktop.ui.setup_choices import (
    BOX_IDS,
    CUSTOM,
    LABEL_X,
    SCROLLBAR_ROOM,
    box_choice,
    box_holds,
    build_box_menu,
    build_choices,
    localised,
    matching_box,
)

# the model lives in its own module; these names stay importable from here
from carcassonne_desktop.ui.setup_model import (  # noqa: F401
    DEFAULT_COMPUTER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OptionChoice,
    Seat,
    SetupModel,
    default_options,
    option_choices,
    option_names,
)

ABOUT_MIN_H = 90  # three lines of the about box under the seats, else it floats over them
HINT_MIN_H = 64  # the two lines of "point at a choice..." under the seats while the box floats
ABOUT_LINE_SPACING = 1.4  # a text box's line height over its font's line size
#: The expansion descriptions' font size (theme "#hint_box") and what its text box adds.
DESCRIPTION_FONT, DESCRIPTION_PADDING = 17, 12
ROW_H = 50
#: Tighter seat rows, tried in turn when 7 or 8 seats would leave no room under
#: them for the longest description (which then floated over the last seats).
SEAT_ROW_HEIGHTS = (ROW_H, 45, 40)
#: The seat menus' font (theme "button"), the compact one for small windows
#: (theme "#compact_menu"), and what a drop-down adds to its label's width.
MENU_FONT, MENU_FONT_SMALL = 20, 15
MENU_CHROME_W = 52
NAME_MIN_W = 120


class SetupScene(PanelScene):
    """The new-game screen."""

    title_key = "setup.title"
    panel_size = (1180, 860)

    def __init__(self, app, on_start: Callable[[dict[str, Any]], None]) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.on_start = on_start
        hooks = app.hooks
        self.controllers = ["human"] + [f"ai:{level}" for level in hooks.ai_levels]
        self.expansion_info: list[dict[str, Any]] = [
            e for e in hooks.expansions if e["id"] != "base"]
        #: The expansions this game has, the base game first (what the boxes hold).
        self.registered = ["base"] + [e["id"] for e in self.expansion_info]
        remembered = app.settings.last_setup
        self.model = (SetupModel.from_setup(remembered, self.controllers, self.registered)
                      if remembered else SetupModel.default())
        self.model.fit_controllers(self.controllers)
        self._seat_widgets: list[dict[str, Any]] = []
        self._option_boxes: dict[Any, str] = {}
        self._expansion_boxes: dict[Any, str] = {}
        self.add_button: pygame_gui.elements.UIButton | None = None
        self.start_button: pygame_gui.elements.UIButton | None = None
        self.expansion_list: pygame_gui.elements.UIScrollingContainer | None = None
        self.box_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self._box_widgets: list[Any] = []
        self.length_label: pygame_gui.elements.UILabel | None = None
        self.about_box: pygame_gui.elements.UITextBox | None = None
        self.about_floats = False  # shown only while a choice is pointed at
        self._about_room = pygame.Rect(0, 0, 0, 0)
        self._about_home = pygame.Rect(0, 0, 0, 0)  # where the about box stands when nothing hangs over it
        self._about_float = pygame.Rect(0, 0, 0, 0)  # where a floating box shows a pointed text
        self._about_rest: pygame.Rect | None = None  # where it shows the hint meanwhile, if room
        self._about_shown = ""
        self.error_label: pygame_gui.elements.UILabel | None = None

    # ----------------------------------------------------------------- widgets

    def controller_label(self, controller: str) -> str:
        if controller == "human":
            return i18n.tr("setup.human")
        level = controller.split(":", 1)[1]
        text = i18n.tr(f"ai.{level}")
        return text if text != i18n.key(f"ai.{level}") else i18n.tr("ai.generic", level=level)

    @staticmethod
    def _menu_width(labels: Sequence[str], size: int) -> int:
        """A drop-down wide enough for its longest label, its padding and its arrow."""
        return max(font(size, bold=True).size(label)[0] for label in labels) + MENU_CHROME_W

    def _seat_row_width(self, size: int) -> int:
        """The width a row of seat widgets needs with menus in font ``size``."""
        colours = [i18n.tr(f"colour.{c}").capitalize() for c in player_colour_names()]
        levels = [self.controller_label(c) for c in self.controllers]
        return 44 + NAME_MIN_W + self._menu_width(colours, size) + self._menu_width(levels, size) + 48 + 24

    def build_panel(self, panel: pygame_gui.elements.UIPanel, area: pygame.Rect) -> None:
        self._seat_widgets = []
        # a small window: the seats take the room their menus need (family
        # table #9: the level list read "Ordinateur (au hasar")
        # ...and the options and expansions two columns of names when they fit
        players_w = max(self._seat_row_width(MENU_FONT_SMALL),
                        min(720, area.width - MARGIN - self._choices_width()))
        side_x = area.x + players_w + MARGIN
        side_w = area.right - side_x
        self._build_seats(panel, pygame.Rect(area.x, area.y, players_w, area.height))
        # the room the seats leave tells what a pointed choice adds (tooltips
        # of boxes in the scrolling list open squeezed in a corner)
        self.about_floats = False
        room = self._about_room
        needed = min(self._about_height(room.width), area.height // 2)
        if room.height < max(ABOUT_MIN_H, needed):
            # Many seats leave too little room under them (8 seats in a 800 px
            # window) for the longest text, which would scroll: the box then
            # floats over the lowest seats while a choice is pointed at, tall
            # enough for that text, and hides otherwise.
            room = pygame.Rect(room.x, room.bottom - needed, room.width, needed)
            self.about_floats = True
        self.about_box = pygame_gui.elements.UITextBox(
            i18n.tr("setup.about_hint"), room, self.manager, container=panel,
            object_id="#about_float" if self.about_floats else "#hint_box")
        # a floating box still says how to use it, where the seats leave room
        # for that sentence (three seats at 960x640: the hint was gone)
        rest = self._about_room
        self._about_rest = rest if self.about_floats and rest.height >= HINT_MIN_H else None
        self._about_float = room
        if self.about_floats and self._about_rest is None:
            self.about_box.hide()
        self._about_home = self._about_rest or room
        self._about_shown = ""
        self._build_side(panel, pygame.Rect(side_x, area.y, side_w, area.height))
        rect = panel.get_relative_rect()
        self.start_button = pygame_gui.elements.UIButton(
            pygame.Rect(rect.width - MARGIN - 320, rect.height - 70, 320, 52), i18n.key("setup.start"),
            self.manager, container=panel, object_id="#primary_button")
        between = pygame.Rect(MARGIN + 196, rect.height - 66, rect.width - 2 * MARGIN - 536, 44)
        self.length_label = pygame_gui.elements.UILabel(between, "", self.manager, container=panel,
                                                        object_id="#hint")
        self.error_label = pygame_gui.elements.UILabel(between, "", self.manager, container=panel,
                                                       object_id="#error")
        self._box_widgets = []
        self._build_box_menu()
        self._refresh_errors()

    def _build_seats(self, panel: pygame_gui.elements.UIPanel, area: pygame.Rect) -> None:
        x, y = area.x, area.y
        pygame_gui.elements.UILabel(pygame.Rect(x, y, area.width, 34), i18n.key("setup.players"),
                                    self.manager, container=panel, object_id="#subheading")
        y += 40
        colour_options = [(i18n.tr(f"colour.{c}").capitalize(), c) for c in player_colour_names()]
        ctrl_options = [(self.controller_label(c), c) for c in self.controllers]
        menu_font, menu_id = MENU_FONT, None
        if area.width < self._seat_row_width(MENU_FONT):
            menu_font, menu_id = MENU_FONT_SMALL, "#compact_menu"
        colour_w = self._menu_width([label for label, _ in colour_options], menu_font)
        ctrl_w = self._menu_width([label for label, _ in ctrl_options], menu_font)
        name_w = max(NAME_MIN_W, area.width - colour_w - ctrl_w - 44 - 48 - 24)
        row_h = self._seat_row_height(area, y)
        widget_h = row_h - 6
        for i, seat in enumerate(self.model.seats):
            row_y = y + i * row_h
            sprite = render_meeple("follower", seat.color, widget_h - 4)
            pygame_gui.elements.UIImage(pygame.Rect(x, row_y + 2, widget_h - 4, widget_h - 4), sprite,
                                        self.manager, container=panel)
            cx = x + 44
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(cx, row_y, name_w, widget_h), self.manager, container=panel)
            entry.set_text_length_limit(24)
            entry.set_text(seat.name)
            cx += name_w + 8
            colour_menu = pygame_gui.elements.UIDropDownMenu(
                colour_options, next(o for o in colour_options if o[1] == seat.color),
                pygame.Rect(cx, row_y, colour_w, widget_h), self.manager, container=panel,
                object_id=menu_id)
            cx += colour_w + 8
            ctrl_menu = pygame_gui.elements.UIDropDownMenu(
                ctrl_options, next(o for o in ctrl_options if o[1] == seat.controller),
                pygame.Rect(cx, row_y, ctrl_w, widget_h), self.manager, container=panel,
                object_id=menu_id)
            cx += ctrl_w + 8
            remove = pygame_gui.elements.UIButton(
                pygame.Rect(cx, row_y, 48, widget_h), "\u00d7", self.manager, container=panel,
                tool_tip_text=i18n.key("setup.remove_player"))
            if len(self.model.seats) <= MIN_PLAYERS:
                remove.disable()
            self._seat_widgets.append({"name": entry, "colour": colour_menu, "controller": ctrl_menu,
                                       "remove": remove})
        add_y = y + len(self.model.seats) * row_h + 6
        about_y = add_y + 16
        self.add_button = None
        if len(self.model.seats) < MAX_PLAYERS:
            # at the most seats the table allows there is no button at all: a
            # greyed one only peeked out from under the floating description
            self.add_button = pygame_gui.elements.UIButton(
                pygame.Rect(x + 44, add_y, 260, 46), i18n.key("setup.add_player"), self.manager,
                container=panel)
            about_y = add_y + 46 + 24
        self._about_room = pygame.Rect(x + 44, about_y, area.width - 44, area.bottom - about_y)

    def _seat_row_height(self, area: pygame.Rect, top: int) -> int:
        """The tallest seat row that still leaves the about box room for its
        longest text under the seats (the tightest when none does: it floats)."""
        needed = max(ABOUT_MIN_H, min(self._about_height(area.width - 44), area.height // 2))
        below = 22 if len(self.model.seats) >= MAX_PLAYERS else 6 + 46 + 24
        for row_h in SEAT_ROW_HEIGHTS:
            if area.bottom - (top + len(self.model.seats) * row_h + below) >= needed:
                return row_h
        return SEAT_ROW_HEIGHTS[-1]

    def _build_side(self, panel: pygame_gui.elements.UIPanel, area: pygame.Rect) -> None:
        """The options and the expansions grouped by box, in one list that
        runs down to the button row (the area already leaves it out)."""
        language = i18n.current_language()
        options = [(name, bool(self.model.options.get(name)))
                   for name in option_names(self.model.expansions)]
        expansions = [(info["id"], localised(info.get("name"), language) or info["id"])
                      for info in self.expansion_info]
        choices = build_choices(self.manager, panel, area, options, expansions,
                                self.model.expansions)
        self.expansion_list = choices.scroller
        self._option_boxes = choices.option_boxes
        self._expansion_boxes = choices.expansion_boxes

    def _choices_width(self) -> int:
        """The width the options and expansions want: two columns of names."""
        label_font = self.manager.get_theme().get_font(["label"])
        language = i18n.current_language()
        names = [localised(info.get("name"), language) for info in self.expansion_info]
        widest = max((label_font.size(n)[0] for n in names), default=0)
        return 2 * (LABEL_X + widest + 12) + SCROLLBAR_ROOM

    # ----------------------------------------------------------------- boxes

    def current_box(self) -> str:
        """The box the ticks and rules match, or CUSTOM."""
        return matching_box(self.model.expansions, self.model.options, self.registered,
                            default_options())

    def _build_box_menu(self) -> None:
        """The box menu on the heading's line (built again when a tick
        changes which box the choice matches)."""
        panel = self.panel
        if panel is None:
            return
        for widget in self._box_widgets:
            widget.kill()
        title_w = font(28, bold=True).size(i18n.tr(self.title_key))[0]
        right = panel.get_relative_rect().width - MARGIN
        caption, self.box_menu = build_box_menu(self.manager, panel, right, MARGIN + title_w + 24,
                                                self.current_box(), self.registered)
        self._box_widgets = [caption, self.box_menu]

    def choose_box(self, box_id: str) -> None:
        """Start again from a box: its expansions ticked, its rules set; the
        names, seats and the table's own options (farmers...) stay."""
        if box_id == CUSTOM:
            return
        expansions, options = box_choice(box_id, self.registered, default_options())
        self.model.expansions = expansions
        self.model.options.update(options)
        self._sync_names()
        self.rebuild_ui()

    def _refresh_length(self) -> None:
        if self.length_label is None:
            return
        turns, _ = pace(self.model.expansions)
        minutes = expected_minutes(self.model.expansions, [s.controller for s in self.model.seats],
                                   self.app.settings.ai_speed if self.app is not None else "normal")
        self.length_label.set_text(i18n.tr("setup.length", minutes=minutes, turns=round(turns)))

    def _refresh_errors(self) -> None:
        """The first problem, or when there is none the expected length (one place)."""
        problems = self.model.errors()
        self._refresh_length()
        if self.length_label is not None:
            if problems:
                self.length_label.hide()
            else:
                self.length_label.show()
        if self.error_label is not None:
            self.error_label.set_text(i18n.key(problems[0]) if problems else "",
                                      text_kwargs=self.error_params(problems))
        if self.start_button is not None:
            if problems:
                self.start_button.disable()
            else:
                self.start_button.enable()

    def error_params(self, problems: Sequence[str]) -> dict[str, str]:
        """The name two seats share, for "Two players are both called …"."""
        if not problems or problems[0] != "setup.error_same_names":
            return {}
        first = min(self.model.duplicate_names())
        return {"name": self.model.seats[first].name.strip()}

    def pointed_about(self, mouse: tuple[int, int]) -> str:
        """What the box, option or expansion under the mouse adds ("" over none)."""
        pointed_box = self._pointed_box(mouse)
        if pointed_box:
            language = i18n.current_language()
            names = {info["id"]: localised(info.get("name"), language) for info in self.expansion_info}
            return box_holds(pointed_box, self.registered, names)
        # a row scrolled out of the list's sight is not pointed at
        if self.expansion_list is None or not self.expansion_list.get_abs_rect().collidepoint(mouse):
            return ""
        for box, exp_id in self._expansion_boxes.items():
            if _box_area(box).collidepoint(mouse):
                info = next(i for i in self.expansion_info if i["id"] == exp_id)
                return localised(info.get("description"), i18n.current_language())
        for box, name in self._option_boxes.items():
            if _box_area(box).collidepoint(mouse):
                return i18n.tr(f"setup.{name}_tip")
        return ""

    def _pointed_box(self, mouse: tuple[int, int]) -> str:
        """The box whose menu item (or closed menu) is under the mouse, or ""."""
        menu = self.box_menu
        if menu is None or not menu.alive():
            return ""
        state = menu.current_state
        items = getattr(getattr(state, "options_selection_list", None), "item_list", None)
        if items:  # open: the item pointed at
            for item in items:
                button = item.get("button_element")
                if button is not None and button.get_abs_rect().collidepoint(mouse):
                    return str(item.get("object_id") or item["text"])
            return ""
        if menu.get_abs_rect().collidepoint(mouse):
            return self.current_box()
        return ""

    def _about_height(self, width: int) -> int:
        """The height the about box needs for its longest text at ``width``."""
        language = i18n.current_language()
        texts = [localised(info.get("description"), language) for info in self.expansion_info]
        texts += [i18n.tr(f"setup.{name}_tip") for name in option_names()]
        names = {info["id"]: localised(info.get("name"), language) for info in self.expansion_info}
        texts += [box_holds(b, self.registered, names) for b in (*BOX_IDS, CUSTOM)]
        hint_font = font(DESCRIPTION_FONT)
        # pygame-gui spaces the lines of a text box wider than the font's line size
        lines = max((len(wrap(text, hint_font, width - 3 * DESCRIPTION_PADDING)) for text in texts if text),
                    default=1)
        return int(lines * hint_font.get_linesize() * ABOUT_LINE_SPACING) + 2 * DESCRIPTION_PADDING

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.about_box is None:
            return
        pointed = self.pointed_about(pygame.mouse.get_pos())
        if self.about_floats:
            # pointed at: the box floats, tall enough for the text; else it
            # rests in the room under the seats with the hint, or hides
            self._about_home = self._about_float if pointed or self._about_rest is None else self._about_rest
        self._keep_about_clear()
        if self.about_floats:
            shown = bool(pointed) or self._about_rest is not None
            if shown and not self.about_box.visible:
                self.about_box.show()
            elif not shown and self.about_box.visible:
                self.about_box.hide()
        text = pointed or i18n.tr("setup.about_hint")
        if text != self._about_shown:
            self._about_shown = text
            self.about_box.set_text(text)

    def _keep_about_clear(self) -> None:
        """An open box menu hangs over the seats' column in a small window:
        the about box then starts under its list, so what the pointed box
        holds is read whole (seen under Xvfb at 960x640), and goes back when
        the menu closes."""
        box, menu = self.about_box, self.box_menu
        if box is None or menu is None or self.panel is None:
            return
        home = self._about_home
        target = home
        hanging = getattr(menu.current_state, "options_selection_list", None)
        if hanging is not None and hanging.alive():
            origin = self.panel.get_container().get_abs_rect().topleft
            over = hanging.get_abs_rect().move(-origin[0], -origin[1])
            if over.colliderect(home):
                top = min(over.bottom + 6, home.bottom - ABOUT_MIN_H)
                target = pygame.Rect(home.x, top, home.width, home.bottom - top)
        if box.get_relative_rect() != target:
            box.set_relative_position(target.topleft)
            box.set_dimensions(target.size)

    # ----------------------------------------------------------------- events

    def _sync_names(self) -> None:
        for seat, widgets in zip(self.model.seats, self._seat_widgets):
            seat.name = widgets["name"].get_text()

    def handle_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            self._sync_names()
            self._refresh_errors()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if element is self.box_menu:
                self.choose_box(event.selected_option_id)
                return True
            for i, widgets in enumerate(self._seat_widgets):
                if element is widgets["colour"]:
                    self._set_colour(i, event.selected_option_id)
                    return True
                if element is widgets["controller"]:
                    self.model.seats[i].controller = event.selected_option_id
                    self._refresh_length()  # people take longer than computers
                    return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if element in self._option_boxes:
                self.model.options[self._option_boxes[element]] = checked
                self._build_box_menu()
                return True
            if element in self._expansion_boxes:
                exp = self._expansion_boxes[element]
                shown = option_names(self.model.expansions)
                if checked and exp not in self.model.expansions:
                    self.model.expansions.append(exp)
                elif not checked and exp in self.model.expansions and exp != "base":
                    self.model.expansions.remove(exp)
                if option_names(self.model.expansions) != shown:
                    self._sync_names()
                    self.rebuild_ui()  # the expansion's own options come or go
                else:
                    self._build_box_menu()
                    self._refresh_length()
                return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.add_button:
                self._sync_names()
                self.model.add_seat()
                self.rebuild_ui()
                return True
            if element is self.start_button:
                self.start()
                return True
            for i, widgets in enumerate(self._seat_widgets):
                if element is widgets["remove"]:
                    self._sync_names()
                    self.model.remove_seat(i)
                    self.rebuild_ui()
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return super().handle_event(event)

    def _set_colour(self, index: int, colour_name: str) -> None:
        """Choosing a colour another seat has swaps the two, so colours stay distinct."""
        self._sync_names()
        seats = self.model.seats
        other = next((s for s in seats if s.color == colour_name and s is not seats[index]), None)
        if other is not None:
            other.color = seats[index].color
        seats[index].color = colour_name
        self.rebuild_ui()

    def go_back(self) -> None:
        """Leaving keeps the choice for next time, as starting does."""
        self._remember()
        super().go_back()

    def _remember(self) -> None:
        if self.app is None:
            return
        self._sync_names()
        self.app.settings.last_setup = copy.deepcopy(self.model.to_setup())
        self.app.save_settings()

    def start(self) -> None:
        self._sync_names()
        if self.model.errors():
            self._refresh_errors()
            return
        setup = copy.deepcopy(self.model.to_setup())
        self.on_start(setup)

    def on_language_changed(self) -> None:
        self._sync_names()
        super().on_language_changed()

    def on_resize(self, size: tuple[int, int]) -> None:
        self._sync_names()
        super().on_resize(size)


def _box_area(box: pygame_gui.elements.UICheckBox) -> pygame.Rect:
    """A check box with its label: where pointing at the choice counts."""
    area = box.get_abs_rect()
    if box.text_label is not None:
        area = area.union(box.text_label.get_abs_rect())
    return area

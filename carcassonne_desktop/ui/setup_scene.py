"""New-game setup: 2 to 8 seats (name, colour, human or computer), options, expansions.

The screen edits a plain model (:class:`SetupModel`) and rebuilds its widgets
from it, so resizing the window or switching language never loses what the
player typed. Starting calls ``on_start(setup)`` with the "setup" part of a game
record (DESIGN.md section 5); the choices are remembered through the settings.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.setup import name_problem, same_name_key
from carcassonne_desktop.ui.art.meeples import player_colour_names, render_meeple
from carcassonne_desktop.ui.game_log import wrap
from carcassonne_desktop.ui.panel_scene import MARGIN, PanelScene
from carcassonne_desktop.ui.resources import font

MIN_PLAYERS = 2
MAX_PLAYERS = 8
SCROLLBAR_ROOM = 24
EXPANSION_ROW_H = 36
ABOUT_MIN_H = 90  # three lines of the about box under the seats, else it floats over them
ABOUT_LINE_SPACING = 1.4  # a text box's line height over its font's line size
CHECK_BOX = 26  # a check box; a full row leaves 6 px above it and 4 below
ROW_SPARE = 4  # the gap under a 26 px check box at 6 px from the top of its row
OPTION_ROW_H = 38
#: The expansion descriptions' font size (theme "#hint_box") and what its text box adds.
DESCRIPTION_FONT, DESCRIPTION_PADDING = 17, 12
ROW_H = 50
#: Tighter seat rows, tried in turn when 7 or 8 seats would leave no room under
#: them for the longest description (which then floated over the last seats).
SEAT_ROW_HEIGHTS = (ROW_H, 45, 40)
#: The tightest row of the names-only expansion list (a 26 px check box and a gap).
COMPACT_ROW_H = 30
#: The seat menus' font (theme "button"), the compact one for small windows
#: (theme "#compact_menu"), and what a drop-down adds to its label's width.
MENU_FONT, MENU_FONT_SMALL = 20, 15
MENU_CHROME_W = 52
NAME_MIN_W = 120
# A new computer seat starts at the level a family most often wants: it plays
# sensibly without being crushing (setup lists the others).
DEFAULT_COMPUTER = "ai:medium"


@dataclass(frozen=True)
class OptionChoice:
    """A game option an expansion declares (`Expansion.options`), as the
    setup screen offers it: a check box named by ``setup.<name>`` (its tip
    ``setup.<name>_tip``, in the expansion's i18n fragment), shown while
    `expansion` is chosen (the base game's always)."""

    name: str
    default: bool
    expansion: str


def option_choices() -> tuple[OptionChoice, ...]:
    """Every yes/no option the expansions declare, in registry order (the
    base game's first), so an expansion's option reaches the setup screen
    without a list kept here."""
    from carcassonne_desktop.engine import registry

    return tuple(OptionChoice(name, default, exp_id)
                 for exp_id, cls in registry().items()
                 for name, default in cls.options.items() if isinstance(default, bool))


def option_names(expansions: Sequence[str] | None = None) -> tuple[str, ...]:
    """The options offered with `expansions` chosen (None: every option)."""
    return tuple(o.name for o in option_choices()
                 if expansions is None or o.expansion == "base" or o.expansion in expansions)


def default_options() -> dict[str, bool]:
    return {o.name: o.default for o in option_choices()}


@dataclass
class Seat:
    name: str
    color: str
    controller: str = "human"


@dataclass
class SetupModel:
    """What the setup screen edits; converts to and from the record's setup dict."""

    seats: list[Seat] = field(default_factory=list)
    #: Every declared option's value, chosen expansions or not (a choice is
    #: kept while its expansion is switched off and on again).
    options: dict[str, bool] = field(default_factory=default_options)
    expansions: list[str] = field(default_factory=lambda: ["base"])

    @classmethod
    def default(cls, count: int = 2) -> SetupModel:
        colours = player_colour_names()
        seats = [Seat(i18n.tr("setup.default_name", n=i + 1), colours[i]) for i in range(count)]
        if count >= 2:
            seats[1].controller = DEFAULT_COMPUTER
        return cls(seats)

    @classmethod
    def from_setup(cls, setup: Any, controllers: Sequence[str],
                   expansion_ids: Sequence[str]) -> SetupModel:
        """Rebuild the model from a remembered setup, dropping anything no longer valid.

        The remembered setup comes from the settings file, which a person or a
        crash may have spoilt: any field of the wrong type is ignored on its own
        (the others are kept) rather than stopping "New game".
        """
        model = cls.default()
        if not isinstance(setup, dict):
            return model
        seats = _remembered_seats(setup.get("players"), controllers)
        if len(seats) >= MIN_PLAYERS:
            model.seats = seats
            model.renumber_default_names()
        options = setup.get("options", {})
        if isinstance(options, dict):
            for name in option_names():
                if isinstance(options.get(name), bool):
                    model.options[name] = options[name]
        expansions = setup.get("expansions", [])
        chosen = ([e for e in expansions if isinstance(e, str) and e in expansion_ids]
                  if isinstance(expansions, list) else [])
        model.expansions = ["base"] + [e for e in chosen if e != "base"]
        return model

    def to_setup(self) -> dict[str, Any]:
        return {
            "players": [{"name": s.name.strip(), "color": s.color, "controller": s.controller} for s in self.seats],
            "expansions": list(self.expansions),
            # only the options of the chosen expansions: the engine refuses others
            "options": {name: self.options[name] for name in option_names(self.expansions)
                        if name in self.options},
        }

    def errors(self) -> list[str]:
        """Translation keys of what prevents starting (empty when the setup is valid)."""
        problems: list[str] = []
        if not MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS:
            problems.append("setup.error_players")
        if any(not s.name.strip() for s in self.seats):
            problems.append("setup.error_names")
        if len({s.color for s in self.seats}) != len(self.seats):
            problems.append("setup.error_colours")
        if self.duplicate_names():
            problems.append("setup.error_same_names")
        return problems

    def duplicate_names(self) -> set[int]:
        """Seats whose name another seat already has, as the players would read them
        ("Ann", "ann " and "ANN" are one name); the game refuses two equal names."""
        seen: dict[str, int] = {}
        twins: set[int] = set()
        for index, seat in enumerate(self.seats):
            folded = same_name_key(seat.name)
            if not folded:
                continue
            if folded in seen:
                twins.update((seen[folded], index))
            seen.setdefault(folded, index)
        return twins

    def fit_controllers(self, controllers: Sequence[str]) -> None:
        """Seats asking for a computer level this build does not offer get the
        closest one offered (the default level, else the strongest listed)."""
        computers = [c for c in controllers if c != "human"]
        for seat in self.seats:
            if seat.controller not in controllers:
                seat.controller = (DEFAULT_COMPUTER if DEFAULT_COMPUTER in computers
                                   else computers[-1] if computers else "human")

    def add_seat(self) -> None:
        if len(self.seats) >= MAX_PLAYERS:
            return
        free = [c for c in player_colour_names() if all(s.color != c for s in self.seats)]
        self.seats.append(Seat(i18n.tr("setup.default_name", n=len(self.seats) + 1), free[0],
                               self.seats[-1].controller if self.seats else DEFAULT_COMPUTER))

    def remove_seat(self, index: int) -> None:
        if len(self.seats) > MIN_PLAYERS and 0 <= index < len(self.seats):
            del self.seats[index]
            self.renumber_default_names()

    def renumber_default_names(self) -> None:
        """A seat still called by a default name ("Joueur 3", "Player 3") takes
        the number of its place: with two seats left, nobody is "Joueur 3"
        (family table, second round). Names a player typed are kept."""
        for index, seat in enumerate(self.seats):
            if _is_default_name(seat.name):
                seat.name = i18n.tr("setup.default_name", n=index + 1)


class SetupScene(PanelScene):
    """The new-game screen."""

    title_key = "setup.title"
    panel_size = (1180, 860)

    def __init__(self, app, on_start: Callable[[dict[str, Any]], None]) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.on_start = on_start
        hooks = app.hooks
        self.controllers = ["human"] + [f"ai:{level}" for level in hooks.ai_levels]
        self.expansion_info: list[dict[str, Any]] = list(hooks.expansions)
        remembered = app.settings.last_setup
        ids = [e["id"] for e in self.expansion_info] + ["base"]
        self.model = (SetupModel.from_setup(remembered, self.controllers, ids) if remembered
                      else SetupModel.default())
        self.model.fit_controllers(self.controllers)
        self._seat_widgets: list[dict[str, Any]] = []
        self._option_boxes: dict[Any, str] = {}
        self._expansion_boxes: dict[Any, str] = {}
        self.add_button: pygame_gui.elements.UIButton | None = None
        self.start_button: pygame_gui.elements.UIButton | None = None
        self.expansion_list: pygame_gui.elements.UIScrollingContainer | None = None
        self.expansion_descriptions_shown = False
        self.about_box: pygame_gui.elements.UITextBox | None = None
        self.about_floats = False  # shown only while a choice is pointed at
        self._about_room = pygame.Rect(0, 0, 0, 0)
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
        players_w = min(720, max(int(area.width * 0.6), self._seat_row_width(MENU_FONT_SMALL)))
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
        if self.about_floats:
            self.about_box.hide()
        self._about_shown = ""
        self._build_side(panel, pygame.Rect(side_x, area.y, side_w, area.height))
        rect = panel.get_relative_rect()
        self.start_button = pygame_gui.elements.UIButton(
            pygame.Rect(rect.width - MARGIN - 320, rect.height - 70, 320, 52), i18n.key("setup.start"),
            self.manager, container=panel, object_id="#primary_button")
        self.error_label = pygame_gui.elements.UILabel(
            pygame.Rect(MARGIN + 200, rect.height - 66, rect.width - 2 * MARGIN - 540, 44), "",
            self.manager, container=panel, object_id="#error")
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
        x, y = area.x, area.y
        self._option_boxes = {}
        self._expansion_boxes = {}
        pygame_gui.elements.UILabel(pygame.Rect(x, y, area.width, 34), i18n.key("setup.options"),
                                    self.manager, container=panel, object_id="#subheading")
        y += 40
        for name in option_names(self.model.expansions):
            box = pygame_gui.elements.UICheckBox(
                pygame.Rect(x, y + 6, 26, 26), i18n.key(f"setup.{name}"), self.manager, container=panel,
                initial_state=bool(self.model.options.get(name)))
            self._option_boxes[box] = name
            y += OPTION_ROW_H + self._wrap_option(panel, box, i18n.tr(f"setup.{name}"), area.right)
        y += 8
        pygame_gui.elements.UILabel(pygame.Rect(x, y, area.width, 34), i18n.key("setup.expansions"),
                                    self.manager, container=panel, object_id="#subheading")
        y += 40
        # The list runs down to the button row (the area already leaves it out).
        # Every expansion's name shows at once when the descriptions would not
        # fit (family table: two of ten rows showed): the about box then says a
        # pointed expansion's description, and the rules screen has the whole text.
        room = pygame.Rect(x, y, area.width, max(140, area.bottom - y))
        self.expansion_list = self._build_expansion_list(panel, room)

    def _build_expansion_list(self, panel: pygame_gui.elements.UIPanel,
                              room: pygame.Rect) -> pygame_gui.elements.UIScrollingContainer:
        scroller = pygame_gui.elements.UIScrollingContainer(
            room, self.manager, container=panel, allow_scroll_x=False)
        inner_width = room.width - SCROLLBAR_ROOM
        language = i18n.current_language()
        entries = [(info["id"], _localised(info.get("name"), language) or info["id"],
                    _localised(info.get("description"), language)) for info in self.expansion_info]
        with_descriptions = self._descriptions_fit(entries, inner_width, room.height)
        self.expansion_descriptions_shown = with_descriptions
        row_h, columns = (EXPANSION_ROW_H, 1) if with_descriptions else \
            _names_layout(len(entries), room.height)
        per_column = -(-len(entries) // columns)
        y = 0
        for index, (exp_id, name, description) in enumerate(entries):
            column, row = divmod(index, per_column)
            if columns > 1:
                y = row * row_h
            box = pygame_gui.elements.UICheckBox(
                pygame.Rect(column * inner_width // columns, y + (row_h - CHECK_BOX) // 2,
                            CHECK_BOX, CHECK_BOX),
                name, self.manager, container=scroller,
                initial_state=exp_id in self.model.expansions)
            if exp_id == "base":
                box.disable()
            self._expansion_boxes[box] = exp_id
            y += row_h
            if description and with_descriptions:
                box_text = pygame_gui.elements.UITextBox(
                    description, pygame.Rect(30, y - 6, inner_width - 30, -1),
                    self.manager, container=scroller, object_id="#hint_box")
                # long descriptions wrap over several lines: the next entry goes below
                y += max(30, box_text.get_relative_rect().height - 4)
        if columns > 1:
            y = per_column * row_h
        # the last row needs no gap below it (a list that fits shows no scrollbar)
        scroller.set_scrollable_area_dimensions((inner_width, y - ROW_SPARE))
        return scroller

    @staticmethod
    def _descriptions_fit(entries: Sequence[tuple[str, str, str]], width: int, height: int) -> bool:
        """Whether every expansion with its description fits ``height`` unscrolled
        (measured in the description box's font, with its padding)."""
        hint_font = font(DESCRIPTION_FONT)
        line_h = hint_font.get_linesize()
        total = 0
        for _, _, description in entries:
            total += EXPANSION_ROW_H
            if description:
                lines = len(wrap(description, hint_font, width - 30 - DESCRIPTION_PADDING))
                total += max(30, lines * line_h + DESCRIPTION_PADDING)
        return total <= height

    def _wrap_option(self, panel: pygame_gui.elements.UIPanel, box: pygame_gui.elements.UICheckBox,
                     text: str, right: int) -> int:
        """Wrap an option's label that would run past the panel (a small
        window): its first line stays on the box, the rest go below it.
        Returns the height added."""
        label = box.text_label
        if label is None:
            return 0
        x = label.relative_rect.x
        room = right - x
        # measured in the label's font: the box's own font draws the tick
        text_font = label.font
        if text_font.size(text)[0] <= room:
            return 0
        lines = wrap(text, text_font, room)
        box.set_text(lines[0])
        line_h = text_font.get_rect(text).height + 4
        for index, line in enumerate(lines[1:], start=1):
            pygame_gui.elements.UILabel(
                pygame.Rect(x, label.relative_rect.y + index * line_h, room, line_h), line, self.manager,
                container=panel, object_id="#option_more")
        return (len(lines) - 1) * line_h

    def _refresh_errors(self) -> None:
        problems = self.model.errors()
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
        """What the option or expansion under the mouse adds ("" over none)."""
        if self.expansion_list is not None and self.expansion_list.get_abs_rect().collidepoint(mouse):
            for box, exp_id in self._expansion_boxes.items():
                if _box_area(box).collidepoint(mouse):
                    info = next(i for i in self.expansion_info if i["id"] == exp_id)
                    return _localised(info.get("description"), i18n.current_language())
            return ""
        for box, name in self._option_boxes.items():
            if _box_area(box).collidepoint(mouse):
                return i18n.tr(f"setup.{name}_tip")
        return ""

    def _about_height(self, width: int) -> int:
        """The height the about box needs for its longest text at ``width``."""
        language = i18n.current_language()
        texts = [_localised(info.get("description"), language) for info in self.expansion_info]
        texts += [i18n.tr(f"setup.{name}_tip") for name in option_names()]
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
            if pointed and not self.about_box.visible:
                self.about_box.show()
            elif not pointed and self.about_box.visible:
                self.about_box.hide()
        text = pointed or i18n.tr("setup.about_hint")
        if text != self._about_shown:
            self._about_shown = text
            self.about_box.set_text(text)

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
            for i, widgets in enumerate(self._seat_widgets):
                if element is widgets["colour"]:
                    self._set_colour(i, event.selected_option_id)
                    return True
                if element is widgets["controller"]:
                    self.model.seats[i].controller = event.selected_option_id
                    return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if element in self._option_boxes:
                self.model.options[self._option_boxes[element]] = checked
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


def _usable_name(value: Any) -> bool:
    """A remembered name the entry field can show (a string without control characters)."""
    return isinstance(value, str) and name_problem(value) is None


def _remembered_seats(players: Any, controllers: Sequence[str]) -> list[Seat]:
    """The seats of a remembered setup: each bad field replaced, each bad seat skipped."""
    if not isinstance(players, list):
        return []
    colours = player_colour_names()
    seats: list[Seat] = []
    for player in players[:MAX_PLAYERS]:
        if not isinstance(player, dict):
            continue
        color = player.get("color")
        if color not in colours or any(s.color == color for s in seats):
            color = next(c for c in colours if all(s.color != c for s in seats))
        controller = player.get("controller", "human")
        if controller not in controllers:
            controller = "human"
        name = player.get("name")
        if not _usable_name(name):
            name = i18n.tr("setup.default_name", n=len(seats) + 1)
        seats.append(Seat(name[:24], color, controller))
    return seats


def _is_default_name(name: str) -> bool:
    """Whether `name` is a seat's default name in any language ("Joueur 2", "Player 7")."""
    for code in i18n.available_languages():
        pattern = str(i18n.raw_table(code).get("setup", {}).get("default_name", ""))
        prefix, _, suffix = pattern.partition("%{n}")
        if pattern and name.startswith(prefix) and name.endswith(suffix):
            middle = name[len(prefix):len(name) - len(suffix)]
            if middle.isdigit() and middle.isascii():
                return True
    return False


def _localised(value: Any, language: str) -> str:
    """A ``{"fr": ..., "en": ...}`` value in the current language (or a plain string)."""
    if isinstance(value, dict):
        return str(value.get(language) or value.get("en") or next(iter(value.values()), ""))
    return str(value) if value else ""


def _names_layout(count: int, height: int) -> tuple[int, int]:
    """(row height, columns) of the names-only expansion list: every name in
    sight without scrolling, in one column of rows as tall as fit (no
    tighter than COMPACT_ROW_H), else in two columns."""
    for columns in (1, 2):
        rows = -(-count // columns)
        row_h = min(EXPANSION_ROW_H, (height + ROW_SPARE) // max(rows, 1))
        if row_h >= COMPACT_ROW_H:
            return row_h, columns
    return COMPACT_ROW_H, 2

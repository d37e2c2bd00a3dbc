"""The Save and Load screens: named slots with date, players, turn, scores and
a thumbnail; delete with confirmation; mouse and keyboard.

All decisions live in :class:`~carcassonne_desktop.persistence.browser.SaveBrowser`
(tested without a display); this module only lays out pygame-gui widgets and
forwards clicks and keys to it.

Keys: Up/Down choose a slot, Enter loads (or saves), Delete asks to delete,
Escape closes a dialog or goes back.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Game
from carcassonne_desktop.persistence.browser import SECTIONS, SaveBrowser, SlotView
from carcassonne_desktop.persistence.saves import LoadedGame, SaveInfo
from carcassonne_desktop.persistence.store import SaveStore
from carcassonne_desktop.persistence.strings import text
from carcassonne_desktop.ui.dialogs import confirmation_dialog
from carcassonne_desktop.ui.game_log import wrap
from carcassonne_desktop.ui.hud import fit_text
from carcassonne_desktop.ui.panel_scene import MARGIN, PanelScene
from carcassonne_desktop.ui.resources import font
from carcassonne_desktop.ui.setup_choices import mix_label

if TYPE_CHECKING:
    from carcassonne_desktop.ui.app import App

THUMB_SIZE = (300, 200)
BUTTON_H = 52
HEADER_PREFIX = "header:"
#: A row's lines after its first (theme.json), and their type's size.
MORE_ID, MORE_FONT_SIZE = "#save_more", 16
#: A title's second line (the list's type: not in theme.json).
TITLE_MORE_ID = "#save_title_more"
LIST_FONT_SIZE = 20  # the list's items are buttons: "button" in assets/themes/theme.json
NOTES_HEIGHT = 250  # under the detail: the set-aside notice with its folder, and a refusal


def thumbnail_surface(data: bytes | None, size: tuple[int, int]) -> pygame.Surface | None:
    """A PNG thumbnail scaled to fit ``size``; None when absent or unreadable."""
    if not data:
        return None
    try:
        image = pygame.image.load(io.BytesIO(data), "thumbnail.png")
    except (pygame.error, ValueError):
        return None
    w, h = image.get_size()
    if w == 0 or h == 0:
        return None
    scale = min(size[0] / w, size[1] / h)
    return pygame.transform.smoothscale(image, (max(1, int(w * scale)), max(1, int(h * scale))))


class SaveLoadScene(PanelScene):
    """One scene for both screens; ``mode`` is "load" or "save"."""

    panel_size = (1040, 700)

    def __init__(
        self,
        app: App,
        store: SaveStore,
        mode: str = "load",
        game: Game | None = None,
        thumbnail: bytes | None = None,
        on_loaded: Callable[[LoadedGame], None] | None = None,
        on_saved: Callable[[SaveInfo], None] | None = None,
    ) -> None:
        super().__init__(app)
        if mode == "save" and game is None:
            raise ValueError("the save screen needs the game to save")
        self.browser = SaveBrowser(store, mode)
        self.game = game
        self.thumbnail = thumbnail
        self.on_loaded = on_loaded
        self.on_saved = on_saved
        self.list: pygame_gui.elements.UISelectionList | None = None
        self.name_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.action_button: pygame_gui.elements.UIButton | None = None
        self.delete_button: pygame_gui.elements.UIButton | None = None
        self.detail: pygame_gui.elements.UITextBox | None = None
        self.message: pygame_gui.elements.UITextBox | None = None
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.dialog_kind: str | None = None
        self._thumb_element: pygame_gui.elements.UIImage | None = None
        self._list_area = pygame.Rect(0, 0, 0, 0)
        self._detail_area = pygame.Rect(0, 0, 0, 0)
        #: The list's line (index) of each row's line after its first -> its slot.
        self._more_lines: dict[int, int] = {}
        #: The expansions this game has (the boxes hold), to name a save's mix.
        self._registered = ["base"] + [e["id"] for e in app.hooks.expansions if e["id"] != "base"]
        if mode == "save":
            self.browser.name = self.browser.default_name()

    @property
    def mode(self) -> str:
        return self.browser.mode

    # ------------------------------------------------------------- layout
    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        rect = self.panel_rect()
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=1, manager=self.manager,
                                                 container=root)
        inner_w = rect.width - 2 * MARGIN
        title = text("saves.load_title" if self.mode == "load" else "saves.save_title")
        pygame_gui.elements.UILabel(pygame.Rect(MARGIN, 14, inner_w, 44), title, self.manager,
                                    container=self.panel, object_id="#heading")
        bottom = rect.height - 70
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(MARGIN, bottom, 180, BUTTON_H), i18n.key("common.back"), self.manager,
            container=self.panel)
        self.action_button = pygame_gui.elements.UIButton(
            pygame.Rect(rect.width - MARGIN - 220, bottom, 220, BUTTON_H),
            text("saves.load" if self.mode == "load" else "saves.save"), self.manager,
            container=self.panel, object_id="#primary_button")
        self.delete_button = pygame_gui.elements.UIButton(
            pygame.Rect(rect.width - MARGIN - 220 - 16 - 180, bottom, 180, BUTTON_H),
            text("saves.delete"), self.manager, container=self.panel)
        pygame_gui.elements.UILabel(
            pygame.Rect(MARGIN, 58, inner_w, 28),
            text("saves.hint" if self.mode == "load" else "saves.hint_save"), self.manager,
            container=self.panel, object_id="#hint")
        top = 94
        list_w = int(inner_w * 0.55)
        if self.mode == "save":
            pygame_gui.elements.UILabel(pygame.Rect(MARGIN, top, list_w, 28),
                                        text("saves.name_label"), self.manager,
                                        container=self.panel)
            self.name_entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(MARGIN, top + 30, list_w, 40), self.manager, container=self.panel,
                initial_text=self.browser.name)
            self.name_entry.set_text_length_limit(80)
            top += 80
        self._list_area = pygame.Rect(MARGIN, top, list_w, bottom - 16 - top)
        self._detail_area = pygame.Rect(MARGIN + list_w + 20, 94, inner_w - list_w - 20,
                                        bottom - 16 - 94)
        self._build_list()
        self._build_detail()
        if self.name_entry is not None:
            self.name_entry.focus()

    def _items(self) -> tuple[list[tuple[str, str]], tuple[str, str] | None]:
        items: list[tuple[str, str]] = []
        self._more_lines = {}
        selected = None
        for section in SECTIONS:
            views = [(i, v) for i, v in enumerate(self.browser.slots) if v.section == section]
            if not views or (self.mode == "save" and section != "saves"):
                continue
            if self.mode == "load":
                items.append((f"— {text('saves.section.' + section)} —",
                              f"#{HEADER_PREFIX}{section}"))
            for index, view in views:
                title, about = self._row_lines(view)
                item = (title[0], f"#slot_{index}")
                items.append(item)
                # a list item is one line: the row's others (the title's end,
                # then in a lighter type what the game is) select the same save
                more = [(line, TITLE_MORE_ID) for line in title[1:]] + [(line, MORE_ID) for line in about]
                self._more_lines.update({len(items) + i: index for i in range(len(more))})
                items += more
                if index == self.browser.selected:
                    selected = item
        return items, selected

    def _row_lines(self, view: SlotView) -> tuple[list[str], list[str]]:
        """A save's row: its title on one or two lines, then what tells games
        apart, the expansions and the date (issue 28: a family saw three
        "Tour 1 · P1, P2, P3" and could not tell which box or game each was);
        a damaged file says so. Cut with "…" only past two lines of title.
        Returns the title's lines and the others."""
        width = self._list_area.width - 28
        lines = wrap(view.title, font(LIST_FONT_SIZE, bold=True), width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        if view.info.meta is None:
            about = [text("saves.unreadable_row")]
        else:
            mix = mix_label(view.info.meta.expansions, self._registered)
            about = [text("saves.mix_date", mix=mix, date=view.date) if mix else view.date]
            if mix and fit_text(about[0], MORE_FONT_SIZE, False, width) != about[0]:
                about = [mix, view.date]  # "base + 12 extensions" above the date
        return ([fit_text(line, LIST_FONT_SIZE, True, width) for line in lines],
                [fit_text(line, MORE_FONT_SIZE, False, width) for line in about])

    def _build_list(self) -> None:
        if self.list is not None:
            self.list.kill()
        items, selected = self._items()
        if not items:
            items = [(text("saves.empty"), f"#{HEADER_PREFIX}empty")]
        self.list = pygame_gui.elements.UISelectionList(
            self._list_area, items, self.manager, container=self.panel,
            default_selection=selected)

    def _build_detail(self) -> None:
        for element in (self.detail, self._thumb_element, self.message):
            if element is not None:
                element.kill()
        self.detail = self._thumb_element = self.message = None
        area = self._detail_area
        view = self.browser.current
        y = area.top
        surface = thumbnail_surface(view.thumbnail if view else None, THUMB_SIZE)
        if surface is not None:
            self._thumb_element = pygame_gui.elements.UIImage(
                pygame.Rect(area.left, y, *surface.get_size()), surface, self.manager,
                container=self.panel)
            y += surface.get_height() + 12
        notes = [note for note in (self.browser.message, self.browser.notice) if note]
        # The set-aside notice names a folder: it needs room to be read whole.
        # Without notes the detail takes the column's whole height: room kept
        # for a message that is not there cut the players' lines (a save's
        # fourth line was half hidden until scrolled).
        if self.browser.notice:
            reserve, least = NOTES_HEIGHT, 120
        else:
            reserve, least = (100 if notes else 0), 170
        if view is not None:
            # an unreadable file's reason is in its status ("Unreadable: ...") already
            # one player a line: "(ordinateur)" was cut or left alone on a line
            lines = [f"<b>{_escape(view.title)}</b>", _escape(view.date), _escape(view.status),
                     *(_escape(line) for line in view.player_lines)]
            height = max(least, area.bottom - y - reserve)
            self.detail = pygame_gui.elements.UITextBox(
                "<br>".join(line for line in lines if line),
                pygame.Rect(area.left, y, area.width, height), self.manager,
                container=self.panel)
            y += height + 10
        if notes:
            self.message = pygame_gui.elements.UITextBox(
                "<br>".join(_escape(note) for note in notes),
                pygame.Rect(area.left, y, area.width, max(60, area.bottom - y)),
                self.manager, container=self.panel)
        self._update_buttons(view)

    def _update_buttons(self, view: SlotView | None) -> None:
        if self.delete_button is not None:
            if view is not None and view.can_delete:
                self.delete_button.enable()
            else:
                self.delete_button.disable()
        if self.action_button is not None and self.mode == "load":
            if view is not None and view.can_load:
                self.action_button.enable()
            else:
                self.action_button.disable()

    def _refresh(self) -> None:
        self._build_list()
        self._build_detail()

    # ------------------------------------------------------------- actions
    def _load(self) -> None:
        loaded = self.browser.load_selected()
        if loaded is None:
            self._build_detail()
            return
        if self.on_loaded is not None:
            self.on_loaded(loaded)

    def _save(self, confirmed: bool = False) -> None:
        assert self.game is not None
        if self.name_entry is not None:
            self.browser.name = self.name_entry.get_text()
        if confirmed:
            info = self.browser.confirm_overwrite(self.game, self.thumbnail)
        else:
            info = self.browser.request_save(self.game, self.thumbnail)
            if info is None and self.browser.pending_overwrite is not None:
                self._open_dialog("overwrite", text("saves.overwrite_title"),
                                  self.browser.overwrite_prompt(), text("saves.save"))
                return
        self._refresh()
        if info is not None and self.on_saved is not None:
            self.on_saved(info)

    def _ask_delete(self) -> None:
        if self.browser.request_delete():
            self._open_dialog("delete", text("saves.delete_title"),
                              self.browser.delete_prompt(), text("saves.delete"))
        else:
            self._build_detail()

    def _open_dialog(self, kind: str, title: str, prompt: str, action: str) -> None:
        assert self.app is not None
        if self.name_entry is not None:
            self.name_entry.unfocus()  # Enter now answers the dialog, not the name field
        width, height = self.app.screen_size
        rect = pygame.Rect(0, 0, 500, 260)
        rect.center = (width // 2, height // 2)
        self.dialog = confirmation_dialog(self.manager, rect, prompt, title, action)
        self.dialog_kind = kind

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self.dialog_kind = None
        self.browser.cancel()

    def _on_confirmed(self) -> None:
        kind = self.dialog_kind
        self.dialog = None
        self.dialog_kind = None
        if kind == "delete":
            self.browser.confirm_delete()
            self._refresh()
        elif kind == "overwrite":
            self._save(confirmed=True)

    def _select_item(self, object_id: str | None) -> None:
        if object_id in (MORE_ID, TITLE_MORE_ID) and self.list is not None:
            line = next((i for i, item in enumerate(self.list.item_list) if item["selected"]), -1)
            if line in self._more_lines:
                self.browser.select(self._more_lines[line])
                self._select_first_line(f"#slot_{self._more_lines[line]}")
                self._build_detail()
            return
        if not object_id or HEADER_PREFIX in object_id:
            self._build_list()  # a section heading is not a slot: keep the old selection
            return
        index = int(object_id.rsplit("_", 1)[1])
        self.browser.select(index)
        if self.name_entry is not None and self.mode == "save":
            self.name_entry.set_text(self.browser.name)
        self._build_detail()

    def _select_first_line(self, object_id: str) -> None:
        """Show the selection on a row's first line, the list left where it
        was scrolled (rebuilt, it went back to the top)."""
        assert self.list is not None
        for item in self.list.item_list:
            item["selected"] = item["object_id"] == object_id
            button = item["button_element"]
            if button is not None and item["selected"]:
                button.select()
            elif button is not None:
                button.unselect()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._light_hovered_row()

    def _row_of(self, line: int) -> int | None:
        """The save (slot index) a list line belongs to (None: a heading)."""
        assert self.list is not None
        if line in self._more_lines:
            return self._more_lines[line]
        object_id = self.list.item_list[line]["object_id"]
        return int(object_id.rsplit("_", 1)[1]) if object_id.startswith("#slot_") else None

    def _light_hovered_row(self) -> None:
        """A row's lines are list items of their own (pygame-gui has one
        line an item), so the pointer over one lit that line alone and the
        row looked like two (session 4): every line of the row under the
        pointer shows hovered, those of the chosen save chosen (its first
        line alone did), the others plain."""
        if self.list is None:
            return
        items = self.list.item_list
        rows = [self._row_of(line) for line in range(len(items))]
        hovered = next((row for row, item in zip(rows, items, strict=True)
                        if item["button_element"] is not None and item["button_element"].hovered),
                       None)
        for row, item in zip(rows, items, strict=True):
            button = item["button_element"]
            if button is None or button.hovered or button.drawable_shape is None:
                continue
            lit = hovered is not None and row == hovered
            chosen = button.is_selected or (row is not None and row == self.browser.selected)
            button.drawable_shape.set_active_state(
                "hovered" if lit else "selected" if chosen else "normal")

    @staticmethod
    def _object_id(element: pygame_gui.elements.UISelectionList) -> str | None:
        picked = element.get_single_selection(include_object_id=True)
        return picked[1] if isinstance(picked, tuple) else None

    # ------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                event.ui_element is self.dialog:
            self._on_confirmed()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            self.dialog_kind = None
            self.browser.cancel()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.go_back()
            elif event.ui_element is self.action_button:
                self._load() if self.mode == "load" else self._save()
            elif event.ui_element is self.delete_button:
                self._ask_delete()
            else:
                return False
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.list:
            self._select_item(self._object_id(self.list))
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                event.ui_element is self.list and self.mode == "load":
            self._select_item(self._object_id(self.list))
            self._load()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            if self.dialog is None:
                self._save()
            return True
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event.key)
        return False

    def _handle_key(self, key: int) -> bool:
        if self.dialog is not None:
            if key == pygame.K_ESCAPE:
                self._close_dialog()
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.dialog.kill()
                self._on_confirmed()
                return True
            return False
        if key == pygame.K_ESCAPE:
            self.go_back()
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.browser.move(-1 if key == pygame.K_UP else 1)
            if self.name_entry is not None and self.mode == "save":
                self.name_entry.set_text(self.browser.name)
            self._refresh()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._load() if self.mode == "load" else self._save()
        elif key == pygame.K_DELETE:
            self._ask_delete()
        else:
            return False
        return True


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def load_scene(app: App, store: SaveStore,
               on_loaded: Callable[[LoadedGame], None]) -> SaveLoadScene:
    """The Load screen (main menu "Load a game"): saves, autosaves and examples."""
    return SaveLoadScene(app, store, "load", on_loaded=on_loaded)


def save_scene(app: App, store: SaveStore, game: Game, thumbnail: bytes | None = None,
               on_saved: Callable[[SaveInfo], None] | None = None) -> SaveLoadScene:
    """The Save screen (from the game): type a name or pick a slot to replace."""
    return SaveLoadScene(app, store, "save", game=game, thumbnail=thumbnail, on_saved=on_saved)

"""Rules help: the base game and one page per expansion, in the current language.

The expansion pages come from each expansion module's `rules` text through the
registry, so a new expansion brings its help page with it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import registry
from carcassonne_desktop.i18n.typography import typeset
from carcassonne_desktop.ui.hud import veil
from carcassonne_desktop.ui.panel_scene import PanelScene
from carcassonne_desktop.ui.resources import colour, font

BASE_PAGE = "base"
#: How to play this program (mouse, keyboard, hint, saving), after the base rules.
CONTROLS_PAGE = "controls"
TAB_HEIGHT = 40
TAB_GAP = 8
TAB_FONT_SIZE = 15  # as "#tab" in assets/themes/theme.json
TAB_PADDING = 12


def expansion_pages() -> list[tuple[str, dict[str, str], dict[str, str]]]:
    """(id, title by language, rules by language) of every expansion with a rules page."""
    return [
        (cls.id, dict(cls.title), dict(cls.rules))
        for cls in registry().values()
        if cls.id != BASE_PAGE and cls.rules
    ]


def rules_html(text: str, title: str) -> str:
    """Plain rules text (paragraphs, "- " bullets) as the HTML subset UITextBox draws."""
    parts = [f"<b>{html.escape(title)}</b>"]
    for paragraph in text.strip().split("\n\n"):
        lines = []
        for line in paragraph.splitlines():
            line = line.strip()
            if line.startswith("- "):
                lines.append("• " + html.escape(line[2:]))
            elif line:
                lines.append(html.escape(line))
        parts.append("<br>".join(lines))
    return "<br><br>".join(parts)


def tab_rows(titles: list[str], total: int) -> list[list[tuple[int, int]]]:
    """Tabs in as many rows as their titles need, each row filling `total`:
    (index, width) per tab. Every expansion brings a page, so one row cannot
    hold them all; no title is ever cut."""
    tab_font = font(TAB_FONT_SIZE, bold=True)
    natural = [tab_font.size(title)[0] + 2 * TAB_PADDING for title in titles]
    rows: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(natural):
        needed = width + (TAB_GAP if rows[-1] else 0)
        if rows[-1] and used + needed > total:
            rows.append([])
            used, needed = 0, width
        rows[-1].append(index)
        used += needed
    out = []
    for row in rows:
        widths = tab_widths([titles[i] for i in row], total)
        out.append(list(zip(row, widths)))
    return out


def tab_widths(titles: list[str], total: int) -> list[int]:
    """Tab widths that fill `total`: each title's own width plus an equal
    share of the room left, so a long title ("Auberges & Cathédrales") is
    not cut while short ones stay roomy."""
    tab_font = font(TAB_FONT_SIZE, bold=True)
    natural = [tab_font.size(title)[0] + 2 * TAB_PADDING for title in titles]
    room = total - TAB_GAP * (len(titles) - 1)
    spare = (room - sum(natural)) // max(len(titles), 1)
    if spare < 0:  # too many tabs: equal widths, titles clipped
        return [room // len(titles)] * len(titles)
    return [width + spare for width in natural]


class RulesScene(PanelScene):
    """Rules help with a tab per page (base game first).

    Opened from a game (F1, the game's menu) it lists only the expansions in
    play (``expansion_ids``) and is drawn over the board, veiled, rather
    than over the menu's landscape: the game is still there when it closes.
    """

    title_key = "rules.title"
    panel_size = (980, 820)

    def __init__(self, app, page: str = BASE_PAGE,  # type: ignore[no-untyped-def]
                 expansion_ids: Sequence[str] | None = None) -> None:
        super().__init__(app)
        self.page = page
        self.expansion_ids = tuple(expansion_ids) if expansion_ids is not None else None
        self.opaque = expansion_ids is None  # over a game: the board shows around the panel
        self.text_box: pygame_gui.elements.UITextBox | None = None
        self.tabs: dict[pygame_gui.elements.UIButton, str] = {}

    def shown_pages(self) -> list[tuple[str, dict[str, str], dict[str, str]]]:
        """The expansion pages offered: all of them, or those of the game in play."""
        return [page for page in expansion_pages()
                if self.expansion_ids is None or page[0] in self.expansion_ids]

    def pages(self) -> list[tuple[str, str]]:
        language = i18n.current_language()
        out = [(BASE_PAGE, i18n.tr("rules.base_tab")), (CONTROLS_PAGE, i18n.tr("rules.controls_tab"))]
        for page_id, title, _ in self.shown_pages():
            out.append((page_id, title.get(language) or title.get("en", page_id)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            super().draw(surface)
        else:  # the game under it, veiled, and none of it through the pages
            surface.blit(veil(surface.get_size(), 175), (0, 0))
            pygame.draw.rect(surface, colour("ui", "panel"), self.panel_rect(), border_radius=12)
            self.draw_frame(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.go_back()  # F1 again closes the help it opened
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.tabs:
            self.show_page(self.tabs[event.ui_element])
            return True
        return super().handle_event(event)

    def page_text(self) -> str:
        if self.page == BASE_PAGE:
            return i18n.tr("rules.body")
        if self.page == CONTROLS_PAGE:
            return i18n.tr("rules.controls_body")
        language = i18n.current_language()
        for page_id, title, rules in self.shown_pages():
            if page_id == self.page:
                text = typeset(rules.get(language) or rules.get("en", ""), language)
                return rules_html(text, title.get(language) or title.get("en", page_id))
        return i18n.tr("rules.body")

    def build_panel(self, panel: pygame_gui.elements.UIPanel, area: pygame.Rect) -> None:
        pages = self.pages()
        rows = tab_rows([title for _, title in pages], area.width)
        self.tabs = {}
        y = area.top
        for row in rows:
            x = area.left
            for index, width in row:
                page_id, title = pages[index]
                rect = pygame.Rect(x, y, width, TAB_HEIGHT)
                x += width + TAB_GAP
                button = pygame_gui.elements.UIButton(
                    rect, title, self.manager, container=panel,
                    tool_tip_text=title, object_id="#tab",
                )
                if page_id == self.page:
                    button.select()
                self.tabs[button] = page_id
            y += TAB_HEIGHT + 6
        tabs_height = y - area.top - 6
        text_area = pygame.Rect(area.left, area.top + tabs_height + 12, area.width,
                                area.height - tabs_height - 12)
        self.text_box = pygame_gui.elements.UITextBox(
            self.page_text(), text_area, self.manager, container=panel,
        )

    def show_page(self, page_id: str) -> None:
        self.page = page_id
        self.rebuild_ui()

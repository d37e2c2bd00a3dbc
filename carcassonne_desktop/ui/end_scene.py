"""The end of the game: the winner(s), a table of points per player and per
category, and a stacked bar chart of the same figures.

Drawn over the final board (the scene is not opaque). "See the board" closes
it (the game screen's "Scores" button reopens it); "New game" starts again
with the same players, a new shuffle; "Main menu" leaves. A click on a number
of the table lists the scorings behind it with their sums (the engine's
terms, worded by ui/score_text.py), in place of the chart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.events import PointsScored
from carcassonne_desktop.engine.features import FEATURE_KINDS
from carcassonne_desktop.ui.art.meeples import MeepleCache, player_rgb
from carcassonne_desktop.ui.end_headings import (
    HEADER_TRIES,
    heading_words,
    headings_in,
    narrowest,
    wrap_heading,
)
from carcassonne_desktop.ui.end_tall_table import (
    COLUMN_MAX,
    TallLayout,
    TallTable,
    draw_tall,
    tall_layout,
)
from carcassonne_desktop.ui.game_log import feature_name, wrap
from carcassonne_desktop.ui.game_texts import winner_text
from carcassonne_desktop.ui.hud import fit_text
from carcassonne_desktop.ui.resources import colour, font
from carcassonne_desktop.ui.scene import Scene
from carcassonne_desktop.ui.score_text import expression, heading
from carcassonne_desktop.ui.scroll_view import BAR_W, ScrollView

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.ui.game_scene import GameScene

#: The least height of the headings' row.
HEADER_MIN_H = 38
#: A number column's least width, and the gap at each side of its text.
NUMBER_W, CELL_PAD = 44, 7
#: The least type size of a heading across: below it the table is turned
#: (categories as rows: ui/end_tall_table.py).
ACROSS_LEAST_SIZE = 12
#: The click hint's height under the table.
HINT_H = 20
#: The least height of the scorings' list under the table; with less it
#: covers the table's numbers.
DETAIL_LEAST_H = 150
#: The panel's size at the type's usual scale (1280x800 and smaller windows).
#: A larger window scales the panel and every type size and row with it, up
#: to ``MAX_SCALE``: at 1920x1080 the table was the small one of 1280x800, and
#: a panel the whole width of a wide screen spread two players' numbers apart.
PANEL_W, PANEL_H = 1100, 760
#: Seconds after the table opens before Enter starts a new game.
ENTER_GRACE = 1.5
MAX_SCALE = 1.3


def end_scale(size: tuple[int, int]) -> float:
    """The final table's scale in a window of ``size``: 1 up to the panel's
    usual size, then as large as the window allows, at most ``MAX_SCALE``."""
    w, h = size
    return max(1.0, min(MAX_SCALE, (w - 60) / PANEL_W, (h - 40) / PANEL_H))


def scaled(n: int, scale: float) -> int:
    """A size in pixels or points at ``scale``."""
    return round(n * scale)


def category_colour(category: str) -> pygame.Color:
    """A category's bar colour: the palette's (the terrain's colour on the
    tiles for features), the accent colour for a category it does not know."""
    try:
        return colour("score_category", category)
    except KeyError:
        return colour("ui", "accent")


def categories(game: Game) -> list[str]:
    """Columns of the table: the feature kinds some figure of this game can
    score, in the final scoring's order, then any other category scored."""
    seen = {k for b in game.breakdown for k, v in b.items() if v}
    scorable = {kind for figure in game.rules.figures for kind in figure.kinds}
    kinds = sorted(FEATURE_KINDS.values(), key=lambda kind: kind.order)
    cats = [k.name for k in kinds if k.name in scorable or k.name in seen]
    cats += sorted(seen - set(cats))
    return cats


def standings(game: Game) -> list[int]:
    """Seats from first to last (ties keep seat order)."""
    return sorted(range(game.num_players), key=lambda p: (-game.scores[p], p))


def category_label(kind: str) -> str:
    text = i18n.tr(f"score.{kind}")
    return text if not text.endswith(f"score.{kind}") else feature_name(kind).capitalize()


class EndScene(Scene):
    opaque = False

    def __init__(self, app: Any, game_scene: GameScene) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        self.meeples = MeepleCache(32)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.age = 0.0
        self.mouse = (-1, -1)
        #: The table's cells as drawn: (rect, seat, category or None for the total).
        self.cells: list[tuple[pygame.Rect, int, str | None]] = []
        #: The cell whose scorings are listed (seat, category or None).
        self.detail: tuple[int, str | None] | None = None
        self.detail_view = ScrollView(stick_to_bottom=False)
        self._detail_lines: tuple[Any, list[pygame.Surface]] | None = None
        #: Each text of the table as last drawn (where, what): the layout tests
        #: check that none is cut or overlaps another.
        self.texts: list[tuple[pygame.Rect, str]] = []
        #: Where the scorings' list was last drawn, and whether it covered the
        #: table (no room under it): a click on it then closes it.
        self.detail_box: pygame.Rect | None = None
        self.detail_over_table = False

    @property
    def game(self) -> Game:
        return self.game_scene.game

    @property
    def scale(self) -> float:
        """Type and rows grow with a large window (`end_scale`)."""
        return end_scale(self.app.screen_size)

    def px(self, n: int) -> int:
        """``n`` pixels or points at the window's scale."""
        return scaled(n, self.scale)

    def panel(self) -> pygame.Rect:
        w, h = self.app.screen_size
        rect = pygame.Rect(0, 0, min(self.px(PANEL_W), w - 60), min(self.px(PANEL_H), h - 40))
        rect.center = (w // 2, h // 2)
        return rect

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        panel = self.panel()
        self.buttons = {}
        specs = [("board", "end.show_board", None), ("again", "end.new_game", "#primary_button"),
                 ("menu", "end.main_menu", None)]
        texts = [font(22, bold=True).size(i18n.tr(k))[0] for _, k, _ in specs]
        widths, gap = [max(200, w + 48) for w in texts], 16
        if sum(widths) + gap * (len(specs) - 1) > panel.width - 40:  # a small window: they ran past the panel
            widths, gap = [w + 30 for w in texts], 10
        x = panel.centerx - (sum(widths) + gap * (len(specs) - 1)) // 2
        for (name, key, oid), width in zip(specs, widths):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(x, panel.bottom - 76, width, 54), i18n.key(key), self.manager, container=root,
                object_id=oid)
            x += width + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self._activate(name)
                    return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.detail is not None and self.detail_view.handle_event(event, self.mouse):
            self.detail_view.take_click()
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            self.click(event.pos)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.detail is not None:
                self.detail = None
                return True
            self._activate("board")
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # an Enter pressed as the table opens (the last turn confirmed
            # with Enter, pressed twice) threw the final table away for a
            # new game before anyone read it (seen under Xvfb, ruling UI4-2)
            if self.age >= ENTER_GRACE:
                self._activate("again")
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def _activate(self, name: str) -> None:
        app = self.app
        if name == "board":
            app.stack.pop()
        elif name == "menu":
            while len(app.stack) > 1:
                app.stack.pop()
        elif name == "again":
            from carcassonne_desktop.ui.game_scene import GameScene

            setup = self.game.setup.to_json()
            for key in ("seed", "tile_order", "start_tile", "start_rot"):
                setup.pop(key, None)
            app.stack.pop()
            app.stack.replace(GameScene.from_setup(app, setup, store=self.game_scene.session.store))

    def update(self, dt: float) -> None:
        self.age += dt

    def click(self, pos: tuple[int, int]) -> None:
        """A number of the table opens (or closes) the list of its scorings;
        a click on the list, where it covers the table, closes it."""
        if self.detail is not None and self.detail_over_table and self.detail_box is not None \
                and self.detail_box.collidepoint(pos):
            self.detail = None
            return
        for rect, seat, category in self.cells:
            if rect.collidepoint(pos):
                chosen = (seat, category)
                self.detail = None if self.detail == chosen else chosen
                self.detail_view = ScrollView(stick_to_bottom=False)
                return

    def detail_scorings(self) -> list[PointsScored]:
        """The scorings behind the chosen cell, in the order they happened."""
        if self.detail is None:
            return []
        seat, category = self.detail
        return [e for e in self.game_scene.log.scorings
                if seat in e.players and (category is None or e.feature == category)]

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        v = colour("ui", "menu_veil")
        veil.fill((v.r, v.g, v.b, 150))
        surface.blit(veil, (0, 0))
        panel = self.panel()
        pygame.draw.rect(surface, colour("ui", "panel"), panel, border_radius=18)
        pygame.draw.rect(surface, colour("ui", "accent"), panel, 3, border_radius=18)
        game = self.game
        small = panel.height < 700  # the title takes less of a small window
        y = panel.top + (12 if small else self.px(18))
        title = font(28 if small else self.px(34), bold=True).render(i18n.tr("end.title"), True, colour("ui", "title"))
        surface.blit(title, (panel.centerx - title.get_width() // 2, y))
        y += title.get_height() + (2 if small else 4)
        winner = font(20 if small else self.px(22), bold=True).render(winner_text(game), True, colour("ui", "accent"))
        surface.blit(winner, (panel.centerx - winner.get_width() // 2, y))
        y += winner.get_height() + (10 if small else self.px(18))
        bottom = panel.bottom - 96
        width = panel.width - 56
        self.texts = []
        across = self.table_layout(width)
        if across.whole:
            table = pygame.Rect(0, y, across.width, across.header_h + 6 + self.px(40) * game.num_players)
            table.centerx = panel.centerx
            self._draw_table(surface, table, across)
        else:  # too many categories across: turned, categories as rows
            tall = self.tall_layout(width, bottom - y - self.px(HINT_H))
            table = pygame.Rect(panel.centerx - tall.width // 2, y, tall.width, tall.height)
            self.cells = draw_tall(surface, table, tall, self.tall_table(), self.texts)
        hint = font(self.px(14)).render(i18n.tr("end.click_hint"), True, colour("ui", "text_dim"))
        where = hint.get_rect(topright=(max(table.right, panel.left + 28 + hint.get_width()), table.bottom + 2))
        surface.blit(hint, where)
        self.texts.append((where, i18n.tr("end.click_hint")))
        hint_h = self.px(HINT_H)
        chart = pygame.Rect(panel.left + 28, table.bottom + hint_h + 2, width, bottom - table.bottom - hint_h - 2)
        if across.whole:  # under the table, as wide
            chart.left, chart.width = table.left, table.width
        self.detail_box, self.detail_over_table = None, False
        if self.detail is not None:
            if chart.height < self.px(DETAIL_LEAST_H):  # no room under the table: over it
                top = table.top + (across.header_h if across.whole else tall.header_h) + 6
                chart = pygame.Rect(panel.left + 28, top, width, bottom - top)
                self.detail_over_table = True
            self.detail_box = chart
            self._draw_detail(surface, chart)
        elif chart.height >= self.chart_height(legend=across.whole):
            self._draw_chart(surface, chart, legend=across.whole)

    def chart_height(self, legend: bool) -> int:
        """The least height the chart needs: its legend's lines (none when the
        table is turned: its rows show the colours) and a bar of 14 pixels a
        player (under it, it overflowed the buttons at 960x640)."""
        return self.px(30 + (22 * 3 if legend else 0) + 22 * self.game.num_players)

    def tall_layout(self, width: int, height: int) -> TallLayout:
        """The turned table's layout (see ``end_tall_table.tall_layout``)."""
        key = (width, height, i18n.current_language(), self.scale)
        cached = self.__dict__.get("_tall")
        if cached is None or cached[0] != key:
            game = self.game
            cats = categories(game)
            order = standings(game)
            labels = [category_label(c) for c in cats] + [i18n.tr("score.total")]
            names = [f"{rank + 1}. {game.setup.players[seat].name}" for rank, seat in enumerate(order)]
            numbers = [str(v) for b in game.breakdown for v in b.values()] + [str(s) for s in game.scores]
            cached = self.__dict__["_tall"] = (key, tall_layout(cats, labels, names, numbers, width, height,
                                                                      self.scale))
        return cached[1]

    def tall_table(self) -> TallTable:
        """The turned table's contents."""
        game = self.game
        cats = categories(game)
        order = standings(game)
        labels: dict[str | None, str] = {c: category_label(c) for c in cats}
        labels[None] = i18n.tr("score.total")
        return TallTable(
            labels, {c: category_colour(c) for c in cats}, order,
            [player_rgb(game.setup.players[seat].color) for seat in order],
            lambda seat, c: game.scores[seat] if c is None else game.breakdown[seat].get(c, 0),
            set(game.winners()), self.detail)

    def table_layout(self, width: int) -> TableLayout:
        """The score table's columns for ``width`` (see ``table_layout``)."""
        key = (width, i18n.current_language(), self.scale)
        cached = self.__dict__.get("_layout")
        if cached is None or cached[0] != key:  # measured once, not twice a frame
            game = self.game
            names = [f"{rank + 1}. {game.setup.players[seat].name}" for rank, seat in enumerate(standings(game))]
            cached = self.__dict__["_layout"] = (key, table_layout(categories(game), names, width, self.scale))
        return cached[1]

    def header_height(self, width: int) -> int:
        """The headings' row: as tall as their lines (two or three when the
        columns are narrow)."""
        return self.table_layout(width).header_h

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout) -> None:
        """The table across (players as rows) in ``rect``, laid out by ``layout``."""
        game = self.game
        cats, name_w, size, header_h = layout.cats, layout.name_w, layout.size, layout.header_h
        lefts = [rect.left + x for x in layout.lefts]
        dim = colour("ui", "text_dim")
        player = font(size, bold=True).render(fit_text(i18n.tr("score.player"), size, True, name_w - 14), True, dim)
        surface.blit(player, (rect.left, rect.top + (header_h - player.get_height()) // 2))
        for x, col_w, lines in zip(lefts, layout.widths, layout.lines):
            rendered = [font(size, bold=True).render(line, True, dim) for line in lines]
            top = rect.top + (header_h - sum(line.get_height() for line in rendered)) // 2
            for text, line in zip(lines, rendered):
                where = line.get_rect(topright=(x + col_w - CELL_PAD, top))
                surface.blit(line, where)
                self.texts.append((where, text))
                top += line.get_height()
        pygame.draw.line(surface, colour("ui", "accent"), (rect.left, rect.top + header_h),
                         (rect.right, rect.top + header_h), 2)
        winners = set(game.winners())
        self.cells = []
        y = rect.top + header_h + 6
        for rank, seat in enumerate(standings(game)):
            player = game.setup.players[seat]
            row = pygame.Rect(rect.left, y, rect.width, self.px(38))
            if seat in winners:
                pygame.draw.rect(surface, colour("ui", "menu_veil"), row, border_radius=8)
            icon = self.meeples.get("follower", player.color, self.px(30))
            surface.blit(icon, (row.left + 6, row.top + (row.height - icon.get_height()) // 2))
            text = fit_text(f"{rank + 1}. {player.name}", self.px(19), seat in winners, name_w - self.px(50))
            label = font(self.px(19), bold=seat in winners).render(text, True, colour("ui", "text"))
            where = label.get_rect(midleft=(row.left + self.px(44), row.centery))
            surface.blit(label, where)
            self.texts.append((where, text))
            values = [game.breakdown[seat].get(c, 0) for c in cats] + [game.scores[seat]]
            columns: list[str | None] = [*cats, None]
            for i, value in enumerate(values):
                cell_rect = pygame.Rect(lefts[i], row.top, layout.widths[i], row.height)
                self.cells.append((cell_rect, seat, columns[i]))
                if self.detail == (seat, columns[i]):
                    pygame.draw.rect(surface, colour("ui", "accent"), cell_rect, 2, border_radius=6)
                bold = i == len(values) - 1
                cell = font(self.px(21 if bold else 19), bold=bold).render(
                    str(value), True, colour("ui", "title") if bold else colour("ui", "text"))
                where = cell.get_rect(midright=(cell_rect.right - CELL_PAD, row.centery))
                surface.blit(cell, where)
                self.texts.append((where, str(value)))
            y += self.px(40)
        # a rule before the totals: with every category the last one's number ran
        # into the total ("9" then "416" read "9416", seen under Xvfb)
        pygame.draw.line(surface, colour("ui", "accent"), (lefts[-1] + 2, rect.top + header_h + 6),
                         (lefts[-1] + 2, y - 4), 1)

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect, legend: bool = True) -> None:
        """Stacked horizontal bars: one per player, one colour per category,
        growing in; the legend names the colours unless the table's rows do."""
        game = self.game
        cats = categories(game)
        order = standings(game)
        px = self.px
        title = font(px(17), bold=True).render(i18n.tr("end.chart"), True, colour("ui", "text_dim"))
        surface.blit(title, (rect.left, rect.top))
        legend_x, legend_y = rect.left + title.get_width() + 24, rect.top
        for c in cats if legend else ():
            label = font(px(15)).render(category_label(c), True, colour("ui", "text"))
            if legend_x + px(22) + label.get_width() > rect.right:  # the next line, not past the panel
                legend_x, legend_y = rect.left + title.get_width() + 24, legend_y + px(22)
            swatch = pygame.Rect(legend_x, legend_y + 3, px(16), px(16))
            pygame.draw.rect(surface, category_colour(c), swatch, border_radius=3)
            surface.blit(label, (swatch.right + 6, legend_y + 2))
            legend_x = swatch.right + label.get_width() + 20
        top = legend_y + px(30)
        bar_h = max(10, min(px(30), (rect.bottom - top) // max(1, len(order)) - 8))
        best = max(1, max(game.scores))
        name_w = px(150)
        width = rect.width - name_w - px(60)
        grow = min(1.0, self.age / 0.9)
        for i, seat in enumerate(order):
            y = top + i * (bar_h + 8)
            player = game.setup.players[seat]
            label = font(px(16)).render(fit_text(player.name, px(16), False, name_w - 10), True,
                                        colour("ui", "text"))
            surface.blit(label, (rect.left, y + (bar_h - label.get_height()) // 2))
            x = rect.left + name_w
            for c in cats:
                value = game.breakdown[seat].get(c, 0)
                w = int(width * value / best * grow)
                if w > 0:
                    pygame.draw.rect(surface, category_colour(c),
                                     pygame.Rect(x, y, w, bar_h))
                    x += w
            pygame.draw.rect(surface, player_rgb(player.color), pygame.Rect(rect.left + name_w - 6, y, 4, bar_h))
            total = font(px(16), bold=True).render(str(game.scores[seat]), True, colour("ui", "title"))
            surface.blit(total, (x + 8, y + (bar_h - total.get_height()) // 2))

    def _draw_detail(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The chosen cell's scorings: the points and why, then the sum."""
        assert self.detail is not None
        seat, category = self.detail
        pygame.draw.rect(surface, colour("ui", "menu_veil"), rect, border_radius=10)
        pygame.draw.rect(surface, colour("ui", "accent"), rect, 2, border_radius=10)
        name = self.game.setup.players[seat].name
        what = category_label(category) if category is not None else i18n.tr("score.total")
        title = font(self.px(18), bold=True).render(i18n.tr("end.detail_title", name=name, category=what), True,
                                                    colour("ui", "title"))
        surface.blit(title, (rect.left + 12, rect.top + 8))
        head = title.get_height() + 16
        box = pygame.Rect(rect.left + 12, rect.top + head, rect.width - 24, rect.height - head - 8)
        lines = self._detail_surfaces(box.width - BAR_W - 6)
        self.detail_view.layout(box, sum(line.get_height() for line in lines))
        clip = surface.get_clip()
        surface.set_clip(box)
        y = box.top - self.detail_view.offset
        for line in lines:
            if y + line.get_height() >= box.top and y <= box.bottom:
                surface.blit(line, (box.left, y))
            y += line.get_height()
        surface.set_clip(clip)
        self.detail_view.draw_bar(surface)

    def _detail_surfaces(self, width: int) -> list[pygame.Surface]:
        key = (self.detail, i18n.current_language(), width, len(self.game_scene.log.scorings), self.scale)
        if self._detail_lines is not None and self._detail_lines[0] == key:
            return self._detail_lines[1]
        lines: list[pygame.Surface] = []
        scorings = self.detail_scorings()
        size = self.px(16)
        if not scorings:
            lines.append(font(size).render(i18n.tr("end.detail_none"), True, colour("ui", "text_dim")))
        for event in scorings:
            head = f"+{event.points}  {heading(event)}"
            for text in wrap(head, font(size, bold=True), width):
                lines.append(font(size, bold=True).render(text, True, colour("ui", "accent")))
            for text in wrap(expression(event.terms), font(size), width - 24):
                line = font(size).render(text, True, colour("ui", "text"))
                indented = pygame.Surface((line.get_width() + 24, line.get_height() + 2), pygame.SRCALPHA)
                indented.blit(line, (24, 0))
                lines.append(indented)
        self._detail_lines = (key, lines)
        return lines


@dataclass(frozen=True)
class TableLayout:
    """The score table's columns: the categories, the players' column,
    each number column's left (from the table's left) and width, the
    headings' one type size, their lines, and the headings' row height."""

    cats: list[str]
    name_w: int
    lefts: list[int]
    widths: list[int]
    size: int
    lines: list[list[str]]
    header_h: int
    #: Whether every heading and name holds whole in a readable type; if not,
    #: the table is turned (ui/end_tall_table.py).
    whole: bool = True

    @property
    def width(self) -> int:
        """The table's width: its columns' (at most the width it was given)."""
        return self.name_w + sum(self.widths)


def table_layout(cats: list[str], names: Sequence[str], width: int, scale: float = 1.0) -> TableLayout:
    """Columns as wide as their heading's longest word needs (a number's
    at least), the room left shared out; the players' column no wider than
    its names need. With one column each a third of the table was names and
    every long heading was cut ("Couron…", "Marcha…"). Type and widths at
    ``scale`` (`end_scale`)."""
    headers = [category_label(c) for c in cats] + [i18n.tr("score.total")]
    name_need = (max(font(scaled(19, scale), bold=True).size(name)[0] for name in names) + scaled(60, scale)
                 if names else scaled(140, scale))
    name_w = max(scaled(110, scale), min(int(width * 0.3), name_need))
    room = width - name_w
    chosen: tuple[int, list[list[str]]] | None = None
    widths: list[int] = []
    tries = [(most, scaled(size, scale)) for most, size in HEADER_TRIES]
    number_w = scaled(NUMBER_W, scale)
    for most, size in tries:
        fnt = font(size, bold=True)
        needs = [max(number_w, narrowest(text, fnt, most)) + 2 * CELL_PAD for text in headers]
        if sum(needs) > room:
            continue
        extra = (room - sum(needs)) // len(needs)
        # no wider than a turned table's columns: in a large window two
        # players' numbers stood a hand apart
        widths = [max(need, min(need + extra, scaled(COLUMN_MAX, scale))) for need in needs]
        laid = [wrap_heading(text, fnt, w - 2 * CELL_PAD) for text, w in zip(headers, widths)]
        if all(len(lines) <= most for lines in laid):
            chosen = (size, laid)
            break
    whole = chosen is not None and chosen[0] >= scaled(ACROSS_LEAST_SIZE, scale) and name_need <= name_w
    if chosen is None:  # a very small window: columns shared by need, the smallest type, cut at worst
        fnt = font(HEADER_TRIES[-1][1], bold=True)
        needs = [max(number_w, max(fnt.size(w)[0] for w in heading_words(text))) + 2 * CELL_PAD
                 for text in headers]
        widths = [need * room // sum(needs) for need in needs]
        chosen = headings_in([w - 2 * CELL_PAD for w in widths], headers) or (HEADER_TRIES[-1][1], [
            [fit_text(line, HEADER_TRIES[-1][1], True, w - 2 * CELL_PAD)
             for line in wrap_heading(text, fnt, w - 2 * CELL_PAD)[:3]] for text, w in zip(headers, widths)])
    size, laid = chosen
    lefts = [name_w + sum(widths[:i]) for i in range(len(widths))]
    lines = max(len(lines) for lines in laid)
    header_h = max(scaled(HEADER_MIN_H, scale), lines * font(size, bold=True).get_linesize() + 6)
    return TableLayout(cats, name_w, lefts, widths, size, laid, header_h, whole)

"""The final table turned: categories as rows, players as columns.

With many categories (every expansion: eighteen of them) the players-as-rows
table had no room for its headings across the panel ("Rou…", "Cata…",
"Marchan…" at 1280x800). Turned, a category's name reads whole on its row,
beside the colour its bars have in the chart, and only the players (six at
most) need room across. When the rows do not fit the panel's height, they
run on in a second block beside the first (when the width allows), else in a
smaller type; the layout picks the largest type that holds everything whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from carcassonne_desktop.ui.end_headings import narrowest, wrap_heading
from carcassonne_desktop.ui.hud import fit_text
from carcassonne_desktop.ui.resources import colour, font

#: Type sizes the rows try, largest first.
ROW_SIZES = (19, 17, 16, 15, 14, 13, 12)
#: (most lines, size) a player's heading tries, in turn.
NAME_TRIES = ((2, 16), (2, 15), (2, 14), (3, 14), (2, 13), (3, 13), (3, 12))
#: The gap at each side of a number, the colour swatch's side, the gap
#: between two blocks of rows, and the player's colour stripe under a name.
CELL_PAD, SWATCH, BLOCK_GAP, STRIPE = 8, 14, 28, 5
#: A number column's widest look: generous to a column (up to this), not sparse.
COLUMN_MAX = 150


def row_height(size: int) -> int:
    """A row's height for its type size: a line and some air."""
    return size + max(6, size // 2)


@dataclass(frozen=True)
class TallLayout:
    """Where everything of the turned table goes (x from the table's left,
    y from its top). ``blocks`` lists each block's rows: a category, or None
    for the totals (the last row of the last block)."""

    blocks: list[list[str | None]]
    label_w: int
    col_w: int
    size: int
    row_h: int
    name_size: int
    name_lines: list[list[str]]
    header_h: int
    #: The colour swatch's side (larger with the type in a large window).
    swatch: int = SWATCH

    @property
    def block_w(self) -> int:
        return self.label_w + self.col_w * len(self.name_lines)

    @property
    def width(self) -> int:
        return len(self.blocks) * self.block_w + (len(self.blocks) - 1) * BLOCK_GAP

    @property
    def height(self) -> int:
        return self.header_h + 6 + max(len(rows) for rows in self.blocks) * self.row_h

    def block_left(self, block: int) -> int:
        return block * (self.block_w + BLOCK_GAP)

    def column_left(self, block: int, player: int) -> int:
        return self.block_left(block) + self.label_w + player * self.col_w


def split_rows(rows: Sequence[str | None], count: int) -> list[list[str | None]]:
    """``rows`` in ``count`` blocks, the first ones never shorter."""
    per = -(-len(rows) // count)
    return [list(rows[i:i + per]) for i in range(0, len(rows), per)]


def tall_layout(cats: Sequence[str], labels: Sequence[str], names: Sequence[str],
                numbers: Sequence[str], width: int, height: int, scale: float = 1.0) -> TallLayout:
    """The largest type at which every label, name and number holds whole in
    ``width`` x ``height``: one block of rows, or two side by side; else the
    smallest type in one block (a tiny window), the names cut at worst.
    Type sizes and the columns' widest look at ``scale`` (a large window)."""
    rows: list[str | None] = [*cats, None]
    sizes = [round(size * scale) for size in ROW_SIZES]
    for size in sizes:
        for count in (1, 2):
            layout = _layout_at(size, split_rows(rows, count), labels, names, numbers, width, scale=scale)
            if layout is not None and layout.height <= height:
                return layout
    return _layout_at(sizes[-1], [rows], labels, names, numbers, width, cut=True, scale=scale) or TallLayout(
        [rows], width // 2, width // 2, sizes[-1], row_height(sizes[-1]), NAME_TRIES[-1][1], [], 0)


def _layout_at(size: int, blocks: list[list[str | None]], labels: Sequence[str], names: Sequence[str],
               numbers: Sequence[str], width: int, cut: bool = False, scale: float = 1.0) -> TallLayout | None:
    """The table in ``blocks`` at type ``size`` within ``width``, or None if
    a number or a name would not hold whole (unless ``cut`` allows names cut)."""
    swatch = round(SWATCH * scale)
    label_w = max(font(size).size(text)[0] for text in labels) + swatch + 3 * CELL_PAD
    number_w = max(font(size + 1, bold=True).size(text)[0] for text in numbers) + 2 * CELL_PAD
    room = (width - (len(blocks) - 1) * BLOCK_GAP) // len(blocks) - label_w
    col_w = min(round(COLUMN_MAX * scale), room // max(1, len(names)))
    if col_w < number_w and not cut:
        return None
    tries = [(most, round(name_size * scale)) for most, name_size in NAME_TRIES]
    name_size, most = tries[-1][1], tries[-1][0]
    for most, name_size in tries:
        if all(narrowest(name, font(name_size, bold=True), most) <= col_w - 2 * CELL_PAD for name in names):
            break
    else:
        if not cut:
            return None
    fnt = font(name_size, bold=True)
    name_lines = [wrap_heading(name, fnt, col_w - 2 * CELL_PAD)[:most] for name in names]
    header_h = max(len(lines) for lines in name_lines) * fnt.get_linesize() + STRIPE + 8
    return TallLayout(blocks, label_w, col_w, size, row_height(size), name_size, name_lines, header_h, swatch)


@dataclass
class TallTable:
    """What one drawing of the turned table needs: the rows' labels and
    colours by category, the players (seats, ranked) with their names and
    colours, each cell's number, the winners' seats and the chosen cell."""

    labels: dict[str | None, str]
    colours: dict[str, pygame.Color]
    seats: list[int]
    player_colours: list[pygame.Color]
    value: Callable[[int, str | None], int]
    winners: set[int]
    detail: tuple[int, str | None] | None


def draw_tall(surface: pygame.Surface, rect: pygame.Rect, layout: TallLayout, table: TallTable,
              texts: list[tuple[pygame.Rect, str]]) -> list[tuple[pygame.Rect, int, str | None]]:
    """Draw the turned table in ``rect``; the number cells as drawn (for the
    clicks) are returned, each text drawn is added to ``texts``."""
    text_c, dim, title_c, accent = (colour("ui", "text"), colour("ui", "text_dim"), colour("ui", "title"),
                                    colour("ui", "accent"))
    head_font = font(layout.name_size, bold=True)
    body_top = rect.top + layout.header_h + 6
    cells: list[tuple[pygame.Rect, int, str | None]] = []
    for block, rows in enumerate(layout.blocks):
        left = rect.left + layout.block_left(block)
        for i, seat in enumerate(table.seats):
            x = rect.left + layout.column_left(block, i)
            column = pygame.Rect(x + 2, rect.top, layout.col_w - 4, layout.header_h + 6 + len(rows) * layout.row_h)
            if seat in table.winners:
                pygame.draw.rect(surface, colour("ui", "menu_veil"), column, border_radius=8)
            lines = layout.name_lines[i]
            top = rect.top + layout.header_h - STRIPE - 4 - len(lines) * head_font.get_linesize()
            for line in lines:
                shown = fit_text(line, layout.name_size, True, layout.col_w - 2 * CELL_PAD)
                rendered = head_font.render(shown, True, title_c if seat in table.winners else dim)
                where = rendered.get_rect(topright=(x + layout.col_w - CELL_PAD, top))
                surface.blit(rendered, where)
                texts.append((where, shown))
                top += head_font.get_linesize()
            stripe = pygame.Rect(x + CELL_PAD, rect.top + layout.header_h - STRIPE - 2, layout.col_w - 2 * CELL_PAD,
                                 STRIPE)
            pygame.draw.rect(surface, table.player_colours[i], stripe, border_radius=2)
        pygame.draw.line(surface, accent, (left, body_top - 4), (left + layout.block_w, body_top - 4), 2)
        for r, category in enumerate(rows):
            y = body_top + r * layout.row_h
            total = category is None
            if total:  # a rule before the totals, as across
                pygame.draw.line(surface, accent, (left, y - 1), (left + layout.block_w, y - 1), 1)
            else:
                swatch = pygame.Rect(left + CELL_PAD, y + (layout.row_h - layout.swatch) // 2, layout.swatch,
                                     layout.swatch)
                pygame.draw.rect(surface, table.colours[category], swatch, border_radius=3)
            label_font = font(layout.size, bold=total)
            label = label_font.render(table.labels[category], True, title_c if total else text_c)
            where = label.get_rect(midleft=(left + layout.swatch + 2 * CELL_PAD, y + layout.row_h // 2))
            surface.blit(label, where)
            texts.append((where, table.labels[category]))
            for i, seat in enumerate(table.seats):
                cell = pygame.Rect(rect.left + layout.column_left(block, i), y, layout.col_w, layout.row_h)
                cells.append((cell, seat, category))
                if table.detail == (seat, category):
                    pygame.draw.rect(surface, accent, cell, 2, border_radius=6)
                number = str(table.value(seat, category))
                rendered = font(layout.size + 1 if total else layout.size, bold=total).render(
                    number, True, title_c if total else text_c)
                where = rendered.get_rect(midright=(cell.right - CELL_PAD, cell.centery))
                surface.blit(rendered, where)
                texts.append((where, number))
    return cells

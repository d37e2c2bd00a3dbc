"""The players' rows of the side panel: each player's name, score, figures
left and notes, full or compact as the window's room allows, scrolling when
even compact rows do not fit. Split from `hud` (its other drawn parts are
shared by other scenes; these rows are the game scene's alone).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.art.meeples import MeepleCache
from carcassonne_desktop.ui.expansions import noted_tokens
from carcassonne_desktop.ui.hud import _shadowed, fit_icon, fit_text, text
from carcassonne_desktop.ui.inventory import Held, token_name
from carcassonne_desktop.ui.resources import colour, font
from carcassonne_desktop.ui.scroll_view import BAR_W, ScrollView

ROW_H = 58
#: The line a player's row grows by when the game has tokens to follow (the goods).
INVENTORY_LINE = 18
#: The line a player's row grows by when the notes go under the name: a long
#: name beside "Catapulte : 4", the flock and the pawns was cut to "Mar…".
NOTES_LINE = 15
#: A name wider than this (bold, 16 px) cannot share its line with the
#: notes of every expansion: they go under it (`wants_notes_line`).
NAME_SHARES_W = 110
#: Marks the player(s) leading a token won by a majority.
LEAD_MARK = "★"
#: A compact row (the name's line, the figures' line, no air between): taken
#: when the full rows would push the buttons or the log out of the window (six
#: players with every expansion at 960x640 hid Rotate, Pass and Confirm).
ROW_H_COMPACT = 40
#: A row's (gap, name's top, figures' line from the bottom): full and compact.
ROW_SPACING = {False: (4, 5, 22), True: (2, 1, 17)}


def players_row_height(players: int, inventory_line: bool, notes_line: bool = False,
                       compact: bool = False) -> int:
    """The height of one player's row in the panel (drawing and layout agree)."""
    line = 0 if not inventory_line else INVENTORY_LINE if players <= 4 else INVENTORY_LINE - 4
    if compact:
        return ROW_H_COMPACT + line
    notes = NOTES_LINE if notes_line else 0
    return (ROW_H if players <= 6 else 48) + line + notes  # many players: a tighter line for the tokens


def wants_notes_line(names: Sequence[str], has_notes: bool) -> bool:
    """Whether the players' notes go on a line of their own under the names
    (every row alike): when some name is too long to share its line with
    them. Decided once for a game (the panel's layout depends on it)."""
    return has_notes and any(font(16, bold=True).size(name)[0] > NAME_SHARES_W for name in names)


@dataclass(frozen=True)
class PlayerRow:
    name: str
    colour: str
    score: int
    figures: Mapping[str, int]  # in the rules' order of figures
    is_computer: bool
    tokens: Mapping[str, int] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    #: The tokens to follow, on a line of their own (`ui/inventory.py`);
    #: when empty, other tokens held follow the figures.
    inventory: tuple[Held, ...] = ()



class PlayersView:
    """Every player: colour figure, name, score, figures left; the current one stands out."""

    def __init__(self, meeples: MeepleCache | None = None) -> None:
        self.meeples = meeples or MeepleCache(64)
        #: Where the last draw put each figure icon and its count: (area, row, kind),
        #: so pointing at one can name it (the icons alone did not say which is which).
        self.figure_spots: list[tuple[pygame.Rect, int, str]] = []
        #: Each row's part in sight after the last draw, with its seat.
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        #: Rows taller than their room scroll (eight players with every
        #: expansion in a short window), the current player's kept in sight.
        self.view = ScrollView(stick_to_bottom=False)
        self._followed: int | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[PlayerRow], current: int | None,
             thinking: bool, pulse: float, notes_line: bool = False, compact: bool = False) -> int:
        """Draw the rows from ``rect.top``; returns the y below them. With
        ``notes_line`` each name has its line to itself and the notes go on
        the line under it (`wants_notes_line`); ``compact`` rows leave out
        the air around the lines; rows that still do not fit scroll."""
        del pulse  # the rows no longer blink; kept for the callers
        self.figure_spots = []
        self.row_rects = []
        #: Each row's name and notes as drawn beside it (tests: no name cut).
        self.drawn_names: list[tuple[str, list[str]]] = []
        own_line = any(row.inventory for row in rows)
        row_h = players_row_height(len(rows), own_line, notes_line, compact)
        self._follow(rect, len(rows) * row_h, row_h, current)
        gap, name_top, foot = ROW_SPACING[compact]
        y = rect.top - self.view.offset
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)
        under = NOTES_LINE if notes_line else 0  # the notes' line under the name
        # rows that scroll leave the scrollbar its room (it covered the scores)
        width = rect.width - (BAR_W + 4 if self.view.max_offset > 0 else 0)
        for i, row in enumerate(rows):
            r = pygame.Rect(rect.x, y, width, row_h - gap)
            if r.colliderect(rect):
                self.row_rects.append((r.clip(rect), i))
            if i == current:
                bg = colour("ui", "accent")
                pygame.draw.rect(surface, colour("ui", "menu_veil"), r, border_radius=10)
                pygame.draw.rect(surface, bg, r, 3, border_radius=10)
            meeple = self.meeples.get("follower", row.colour, row_h - under - 16)
            surface.blit(meeple, (r.x + 8, r.y + (r.height - meeple.get_height()) // 2))
            name_x = r.x + 14 + meeple.get_width()
            score = _shadowed(str(row.score), 26, True, "title")
            right = figures_right = r.right - score.get_width() - 16
            # a row with the goods' line is tall enough for the score to stand
            # under the name's line: the name and its notes run over it ("Jou…"
            # beside the catapult, the flock and the pawns with every expansion)
            score_top = r.y + (r.height - score.get_height()) // 2
            if own_line or notes_line:
                score_top = max(score_top, r.y + NAME_LINE_H + under)
                if compact:  # the digits' descent may run into the gap, never the next row
                    score_top = min(score_top, r.bottom + 1 - score.get_height())
                right = r.right - 10
            name_w = right - name_x
            # what expansions say about the player (the flock, the king) follows
            # the name: smaller type when the notes are many, and the name gives
            # way rather than a note (a title must stay in sight)
            # a computer's "thinking…" goes first among the notes, on the name's
            # line: at the end of the figures' line it was drawn over their counts
            notes = [thinking_label(), *row.notes] if i == current and thinking else list(row.notes)
            under_name: list[str] = []
            if notes_line:
                under_name = _draw_notes_under(surface, notes, name_x, r.y + NAME_LINE_H, name_w)
                notes = []
            name, note_size, name_px = name_beside_notes(row.name, notes, name_w)
            below: list[str] = []
            held = [inventory_label(h) for h in row.inventory] if own_line else []
            split = notes_over_two_lines(row.name, notes, name_w, held, r.right - 10 - name_x) \
                if name != row.name else None
            if split is None and name != row.name:
                split = notes_squeezed(row.name, notes, name_w, held, r.right - 10 - name_x)
            if split is not None:
                # the name whole, the notes that do not fit beside it end the goods' line
                notes, below, note_size, name_px = split
                name = row.name
            surface.blit(text(name, name_px, True, "ui", "text"), (name_x, r.y + name_top + (18 - name_px) // 2))
            self.drawn_names.append((name, [*under_name, *notes, *below]))
            nx = name_x + font(name_px, bold=True).size(name)[0] + 12
            for note in notes:
                label = text(note, note_size, True, "ui", "accent")
                if nx + label.get_width() > right:
                    break
                surface.blit(label, (nx, r.y + name_top + 3 + (14 - note_size) // 2))
                nx += label.get_width() + NOTE_GAP
            surface.blit(score, (r.right - score.get_width() - 10, score_top))
            fx = name_x
            line = players_row_height(len(rows), own_line) - players_row_height(len(rows), False)  # the tokens'

            fy = r.y + r.height - foot - line
            # many kinds of figures (every expansion at once) fit in a tighter line
            icon_px, count_px, times, gap = figures_style(row.figures, figures_right - name_x)
            for kind in row.figures:
                icon = fit_icon(self.meeples.get(kind, row.colour, icon_px), icon_px)
                surface.blit(icon, (fx, fy + (18 - icon_px) // 2))
                count = text(f"{times}{row.figures[kind]}", count_px, True, "ui", "text_dim")
                surface.blit(count, (fx + icon.get_width() + 2, fy + 1))
                spot = pygame.Rect(fx, fy, icon.get_width() + 2 + count.get_width(), 18)
                if spot.colliderect(rect):
                    self.figure_spots.append((spot, i, kind))
                fx += icon.get_width() + count.get_width() + gap
            if own_line:
                end = _draw_inventory(surface, row.inventory, name_x, fy + line,
                                      r.right - 10 - (_notes_width(below, note_size) + NOTE_GAP
                                                      if below else 0))
                for note in below:
                    label = text(note, note_size, True, "ui", "accent")
                    surface.blit(label, (end, fy + line + (14 - note_size) // 2))
                    end += label.get_width() + NOTE_GAP
            noted = noted_tokens()
            for token, held in ({} if own_line else row.tokens).items():
                if held <= 0 or token in noted:
                    continue
                label = text(f"{token_name(token)} ×{held}", 14, True, "ui", "text_dim")
                if fx + label.get_width() > r.right - score.get_width() - 16:
                    break
                surface.blit(label, (fx, fy + 2))
                fx += label.get_width() + 10
            y += row_h
        surface.set_clip(clip)
        self.view.draw_bar(surface)
        return min(y, rect.bottom)

    def _follow(self, rect: pygame.Rect, height: int, row_h: int, current: int | None) -> None:
        """Lay out the scrolling and, when the turn passes, bring the new
        current player's row into sight (the reader's scrolling stays until then)."""
        self.view.layout(rect, height)
        if current is None or current == self._followed:
            return
        self._followed = current
        top = current * row_h
        if top < self.view.offset:
            self.view.scroll(top - self.view.offset)
        elif top + row_h > self.view.offset + rect.height:
            self.view.scroll(top + row_h - rect.height - self.view.offset)


NOTE_GAP = 10
#: The name's line at the top of a player's row: what stands under it (the
#: score in a tall row) starts this far down.
NAME_LINE_H = 24


def _draw_notes_under(surface: pygame.Surface, notes: Sequence[str], x: int, top: int, room: int) -> list[str]:
    """The notes on their own line from (x, top), the name's line above
    them: as many as fit in ``room`` (a smaller type first); returns those drawn."""
    size = _note_size(notes, room)
    shown: list[str] = []
    for note in notes:
        if _notes_width([*shown, note], size) > room:
            break
        label = text(note, size, True, "ui", "accent")
        left = x + (_notes_width(shown, size) + NOTE_GAP if shown else 0)
        surface.blit(label, (left, top + (NOTES_LINE - label.get_height()) // 2))
        shown.append(note)
    return shown


def thinking_label() -> str:
    """"réfléchit…": still (dots that counted changed its width, and the
    name and notes beside it jumped each frame)."""
    return i18n.tr("hud.thinking_short") + "…"


def inventory_label(held: Held) -> str:
    """"★ vin 3" for the leader of a contested token, "blé 0" otherwise."""
    label = f"{token_name(held.token)} {held.count}"
    return f"{LEAD_MARK} {label}" if held.leads else label


def _draw_inventory(surface: pygame.Surface, inventory: Sequence[Held], x: int, y: int, right: int) -> int:
    """Every token of the player's inventory, the leads in the accent colour;
    smaller type rather than a token left out (they all must show)."""
    labels = [inventory_label(h) for h in inventory]
    size = next((px for px in (14, 13, 12, 11) if _notes_width(labels, px) <= right - x), 10)
    for held, label in zip(inventory, labels):
        image = text(label, size, held.leads, "ui", "accent" if held.leads else "text_dim")
        surface.blit(image, (x, y + (14 - size) // 2))
        x += image.get_width() + NOTE_GAP
    return x  # where the notes that go down to this line start


def name_beside_notes(name: str, notes: Sequence[str], room: int) -> tuple[str, int, int]:
    """The name as shown, the notes' type size and the name's. The notes
    shrink first so that the whole name stays ("Joueu…" beside "Troupeau : 1"
    in a game of two), then the name's type a little ("Joue…" beside the
    catapult's tokens and the pawns with every expansion in a game of three);
    only when even then the smallest notes leave no room is the name cut, down
    to 60 px, so that a title stays in sight."""
    if not notes:  # alone on its line: a smaller type before a cut
        name_px = 18 if font(18, bold=True).size(name)[0] <= room else 16
        return fit_text(name, name_px, True, room), 14, name_px
    for name_px in (18, 16):
        whole = font(name_px, bold=True).size(name)[0]
        size = next((px for px in (14, 12, 11) if _notes_width(notes, px) <= room - whole - 12), None)
        if size is not None:
            return name, size, name_px
    size = _note_size(notes, room - 80)
    return fit_text(name, 18, True, max(60, room - _notes_width(notes, size) - 12)), size, 18


def notes_over_two_lines(name: str, notes: Sequence[str], name_room: int, held: Sequence[str],
                         line_room: int) -> tuple[list[str], list[str], int, int] | None:
    """The notes beside the whole name, the notes at the end of the goods'
    line, their type size and the name's; None when even so the name would
    be cut or there is no goods' line. With every expansion the tokens, the
    flock and the ingots cut "Bruno" to "Bru…" in a game of three, while the
    goods' line (wine, grain, cloth) had room to spare; the name's type gives
    a little before a note goes down ("Jou…" beside the catapult's tokens,
    the flock and the pawns in a game of four)."""
    if not notes or not held:
        return None
    for name_px in (18, 16):
        room = name_room - font(name_px, bold=True).size(name)[0] - 12
        for size in (12, 11):
            beside: list[str] = []
            for note in notes:
                if _notes_width([*beside, note], size) > room:
                    break
                beside.append(note)
            rest = list(notes[len(beside):])
            held_px = next((px for px in (14, 13, 12, 11)
                            if _notes_width(held, px) + NOTE_GAP + _notes_width(rest, size) <= line_room),
                           None)
            if held_px is not None and room > 0:
                return beside, rest, size, name_px
    return None


def notes_squeezed(name: str, notes: Sequence[str], name_room: int, held: Sequence[str],
                   line_room: int) -> tuple[list[str], list[str], int, int] | None:
    """The last resort before a name is cut (a long name with every
    expansion in a window too short for a line of notes under it): the name
    whole, the notes that fit beside it and at the end of the goods' line in
    the smallest type, then "…" for the others, said by the row's tooltip
    (every note in full). None when even the name alone does not fit."""
    name_px = next((px for px in (18, 16) if font(px, bold=True).size(name)[0] <= name_room), None)
    if name_px is None:
        return None
    size = NOTE_SIZES[-1]
    beside = _fitting(notes, size, name_room - font(name_px, bold=True).size(name)[0] - 12)
    rest = notes[len(beside):]
    room = line_room - _notes_width(held, size) - NOTE_GAP
    below = _fitting(rest, size, room) if held else []
    if held and len(beside) + len(below) < len(notes) and _notes_width([*below, "…"], size) <= room:
        below.append("…")  # more in the tooltip
    return beside, below, size, name_px


def _fitting(notes: Sequence[str], size: int, room: int) -> list[str]:
    """The first notes that fit in ``room`` together."""
    count = 0
    while count < len(notes) and _notes_width(notes[:count + 1], size) <= room:
        count += 1
    return list(notes[:count])


#: The notes' type sizes, from roomy to tight.
NOTE_SIZES = (14, 12, 11)


def _notes_width(notes: Sequence[str], size: int) -> int:
    fnt = font(size, bold=True)
    return sum(fnt.size(n)[0] for n in notes) + NOTE_GAP * max(len(notes) - 1, 0)


def _note_size(notes: Sequence[str], room: int) -> int:
    """The largest of the note sizes at which every note fits in ``room``."""
    return next((size for size in (14, 12, 11) if _notes_width(notes, size) <= room), 11)


#: The figures' line from roomy to tight: (icon px, count px, "×" or not, gap).
FIGURE_STYLES = ((18, 15, "×", 12), (14, 13, "", 7), (12, 12, "", 4), (11, 11, "", 2))


def figures_style(figures: Mapping[str, int], room: int) -> tuple[int, int, str, int]:
    """The roomiest style in which every kind of figure fits beside the score:
    with every expansion (eight kinds) and a three-digit score the counts
    ran under the score ("★1 112")."""
    return next((style for style in FIGURE_STYLES if _figures_width(figures, *style) <= room),
                FIGURE_STYLES[-1])


def _figures_width(figures: Mapping[str, int], icon: int, size: int, times: str, gap: int) -> int:
    fnt = font(size, bold=True)
    return sum(icon + 2 + fnt.size(f"{times}{n}")[0] + gap for n in figures.values())



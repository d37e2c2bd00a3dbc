"""The side panel's drawn parts: the tiles left, the tile(s) in hand, the
status line over the board, tooltips and figure chips (the players' rows
are `players_view`'s).

Buttons are pygame-gui widgets owned by the game scene; this module only
draws, from values the scene passes in (scores shown may lag behind the
game's while the final scoring is played out step by step).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import pygame

from carcassonne_desktop.ui.art.meeples import player_rgb
from carcassonne_desktop.ui.board_view import BoardRenderer
from carcassonne_desktop.ui.game_log import wrap
from carcassonne_desktop.ui.resources import colour, font

PANEL_W = 372
@lru_cache(maxsize=512)
def text(value: str, size: int, bold: bool, group: str, name: str) -> pygame.Surface:
    """A rendered line of text (cached: the panel redraws the same words every frame)."""
    return font(size, bold=bold).render(value, True, colour(group, name))


@lru_cache(maxsize=64)
def veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A see-through dark rectangle (cached: building one per frame costs more than drawing it)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    v = colour("ui", "menu_veil")
    surface.fill((v.r, v.g, v.b, alpha))
    return surface


def panel_rect(size: tuple[int, int]) -> pygame.Rect:
    return pygame.Rect(size[0] - PANEL_W, 0, PANEL_W, size[1])


def draw_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The wooden side panel with a light edge toward the board."""
    surface.fill(colour("ui", "panel"), rect)
    pygame.draw.line(surface, colour("ui", "accent"), rect.topleft, rect.bottomleft, 3)


@lru_cache(maxsize=128)
def _shadowed(value: str, size: int, bold: bool, name: str) -> pygame.Surface:
    label = text(value, size, bold, "ui", name)
    out = pygame.Surface((label.get_width() + 2, label.get_height() + 2), pygame.SRCALPHA)
    out.blit(text(value, size, bold, "ui", "title_shadow"), (2, 2))
    out.blit(label, (0, 0))
    return out


@lru_cache(maxsize=64)
def fit_icon(icon: pygame.Surface, box: int) -> pygame.Surface:
    """A figure icon no larger than ``box`` pixels either way: a figure
    style may draw bigger than the size asked for (the large follower's
    scale), and must not spill out of its frame."""
    w, h = icon.get_size()
    if max(w, h) <= box:
        return icon
    k = box / max(w, h)
    return pygame.transform.smoothscale(icon, (max(1, round(w * k)), max(1, round(h * k))))


def fit_text(text: str, size: int, bold: bool, width: int) -> str:
    fnt = font(size, bold=bold)
    if fnt.size(text)[0] <= width:
        return text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def draw_overlay_box(surface: pygame.Surface, box: pygame.Rect, title: str, centred: bool = False) -> None:
    """A box over the veiled game (the tiles left, the game's menu): the
    panel's colour, an accent edge and its title at the top."""
    surface.blit(veil(surface.get_size(), 150), (0, 0))
    pygame.draw.rect(surface, colour("ui", "panel"), box, border_radius=18)
    pygame.draw.rect(surface, colour("ui", "accent"), box, 3, border_radius=18)
    image = font(28, bold=True).render(title, True, colour("ui", "title"))
    x = box.centerx - image.get_width() // 2 if centred else box.left + 24
    surface.blit(image, (x, box.top + 14))


def draw_caption(surface: pygame.Surface, value: str, pos: tuple[int, int], size: int = 16,
                 dim: bool = True) -> int:
    label = text(value, size, not dim, "ui", "text_dim" if dim else "text")
    surface.blit(label, pos)
    return pos[1] + label.get_height()


def draw_tile_card(surface: pygame.Surface, renderer: BoardRenderer, tile: Mapping[str, Any], rot: int,
                   rect: pygame.Rect, selected: bool = True) -> None:
    """One tile in the side panel, with a frame (highlighted when it is the chosen one)."""
    size = min(rect.width, rect.height) - 8
    art = renderer.tile_surface(tile, rot, size)
    pos = (rect.centerx - size // 2, rect.centery - size // 2)
    surface.blit(art, pos)
    frame = colour("ui", "accent") if selected else colour("ui", "text_dim")
    pygame.draw.rect(surface, frame, pygame.Rect(pos, (size, size)).inflate(6, 6), 3 if selected else 1,
                     border_radius=4)


#: Opacity of the instruction pill while the mouse is over it: the squares
#: under it stay visible and clickable (clicks go to the board anyway).
FADED_STATUS_ALPHA = 60


def status_rect(board_rect: pygame.Rect, title: str, hint: str,
                player_colour: str | None, top: int | None = None, enter: str = "") -> pygame.Rect:
    """Where the instruction pill is drawn (for hover tests): centred under
    the toolbar (``top``), never wider than the board."""
    pill = _status_pill(title, hint, player_colour, board_rect.width - 16, enter=enter)
    y = board_rect.top + 64 if top is None else top
    return pill.get_rect(midtop=(board_rect.centerx, y))


def draw_status(surface: pygame.Surface, board_rect: pygame.Rect, title: str, hint: str,
                player_colour: str | None, mouse: tuple[int, int] | None = None,
                top: int | None = None, enter: str = "") -> None:
    """The instruction pill at the top of the board: whose turn, what to
    do and what Enter does. It fades while the mouse is over it, so it
    never hides a square."""
    box = status_rect(board_rect, title, hint, player_colour, top, enter)
    faded = mouse is not None and box.collidepoint(mouse)
    surface.blit(_status_pill(title, hint, player_colour, board_rect.width - 16, faded, enter), box)


@lru_cache(maxsize=32)
def _status_pill(title: str, hint: str, player_colour: str | None, max_width: int,
                 faded: bool = False, enter: str = "") -> pygame.Surface:
    """The pill; on a narrow board (the smallest window) the advice wraps
    onto more lines and the title is shortened rather than cut by the edges.
    The line about Enter comes last, in the accent colour."""
    if faded:
        pill = _status_pill(title, hint, player_colour, max_width, enter=enter).copy()
        pill.set_alpha(FADED_STATUS_ALPHA)
        return pill
    room = max(40, max_width - 48)
    lines, size = title_lines(title, room)
    bigs = [text(line, size, True, "ui", "title") for line in lines]
    small = [text(line, 16, False, "ui", "text_dim") for line in wrap(hint, font(16), room)] if hint else []
    small += [text(line, 16, True, "ui", "accent") for line in wrap(enter, font(16, bold=True), room)
              ] if enter else []
    width = max([big.get_width() for big in bigs] + [line.get_width() for line in small]) + 48
    title_h = sum(big.get_height() for big in bigs)
    height = title_h + sum(line.get_height() for line in small) + (4 if small else 0) + 16
    pill = veil((width, height), 215).copy()
    edge = player_rgb(player_colour) if player_colour else colour("ui", "accent")
    pygame.draw.rect(pill, edge, pill.get_rect(), 3, border_radius=12)
    y = 8
    for big in bigs:
        pill.blit(big, (width // 2 - big.get_width() // 2, y))
        y += big.get_height()
    y += 4
    for line in small:
        pill.blit(line, (width // 2 - line.get_width() // 2, y))
        y += line.get_height()
    return pill


def title_lines(title: str, room: int) -> tuple[list[str], int]:
    """The pill's title in ``room``: one line, from 22 px down to 18, else
    wrapped at 20 px ("Vos choix sont faits. Validez ou reprene…" was cut in
    the smallest window); a single word wider than the room is shortened."""
    for size in (22, 20, 18):
        if font(size, bold=True).size(title)[0] <= room:
            return [title], size
    return [fit_text(line, 20, True, room) for line in wrap(title, font(20, bold=True), room)], 20


def tooltip_box(size: tuple[int, int], pos: tuple[int, int], bounds: pygame.Rect,
                avoid: pygame.Rect | None = None) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: beside the cursor, inside
    ``bounds``, and off ``avoid`` when there is room elsewhere (the placed
    tile during the figure step: the box hid its spots)."""
    w, h = size
    beside = [(pos[0] + 18, pos[1] + 18), (pos[0] + 18, pos[1] - 18 - h),
              (pos[0] - 18 - w, pos[1] + 18), (pos[0] - 18 - w, pos[1] - 18 - h)]
    if avoid is not None:
        beside += [(avoid.right + 8, pos[1] - h // 2), (avoid.left - 8 - w, pos[1] - h // 2),
                   (pos[0] - w // 2, avoid.bottom + 8), (pos[0] - w // 2, avoid.top - 8 - h)]
    boxes = [pygame.Rect(x, y, w, h).clamp(bounds) for x, y in beside]
    clear = [box for box in boxes if avoid is None or not box.colliderect(avoid)]
    return (clear or boxes)[0]


def draw_tooltip(surface: pygame.Surface, lines: Sequence[str], pos: tuple[int, int], bounds: pygame.Rect,
                 avoid: pygame.Rect | None = None) -> None:
    """A small box of text next to the cursor (kept inside ``bounds``, off ``avoid``)."""
    if not lines:
        return
    rendered = [font(16, bold=i == 0).render(t, True, colour("ui", "text")) for i, t in enumerate(lines)]
    w = max(r.get_width() for r in rendered) + 20
    h = sum(r.get_height() for r in rendered) + 14
    box = tooltip_box((w, h), pos, bounds, avoid)
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    v = colour("ui", "menu_veil")
    veil.fill((v.r, v.g, v.b, 230))
    surface.blit(veil, box)
    pygame.draw.rect(surface, colour("ui", "accent"), box, 2, border_radius=6)
    y = box.top + 7
    for r in rendered:
        surface.blit(r, (box.left + 10, y))
        y += r.get_height()


def draw_figure_chip(surface: pygame.Surface, rect: pygame.Rect, icon: pygame.Surface, label: str,
                     selected: bool, left: int | None) -> list[tuple[str, pygame.Rect]]:
    """One figure kind the player may put down: its picture, its name and how
    many are left (None: a neutral figure, nobody's to count); the chosen
    kind is outlined. Returns the name's lines as drawn, with their places."""
    drawn: list[tuple[str, pygame.Rect]] = []
    pygame.draw.rect(surface, colour("ui", "menu_veil"), rect, border_radius=8)
    pygame.draw.rect(surface, colour("ui", "accent") if selected else colour("ui", "text_dim"), rect,
                     3 if selected else 1, border_radius=8)
    beside = fit_icon(icon, rect.height - 12).get_width()
    room = rect.width - beside - 14
    name = font(14, bold=selected).render(label, True, colour("ui", "text"))
    if name.get_width() <= room or all(font(12, bold=True).size(line)[0] <= room for line in two_lines(label)):
        icon, pos = chip_icon(rect, icon)
        surface.blit(icon, pos)
        x = rect.x + icon.get_width() + 10
        if name.get_width() <= room:
            drawn.append((label, surface.blit(name, (x, rect.y + 6))))
            count = font(14).render(f"×{left}", True, colour("ui", "text_dim"))
        else:  # "grand partisan": two smaller lines, split at the middle space
            for i, line in enumerate(two_lines(label)):
                rendered = font(12, bold=selected).render(line, True, colour("ui", "text"))
                drawn.append((line, surface.blit(rendered, (x, rect.y + 4 + 14 * i))))
            count = font(12).render(f"×{left}", True, colour("ui", "text_dim"))
        if left is not None:
            surface.blit(count, (x, rect.bottom - count.get_height() - 4))
        return drawn
    # a narrow chip (four kinds or more with every expansion: "partisa",
    # "grand partis" were cut): the name across its top, the figure and the
    # count under it
    lines, size = chip_words(label, rect.width - 8)
    y = rect.y + 3
    for line in lines:
        rendered = font(size, bold=True).render(line, True, colour("ui", "text"))
        drawn.append((line, surface.blit(rendered, (rect.centerx - rendered.get_width() // 2, y))))
        y += font(size, bold=True).get_linesize() - 2
    count = font(12).render(f"×{left}", True, colour("ui", "text_dim")) if left is not None else None
    small = fit_icon(icon, max(12, rect.bottom - 4 - y))
    width = small.get_width() + (count.get_width() + 2 if count is not None else 0)
    x = rect.centerx - width // 2
    surface.blit(small, (x, rect.bottom - 4 - small.get_height()))
    if count is not None:
        surface.blit(count, (x + small.get_width() + 2, rect.bottom - 4 - count.get_height()))
    return drawn


def chip_words(label: str, width: int) -> tuple[tuple[str, ...], int]:
    """A narrow chip's name: on one line or two, in the largest type from 12
    px down to 9 that holds it in ``width``; cut with "…" only when none does."""
    for size in (12, 11, 10, 9):
        for lines in ((label,), two_lines(label)):
            if all(font(size, bold=True).size(line)[0] <= width for line in lines):
                return lines, size
    return tuple(fit_text(line, 9, True, width) for line in two_lines(label)), 9


def chip_icon(rect: pygame.Rect, icon: pygame.Surface) -> tuple[pygame.Surface, tuple[int, int]]:
    """A chip's figure picture, fitted inside its frame's border, and where it goes."""
    icon = fit_icon(icon, rect.height - 12)
    return icon, (rect.x + 6, rect.centery - icon.get_height() // 2)


def two_lines(label: str) -> tuple[str, ...]:
    """A label cut at the space nearest its middle (one line if it has none)."""
    spaces = [i for i, ch in enumerate(label) if ch == " "]
    if not spaces:
        return (label,)
    cut = min(spaces, key=lambda i: abs(i - len(label) / 2))
    return (label[:cut], label[cut + 1:])

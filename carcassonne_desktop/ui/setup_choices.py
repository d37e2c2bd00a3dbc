"""The New game screen's choices of rules: the box menu (presets), the
options and the expansions grouped under the box they came in.

The boxes and groups are data (`ui/expansions/boxes.py`); this module only
lays them out. A box is a starting point: choosing one ticks its expansions
and sets the rules options boxes set, and the menu shows the box the ticks
match (or "my own choice"), so what it shows can never disagree with the
ticks, and the remembered ticks bring the box back at the next launch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.i18n.typography import typeset
from carcassonne_desktop.ui.expansions.boxes import BOXES, GROUPS, box, box_expansions
from carcassonne_desktop.ui.game_log import wrap

CUSTOM = "custom"
BOX_IDS = tuple(b.id for b in BOXES)
OTHERS = "others"
SCROLLBAR_ROOM = 24
CHECK_BOX = 26
#: A check box's label starts this far right of the box (pygame-gui).
LABEL_X = 31
COLUMN_GAP = 12
SUBHEADING_H = 40
GROUP_H = 26
OPTION_ROW_H = 34
#: Expansion rows: roomy when everything fits, else as tight as stays easy to click.
ROW_H, ROW_H_TIGHT = 36, 30
#: The box menu's font (theme "button") and the compact one, and what a drop-down adds.
MENU_FONT, MENU_FONT_SMALL, MENU_CHROME_W = 20, 15, 52


def box_options() -> frozenset[str]:
    """The options some box sets: the rules a box chooses (the others, such
    as farmers, are the table's taste and no box touches them)."""
    return frozenset(name for b in BOXES for name in b.options)


def box_choice(box_id: str, registered: Sequence[str],
               defaults: Mapping[str, bool]) -> tuple[list[str], dict[str, bool]]:
    """The expansions and the box options `box_id` chooses."""
    chosen = box(box_id)
    if chosen is None:
        return ["base"], {}
    options = {name: bool(chosen.options.get(name, defaults.get(name, False)))
               for name in box_options()}
    return box_expansions(chosen, registered), options


def matching_box(expansions: Sequence[str], options: Mapping[str, bool],
                 registered: Sequence[str], defaults: Mapping[str, bool]) -> str:
    """The box whose expansions and rules are exactly those chosen, else CUSTOM."""
    for candidate in BOXES:
        wanted, wanted_options = box_choice(candidate.id, registered, defaults)
        if set(wanted) == set(expansions) | {"base"} and all(
                bool(options.get(name, defaults.get(name, False))) == value
                for name, value in wanted_options.items()):
            return candidate.id
    return CUSTOM


def grouped(expansion_ids: Sequence[str]) -> list[tuple[str, list[str]]]:
    """`expansion_ids` under their headings, in the groups' order; an
    expansion no group names (one added later) goes under "others"."""
    out = [(g.id, [e for e in g.expansions if e in expansion_ids]) for g in GROUPS]
    named = {e for g in GROUPS for e in g.expansions}
    rest = [e for e in expansion_ids if e not in named]
    if rest:
        out.append((OTHERS, rest))
    return [(gid, ids) for gid, ids in out if ids]


def columns_of(heights: Sequence[int], columns: int) -> list[int]:
    """The column of each group: each goes under the shortest column so far,
    in order, so a list cut in two columns keeps them about even."""
    filled = [0] * columns
    placed = []
    for height in heights:
        column = filled.index(min(filled))
        placed.append(column)
        filled[column] += height
    return placed


def localised(value: Any, language: str) -> str:
    """A ``{"fr": ..., "en": ...}`` value in the current language (or a plain string)."""
    if isinstance(value, dict):
        text = str(value.get(language) or value.get("en") or next(iter(value.values()), ""))
        return typeset(text, language)
    return str(value) if value else ""


def box_label(box_id: str, registered: Sequence[str]) -> str:
    """A box as its menu item says it: its name and how many expansions it adds."""
    if box_id in (CUSTOM, "base"):
        return i18n.tr(f"setup.box.{box_id}")
    count = len(box_choice(box_id, registered, {})[0]) - 1
    return i18n.tr("setup.box.item", box=i18n.tr(f"setup.box.{box_id}"), count=count)


def mix_label(expansions: Sequence[str], registered: Sequence[str]) -> str:
    """A game's expansions in a few words, what tells a family's saves apart:
    the box's name when they are exactly a box's ("Big Box 2014", "Tout"),
    else how many the base game has with it ("base + 5 extensions"); "" for a
    save that does not say (issue 28). A save's header holds no options, so
    a box that sets rules (the first edition) is never named: UI5-1."""
    if not expansions:
        return ""
    found = matching_box(expansions, {}, registered, {})
    if found != CUSTOM:
        return i18n.tr(f"setup.box.{found}")
    count = len(set(expansions) - {"base"})
    return i18n.tr("saves.mix_one") if count == 1 else i18n.tr("saves.mix", count=count)


def box_holds(box_id: str, registered: Sequence[str], names: Mapping[str, str]) -> str:
    """What a box holds, in words (the about box, when its menu is pointed at)."""
    if box_id == CUSTOM:
        return i18n.tr("setup.box.custom_tip")
    expansions, options = box_choice(box_id, registered, {})
    if len(expansions) <= 1:
        text = i18n.tr("setup.box.holds_base")
    else:
        text = i18n.tr("setup.box.holds", box=i18n.tr(f"setup.box.{box_id}"),
                       list=", ".join(names.get(e, e) for e in expansions[1:]))
    if any(options.values()):
        text += " " + i18n.tr("setup.box.first_edition_rules")
    return text


def build_box_menu(manager: pygame_gui.UIManager, panel: pygame_gui.elements.UIPanel,
                   right: int, left: int, current: str,
                   registered: Sequence[str]
                   ) -> tuple[pygame_gui.elements.UILabel, pygame_gui.elements.UIDropDownMenu]:
    """The box menu, right-aligned to `right` on the heading's line and no
    further left than `left`, and its label before it."""
    from carcassonne_desktop.ui.resources import font

    items = [(box_label(b.id, registered), b.id) for b in BOXES]
    items.append((box_label(CUSTOM, registered), CUSTOM))
    label = i18n.tr("setup.box.label")
    size, object_id = MENU_FONT, None
    width = max(font(size, bold=True).size(text)[0] for text, _ in items) + MENU_CHROME_W
    label_w = font(20).size(label)[0] + 12
    if right - width - label_w < left:
        size, object_id = MENU_FONT_SMALL, "#compact_menu"
        width = max(font(size, bold=True).size(text)[0] for text, _ in items) + MENU_CHROME_W
    x = max(left + label_w, right - width)
    caption = pygame_gui.elements.UILabel(pygame.Rect(x - label_w, 18, label_w, 40), label,
                                          manager, container=panel, object_id="#box_label")
    return caption, pygame_gui.elements.UIDropDownMenu(
        items, next(item for item in items if item[1] == current),
        pygame.Rect(x, 18, min(width, right - x), 40), manager, container=panel,
        object_id=object_id)


@dataclass
class ChoicesList:
    """The options and the grouped expansions in one scrolling list: every
    row in sight when the window allows, else reachable by scrolling."""

    scroller: pygame_gui.elements.UIScrollingContainer
    option_boxes: dict[Any, str]
    expansion_boxes: dict[Any, str]
    columns: int


def build_choices(manager: pygame_gui.UIManager, panel: pygame_gui.elements.UIPanel,
                  room: pygame.Rect, options: Sequence[tuple[str, bool]],
                  expansions: Sequence[tuple[str, str]], chosen: Sequence[str]) -> ChoicesList:
    """`options`: (name, value) shown; `expansions`: (id, name) in registry order."""
    scroller = pygame_gui.elements.UIScrollingContainer(
        room, manager, container=panel, allow_scroll_x=False)
    width = room.width - SCROLLBAR_ROOM
    label_font = manager.get_theme().get_font(["label"])
    y = 0
    pygame_gui.elements.UILabel(pygame.Rect(0, y, width, 34), i18n.key("setup.options"), manager,
                                container=scroller, object_id="#subheading")
    y += SUBHEADING_H
    option_boxes: dict[Any, str] = {}
    for name, value in options:
        text = i18n.tr(f"setup.{name}")
        lines = wrap(text, label_font, width - LABEL_X)
        check = pygame_gui.elements.UICheckBox(
            pygame.Rect(0, y + 4, CHECK_BOX, CHECK_BOX), lines[0], manager, container=scroller,
            initial_state=value)
        option_boxes[check] = name
        line_h = label_font.get_rect(text).height + 4
        for index, line in enumerate(lines[1:], start=1):
            pygame_gui.elements.UILabel(
                pygame.Rect(LABEL_X, y + 4 + index * line_h, width - LABEL_X, line_h), line,
                manager, container=scroller, object_id="#option_more")
        y += OPTION_ROW_H + (len(lines) - 1) * line_h
    pygame_gui.elements.UILabel(pygame.Rect(0, y, width, 34), i18n.key("setup.expansions"), manager,
                                container=scroller, object_id="#subheading")
    y += SUBHEADING_H
    names = dict(expansions)
    groups = grouped([e for e, _ in expansions])
    need = LABEL_X + max((label_font.size(n)[0] for n in names.values()), default=0) + COLUMN_GAP
    columns = 2 if 2 * need <= width else 1
    row_h = ROW_H
    for tight in (ROW_H, ROW_H_TIGHT):
        row_h = tight
        placed = columns_of([GROUP_H + len(ids) * row_h for _, ids in groups], columns)
        tallest = max(sum(GROUP_H + len(ids) * row_h for (_, ids), c in zip(groups, placed)
                          if c == column) for column in range(columns))
        if y + tallest <= room.height:
            break
    column_w = width // columns
    tops = [y] * columns
    expansion_boxes: dict[Any, str] = {}
    for (group_id, ids), column in zip(groups, placed):
        x, top = column * column_w, tops[column]
        pygame_gui.elements.UILabel(pygame.Rect(x, top, column_w - 4, GROUP_H),
                                    i18n.key(f"setup.group.{group_id}"), manager,
                                    container=scroller, object_id="#group_heading")
        top += GROUP_H
        for exp_id in ids:
            check = pygame_gui.elements.UICheckBox(
                pygame.Rect(x, top + (row_h - CHECK_BOX) // 2, CHECK_BOX, CHECK_BOX), names[exp_id],
                manager, container=scroller, initial_state=exp_id in chosen)
            expansion_boxes[check] = exp_id
            top += row_h
        tops[column] = top
    scroller.set_scrollable_area_dimensions((width, max(tops)))
    return ChoicesList(scroller, option_boxes, expansion_boxes, columns)

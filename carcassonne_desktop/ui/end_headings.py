"""The final table's headings: words cut between words or after a hyphen,
one type size for every heading, the least width a heading needs.

Shared by the table across (categories as columns, `ui/end_scene.py`) and
the turned one (players as columns, `ui/end_tall_table.py`), which used to
import them from the scene inside a function to dodge a circular import.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations

import pygame

from carcassonne_desktop.ui.hud import fit_text
from carcassonne_desktop.ui.resources import colour, font

#: Type sizes a column heading of the score table tries, largest first.
HEADER_SIZES = (17, 15, 13)
#: (lines, size) the headings try in turn, all at once: one line in a
#: slightly smaller type before two lines, two lines before a small type;
#: the last ones for many columns in a small window, where a word cut
#: ("Couron…", "Marcha…") said nothing.
HEADER_TRIES = ((1, 17), (1, 15), (2, 17), (2, 15), (1, 13), (2, 13), (2, 12), (2, 11), (3, 11), (3, 10))


def heading_words(text: str) -> list[str]:
    """A heading's words, cut after a hyphen too ("Chevalier-" "brigand")."""
    return re.findall(r"[^\s-]+-?|-", text)


def wrap_heading(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """A heading's lines within ``width``, cut between words or after a hyphen."""
    lines: list[str] = []
    for word in heading_words(text):
        if lines:
            joined = lines[-1] + ("" if lines[-1].endswith("-") else " ") + word
            if fnt.size(joined)[0] <= width:
                lines[-1] = joined
                continue
        lines.append(word)
    return lines or [""]


def header_layout(texts: Sequence[str], width: int) -> tuple[int, list[list[str]]]:
    """One type size for every column heading within ``width`` and each
    heading's lines: the first of ``HEADER_TRIES`` where every heading fits
    whole, no word cut (the headings had mixed sizes and cut words)."""
    layout = headings_in([width] * len(texts), texts)
    if layout is not None:
        return layout
    size = HEADER_TRIES[-1][1]
    fnt = font(size, bold=True)
    return size, [[fit_text(line, size, True, width) for line in wrap_heading(text, fnt, width)[:3]]
                  for text in texts]


def headings_in(widths: Sequence[int], texts: Sequence[str]) -> tuple[int, list[list[str]]] | None:
    """The first of ``HEADER_TRIES`` at which each heading fits its width
    whole, with its lines; None if none does."""
    for most, size in HEADER_TRIES:
        fnt = font(size, bold=True)
        laid = [wrap_heading(text, fnt, width) for text, width in zip(texts, widths)]
        if all(len(lines) <= most and all(fnt.size(line)[0] <= width for line in lines)
               for lines, width in zip(laid, widths)):
            return size, laid
    return None


def narrowest(text: str, fnt: pygame.font.Font, most: int) -> int:
    """The least width at which `text` holds in `most` lines, cut between
    words or after a hyphen."""
    words = heading_words(text)

    def joined(part: list[str]) -> str:
        out = ""
        for word in part:
            out += word if not out or out.endswith("-") else " " + word
        return out

    best = fnt.size(joined(words))[0]
    for cuts in combinations(range(1, len(words)), min(most, len(words)) - 1):
        bounds = (0, *cuts, len(words))
        widest = max(fnt.size(joined(words[a:b]))[0] for a, b in zip(bounds, bounds[1:]))
        best = min(best, widest)
    return best


def header_lines(text: str, width: int) -> list[pygame.Surface]:
    """A column heading alone within ``width``, rendered."""
    size, (lines,) = header_layout([text], width)
    dim = colour("ui", "text_dim")
    return [font(size, bold=True).render(line, True, dim) for line in lines]

"""The log of what happened, written from the engine's events: one entry
per tile placed (where, then the figure put down or the pass), with what
followed it (points, figures coming back, tokens...) on the lines below, a
final-scoring entry, and the end of the game.

Entries keep the events, not their text, so switching language rewrites the
whole log. The whole game stays readable: the log scrolls (wheel, drag,
scrollbar). A click on points opens the sum behind them (the engine's terms,
worded by ui/score_text.py); a click on a turn shows its tile on the board.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.actions import Action, Pass, PlaceTile
from carcassonne_desktop.engine.events import (
    Event,
    ExtraTurn,
    FigureDeployed,
    FigureReturned,
    GameOver,
    OutcomeRevealed,
    PointsScored,
    TileDiscarded,
    TileDrawn,
    TilePlaced,
    TokenGained,
)
from carcassonne_desktop.ui.art.meeples import player_rgb
from carcassonne_desktop.ui.expansions import event_text
from carcassonne_desktop.ui.resources import colour, font
from carcassonne_desktop.ui.score_text import explanation
from carcassonne_desktop.ui.scroll_view import BAR_W, ScrollView

MAX_ENTRIES = 600  # entries (turns), a long game with every expansion fits
TEXT_SIZE = 15
ENTRY_GAP = 4


def feature_name(kind: str) -> str:
    """The translated name of a feature kind ("city" -> "ville")."""
    text = i18n.tr(f"feature.{kind}")
    return kind if text.endswith(f"feature.{kind}") else text


def _figure_text(table: str, kind: str, on_field: bool) -> str:
    if kind == "follower" and on_field:
        kind = "farmer"
    text = i18n.tr(f"{table}.{kind}")
    return text if not text.endswith(f"{table}.{kind}") else ""


def figure_name(kind: str, on_field: bool = False) -> str:
    return _figure_text("figure", kind, on_field) or kind


def figure_with_article(kind: str, on_field: bool = False) -> str:
    """"an abbot", "un abbé": the article depends on the word and the
    language, so each language lists it with the name."""
    return _figure_text("figure_a", kind, on_field) or figure_name(kind, on_field)


def lies_down(game: Any, figure: str, feature: str | None) -> bool:
    """A farmer lies in its field: a figure that counts in majorities, on a
    field (a shepherd or a pig stands)."""
    figure_type = game.rules.figure_by_name.get(figure)
    return feature == "field" and figure_type is not None and figure_type.strength > 0


def token_label(token: object) -> str:
    """A token or drawn outcome in words ("2 moutons", "vin"), else as it is."""
    text = i18n.tr(f"token.{token}")
    return str(token) if text == i18n.key(f"token.{token}") else text


def colour_name(colour_id: str) -> str:
    return i18n.tr(f"colour.{colour_id}")


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One log line for an event in the current language (None: not worth a line)."""
    if isinstance(event, PointsScored) and event.reason == "final" and event.points == 0:
        # ruling UI: "+0 (pré)" said nothing; the final table's list of the
        # category keeps it, with its reason (a city with a cathedral...)
        return None
    told = event_text(event, names)
    if told is not None:
        return told or None  # "": the expansion said it elsewhere
    if isinstance(event, FigureDeployed):
        # events built without the feature kind (older callers) name fields by half edges
        on_field = event.feature == "field" if event.feature else len(event.port) == 2
        return i18n.tr("message.deployed", name=names[event.player],
                       figure_a=figure_with_article(event.figure, on_field))
    if isinstance(event, PointsScored):
        if not event.players:
            return None
        feature = feature_name(event.feature)
        who = ", ".join(names[p] for p in event.players)
        points = i18n.points_text(event.points)  # "1 point", never "1 points"
        if event.reason == "final":
            return i18n.tr("message.scored_final", names=who, points=event.points, feature=feature)
        if len(event.players) == 1:
            return i18n.tr("message.scored_one", name=who, points=points, feature=feature)
        return i18n.tr("message.scored", names=who, points=points, feature=feature)
    if isinstance(event, FigureReturned):
        return i18n.tr("message.returned", name=names[event.player],
                       figure_a=figure_with_article(event.figure))
    if isinstance(event, OutcomeRevealed) and event.player >= 0:
        return i18n.tr("message.drawn", name=names[event.player], outcome=token_label(event.outcome))
    if isinstance(event, TokenGained) and event.count > 0:
        return i18n.tr("message.token_gained", name=names[event.player], count=event.count,
                       token=token_label(event.token))
    if isinstance(event, TileDiscarded):
        return i18n.tr("message.tile_discarded", name=names[event.player])
    if isinstance(event, ExtraTurn):
        return i18n.tr("message.extra_turn", name=names[event.player])
    if isinstance(event, GameOver):
        return i18n.tr("message.game_over")
    return None


def event_player(event: Event) -> int | None:
    if isinstance(event, PointsScored):
        return event.players[0] if event.players else None
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


@dataclass(eq=False)
class LogEntry:
    """One tile placed and what followed it; or the final scoring; or one
    event outside any turn (a discarded tile, the end of the game)."""

    player: int | None = None
    placed: TilePlaced | None = None
    deployed: FigureDeployed | None = None
    lead: Event | None = None  # the event of an entry outside any turn
    repeats: int = 1  # the lead happened this many times in a row (tiles discarded)
    final: bool = False
    events: list[Event] = field(default_factory=list)
    closed: bool = False  # the turn is over
    passed: bool = False  # its player put no figure down (the action says so)
    open_scores: set[int] = field(default_factory=set)  # events shown with their sum
    version: int = 0  # grows with every change of what the entry shows
    rendered: tuple[Any, ...] | None = None

    def head(self, names: Sequence[str]) -> str | None:
        if self.placed is not None:
            # no board coordinates: they meant nothing to a family; a click
            # on the line shows the tile on the board instead
            name = names[self.placed.player]
            if self.deployed is not None:
                d = self.deployed
                on_field = d.feature == "field" if d.feature else len(d.port) == 2
                return i18n.tr("log.turn_figure", name=name,
                               figure_a=figure_with_article(d.figure, on_field))
            if self.passed:
                return i18n.tr("log.turn_pass", name=name)
            return i18n.tr("log.turn", name=name)
        if self.final:
            return i18n.tr("log.final")
        if self.repeats > 1 and isinstance(self.lead, TileDiscarded):
            return i18n.tr("message.tiles_discarded", name=names[self.lead.player],
                           count=self.repeats)
        return describe(self.lead, names) if self.lead is not None else None


@dataclass(frozen=True)
class Row:
    """One drawn line of the log and what a click on it means."""

    text: str
    player: int | None
    style: str  # head, event, score, sum
    event: int = -1  # index in the entry's events (-1: the head)


class GameLog:
    """The whole game's entries, drawn in a scrolling box."""

    def __init__(self, names: Sequence[str], colours: Sequence[str]) -> None:
        self.names = list(names)
        self.colours = list(colours)
        self.entries: list[LogEntry] = []
        #: Every scoring of the game (the end screen explains them too).
        self.scorings: list[PointsScored] = []
        self.view = ScrollView()
        self._layout: list[tuple[LogEntry, list[tuple[pygame.Surface, Row]], int]] = []
        self._tops: list[int] = []  # where each laid-out entry starts
        self._height = 0
        self._version = 0  # grows with every change, so the layout is redone only then
        self._layout_key: tuple[Any, ...] | None = None

    # ------------------------------------------------------------------ content

    def _current(self) -> LogEntry | None:
        entry = self.entries[-1] if self.entries else None
        return entry if entry is not None and not entry.closed else None

    def _close(self) -> None:
        entry = self._current()
        if entry is not None:
            entry.closed = True
            entry.version += 1

    def _open(self, entry: LogEntry) -> None:
        self._close()
        self.entries.append(entry)

    def add(self, events: Iterable[Event], actions: Sequence[Action] = ()) -> None:
        """Log what `actions` caused (`events`); the actions say who passed,
        as a pass causes no event."""
        self._version += 1
        before = len(self.entries)
        last = next((e for e in reversed(self.entries) if e.placed is not None), None)
        for event in events:
            self._add(event)
        placed = iter([e for e in self.entries[before:] if e.placed is not None])
        for action in actions:  # each pass belongs to the tile placed before it
            if isinstance(action, PlaceTile):
                last = next(placed, last)
            elif isinstance(action, Pass) and last is not None and last.deployed is None:
                last.passed = True
                last.version += 1
        if len(self.entries) > MAX_ENTRIES:
            del self.entries[: len(self.entries) - MAX_ENTRIES]

    def _add(self, event: Event) -> None:
        current = self._current()
        if isinstance(event, TilePlaced):
            self._open(LogEntry(event.player, placed=event))
            return
        if isinstance(event, TileDrawn):
            self._close()  # the next turn's tile: this one is over
            return
        if isinstance(event, GameOver):
            self._open(LogEntry(lead=event, closed=True))
            return
        if isinstance(event, PointsScored) and event.players:
            self.scorings.append(event)
            if event.reason == "final" and (current is None or not current.final) and event.points:
                self._open(LogEntry(final=True))
                current = self._current()
        if (isinstance(event, FigureDeployed) and current is not None and current.placed is not None
                and current.deployed is None and event.player == current.player):
            current.deployed = event
            current.version += 1
            return
        if describe(event, self.names) is None:
            return
        if isinstance(event, FigureReturned) and current is not None and any(
                told.tells_return(event) for told in current.events):
            return  # "X loses the challenge: their monk leaves..." said it already
        if current is None:
            last = self.entries[-1] if self.entries else None
            if (isinstance(event, TileDiscarded) and last is not None
                    and isinstance(last.lead, TileDiscarded) and last.lead.player == event.player):
                last.repeats += 1  # one line for a run of tiles that fit nowhere
                last.version += 1
                return
            self.entries.append(LogEntry(event_player(event), lead=event, closed=True))
            return
        current.events.append(event)
        current.version += 1

    def clear(self) -> None:
        self._version += 1
        self.entries.clear()
        self.scorings.clear()
        self.view = ScrollView()

    def rows(self, entry: LogEntry) -> list[Row]:
        """The entry's lines, with the sums of the scorings opened."""
        out: list[Row] = []
        head = entry.head(self.names)
        if head:
            out.append(Row(head, entry.player, "head"))
        events = entry.events
        for index, event in enumerate(events):
            if isinstance(event, TileDiscarded):
                run = _discard_run(events, index)
                if run == 0:
                    continue  # told by the line of its run's first tile
                if run > 1:  # tiles set aside in a row inside a turn: one line
                    out.append(Row(i18n.tr("message.tiles_discarded", name=self.names[event.player],
                                           count=run), event.player, "event", index))
                    continue
            text = describe(event, self.names)
            if not text:
                continue
            if isinstance(event, PointsScored):
                marker = "▾ " if index in entry.open_scores else "▸ "
                out.append(Row(marker + text, event_player(event), "score", index))
                if index in entry.open_scores:
                    out.extend(Row(line, None, "sum", index) for line in explanation(event))
            else:
                out.append(Row(text, event_player(event), "event", index))
        return out

    def lines(self) -> list[str]:
        """Every line of the log as text (tests, accessibility)."""
        return [row.text for entry in self.entries for row in self.rows(entry)]

    # ------------------------------------------------------------------ drawing

    def _rendered(self, entry: LogEntry, width: int) -> list[tuple[pygame.Surface, Row]]:
        key = (entry.version, i18n.current_language(), width)
        if entry.rendered is not None and entry.rendered[0] == key:
            return entry.rendered[1]  # type: ignore[no-any-return]
        lines: list[tuple[pygame.Surface, Row]] = []
        fnt = font(TEXT_SIZE)
        for row in self.rows(entry):
            indent = 16 if row.style == "head" else 30 if row.style == "sum" else 24
            text_colour = colour("ui", {"head": "text", "event": "text_dim", "score": "accent",
                                        "sum": "text"}[row.style])
            wrapped = wrap(row.text, fnt, width - indent - 4)
            for number, line in enumerate(wrapped):
                surface = _indent(fnt.render(line, True, text_colour), indent)
                if number == 0 and row.style in ("head", "score") and row.player is not None \
                        and 0 <= row.player < len(self.colours):
                    pygame.draw.circle(surface, player_rgb(self.colours[row.player]),
                                       (indent - 9, surface.get_height() // 2), 5)
                lines.append((surface, row))
        entry.rendered = (key, lines)
        return lines

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The entries in a scrolling box: the newest show first (the view
        sticks to the bottom until the reader scrolls up)."""
        self._lay_out(rect.width - BAR_W - 4)
        self.view.layout(rect, self._height)
        clip = surface.get_clip()
        surface.set_clip(rect)
        if not self._layout:
            surface.blit(font(TEXT_SIZE).render(i18n.tr("log.empty"), True, colour("ui", "text_dim")),
                         (rect.x + 4, rect.y + 2))
        offset = self.view.offset
        first = max(0, bisect_right(self._tops, offset) - 1)
        for index in range(first, len(self._layout)):
            y = rect.y + self._tops[index] - offset
            if y > rect.bottom:
                break
            for line, _ in self._layout[index][1]:
                if y + line.get_height() >= rect.top:
                    surface.blit(line, (rect.x, y))
                y += line.get_height()
        surface.set_clip(clip)
        self.view.draw_bar(surface)

    def _lay_out(self, width: int) -> None:
        """Render and stack the entries, only when something changed: a
        frame draws only the few entries in view."""
        key = (self._version, i18n.current_language(), width)
        if key == self._layout_key:
            return
        self._layout_key = key
        self._layout, self._tops = [], []
        top = 0
        for entry in self.entries:
            lines = self._rendered(entry, width)
            height = sum(s.get_height() for s, _ in lines) + ENTRY_GAP
            self._layout.append((entry, lines, height))
            self._tops.append(top)
            top += height
        self._height = top

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int]) -> tuple[bool, Any]:
        """Scroll, drag, or click: returns whether the event was the log's,
        and what a click asks of the scene (a cell to show), if anything."""
        if not self.view.handle_event(event, mouse):
            return False, None
        click = self.view.take_click()
        return True, (self.click(click) if click is not None else None)

    def row_at(self, y: int) -> tuple[LogEntry, Row] | None:
        """The entry and row drawn at content height `y` (after a draw)."""
        top = 0
        for entry, lines, height in self._layout:
            if top <= y < top + height:
                for line, row in lines:
                    if y < top + line.get_height():
                        return entry, row
                    top += line.get_height()
                return None
            top += height
        return None

    def click(self, content_pos: tuple[int, int]) -> tuple[int, int] | None:
        """Open or close the sum of a scoring; a turn's line gives its cell."""
        found = self.row_at(content_pos[1])
        if found is None:
            return None
        entry, row = found
        if row.style in ("score", "sum"):
            entry.open_scores ^= {row.event}
            entry.version += 1
            self._version += 1
            return None
        if row.style == "head" and entry.placed is not None:
            return (entry.placed.x, entry.placed.y)
        return None


def _discard_run(events: Sequence[Event], index: int) -> int:
    """How many tiles the run of one player's discards starting at `index`
    holds (0: `index` is inside a run, not its first tile)."""
    event = events[index]
    assert isinstance(event, TileDiscarded)

    def same(other: Event) -> bool:
        return isinstance(other, TileDiscarded) and other.player == event.player

    if index > 0 and same(events[index - 1]):
        return 0
    run = 1
    while index + run < len(events) and same(events[index + run]):
        run += 1
    return run


def _indent(surface: pygame.Surface, dx: int) -> pygame.Surface:
    out = pygame.Surface((surface.get_width() + dx, surface.get_height()), pygame.SRCALPHA)
    out.blit(surface, (dx, 0))
    return out


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap to a pixel width."""
    words = text.split(" ")  # plain spaces only: a no-break space ties « » : ; ! ? to a word
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if current and fnt.size(trial)[0] > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current or not lines:
        lines.append(current)
    return lines

"""The log of what happened, written from the engine's events.

Entries keep the event, not its text, so switching language rewrites the
whole log. Only what a player wants to read is logged: figures placed,
points scored (with the feature and whether it was end-of-game scoring),
figures coming back, tiles discarded and the end of the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.events import (
    Event,
    ExtraTurn,
    FigureDeployed,
    FigureReturned,
    GameOver,
    OutcomeRevealed,
    PointsScored,
    TileDiscarded,
    TokenGained,
)
from carcassonne_desktop.ui.art.meeples import player_rgb
from carcassonne_desktop.ui.expansions import event_text
from carcassonne_desktop.ui.resources import colour, font

MAX_ENTRIES = 400


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
        if event.reason == "final":
            return i18n.tr("message.scored_final", names=who, points=event.points, feature=feature)
        if len(event.players) == 1:
            return i18n.tr("message.scored_one", name=who, points=event.points, feature=feature)
        return i18n.tr("message.scored", names=who, points=event.points, feature=feature)
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


@dataclass
class LogEntry:
    event: Event


class GameLog:
    """Events worth telling, and a compact drawing of the latest ones."""

    def __init__(self, names: Sequence[str], colours: Sequence[str]) -> None:
        self.names = list(names)
        self.colours = list(colours)
        self.entries: list[LogEntry] = []
        self._cache: dict[tuple[int, str, int], list[pygame.Surface]] = {}

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            if describe(event, self.names) is not None:
                self.entries.append(LogEntry(event))
        if len(self.entries) > MAX_ENTRIES:
            del self.entries[: len(self.entries) - MAX_ENTRIES]
            self._cache.clear()

    def clear(self) -> None:
        self.entries.clear()
        self._cache.clear()

    def lines(self) -> list[str]:
        out = []
        for entry in self.entries:
            text = describe(entry.event, self.names)
            if text:
                out.append(text)
        return out

    def _rendered(self, index: int, width: int) -> list[pygame.Surface]:
        key = (index, i18n.current_language(), width)
        cached = self._cache.get(key)
        if cached is None:
            entry = self.entries[index]
            text = describe(entry.event, self.names) or ""
            player = event_player(entry.event)
            text_colour = colour("ui", "text")
            if isinstance(entry.event, PointsScored):
                text_colour = colour("ui", "accent")
            cached = [font(15).render(line, True, text_colour) for line in wrap(text, font(15), width - 18)]
            if player is not None and 0 <= player < len(self.colours):
                dot = pygame.Surface((10, 10), pygame.SRCALPHA)
                pygame.draw.circle(dot, player_rgb(self.colours[player]), (5, 5), 5)
                first = pygame.Surface((cached[0].get_width() + 16, cached[0].get_height()), pygame.SRCALPHA)
                first.blit(dot, (0, (first.get_height() - 10) // 2))
                first.blit(cached[0], (16, 0))
                cached[0] = first
                cached[1:] = [_indent(s, 16) for s in cached[1:]]
            self._cache[key] = cached
        return cached

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The latest entries, newest at the bottom, clipped to ``rect``."""
        clip = surface.get_clip()
        surface.set_clip(rect)
        y = rect.bottom - 4
        for index in range(len(self.entries) - 1, -1, -1):
            lines = self._rendered(index, rect.width)
            height = sum(s.get_height() for s in lines) + 3
            y -= height
            if y < rect.top:
                break
            yy = y
            for line in lines:
                surface.blit(line, (rect.x + 4, yy))
                yy += line.get_height()
        surface.set_clip(clip)


def _indent(surface: pygame.Surface, dx: int) -> pygame.Surface:
    out = pygame.Surface((surface.get_width() + dx, surface.get_height()), pygame.SRCALPHA)
    out.blit(surface, (dx, 0))
    return out


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap to a pixel width."""
    words = text.split()
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

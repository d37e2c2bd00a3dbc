"""The score track, seen (issue 26): a view off the board in games whose
expansions play on the track (`Rules.track`).

Fifty squares in two rows that make one loop (0 to 24 left to right, 25 to
49 back right to left), the dark squares (multiples of 5) darker and
numbered, every scoring pawn of every player in their colour (a second
pawn is drawn as a diamond), the laps a pawn has made written on it, and
the figures expansions put on squares (`register_track_markers`: the
robbers). A pawn glides square by square to where the game says it stands
(`update(dt)`; `draw` never changes anything). A decision kind whose
answers name squares (`register_track_answers`) is answered by clicking
the square; the squares that answer are lit.

Colours come from the theme (`assets/themes/palette.json`, group `track`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.track import TRACK_SQUARES
from carcassonne_desktop.ui.art.meeples import player_rgb
from carcassonne_desktop.ui.off_board import register_off_board_view
from carcassonne_desktop.ui.resources import colour, font

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Action, Game
    from carcassonne_desktop.engine.decisions import Decision

#: Squares per row (two rows make the loop).
PER_ROW = TRACK_SQUARES // 2
#: The largest and the smallest side of a square, in pixels.
MAX_SQUARE = 52
MIN_SQUARE = 14
#: Room around the squares inside the view.
INSET = 6
#: Squares a second at least while a pawn glides (it goes faster on long moves).
GLIDE_SPEED = 9.0
#: A glide never lasts longer than this many seconds.
GLIDE_MAX_SECONDS = 1.2


@dataclass(frozen=True)
class TrackMarker:
    """A figure an expansion put on a square: `player`'s (or -1 for nobody's),
    drawn by the painter registered for `kind`."""

    square: int
    player: int
    kind: str


#: painter(surface, rect, rgb): a marker drawn inside `rect` (a corner of its square).
MarkerPainter = Callable[[pygame.Surface, pygame.Rect, pygame.Color], None]
TrackMarkers = Callable[[Any], Iterable[TrackMarker]]
#: square_of(action) -> the square an answer names, or None.
SquareOf = Callable[[Any], "int | None"]

_MARKERS: dict[str, TrackMarkers] = {}
_PAINTERS: dict[str, MarkerPainter] = {}
_ANSWERS: dict[str, SquareOf] = {}


def register_track_markers(expansion_id: str, markers: TrackMarkers) -> None:
    """Figures an expansion puts on squares, drawn in games with it."""
    _MARKERS[expansion_id] = markers


def register_track_marker_painter(kind: str, painter: MarkerPainter) -> None:
    _PAINTERS[kind] = painter


def register_track_answers(kind: str, square_of: SquareOf) -> None:
    """A decision kind whose answers name a square: a click there answers."""
    _ANSWERS[kind] = square_of


def answer_square(kind: str | None, action: Action) -> int | None:
    """The square an answer of `kind` names (None: not a track answer)."""
    from carcassonne_desktop.ui.expansions import discover

    discover()
    square_of = _ANSWERS.get(kind or "")
    return square_of(action) if square_of is not None else None


def track_markers(game: Game) -> list[TrackMarker]:
    from carcassonne_desktop.ui.expansions import discover

    discover()
    return [m for eid in game.rules.expansion_ids if eid in _MARKERS for m in _MARKERS[eid](game)]


def square_answers(decision: Decision | None, answers: Sequence[Action]) -> dict[int, Action]:
    """The answers a click on each square gives."""
    if decision is None:
        return {}
    found: dict[int, Action] = {}
    for action in answers:
        square = answer_square(decision.kind, action)
        if square is not None:
            found.setdefault(square % TRACK_SQUARES, action)
    return found


def _default_marker(surface: pygame.Surface, rect: pygame.Rect, rgb: pygame.Color) -> None:
    points = [(rect.centerx, rect.top), (rect.right, rect.centery), (rect.centerx, rect.bottom),
              (rect.left, rect.centery)]
    pygame.draw.polygon(surface, rgb, points)
    pygame.draw.polygon(surface, colour("track", "outline"), points, 1)


class TrackView:
    """The score track of one game scene (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.side = MIN_SQUARE
        self.origin = (0, 0)
        self.colours = [p.color for p in game.setup.players]
        #: The points each pawn is drawn at (floats while it glides).
        self.shown: dict[tuple[int, int], float] = {}
        self._speed: dict[tuple[int, int], float] = {}
        #: The drawn squares and what they were drawn for (see `draw`).
        self._squares: tuple[Any, pygame.Surface] | None = None
        self.update(0.0, game)

    # ------------------------------------------------------------ layout
    def height(self, width: int) -> int:
        side = max(MIN_SQUARE, min(MAX_SQUARE, (width - 2 * INSET) // PER_ROW))
        return 2 * side + 2 * INSET

    def layout(self, rect: pygame.Rect) -> pygame.Rect:
        """The squares as large as the room allows, centred; the view covers
        only them and a margin (on a wide screen the board keeps the sides)."""
        side = (rect.height - 2 * INSET) // 2
        self.side = max(MIN_SQUARE // 2, min(side, (rect.width - 2 * INSET) // PER_ROW))
        width = self.side * PER_ROW
        self.origin = (rect.centerx - width // 2, rect.y + (rect.height - 2 * self.side) // 2)
        self.rect = pygame.Rect(self.origin[0] - INSET, self.origin[1] - INSET,
                                width + 2 * INSET, 2 * self.side + 2 * INSET)
        return self.rect

    def square_rect(self, square: int) -> pygame.Rect:
        square %= TRACK_SQUARES
        row, column = divmod(square, PER_ROW)
        if row:
            column = PER_ROW - 1 - column  # the second row comes back: one loop
        return pygame.Rect(self.origin[0] + column * self.side, self.origin[1] + row * self.side,
                           self.side, self.side)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        for square in range(TRACK_SQUARES):
            if self.square_rect(square).collidepoint(pos):
                return square
        return None

    def point_of(self, points: float) -> tuple[float, float]:
        """Where a pawn with `points` (maybe between two squares) stands."""
        low = int(points)
        a = self.square_rect(low).center
        b = self.square_rect(low + 1).center
        t = points - low
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    # ------------------------------------------------------------ motion
    def update(self, dt: float, game: Game) -> None:
        for player, pawns in enumerate(game.pawns):
            for index, points in enumerate(pawns):
                key = (player, index)
                shown = self.shown.get(key)
                if shown is None or points < shown:
                    # a new game, an undo: no glide backwards
                    self.shown[key] = float(points)
                    self._speed.pop(key, None)
                    continue
                if shown == points:
                    continue
                speed = self._speed.setdefault(
                    key, max(GLIDE_SPEED, (points - shown) / GLIDE_MAX_SECONDS))
                shown = min(float(points), shown + speed * dt)
                self.shown[key] = shown
                if shown >= points:
                    self._speed.pop(key, None)

    def moving(self) -> bool:
        return bool(self._speed)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, game: Game, mouse: tuple[int, int],
             decision: Decision | None, answers: Sequence[Action],
             chosen: Action | None = None) -> None:
        clickable = square_answers(decision, answers)
        hovered = self.square_at(mouse) if self.rect.collidepoint(mouse) else None
        key = (tuple(self.rect), self.side, self.origin, tuple(sorted(clickable)), hovered)
        if self._squares is None or self._squares[0] != key:
            # the fifty squares and their numbers change only with the layout and
            # the answers: drawn once, then one blit a frame (with every expansion
            # they were a seventh of the frame)
            self._squares = (key, self._draw_squares(set(clickable), hovered))
        surface.blit(self._squares[1], self.rect)
        chosen_square = answer_square(decision.kind, chosen) \
            if decision is not None and chosen is not None else None
        if chosen_square is not None:
            # the answer Enter gives (chosen with Tab)
            pygame.draw.rect(surface, colour("ui", "accent"), self.square_rect(chosen_square), 3)
        self._draw_markers(surface, game)
        self._draw_pawns(surface)

    def _draw_squares(self, clickable: set[int], hovered: int | None) -> pygame.Surface:
        """The track's background and squares, on a surface of the view's size."""
        back = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(back, colour("track", "background"), back.get_rect(), border_radius=10)
        number_font = font(max(9, self.side // 3), bold=True)
        for square in range(TRACK_SQUARES):
            rect = self.square_rect(square).move(-self.rect.x, -self.rect.y)
            dark = square % 5 == 0
            fill = colour("track", "dark_square" if dark else "square")
            if square in clickable:
                fill = colour("track", "answer_hover" if square == hovered else "answer")
            pygame.draw.rect(back, fill, rect)
            pygame.draw.rect(back, colour("track", "line"), rect, 1)
            if dark:
                label = number_font.render(str(square), True, colour("track", "number"))
                back.blit(label, (rect.x + 2, rect.y + 1))
        return back

    def _draw_markers(self, surface: pygame.Surface, game: Game) -> None:
        by_square: dict[int, list[TrackMarker]] = {}
        for marker in track_markers(game):
            by_square.setdefault(marker.square % TRACK_SQUARES, []).append(marker)
        size = max(6, self.side * 2 // 5)
        for square, markers in by_square.items():
            rect = self.square_rect(square)
            for i, marker in enumerate(markers):
                box = pygame.Rect(rect.right - size - 1 - i * (size // 2 + 1), rect.bottom - size - 1,
                                  size, size)
                rgb = player_rgb(self.colours[marker.player]) if marker.player >= 0 \
                    else colour("track", "number")
                _PAINTERS.get(marker.kind, _default_marker)(surface, box, rgb)

    def _pawn_places(self) -> list[tuple[tuple[int, int], tuple[float, float], float]]:
        """Each pawn's centre: pawns on one square stand side by side."""
        by_square: dict[int, list[tuple[int, int]]] = {}
        for key, points in sorted(self.shown.items()):
            by_square.setdefault(round(points) % TRACK_SQUARES, []).append(key)
        places = []
        for keys in by_square.values():
            count = len(keys)
            columns = 1 if count == 1 else 2
            radius = self.side * (0.3 if count == 1 else 0.2)
            for i, key in enumerate(keys):
                x, y = self.point_of(self.shown[key] % TRACK_SQUARES)
                if count > 1:
                    row, column = divmod(i, columns)
                    x += (column - 0.5) * radius * 2.1
                    y += (row - (count - 1) // columns / 2) * radius * 2.1 - radius * 0.2
                places.append((key, (x, y), radius))
        return places

    def _draw_pawns(self, surface: pygame.Surface) -> None:
        outline = colour("track", "outline")
        for (player, pawn), (x, y), radius in self._pawn_places():
            rgb = player_rgb(self.colours[player])
            r = max(3, int(radius))
            centre = (int(x), int(y))
            if pawn == 0:
                pygame.draw.circle(surface, rgb, centre, r)
                pygame.draw.circle(surface, outline, centre, r, 1)
            else:
                points = [(centre[0], centre[1] - r - 1), (centre[0] + r + 1, centre[1]),
                          (centre[0], centre[1] + r + 1), (centre[0] - r - 1, centre[1])]
                pygame.draw.polygon(surface, rgb, points)
                pygame.draw.polygon(surface, outline, points, 1)
            laps = int(self.shown[(player, pawn)]) // TRACK_SQUARES
            if laps and r >= 5:
                light = rgb.r * 0.3 + rgb.g * 0.59 + rgb.b * 0.11 > 150
                label = font(max(8, r * 3 // 2), bold=True).render(
                    str(laps), True, outline if light else colour("track", "lap_light"))
                surface.blit(label, label.get_rect(center=centre))

    # ------------------------------------------------------------ input
    def click(self, pos: tuple[int, int], game: Game, decision: Decision | None,
              answers: Sequence[Action]) -> Action | None:
        square = self.square_at(pos)
        return square_answers(decision, answers).get(square) if square is not None else None

    def words_at(self, pos: tuple[int, int], game: Game) -> list[str]:
        """The square under the mouse: its number and who stands there."""
        square = self.square_at(pos)
        if square is None:
            return []
        names = [p.name for p in game.setup.players]
        lines = [i18n.tr("track.square", square=square)]
        for player, pawns in enumerate(game.pawns):
            for index, points in enumerate(pawns):
                if points % TRACK_SQUARES == square:
                    key = "track.pawn_second" if index else "track.pawn"
                    lines.append(i18n.tr(key, name=names[player], points=i18n.points_text(points)))
        for marker in track_markers(game):
            if marker.square % TRACK_SQUARES == square:
                name = names[marker.player] if marker.player >= 0 else ""
                lines.append(i18n.tr(f"track.marker.{marker.kind}", name=name))
        return lines


def _track_view(game: Game) -> TrackView | None:
    return TrackView(game) if game.rules.track else None


register_off_board_view("score_track", _track_view)

"""Views off the board: parts of the game screen that are not the tile map.

The score track (and whatever an expansion later shows beside the board)
is not drawn in board units: it keeps its size when the board zooms and
scrolls. A view registers a factory with `register_off_board_view`; the
game scene builds the views a game wants (`OffBoardViews`), lays them out
at the bottom of the board's area, above the "Recentre" row, and takes
that room out of the free area, so the camera never frames a tile or a
spot under them and they never cover the toolbar, the pill or the panel.
A click on a view goes to it and the board never sees it.

Views only read the game: `draw` never changes it; motion lives in
`update(dt)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Action, Game
    from carcassonne_desktop.engine.decisions import Decision

#: Pixels between the views and the board's edges.
VIEW_MARGIN = 8
#: The most of the board's height the views together may take.
MAX_SHARE = 0.34


class OffBoardView(Protocol):
    """What the game scene asks of a view off the board."""

    def height(self, width: int) -> int:
        """Pixels it wants for a width (it is laid out at most that tall)."""

    def layout(self, rect: pygame.Rect) -> pygame.Rect:
        """Where it may draw from now on; returns the part it covers (it
        may be narrower: the rest stays the board's)."""

    def update(self, dt: float, game: Game) -> None:
        """Advance its motion towards what `game` shows."""

    def moving(self) -> bool:
        """Whether it is animating (the scene keeps its full frame rate)."""

    def draw(self, surface: pygame.Surface, game: Game, mouse: tuple[int, int],
             decision: Decision | None, answers: Sequence[Action],
             chosen: Action | None = None) -> None:
        """Draw it (the answers a click on it may give are lit, the one
        chosen with Tab framed)."""

    def click(self, pos: tuple[int, int], game: Game, decision: Decision | None,
              answers: Sequence[Action]) -> Action | None:
        """The answer a click at `pos` gives, or None."""

    def words_at(self, pos: tuple[int, int], game: Game) -> list[str]:
        """The lines of a tooltip for what lies under `pos` (may be empty)."""


#: factory(game) -> the view for that game, or None when it has none.
ViewFactory = Callable[[Any], "OffBoardView | None"]


@dataclass(frozen=True)
class _Registered:
    name: str
    factory: ViewFactory
    order: int


_VIEWS: dict[str, _Registered] = {}


def register_off_board_view(name: str, factory: ViewFactory, order: int = 0) -> None:
    """A view the game scene shows off the board in games where `factory`
    returns one; lower `order` is drawn lower on the screen."""
    existing = _VIEWS.get(name)
    if existing is not None and existing.factory is not factory:
        raise ValueError(f"off-board view {name!r} is already registered")
    _VIEWS[name] = _Registered(name, factory, order)


def build_views(game: Game) -> list[OffBoardView]:
    """The views `game` wants, lowest first."""
    from carcassonne_desktop.ui.expansions import discover

    discover()
    views = []
    for entry in sorted(_VIEWS.values(), key=lambda e: (e.order, e.name)):
        view = entry.factory(game)
        if view is not None:
            views.append(view)
    return views


class OffBoardViews:
    """The views of one game scene and where they are."""

    def __init__(self, game: Game) -> None:
        self.views = build_views(game)
        self.rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0) for _ in self.views]

    def layout(self, board: pygame.Rect, bottom: int) -> int:
        """Stack the views up from `bottom` across the board's width; returns
        the top of the lowest-free pixel row (the free area ends there)."""
        width = board.width - 2 * VIEW_MARGIN
        room = int(board.height * MAX_SHARE)
        top = bottom
        for index, view in enumerate(self.views):
            height = min(view.height(width), room)
            room -= height
            rect = pygame.Rect(board.x + VIEW_MARGIN, top - height - VIEW_MARGIN, width, height)
            self.rects[index] = view.layout(rect)
            top = rect.top
        return top

    def at(self, pos: tuple[int, int]) -> OffBoardView | None:
        for view, rect in zip(self.views, self.rects, strict=True):
            if rect.collidepoint(pos):
                return view
        return None

    def rect_at(self, pos: tuple[int, int]) -> pygame.Rect | None:
        """The part of the screen the view under `pos` covers (a tooltip keeps off it)."""
        return next((rect for rect in self.rects if rect.collidepoint(pos)), None)

    def update(self, dt: float, game: Game) -> None:
        for view in self.views:
            view.update(dt, game)

    def moving(self) -> bool:
        return any(view.moving() for view in self.views)

    def draw(self, surface: pygame.Surface, game: Game, mouse: tuple[int, int],
             decision: Decision | None, answers: Sequence[Action],
             chosen: Action | None = None) -> None:
        for view in self.views:
            view.draw(surface, game, mouse, decision, answers, chosen)

    def click(self, pos: tuple[int, int], game: Game, decision: Decision | None,
              answers: Sequence[Action]) -> Action | None:
        view = self.at(pos)
        return view.click(pos, game, decision, answers) if view is not None else None

    def words_at(self, pos: tuple[int, int], game: Game) -> list[str]:
        view = self.at(pos)
        return view.words_at(pos, game) if view is not None else []
